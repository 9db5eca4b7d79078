extension SectionedList {
    /// The changes that turn this list into `newList`: section and row deletions, insertions and
    /// moves (also between sections) in the order `performBatchUpdates` reads them, and the same as
    /// diffable-data-source snapshot operations.
    ///
    /// Sections are identified by title, items by `identifier`. Rows that keep their order stay;
    /// of those that changed order, as few as possible are moved (the rest of each section is a
    /// longest increasing subsequence).
    ///
    /// ```swift
    /// let changes = oldList.changes(to: newList, identifiedBy: \.id)
    /// changes.insertedRows   // [[0, 1]]
    /// ```
    ///
    /// - Parameters:
    ///   - newList: the list after the update.
    ///   - identifier: each item's identity. Identifiers must be unique within each list, as a
    ///     diffable data source requires (a repeated one stops the program).
    ///   - hasChanged: whether an item that kept its identity changed content (its row is then in
    ///     ``SectionedListChanges/reconfiguredRows`` if it did not move); nil: never.
    /// - Returns: the changes; applying them to this list gives `newList`.
    /// - Complexity: O(n + m + k log k): n and m items in the two lists, k the items that kept their
    ///   section; O(s²) more for s sections.
    public func changes<ID: Hashable>(
        to newList: SectionedList<Item>, identifiedBy identifier: (Item) -> ID,
        hasChanged: ((Item, Item) -> Bool)? = nil
    ) -> SectionedListChanges<ID> {
        var newPaths: [ID: ListIndexPath] = [:]
        newPaths.reserveCapacity(newList.itemCount)
        var newIDs: [[ID]] = []
        for (section, content) in newList.enumerated() {
            var ids: [ID] = []
            ids.reserveCapacity(content.count)
            for (row, item) in content.enumerated() {
                let id = identifier(item)
                precondition(
                    newPaths.updateValue(ListIndexPath(section: section, row: row), forKey: id) == nil,
                    "identifier \(id) appears twice in the new list; identifiers must be unique")
                ids.append(id)
            }
            newIDs.append(ids)
        }
        var builder = ChangeBuilder<ID>(oldTitles: titles, newTitles: newList.titles)

        // Sections kept in both lists stay unless their order changed.
        var newSectionOfTitle: [String: Int] = [:]
        for (position, title) in newList.titles.enumerated() { newSectionOfTitle[title] = position }
        let kept = titles.indices.compactMap { old in newSectionOfTitle[titles[old]].map { (old: old, new: $0) } }
        let staying = Set(LongestIncreasingSubsequence.positions(in: kept.map(\.new)))
        builder.movedSections = kept.indices.filter { !staying.contains($0) }.map { ListMove(from: kept[$0].old, to: kept[$0].new) }
        let newSectionOfOld = Dictionary(uniqueKeysWithValues: kept.map { ($0.old, $0.new) })

        var seen = Set<ID>()
        seen.reserveCapacity(itemCount)
        for (section, content) in enumerated() {
            // Rows that stay in this section: those of the longest run in increasing new order.
            var candidates: [(row: Int, newRow: Int)] = []
            for (row, item) in content.enumerated() {
                let id = identifier(item)
                precondition(seen.insert(id).inserted, "identifier \(id) appears twice in the old list; identifiers must be unique")
                let old = ListIndexPath(section: section, row: row)
                guard let new = newPaths[id] else {
                    builder.removed.append((id, old))
                    continue
                }
                if let target = newSectionOfOld[section], target == new.section {
                    candidates.append((row, new.row))
                } else {
                    builder.placed.append((id, old, new, Self.successor(of: new, in: newIDs)))
                }
            }
            let stays = Set(LongestIncreasingSubsequence.positions(in: candidates.map(\.newRow)))
            for (position, candidate) in candidates.enumerated() {
                let old = ListIndexPath(section: section, row: candidate.row)
                let new = ListIndexPath(section: newSectionOfOld[section]!, row: candidate.newRow)
                let id = newIDs[new.section][new.row]
                if !stays.contains(position) {
                    builder.placed.append((id, old, new, Self.successor(of: new, in: newIDs)))
                } else if let hasChanged, hasChanged(content[candidate.row], newList[section: new.section, row: new.row]) {
                    builder.reconfigured.append((id, new))
                }
            }
        }
        for (section, ids) in newIDs.enumerated() {
            for (row, id) in ids.enumerated() where !seen.contains(id) {
                builder.placed.append((id, nil, ListIndexPath(section: section, row: row), row + 1 < ids.count ? ids[row + 1] : nil))
            }
        }
        return builder.build()
    }

    /// The identifier after `path` in its section, nil for a last row.
    private static func successor<ID>(of path: ListIndexPath, in ids: [[ID]]) -> ID? {
        path.row + 1 < ids[path.section].count ? ids[path.section][path.row + 1] : nil
    }
}

extension SectionedList where Item: Hashable {
    /// The changes that turn this list into `newList`, identifying items by their own value.
    ///
    /// - Complexity: as ``changes(to:identifiedBy:hasChanged:)``.
    public func changes(to newList: SectionedList<Item>) -> SectionedListChanges<Item> {
        changes(to: newList, identifiedBy: { $0 })
    }
}
