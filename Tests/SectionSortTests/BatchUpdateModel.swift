import SectionSort

/// What `UITableView.performBatchUpdates` does with a ``SectionedListChanges``, written down from
/// UIKit's documented rules (deletions at old positions first, then insertions at new positions;
/// moves from old to new; no moves out of deleted or into inserted sections), so that tests can
/// check changes without UIKit.
enum BatchUpdateModel {
    struct Invalid: Error, CustomStringConvertible { let description: String }

    private enum Row: Equatable { case kept(AnyHashable), moved(AnyHashable), askDataSource }

    /// Applies `changes` to `old` as UIKit would, asking `new` (the data source after the update)
    /// for inserted rows, and throws if UIKit would raise or the result is not `new`.
    static func check<ID: Hashable>(_ changes: SectionedListChanges<ID>, old: ListSnapshot<ID>, new: ListSnapshot<ID>) throws {
        let deletedSections = Set(changes.deletedSections)
        let movedFrom = Set(changes.movedSections.map(\.from))
        let insertedSections = Set(changes.insertedSections)
        guard deletedSections.count == changes.deletedSections.count, deletedSections.allSatisfy(old.sections.indices.contains),
            deletedSections.isDisjoint(with: movedFrom)
        else { throw Invalid(description: "bad section deletions") }
        var removedRows = Set<ListIndexPath>()
        for path in changes.deletedRows + changes.movedRows.map(\.from) {
            guard old.sections.indices.contains(path.section), old.sections[path.section].items.indices.contains(path.row) else {
                throw Invalid(description: "row \(path) is not in the old list")
            }
            guard !deletedSections.contains(path.section) else { throw Invalid(description: "row \(path) is in a deleted section") }
            guard removedRows.insert(path).inserted else { throw Invalid(description: "row \(path) deleted or moved twice") }
        }
        for move in changes.movedRows where insertedSections.contains(move.to.section) {
            throw Invalid(description: "move into inserted section \(move.to.section)")
        }
        // Deletions, at old positions.
        var remaining: [(title: String, rows: [Row])] = []
        var movingSections: [Int: (title: String, rows: [Row])] = [:]
        for (index, section) in old.sections.enumerated() where !deletedSections.contains(index) {
            let rows = section.items.enumerated().filter { !removedRows.contains(ListIndexPath(section: index, row: $0.offset)) }
                .map { Row.kept(AnyHashable($0.element)) }
            if movedFrom.contains(index) { movingSections[index] = (section.title, rows) } else { remaining.append((section.title, rows)) }
        }
        // Insertions, at new positions, ascending.
        var result = [(title: String, rows: [Row])?](repeating: nil, count: new.sections.count)
        for index in insertedSections {
            guard result.indices.contains(index) else { throw Invalid(description: "inserted section \(index) out of range") }
            result[index] = (new.sections[index].title, new.sections[index].items.map { _ in Row.askDataSource })
        }
        for move in changes.movedSections {
            guard result.indices.contains(move.to), result[move.to] == nil else { throw Invalid(description: "bad section move") }
            result[move.to] = movingSections[move.from]
        }
        guard result.filter({ $0 == nil }).count == remaining.count else {
            throw Invalid(description: "section count: \(old.sections.count) - deleted + inserted != \(new.sections.count)")
        }
        var next = remaining.makeIterator()
        for index in result.indices where result[index] == nil { result[index] = next.next() }
        var sections = result.map { $0! }
        let inserts =
            (changes.insertedRows.map { ($0, Row.askDataSource) }
            + changes.movedRows.map { ($0.to, Row.moved(AnyHashable(old.sections[$0.from.section].items[$0.from.row]))) })
            .sorted { $0.0 < $1.0 }
        for (path, row) in inserts {
            guard sections.indices.contains(path.section), path.row <= sections[path.section].rows.count,
                !insertedSections.contains(path.section)
            else { throw Invalid(description: "cannot insert at \(path)") }
            sections[path.section].rows.insert(row, at: path.row)
        }
        // The table now shows what the data source says.
        for (index, section) in sections.enumerated() {
            guard section.title == new.sections[index].title else {
                throw Invalid(description: "section \(index) is '\(section.title)', the data source says '\(new.sections[index].title)'")
            }
            guard section.rows.count == new.sections[index].items.count else {
                throw Invalid(
                    description: "section \(index) has \(section.rows.count) rows, the data source \(new.sections[index].items.count)")
            }
            for (row, content) in section.rows.enumerated() {
                switch content {
                case .kept(let id), .moved(let id):
                    guard id == AnyHashable(new.sections[index].items[row]) else {
                        throw Invalid(description: "row [\(index), \(row)] shows \(id), the data source \(new.sections[index].items[row])")
                    }
                case .askDataSource: break
                }
            }
        }
        // Every item shown once: rows asked of the data source are exactly the ones not carried over.
        // (Where the new list itself repeats an identifier, the row-by-row check above is all.)
        let carried = sections.flatMap(\.rows).compactMap { row -> AnyHashable? in
            if case .kept(let id) = row { return id }
            if case .moved(let id) = row { return id }
            return nil
        }
        let newIDs = new.itemIdentifiers
        guard Set(newIDs).count < newIDs.count || Set(carried).count == carried.count else {
            throw Invalid(description: "an item is shown twice")
        }
    }

    /// Applies the snapshot operations to `old` and returns the result.
    static func applying<ID: Hashable>(_ changes: SectionedListChanges<ID>, to old: ListSnapshot<ID>) -> ListSnapshot<ID> {
        var snapshot = old
        for operation in changes.snapshotOperations { snapshot.apply(operation) }
        return snapshot
    }
}
