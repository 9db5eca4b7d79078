/// One call on a diffable data source's snapshot: each case is one method of UIKit's
/// `NSDiffableDataSourceSnapshot<String, ItemIdentifier>` with the same name and arguments, so
/// applying a change is a `switch` with one line per case (see ``ListSnapshot/apply(_:)`` for the
/// same semantics without UIKit).
///
/// Section identifiers are section titles.
public enum SnapshotOperation<ItemIdentifier: Hashable>: Hashable {
    /// `appendSections(_:)`
    case appendSections([String])
    /// `insertSections(_:beforeSection:)`
    case insertSectionsBefore([String], section: String)
    /// `insertSections(_:afterSection:)`
    case insertSectionsAfter([String], section: String)
    /// `deleteSections(_:)`
    case deleteSections([String])
    /// `moveSection(_:beforeSection:)`
    case moveSectionBefore(String, section: String)
    /// `moveSection(_:afterSection:)`
    case moveSectionAfter(String, section: String)
    /// `appendItems(_:toSection:)`
    case appendItems([ItemIdentifier], toSection: String)
    /// `insertItems(_:beforeItem:)`
    case insertItemsBefore([ItemIdentifier], item: ItemIdentifier)
    /// `deleteItems(_:)`
    case deleteItems([ItemIdentifier])
    /// `moveItem(_:beforeItem:)`
    case moveItemBefore(ItemIdentifier, item: ItemIdentifier)
    /// `reconfigureItems(_:)`: the item stayed where it was but its content changed.
    case reconfigureItems([ItemIdentifier])
}

extension SnapshotOperation: Sendable where ItemIdentifier: Sendable {}
