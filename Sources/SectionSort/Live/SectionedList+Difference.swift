extension SectionedList {
    /// The changes that turn this list into `newList`: section and row deletions, insertions and
    /// moves (also between sections) in the order `performBatchUpdates` reads them, and the same as
    /// diffable-data-source snapshot operations.
    ///
    /// Sections are identified by title, items by `identifier`. Rows that keep their order stay;
    /// of those that changed order, as few as possible are moved (the rest of each section is a
    /// longest increasing subsequence).
    ///
    /// Identifiers may repeat (two contacts both named "Ann Lee", in a list identified by name):
    /// then the k-th item with an identifier in this list, section after section and row after
    /// row, is the k-th item with it in `newList`, and items beyond the other list's count of it
    /// are inserted or deleted. The batch-update form is exact for such lists too; the
    /// ``SectionedListChanges/snapshotOperations`` are empty, since a diffable data source cannot
    /// hold a repeated identifier (UIKit raises an exception).
    ///
    /// ```swift
    /// let changes = oldList.changes(to: newList, identifiedBy: \.id)
    /// changes.insertedRows   // [[0, 1]]
    /// ```
    ///
    /// - Parameters:
    ///   - newList: the list after the update.
    ///   - identifier: each item's identity; repeated identifiers are matched by occurrence.
    ///   - hasChanged: whether an item that kept its identity changed content (its row is then in
    ///     ``SectionedListChanges/reconfiguredRows`` if it did not move); nil: never.
    /// - Returns: the changes; applying them to this list gives `newList`.
    /// - Complexity: O(n + m + k log k): n and m items in the two lists, k the items that kept their
    ///   section; O(s²) more for s sections. Repeated identifiers cost one more hash look-up each.
    public func changes<ID: Hashable>(
        to newList: SectionedList<Item>, identifiedBy identifier: (Item) -> ID,
        hasChanged: ((Item, Item) -> Bool)? = nil
    ) -> SectionedListChanges<ID> {
        // Where each identifier is in the new list: its first occurrence, and apart (rarely
        // needed, so the common case pays nothing for it) the later ones in order.
        var newPaths: [ID: ListIndexPath] = [:]
        newPaths.reserveCapacity(newList.itemCount)
        var laterNewPaths: [ID: [ListIndexPath]] = [:]
        var newIDs: [[ID]] = []
        for (section, content) in newList.enumerated() {
            var ids: [ID] = []
            ids.reserveCapacity(content.count)
            for (row, item) in content.enumerated() {
                let id = identifier(item), path = ListIndexPath(section: section, row: row)
                if let first = newPaths.updateValue(path, forKey: id) {
                    newPaths[id] = first
                    laterNewPaths[id, default: []].append(path)
                }
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
        // For each identifier that repeats in this list: how many of its later occurrences were seen.
        var laterOccurrences: [ID: Int] = [:]
        for (section, content) in enumerated() {
            // Rows that stay in this section: those of the longest run in increasing new order.
            var candidates: [(row: Int, newRow: Int)] = []
            for (row, item) in content.enumerated() {
                let id = identifier(item)
                let old = ListIndexPath(section: section, row: row)
                let newPath: ListIndexPath?
                if seen.insert(id).inserted {
                    newPath = newPaths[id]
                } else {
                    // The k-th occurrence here is the k-th there, if there is one.
                    let occurrence = laterOccurrences[id, default: 0]
                    laterOccurrences[id] = occurrence + 1
                    let later = laterNewPaths[id] ?? []
                    newPath = occurrence < later.count ? later[occurrence] : nil
                }
                guard let new = newPath else {
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
        // New items: those whose occurrence in the new list is beyond the old list's count of them.
        let repeats = !laterNewPaths.isEmpty || !laterOccurrences.isEmpty
        var newOccurrences: [ID: Int] = [:]
        for (section, ids) in newIDs.enumerated() {
            for (row, id) in ids.enumerated() {
                let isNew: Bool
                if repeats {
                    let occurrence = newOccurrences[id, default: 0]
                    newOccurrences[id] = occurrence + 1
                    isNew = !seen.contains(id) || occurrence > laterOccurrences[id, default: 0]
                } else {
                    isNew = !seen.contains(id)
                }
                guard isNew else { continue }
                builder.placed.append((id, nil, ListIndexPath(section: section, row: row), row + 1 < ids.count ? ids[row + 1] : nil))
            }
        }
        builder.identifiersAreUnique = !repeats
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
