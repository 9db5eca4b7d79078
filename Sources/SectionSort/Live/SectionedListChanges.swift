/// What changed between two versions of a sectioned list, in two equivalent forms.
///
/// **For `UITableView.performBatchUpdates` (and `UICollectionView`'s):** deletions are positions in
/// the old list, insertions positions in the new list, moves go from old to new, exactly as UIKit
/// reads them inside one batch:
///
/// ```swift
/// tableView.performBatchUpdates {
///     tableView.deleteSections(IndexSet(changes.deletedSections), with: .automatic)
///     tableView.insertSections(IndexSet(changes.insertedSections), with: .automatic)
///     for move in changes.movedSections { tableView.moveSection(move.from, toSection: move.to) }
///     tableView.deleteRows(at: changes.deletedRows.map(\.indexPath), with: .automatic)
///     tableView.insertRows(at: changes.insertedRows.map(\.indexPath), with: .automatic)
///     for move in changes.movedRows { tableView.moveRow(at: move.from.indexPath, to: move.to.indexPath) }
/// }
/// tableView.reconfigureRows(at: changes.reconfiguredRows.map(\.indexPath))
/// ```
///
/// (with `extension ListIndexPath { var indexPath: IndexPath { IndexPath(row: row, section: section) } }`).
/// The rows of a deleted section are not listed (deleting the section deletes them), nor are the
/// rows of an inserted section; a row that moves out of a deleted section is an insertion and one
/// that moves into an inserted section a deletion, since UIKit refuses moves from or to those.
///
/// **For a diffable data source:** ``snapshotOperations``, each one call on
/// `NSDiffableDataSourceSnapshot` (section identifiers are titles), turn the old snapshot into the
/// new one. Or build the new snapshot from the new list and let UIKit compare.
public struct SectionedListChanges<ItemIdentifier: Hashable>: Equatable {
    /// Sections to delete, as positions in the old list, ascending.
    public var deletedSections: [Int] = []
    /// Sections to insert, as positions in the new list, ascending.
    public var insertedSections: [Int] = []
    /// Sections that moved (only between lists of different orders; never within one collation).
    public var movedSections: [ListMove<Int>] = []
    /// Rows to delete, as paths in the old list, ascending.
    public var deletedRows: [ListIndexPath] = []
    /// Rows to insert, as paths in the new list, ascending.
    public var insertedRows: [ListIndexPath] = []
    /// Rows that moved, from their old path to their new one (also between sections), ascending by
    /// new path.
    public var movedRows: [ListMove<ListIndexPath>] = []
    /// Rows whose item was updated in place: paths in the new list, to reconfigure after the batch.
    public var reconfiguredRows: [ListIndexPath] = []
    /// The same changes as calls on a diffable data source's snapshot, in order; empty when an
    /// identifier repeats in either list (a snapshot cannot hold such a list).
    public var snapshotOperations: [SnapshotOperation<ItemIdentifier>] = []

    /// Whether nothing changed.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedRows.isEmpty
            && insertedRows.isEmpty && movedRows.isEmpty && reconfiguredRows.isEmpty
    }
}

extension SectionedListChanges: Sendable where ItemIdentifier: Sendable {}
