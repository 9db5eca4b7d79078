import Foundation

/// Items grouped into titled sections, in display order: what a table view with a section index
/// shows.
///
/// A `SectionedList` is a ``SectionedCollection``: a random-access collection of its sections; each
/// ``Section`` is a random-access collection of its items, indexed from zero. All items live in one
/// array, so a list of n items costs one allocation of n items plus one small value per section.
///
/// ```swift
/// let list = collation.sections(of: contacts, by: \.lastName)
/// list.count                 // number of sections
/// list[0].title              // "E"
/// list[section: 2, row: 1]   // an item
/// list.indexTitles           // the titles of the side index
/// ```
public struct SectionedList<Item>: SectionedCollection {
    public typealias Index = Int
    public typealias Element = Section

    /// One section: a title and its items.
    public struct Section: TitledSection {
        public typealias Index = Int
        public typealias Element = Item

        /// The section header, e.g. "A" or "#".
        public let title: String
        /// The position of this section's title in ``SectionedList/indexTitles``, if it has one.
        public let indexTitleIndex: Int?
        /// For date sections: the period the section covers, with its headers. Nil for alphabetical sections.
        public let period: DatePeriod?
        let storage: [Item]
        let range: Range<Int>

        public var startIndex: Int { 0 }
        public var endIndex: Int { range.count }

        /// The item at `row`.
        ///
        /// - Complexity: O(1).
        public subscript(row: Int) -> Item {
            precondition(row >= 0 && row < range.count, "row \(row) is out of range 0..<\(range.count) in section '\(title)'")
            return storage[range.lowerBound + row]
        }
    }

    /// The titles of the section index beside the list, in order (for alphabetical lists, every
    /// title of the collation, also those of empty sections, so the index does not jump about).
    public let indexTitles: [String]
    let storage: [Item]
    let sectionRanges: [Range<Int>]
    let titles: [String]
    let titleIndices: [Int?]
    let periods: [DatePeriod]?

    init(
        indexTitles: [String], storage: [Item], sectionRanges: [Range<Int>], titles: [String], titleIndices: [Int?],
        periods: [DatePeriod]? = nil
    ) {
        self.indexTitles = indexTitles
        self.storage = storage
        self.sectionRanges = sectionRanges
        self.titles = titles
        self.titleIndices = titleIndices
        self.periods = periods
    }

    /// An empty list.
    public init() {
        self.init(indexTitles: [], storage: [], sectionRanges: [], titles: [], titleIndices: [])
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { sectionRanges.count }

    /// The section at `position`.
    ///
    /// - Complexity: O(1).
    public subscript(position: Int) -> Section {
        Section(
            title: titles[position], indexTitleIndex: titleIndices[position], period: periods?[position],
            storage: storage, range: sectionRanges[position])
    }

    /// All items, section after section, row after row.
    public var allItems: [Item] { storage }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    public var itemCount: Int { storage.count }
}

extension SectionedList: Sendable where Item: Sendable {}
extension SectionedList.Section: Sendable where Item: Sendable {}

extension SectionedList.Section: Equatable where Item: Equatable {
    /// Whether two sections have the same title, index title, period and items in the same order.
    ///
    /// - Complexity: O(k), where k is the number of items in the smaller section.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.title == rhs.title && lhs.indexTitleIndex == rhs.indexTitleIndex && lhs.period == rhs.period
            && lhs.elementsEqual(rhs)
    }
}

extension SectionedList: Equatable where Item: Equatable {
    /// Whether two lists have the same index titles and equal sections in the same order.
    ///
    /// - Complexity: O(n + s), where n is the number of items and s the number of sections.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.indexTitles == rhs.indexTitles && lhs.elementsEqual(rhs)
    }
}

extension SectionedList: CustomStringConvertible {
    /// The sections, one per line, as "title: item, item, …".
    public var description: String {
        map { section in "\(section.title): " + section.map { "\($0)" }.joined(separator: ", ") }.joined(separator: "\n")
    }
}
