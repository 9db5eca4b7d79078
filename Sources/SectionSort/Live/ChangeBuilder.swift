/// Turns a description of what happened to some items (removed, placed at a new path, updated in
/// place) into both forms of ``SectionedListChanges``. The difference of two lists and the edits of
/// a ``LiveSectionedList`` both describe their changes this way; only the touched items are
/// visited, so an edit of one item in a list of a million costs what one item costs.
@usableFromInline
struct ChangeBuilder<ID: Hashable> {
    /// Titles of the sections shown before and after.
    var oldTitles: [String]
    var newTitles: [String]
    /// Sections (old position → new position) that changed order; the others keep theirs.
    var movedSections: [ListMove<Int>] = []
    /// Items that are gone, with their old paths.
    @usableFromInline var removed: [(id: ID, old: ListIndexPath)] = []
    /// Items inserted (no old path) or moved (both paths), with the identifier of the item after
    /// them in their section of the new list (nil for a last row).
    @usableFromInline var placed: [(id: ID, old: ListIndexPath?, new: ListIndexPath, successor: ID?)] = []
    /// Items updated where they were.
    @usableFromInline var reconfigured: [(id: ID, new: ListIndexPath)] = []
    /// Whether no identifier repeats in either list; when one does, no snapshot operations are
    /// built, since a diffable data source cannot hold such a list.
    var identifiersAreUnique = true

    @usableFromInline
    init(oldTitles: [String], newTitles: [String]) {
        self.oldTitles = oldTitles
        self.newTitles = newTitles
    }

    /// Builds the changes.
    ///
    /// - Complexity: O(s² + t log t), where s is the number of sections and t the touched items.
    @usableFromInline
    func build() -> SectionedListChanges<ID> {
        var changes = SectionedListChanges<ID>()
        // Most edits keep the sections: then no set of titles is needed (hashing them would cost
        // more than the edit of one item).
        let sectionsKept = movedSections.isEmpty && oldTitles == newTitles
        var deletedSections = Set<Int>(), insertedSections = Set<Int>()
        if !sectionsKept {
            let newTitleSet = Set(newTitles), oldTitleSet = Set(oldTitles)
            deletedSections = Set(oldTitles.indices.filter { !newTitleSet.contains(oldTitles[$0]) })
            insertedSections = Set(newTitles.indices.filter { !oldTitleSet.contains(newTitles[$0]) })
        }
        changes.deletedSections = deletedSections.sorted()
        changes.insertedSections = insertedSections.sorted()
        changes.movedSections = movedSections.sorted { $0.to < $1.to }

        // The batch-update form.
        for item in removed where !deletedSections.contains(item.old.section) { changes.deletedRows.append(item.old) }
        for item in placed {
            let intoNewSection = insertedSections.contains(item.new.section)
            guard let old = item.old else {
                if !intoNewSection { changes.insertedRows.append(item.new) }
                continue
            }
            switch (deletedSections.contains(old.section), intoNewSection) {
            case (true, true): break
            case (true, false): changes.insertedRows.append(item.new)
            case (false, true): changes.deletedRows.append(old)
            case (false, false): changes.movedRows.append(ListMove(from: old, to: item.new))
            }
        }
        changes.deletedRows.sort()
        changes.insertedRows.sort()
        changes.movedRows.sort { $0.to < $1.to }
        changes.reconfiguredRows = reconfigured.map { $0.new }.sorted()

        if identifiersAreUnique {
            changes.snapshotOperations = snapshotOperations(deletedSections: deletedSections, sectionsKept: sectionsKept)
        }
        return changes
    }

    /// The snapshot form: delete, then order the sections, then place each inserted or moved item
    /// before its successor in the new list, from the last row up, so that the successor is
    /// always in place already (the last row of a section is appended).
    private func snapshotOperations(deletedSections: Set<Int>, sectionsKept: Bool) -> [SnapshotOperation<ID>] {
        var operations: [SnapshotOperation<ID>] = []
        if !removed.isEmpty { operations.append(.deleteItems(removed.map { $0.id })) }
        if !sectionsKept { appendSectionOperations(deletedSections: deletedSections, to: &operations) }
        appendItemOperations(deletedSections: deletedSections, to: &operations)
        if !reconfigured.isEmpty { operations.append(.reconfigureItems(reconfigured.map { $0.id })) }
        return operations
    }

    /// Deletes, inserts and moves sections, so that they are the new list's, in order.
    private func appendSectionOperations(deletedSections: Set<Int>, to operations: inout [SnapshotOperation<ID>]) {
        let deletedTitles = oldTitles.indices.filter { deletedSections.contains($0) }.map { oldTitles[$0] }
        if !deletedTitles.isEmpty { operations.append(.deleteSections(deletedTitles)) }

        var current = oldTitles.filter { !deletedTitles.contains($0) }
        let oldTitleSet = Set(oldTitles)
        let movedTitles = Set(movedSections.map { oldTitles[$0.from] })
        for (position, title) in newTitles.enumerated() {
            let isNew = !oldTitleSet.contains(title)
            guard isNew || movedTitles.contains(title) else { continue }
            if !isNew { current.remove(at: current.firstIndex(of: title)!) }
            if position > 0 {
                let previous = newTitles[position - 1]
                if isNew, case .insertSectionsAfter(let titles, let anchor)? = operations.last, titles.last == previous {
                    operations[operations.count - 1] = .insertSectionsAfter(titles + [title], section: anchor)
                } else {
                    operations.append(
                        isNew ? .insertSectionsAfter([title], section: previous) : .moveSectionAfter(title, section: previous))
                }
                current.insert(title, at: current.firstIndex(of: previous)! + 1)
            } else if let first = current.first {
                operations.append(isNew ? .insertSectionsBefore([title], section: first) : .moveSectionBefore(title, section: first))
                current.insert(title, at: 0)
            } else {
                operations.append(.appendSections([title]))
                current.append(title)
            }
        }
    }

    /// Places each inserted or moved item before its successor, from the last row up.
    private func appendItemOperations(deletedSections: Set<Int>, to operations: inout [SnapshotOperation<ID>]) {
        // Runs of inserted items before the same anchor become one call; their identifiers are
        // gathered back to front and reversed once.
        var pendingRun: (reversedIDs: [ID], anchor: ID)?
        func flushRun() {
            if let run = pendingRun { operations.append(.insertItemsBefore(run.reversedIDs.reversed(), item: run.anchor)) }
            pendingRun = nil
        }
        // Sorting positions rather than the entries keeps generic values out of the sort. (Key
        // paths into these generic tuples are built at run time on every call: closures instead.)
        let newPaths = placed.map { $0.new }
        for position in placed.indices.sorted(by: { newPaths[$0] > newPaths[$1] }) {
            let item = placed[position]
            let mustInsert = item.old.map { deletedSections.contains($0.section) } ?? true
            let next = item.successor
            if mustInsert, let next {
                if let run = pendingRun, run.reversedIDs.last == next {
                    pendingRun!.reversedIDs.append(item.id)
                } else {
                    flushRun()
                    pendingRun = ([item.id], next)
                }
                continue
            }
            flushRun()
            let title = newTitles[item.new.section]
            if let next {
                operations.append(.moveItemBefore(item.id, item: next))
            } else {
                if !mustInsert { operations.append(.deleteItems([item.id])) }
                operations.append(.appendItems([item.id], toSection: title))
            }
        }
        flushRun()
    }
}
