extension LiveSectionedList {
    /// Inserts `item` where its key puts it (after items with an equal key).
    ///
    /// - Returns: the changes: one inserted row, or an inserted section when the item opens one.
    /// - Complexity: O(m + log n + b + c): its keys, a binary search, moving up to 128 entries of
    ///   its chunk, and the chunks of its section.
    @inlinable @discardableResult
    public mutating func insert(_ item: Item) -> SectionedListChanges<ID> {
        apply(inserting: [item])
    }

    /// Inserts `items`, each where its key puts it.
    ///
    /// - Complexity: O(k·(m + log n + b + c) + s²) for k items (see ``insert(_:)``) and s sections.
    @inlinable @discardableResult
    public mutating func insert(contentsOf items: [Item]) -> SectionedListChanges<ID> {
        apply(inserting: items)
    }

    /// Removes the item with identifier `id`; nothing happens when there is none.
    ///
    /// - Complexity: O(m + log n + b + c), as ``insert(_:)``.
    @inlinable @discardableResult
    public mutating func remove(id: ID) -> SectionedListChanges<ID> {
        apply(removing: [id])
    }

    /// Removes the items with identifiers `ids`; identifiers not in the list are skipped.
    ///
    /// - Complexity: O(k·(m + log n + b + c) + s²) for k identifiers.
    @inlinable @discardableResult
    public mutating func remove(ids: [ID]) -> SectionedListChanges<ID> {
        apply(removing: ids)
    }

    /// Replaces the item with `item`'s identifier by `item`. If its key is unchanged it stays where
    /// it is (a reconfigured row); otherwise it moves where its new key puts it, after the items
    /// with an equal key.
    ///
    /// - Precondition: an item with that identifier is in the list.
    /// - Complexity: O(m + log n + b + c), as ``insert(_:)``.
    @inlinable @discardableResult
    public mutating func update(_ item: Item) -> SectionedListChanges<ID> {
        apply(updating: [item])
    }

    /// Updates several items at once (see ``update(_:)``).
    ///
    /// - Complexity: O(k·(m + log n + b + c) + s²) for k items.
    @inlinable @discardableResult
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
    /// - Complexity: O(k·(m + log n + b) + c + s²) for k edits: keys for each, binary searches,
    ///   moves inside chunks of at most 128 entries, and the c chunks of the sections touched, once
    ///   each; never proportional to the n items of the list. For a large batch, keys are computed
    ///   and sections edited on several threads (``SectioningOptions/threads``).
    @inlinable @discardableResult
    public mutating func apply(inserting: [Item] = [], updating: [Item] = [], removing: [ID] = []) -> SectionedListChanges<ID> {
        let oldTitles = shownTitles, oldShownPosition = shownPosition
        let updatedIDs = updating.map(identifier), insertedIDs = inserting.map(identifier)
        var seen = Set<ID>()
        seen.reserveCapacity(removing.count + updating.count + inserting.count)
        for id in removing + updatedIDs + insertedIDs {
            precondition(seen.insert(id).inserted, "identifier \(id) appears twice in one batch")
        }
        let updatedKeys = keys(of: updating), insertedKeys = keys(of: inserting)

        // Items, identifiers, slots and locations change here, on this thread; each section's
        // entries are edited afterwards, by several threads. Items are referred to by their
        // position in the arguments, so that no generic value is copied into bookkeeping; an
        // edit is referred to by its section and its position among that section's edits.
        var edits = [SectionEdits](repeating: SectionEdits(), count: keyChunks.count)
        var removed: [(id: ID, section: Int, edit: Int)] = []
        var moved: [(update: Int, section: Int, edit: Int)] = []
        var inPlace: [(update: Int, section: Int, edit: Int)] = []
        for id in removing {
            guard let location = locations.removeValue(forKey: id) else { continue }
            removed.append((id, location.section, edits[location.section].leaving.count))
            edits[location.section].leaving.append(SectionEdits.Entry(key: location.key, slot: location.slot))
            freeSlot(location.slot)
        }
        // An updated item keeps its slot, whether its entry stays or moves.
        var movedSlots: [Int32] = []
        for (update, id) in updatedIDs.enumerated() {
            let keys = updatedKeys[update]
            // One lookup reads the old location and writes the new one.
            let old = Self.relocate(&locations[id], to: keys, id: id)
            storage[Int(old.slot)] = updating[update]
            let entry = SectionEdits.Entry(key: old.key, slot: old.slot)
            if keys.section == old.section && keys.ordering == old.key {
                inPlace.append((update, old.section, edits[old.section].updated.count))
                edits[old.section].updated.append((entry, keys.search))
            } else {
                moved.append((update, old.section, edits[old.section].leaving.count))
                movedSlots.append(old.slot)
                edits[old.section].leaving.append(entry)
            }
        }
        var arrivals: [(section: Int, edit: Int)] = []
        arrivals.reserveCapacity(moved.count + inserting.count)
        for (position, item) in moved.enumerated() {
            let keys = updatedKeys[item.update]
            arrivals.append((keys.section, edits[keys.section].arriving.count))
            edits[keys.section].arriving.append((keys, movedSlots[position]))
        }
        for (position, item) in inserting.enumerated() {
            let keys = insertedKeys[position]
            let slot = takeSlot(for: item, id: insertedIDs[position], keys: keys)
            arrivals.append((keys.section, edits[keys.section].arriving.count))
            edits[keys.section].arriving.append((keys, slot))
        }

        editSections(&edits, parallel: removing.count + updating.count + inserting.count >= 64)
        if !removed.isEmpty || !moved.isEmpty || !inserting.isEmpty { updateShownSections() }
        checkInvariants()

        var builder = ChangeBuilder<ID>(oldTitles: oldTitles, newTitles: shownTitles)
        func oldPath(_ section: Int, _ edit: Int) -> ListIndexPath {
            ListIndexPath(section: oldShownPosition[section]!, row: edits[section].leavingRows[edit])
        }
        builder.removed = removed.map { ($0.id, oldPath($0.section, $0.edit)) }
        builder.placed.reserveCapacity(arrivals.count)
        for (position, arrival) in arrivals.enumerated() {
            let sectionEdits = edits[arrival.section]
            let new = ListIndexPath(section: shownPosition[arrival.section]!, row: sectionEdits.arrivingRows[arrival.edit])
            let successor = sectionEdits.arrivingSuccessors[arrival.edit].map { storedIDs[Int($0)]! }
            if position < moved.count {
                let item = moved[position]
                builder.placed.append((updatedIDs[item.update], oldPath(item.section, item.edit), new, successor))
            } else {
                builder.placed.append((insertedIDs[position - moved.count], nil, new, successor))
            }
        }
        builder.reconfigured = inPlace.map { item in
            (updatedIDs[item.update], ListIndexPath(section: shownPosition[item.section]!, row: edits[item.section].updatedRows[item.edit]))
        }
        return builder.build()
    }

    /// Applies each section's edits to its keys; sections are independent values, so several
    /// threads edit different ones.
    @usableFromInline
    mutating func editSections(_ edits: inout [SectionEdits], parallel: Bool) {
        let touched = edits.indices.filter { !edits[$0].isEmpty }
        guard parallel && touched.count > 1 else {
            for section in touched { edits[section].apply(to: &keyChunks[section]) }
            return
        }
        let threads = options.threads
        // Largest first, so that no large section is left to one thread at the end.
        let order = touched.sorted {
            edits[$0].arriving.count + edits[$0].leaving.count > edits[$1].arriving.count + edits[$1].leaving.count
        }
        keyChunks.withUnsafeMutableBufferPointer { keyBuffer in
            edits.withUnsafeMutableBufferPointer { editBuffer in
                // Sound: each job reads and writes only the entries of its own section.
                let keys = SharedMutableBuffer(keyBuffer), sectionEdits = SharedMutableBuffer(editBuffer)
                WorkerPool(threads: threads).run(order.count) { job in
                    let section = order[job]
                    sectionEdits.base[section].apply(to: &keys.base[section])
                }
            }
        }
    }

    /// Moves the location `location` of the item `id` to the section and key of `keys` and
    /// returns the old location.
    @inlinable
    static func relocate(_ location: inout LiveLocation?, to keys: LiveKeys, id: ID) -> LiveLocation {
        guard let old = location else { preconditionFailure("no item with identifier \(id) to update") }
        location = LiveLocation(section: keys.section, slot: old.slot, key: keys.ordering)
        return old
    }

    @inlinable
    mutating func freeSlot(_ slot: Int32) {
        storage[Int(slot)] = nil
        storedIDs[Int(slot)] = nil
        freeSlots.append(slot)
    }

    /// Stores a placed item in a slot and records its location; its entry is inserted later.
    @inlinable
    mutating func takeSlot(for item: Item, id: ID, keys: LiveKeys) -> Int32 {
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
        // One lookup stores the location and checks that the identifier is new.
        let previous = locations.updateValue(LiveLocation(section: keys.section, slot: slot, key: keys.ordering), forKey: id)
        precondition(previous == nil, "an item with identifier \(id) is in the list already")
        return slot
    }

    /// The keys of `items`, computed by several threads for a large batch.
    @usableFromInline
    func keys(of items: [Item]) -> [LiveKeys] {
        let primaries = items.map(primaryString), secondaries = secondaryString.map { items.map($0) }
        let jobSize = 64
        guard items.count > jobSize else {
            // One job: no threads to start.
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
                    for item in job * jobSize..<Swift.min(primaries.count, (job + 1) * jobSize) {
                        results[item] = worker.keys(primary: primaries[item], secondary: secondaries?[item])
                    }
                }
            }
        }
        return keys
    }
}
