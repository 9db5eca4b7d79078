extension LiveSectionedList {
    /// Inserts `item` where its key puts it (after items with an equal key).
    ///
    /// - Returns: the changes: one inserted row, or an inserted section when the item opens one.
    /// - Complexity: O(m + log n + b + c): its keys, a binary search, moving up to 128 entries of
    ///   its chunk, and the chunks of its section.
    @discardableResult
    public mutating func insert(_ item: Item) -> SectionedListChanges<ID> {
        apply(inserting: [item])
    }

    /// Inserts `items`, each where its key puts it.
    ///
    /// - Complexity: O(k·(m + log n + b + c) + s²) for k items (see ``insert(_:)``) and s sections.
    @discardableResult
    public mutating func insert(contentsOf items: [Item]) -> SectionedListChanges<ID> {
        apply(inserting: items)
    }

    /// Removes the item with identifier `id`; nothing happens when there is none.
    ///
    /// - Complexity: O(m + log n + b + c), as ``insert(_:)``.
    @discardableResult
    public mutating func remove(id: ID) -> SectionedListChanges<ID> {
        apply(removing: [id])
    }

    /// Removes the items with identifiers `ids`; identifiers not in the list are skipped.
    ///
    /// - Complexity: O(k·(m + log n + b + c) + s²) for k identifiers.
    @discardableResult
    public mutating func remove(ids: [ID]) -> SectionedListChanges<ID> {
        apply(removing: ids)
    }

    /// Replaces the item with `item`'s identifier by `item`. If its key is unchanged it stays where
    /// it is (a reconfigured row); otherwise it moves where its new key puts it, after the items
    /// with an equal key.
    ///
    /// - Precondition: an item with that identifier is in the list.
    /// - Complexity: O(m + log n + b + c), as ``insert(_:)``.
    @discardableResult
    public mutating func update(_ item: Item) -> SectionedListChanges<ID> {
        apply(updating: [item])
    }

    /// Updates several items at once (see ``update(_:)``).
    ///
    /// - Complexity: O(k·(m + log n + b + c) + s²) for k items.
    @discardableResult
    public mutating func update(contentsOf items: [Item]) -> SectionedListChanges<ID> {
        apply(updating: items)
    }

    /// Applies a batch of edits and returns their changes as one animated update: first the
    /// removals, then the updates, then the insertions.
    ///
    /// ```swift
    /// let changes = list.apply(inserting: added, updating: renamed, removing: deletedIDs)
    /// tableView.performBatchUpdates { … }   // see SectionedListChanges
    /// ```
    ///
    /// - Parameters:
    ///   - inserting: new items; their identifiers must not be in the list yet.
    ///   - updating: new versions of items in the list, matched by identifier.
    ///   - removing: identifiers of items to remove; those not in the list are skipped.
    /// - Precondition: no identifier appears twice in the three arguments together.
    /// - Returns: the changes from the list before to the list after.
    /// - Complexity: O(k·(m + log n + b + c) + s²) for k edits: keys for each, binary searches,
    ///   moves inside chunks of at most 128 entries, and the c chunks of the sections touched;
    ///   never proportional to the n items of the list.
    @discardableResult
    public mutating func apply(inserting: [Item] = [], updating: [Item] = [], removing: [ID] = []) -> SectionedListChanges<ID> {
        let oldTitles = sectionTitles
        let updatedIDs = updating.map(identifier), insertedIDs = inserting.map(identifier)
        var seen = Set<ID>()
        seen.reserveCapacity(removing.count + updating.count + inserting.count)
        for id in removing + updatedIDs + insertedIDs {
            precondition(seen.insert(id).inserted, "identifier \(id) appears twice in one batch")
        }
        let updatedKeys = keys(of: updating), insertedKeys = keys(of: inserting)

        // Everything about the old list is read before anything changes. Items are referred to by
        // their position in the arguments, so that no generic value is copied into bookkeeping.
        var rows = RowCounts(sections: keyChunks.count)
        var removed: [(id: ID, old: ListIndexPath)] = []
        var moved: [(update: Int, old: ListIndexPath)] = []
        var inPlace: [(update: Int, location: LiveLocation)] = []
        // Where the removed and moved entries are; they are taken out last first, so that each
        // position stays valid while those after it go.
        var leaving: [(section: Int, chunk: Int, index: Int)] = [], leavingIDs: [ID] = []
        for id in removing {
            guard let location = locations[id] else { continue }
            let (chunk, index) = find(id, at: location)
            removed.append((id, path(section: location.section, chunk: chunk, index: index, rows: &rows)))
            leaving.append((location.section, chunk, index))
            leavingIDs.append(id)
        }
        for (update, id) in updatedIDs.enumerated() {
            guard let location = locations[id] else { preconditionFailure("no item with identifier \(id) to update") }
            let keys = updatedKeys[update]
            if keys.section == location.section && keys.ordering == location.key {
                inPlace.append((update, location))
            } else {
                let (chunk, index) = find(id, at: location)
                moved.append((update, path(section: location.section, chunk: chunk, index: index, rows: &rows)))
                leaving.append((location.section, chunk, index))
                leavingIDs.append(id)
            }
        }
        for id in insertedIDs {
            precondition(locations[id] == nil, "an item with identifier \(id) is in the list already")
        }

        for position in leaving.indices.sorted(by: { leaving[$0] > leaving[$1] }) {
            removeEntry(leavingIDs[position], at: (leaving[position].chunk, leaving[position].index))
        }
        for item in inPlace {
            storage[Int(item.location.slot)] = updating[item.update]
            keyChunks[item.location.section].replaceSearchKeys(
                at: find(updatedIDs[item.update], at: item.location), with: updatedKeys[item.update].search)
        }
        var placedSlots: [Int32] = []
        placedSlots.reserveCapacity(moved.count + inserting.count)
        for item in moved {
            placedSlots.append(insertEntry(updating[item.update], id: updatedIDs[item.update], keys: updatedKeys[item.update]))
        }
        for (position, item) in inserting.enumerated() {
            placedSlots.append(insertEntry(item, id: insertedIDs[position], keys: insertedKeys[position]))
        }
        if !removed.isEmpty || !moved.isEmpty || !inserting.isEmpty { updateShownSections() }

        // The new paths, and each placed item's successor, read from its chunk.
        rows = RowCounts(sections: keyChunks.count)
        var builder = ChangeBuilder<ID>(oldTitles: oldTitles, newTitles: sectionTitles)
        builder.removed = removed
        builder.placed.reserveCapacity(placedSlots.count)
        for (position, slot) in placedSlots.enumerated() {
            let isMove = position < moved.count
            let keys = isMove ? updatedKeys[moved[position].update] : insertedKeys[position - moved.count]
            let id = isMove ? updatedIDs[moved[position].update] : insertedIDs[position - moved.count]
            let (chunk, index) = keyChunks[keys.section].position(of: keys.ordering, slot: slot)
            builder.placed.append(
                (
                    id, isMove ? moved[position].old : nil, path(section: keys.section, chunk: chunk, index: index, rows: &rows),
                    successor(ofChunk: chunk, index: index, in: keys.section)
                ))
        }
        builder.reconfigured = inPlace.map { item in
            let (chunk, index) = find(updatedIDs[item.update], at: item.location)
            return (updatedIDs[item.update], path(section: item.location.section, chunk: chunk, index: index, rows: &rows))
        }
        return builder.build()
    }

    /// The keys of `items`, computed by several threads for a large batch.
    private func keys(of items: [Item]) -> [LiveKeys] {
        let primaries = items.map(primaryString), secondaries = secondaryString.map { items.map($0) }
        let jobSize = 64
        guard items.count > jobSize else {
            // One job: no pool (asking for the number of cores reads files on Linux).
            return LiveKeyWorker.with(collation: collation, options: options) { worker in
                primaries.indices.map { worker.keys(primary: primaries[$0], secondary: secondaries?[$0]) }
            }
        }
        let jobs = (items.count + jobSize - 1) / jobSize
        var keys = [LiveKeys](repeating: LiveKeys(section: 0, ordering: [], search: []), count: items.count)
        let collation = collation, options = options
        keys.withUnsafeMutableBufferPointer { buffer in
            let results = SharedMutableBuffer(buffer)
            WorkerPool(threads: options.threads).run(jobs) { job in
                LiveKeyWorker.with(collation: collation, options: options) { worker in
                    for item in job * jobSize..<min(primaries.count, (job + 1) * jobSize) {
                        results[item] = worker.keys(primary: primaries[item], secondary: secondaries?[item])
                    }
                }
            }
        }
        return keys
    }

    /// The path of the entry at `chunk`, `index` of `section`, counting rows with `rows`.
    private func path(section: Int, chunk: Int, index: Int, rows: inout RowCounts) -> ListIndexPath {
        ListIndexPath(section: shownPosition[section]!, row: rows.rows(beforeChunk: chunk, of: section, in: keyChunks) + index)
    }

    /// The identifier of the entry after `chunk`, `index` in `section`; nil for its last entry.
    private func successor(ofChunk chunk: Int, index: Int, in section: Int) -> ID? {
        let keys = keyChunks[section]
        if index + 1 < keys.counts[chunk] { return storedIDs[Int(keys.slot(at: (chunk, index + 1)))] }
        if chunk + 1 < keys.counts.count { return storedIDs[Int(keys.slot(at: (chunk + 1, 0)))] }
        return nil
    }

    /// Inserts an entry and returns its slot.
    private mutating func insertEntry(_ item: Item, id: ID, keys: LiveKeys) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            storage[Int(slot)] = item
            storedIDs[Int(slot)] = id
        } else {
            precondition(storage.count < Int(Int32.max), "a live list holds fewer than 2³¹ items")
            slot = Int32(storage.count)
            storage.append(item)
            storedIDs.append(id)
        }
        keyChunks[keys.section].insert(keys, slot: slot, at: insertionPosition(of: keys.ordering, in: keys.section))
        locations[id] = LiveLocation(section: keys.section, slot: slot, key: keys.ordering)
        return slot
    }

    private mutating func removeEntry(_ id: ID, at position: (chunk: Int, index: Int)) {
        let location = locations.removeValue(forKey: id)!
        keyChunks[location.section].remove(at: position)
        storage[Int(location.slot)] = nil
        storedIDs[Int(location.slot)] = nil
        freeSlots.append(location.slot)
    }
}
