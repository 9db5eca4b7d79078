/// One section of a sectioned collection: its items in display order, with the section's title
/// and the position of its title in the collection's section index.
///
/// The sections of ``SectionedList``, ``LiveSectionedList`` and ``SearchResult`` all conform, so
/// that code that shows a section (a table view's data source, a SwiftUI `Section`) is written once:
///
/// ```swift
/// func header<S: TitledSection>(_ section: S) -> String { "\(section.title) (\(section.count))" }
/// ```
///
/// Rows are indexed from zero. A section is identified by its title, which no other section of its
/// collection has: what SwiftUI's `ForEach` and a diffable data source identify sections by.
public protocol TitledSection<Element>: RandomAccessCollection, Identifiable where Index == Int, ID == String {
    /// The section header, e.g. "A", "#" or "November 2026".
    var title: String { get }
    /// The position of this section's title in its collection's ``SectionedCollection/indexTitles``,
    /// if it has one.
    var indexTitleIndex: Int? { get }
}

extension TitledSection {
    /// The section's title.
    public var id: String { title }

    /// The section's items as an array.
    ///
    /// - Complexity: O(k), where k is the number of items in the section.
    public var items: [Element] { Array(self) }
}
