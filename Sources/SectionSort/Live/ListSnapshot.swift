/// The identifiers of a sectioned list, section by section: UIKit's
/// `NSDiffableDataSourceSnapshot<String, ItemIdentifier>` as a plain value, for platforms and tests
/// without UIKit.
///
/// It maps one to one: ``sectionIdentifiers`` and ``itemIdentifiers(inSection:)`` are the
/// snapshot's, and ``apply(_:)`` performs each ``SnapshotOperation`` as the snapshot method of the
/// same name does. On iOS, build the real snapshot the same way:
///
/// ```swift
/// var snapshot = NSDiffableDataSourceSnapshot<String, Contact.ID>()
/// for section in list.snapshot(identifiedBy: \.id).sections {
///     snapshot.appendSections([section.title])
///     snapshot.appendItems(section.items, toSection: section.title)
/// }
/// ```
public struct ListSnapshot<ItemIdentifier: Hashable>: Hashable {
    /// One section: its title (the section identifier) and its item identifiers in order.
    public struct Section: Hashable {
        /// The section identifier.
        public var title: String
        /// The item identifiers, in row order.
        public var items: [ItemIdentifier]

        /// Creates a section.
        public init(title: String, items: [ItemIdentifier]) {
            self.title = title
            self.items = items
        }
    }

    /// The sections in order.
    public private(set) var sections: [Section]

    /// Creates a snapshot of `sections`.
    public init(sections: [Section] = []) {
        self.sections = sections
    }

    /// The section identifiers (titles), in order.
    public var sectionIdentifiers: [String] { sections.map(\.title) }

    /// All item identifiers, section after section.
    public var itemIdentifiers: [ItemIdentifier] { sections.flatMap(\.items) }

    /// The item identifiers of the section titled `title`, or an empty array when there is none.
    ///
    /// - Complexity: O(s + k), where s is the number of sections and k the items of that section.
    public func itemIdentifiers(inSection title: String) -> [ItemIdentifier] {
        sections.first { $0.title == title }?.items ?? []
    }

    /// Performs `operation` as `NSDiffableDataSourceSnapshot` does. A section or item that the
    /// operation names and the snapshot lacks (or already has, for insertions) stops the program,
    /// as UIKit raises an exception.
    ///
    /// - Complexity: O(n) for n items: this value is for checking and for small lists, not a data
    ///   source of a million rows.
    public mutating func apply(_ operation: SnapshotOperation<ItemIdentifier>) {
        switch operation {
        case .appendSections(let titles):
            insertSections(titles, at: sections.count)
        case .insertSectionsBefore(let titles, let section):
            insertSections(titles, at: sectionIndex(section))
        case .insertSectionsAfter(let titles, let section):
            insertSections(titles, at: sectionIndex(section) + 1)
        case .deleteSections(let titles):
            for title in titles { sections.remove(at: sectionIndex(title)) }
        case .moveSectionBefore(let title, let section):
            let moved = sections.remove(at: sectionIndex(title))
            sections.insert(moved, at: sectionIndex(section))
        case .moveSectionAfter(let title, let section):
            let moved = sections.remove(at: sectionIndex(title))
            sections.insert(moved, at: sectionIndex(section) + 1)
        case .appendItems(let items, let title):
            requireAbsent(items)
            sections[sectionIndex(title)].items += items
        case .insertItemsBefore(let items, let item):
            requireAbsent(items)
            let (section, row) = place(of: item)
            sections[section].items.insert(contentsOf: items, at: row)
        case .deleteItems(let items):
            for item in items {
                let (section, row) = place(of: item)
                sections[section].items.remove(at: row)
            }
        case .moveItemBefore(let item, let anchor):
            precondition(item != anchor, "cannot move item \(item) before itself")
            let (section, row) = place(of: item)
            sections[section].items.remove(at: row)
            let (target, targetRow) = place(of: anchor)
            sections[target].items.insert(item, at: targetRow)
        case .reconfigureItems(let items):
            for item in items { _ = place(of: item) }
        }
    }

    private mutating func insertSections(_ titles: [String], at position: Int) {
        for title in titles { precondition(!sections.contains { $0.title == title }, "section '\(title)' is already in the snapshot") }
        sections.insert(contentsOf: titles.map { Section(title: $0, items: []) }, at: position)
    }

    private func sectionIndex(_ title: String) -> Int {
        guard let index = sections.firstIndex(where: { $0.title == title }) else {
            preconditionFailure("no section '\(title)' in the snapshot")
        }
        return index
    }

    private func place(of item: ItemIdentifier) -> (section: Int, row: Int) {
        for (section, content) in sections.enumerated() {
            if let row = content.items.firstIndex(of: item) { return (section, row) }
        }
        preconditionFailure("no item \(item) in the snapshot")
    }

    private func requireAbsent(_ items: [ItemIdentifier]) {
        let present = Set(itemIdentifiers)
        for item in items { precondition(!present.contains(item), "item \(item) is already in the snapshot") }
        precondition(Set(items).count == items.count, "the items to insert repeat an identifier")
    }
}

extension ListSnapshot: Sendable where ItemIdentifier: Sendable {}
extension ListSnapshot.Section: Sendable where ItemIdentifier: Sendable {}
