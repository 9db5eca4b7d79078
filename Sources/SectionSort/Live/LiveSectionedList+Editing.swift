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
        var seen = Set<ID>()
        var removed: [(id: ID, old: ListIndexPath)] = []
        var moved: [(item: Item, id: ID, old: ListIndexPath, keys: LiveKeys)] = []
        var inPlace: [(item: Item, id: ID, keys: LiveKeys)] = []
        var inserted: [(item: Item, id: ID, keys: LiveKeys)] = []
        // Where the removed and moved entries are; they are taken out last first, so that each
        // position stays valid while those after it go.
        var leaving: [(section: Int, chunk: Int, index: Int)] = [], leavingIDs: [ID] = []

        // Everything about the old list is read before anything changes.
        for id in removing {
            precondition(seen.insert(id).inserted, "identifier \(id) appears twice in one batch")
            guard let location = locations[id] else { continue }
            let (chunk, index) = find(id, at: location)
            removed.append((id, path(section: location.section, chunk: chunk, index: index)))
            leaving.append((location.section, chunk, index))
            leavingIDs.append(id)
        }
        for item in updating {
            let id = identifier(item)
            precondition(seen.insert(id).inserted, "identifier \(id) appears twice in one batch")
            guard let location = locations[id] else { preconditionFailure("no item with identifier \(id) to update") }
            let keys = keys(of: item)
            if keys.section == location.section && keys.ordering == location.key {
                inPlace.append((item, id, keys))
            } else {
                let (chunk, index) = find(id, at: location)
                moved.append((item, id, path(section: location.section, chunk: chunk, index: index), keys))
                leaving.append((location.section, chunk, index))
                leavingIDs.append(id)
            }
        }
        for item in inserting {
            let id = identifier(item)
            precondition(seen.insert(id).inserted, "identifier \(id) appears twice in one batch")
            precondition(locations[id] == nil, "an item with identifier \(id) is in the list already")
            inserted.append((item, id, keys(of: item)))
        }

        for position in leaving.indices.sorted(by: { leaving[$0] > leaving[$1] }) {
            removeEntry(leavingIDs[position], at: (leaving[position].chunk, leaving[position].index))
        }
        for item in inPlace { replaceEntry(item.id, with: item.item, keys: item.keys) }
        for item in moved { insertEntry(item.item, id: item.id, keys: item.keys) }
        for item in inserted { insertEntry(item.item, id: item.id, keys: item.keys) }
        if !removed.isEmpty || !moved.isEmpty || !inserted.isEmpty { updateShownSections() }

        var builder = ChangeBuilder<ID>(oldTitles: oldTitles, newTitles: sectionTitles)
        builder.removed = removed
        builder.placed = moved.map { ($0.id, $0.old, indexPath(of: $0.id)!) } + inserted.map { ($0.id, nil, indexPath(of: $0.id)!) }
        builder.reconfigured = inPlace.map { ($0.id, indexPath(of: $0.id)!) }
        return builder.build { path in identifier(at: ListIndexPath(section: path.section, row: path.row + 1)) }
    }

    private func keys(of item: Item) -> LiveKeys {
        keyMaker.keys(primary: primaryString(item), secondary: secondaryString.map { $0(item) })
    }

    private mutating func insertEntry(_ item: Item, id: ID, keys: LiveKeys) {
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
    }

    private mutating func removeEntry(_ id: ID, at position: (chunk: Int, index: Int)) {
        let location = locations.removeValue(forKey: id)!
        keyChunks[location.section].remove(at: position)
        storage[Int(location.slot)] = nil
        storedIDs[Int(location.slot)] = nil
        freeSlots.append(location.slot)
    }

    private mutating func replaceEntry(_ id: ID, with item: Item, keys: LiveKeys) {
        let location = locations[id]!
        storage[Int(location.slot)] = item
        keyChunks[keys.section].replaceSearchKeys(at: find(id, at: location), with: keys.search)
    }
}
