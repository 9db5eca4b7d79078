import Foundation

/// Items grouped into titled sections, in display order: what a table view with a section index
/// shows. ``SectionedList``, ``LiveSectionedList`` and ``SearchResult`` are sectioned collections.
///
/// A sectioned collection is a random-access collection of its sections (`count` is the number of
/// sections), indexed from zero; each section is a random-access collection of its items (see
/// ``TitledSection``). The section index beside the list, the item at an index path and the
/// section that an index title scrolls to are defined once, here, for all of them:
///
/// ```swift
/// func describe<List: SectionedCollection<Contact>>(_ list: List) {
///     list.count                       // sections
///     list.itemCount                   // items
///     list[0].title                    // "A"
///     list[section: 0, row: 0]         // the first contact
///     list.indexTitles                 // the side index
///     list.section(forIndexTitleAt: 3) // where a tap on "D" scrolls to
/// }
/// ```
public protocol SectionedCollection<Item>: RandomAccessCollection
where Index == Int, Element: TitledSection<Item> {
    /// The type of the items in the sections.
    associatedtype Item

    /// The titles of the section index beside the list, in order. For alphabetical lists these
    /// are every title of the collation, also those of empty sections, so that the index does not
    /// jump about as the list changes.
    var indexTitles: [String] { get }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1) for the types of this package; O(s) by default, for s sections.
    var itemCount: Int { get }
}

extension SectionedCollection {
    /// The number of items in all sections, counted section by section.
    ///
    /// - Complexity: O(s), where s is the number of sections.
    public var itemCount: Int { reduce(0) { $0 + $1.count } }

    /// The titles of the sections, in order (only the sections in this collection).
    ///
    /// - Complexity: O(s), where s is the number of sections.
    public var sectionTitles: [String] { map(\.title) }

    /// The item at `row` of `section`.
    ///
    /// - Complexity: that of reading a row of a section: O(1) for ``SectionedList`` and
    ///   ``SearchResult``, O(c) for ``LiveSectionedList`` (see its subscript).
    public subscript(section section: Int, row row: Int) -> Item {
        self[section][row]
    }

    /// The item at `path`.
    ///
    /// - Complexity: as ``subscript(section:row:)``.
    public subscript(path: ListIndexPath) -> Item {
        self[path.section][path.row]
    }

    /// The item at a table or collection view's index path: its first index is the section, its
    /// second the row (UIKit's `IndexPath(row:section:)` is `[section, row]`).
    ///
    /// - Complexity: as ``subscript(section:row:)``.
    public subscript(indexPath: IndexPath) -> Item {
        precondition(indexPath.count == 2, "an index path of a sectioned list has a section and a row, not \(indexPath)")
        return self[indexPath[0]][indexPath[1]]
    }

    /// The section to scroll to when the user taps the index title at `indexTitleIndex`: the
    /// section of that title or, if it is empty, the next section that exists (the last one past
    /// the end). Nil for a collection without sections.
    ///
    /// - Complexity: O(s), where s is the number of sections.
    public func section(forIndexTitleAt indexTitleIndex: Int) -> Int? {
        guard !isEmpty else { return nil }
        let titled = enumerated().compactMap { position, section in section.indexTitleIndex.map { (position, $0) } }
        // Titled sections appear in index order or in reverse index order (descending lists).
        let ascending = titled.count < 2 || titled[0].1 < titled[titled.count - 1].1
        if let exact = titled.first(where: { $0.1 == indexTitleIndex }) { return exact.0 }
        let next = ascending ? titled.first { $0.1 > indexTitleIndex } : titled.last { $0.1 > indexTitleIndex }
        return next?.0 ?? (ascending ? titled.last?.0 : titled.first?.0) ?? 0
    }
}
