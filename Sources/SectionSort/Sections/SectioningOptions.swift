import Foundation

/// How ``IndexedCollation`` arranges a sectioned list.
public struct SectioningOptions: Sendable, Hashable {
    /// The direction of the primary key: descending lists show sections Z to A (the "#" section
    /// stays where ``CollationOptions/otherSection`` puts it) and items Z to A inside them.
    public var order: SortOrder
    /// The direction of the secondary key, among items whose primary keys are equal.
    public var secondaryOrder: SortOrder
    /// Include a section for every title, empty or not: UIKit's fixed-size array form.
    public var includesEmptySections: Bool
    /// Worker threads; nil means one per processor this process may run on (its CPU affinity). The result is the same for any number.
    public var threads: Int?
    /// Read keys written in Han characters as Chinese personal names, with the surname readings of
    /// ICU's `Han-Latin/Names` transform (曾 as zēng, 单 as shàn, 解 as xiè), and section and order
    /// them by that pinyin: under the Latin letter of the reading, ties by the characters' own
    /// collation, then input order. Items with a reading of their own
    /// (``IndexedCollation/sections(of:by:reading:then:options:)``) use that one; keys without Han
    /// characters are sorted as they are. Off by default: it reads every Han key as a personal
    /// name, and words and places with surname readings (乐山, the city Lèshān, as yuè shān).
    public var readsChineseNames = false
    /// How keys are computed (for benchmarks; the default is the faster method).
    package var keyMethod: SortKeyMethod = .table
    /// Stop once keys and sections are computed, to time that floor (for benchmarks). The result
    /// is then empty.
    package var stopsAfterKeys = false

    /// Creates options: ascending, empty sections left out, all cores, keys read as they are.
    public init(
        order: SortOrder = .forward, secondaryOrder: SortOrder = .forward,
        includesEmptySections: Bool = false, threads: Int? = nil, readsChineseNames: Bool = false
    ) {
        self.order = order
        self.secondaryOrder = secondaryOrder
        self.includesEmptySections = includesEmptySections
        self.threads = threads
        self.readsChineseNames = readsChineseNames
    }
}
