import Foundation

/// How ``DateSectioning`` arranges a sectioned list: the counterpart for dates of
/// ``SectioningOptions``, passed to each call as those are.
public struct DateSectioningOptions: Sendable, Hashable {
    /// `forward` (oldest first, the default) or `reverse` (newest first): sections and the items
    /// inside them. Items with equal dates keep their input order either way.
    public var order: SortOrder
    /// When set, every period from the one containing the lower bound to the one containing the
    /// upper bound has a section, empty or not (a calendar that shows empty days). Items outside
    /// the range still get their own sections: nothing is dropped.
    public var range: ClosedRange<Date>?
    /// Worker threads for sorting; nil means one per processor this process may run on. The
    /// result is the same for any number.
    public var threads: Int?

    /// Creates options: oldest first, no empty sections, all cores.
    public init(order: SortOrder = .forward, range: ClosedRange<Date>? = nil, threads: Int? = nil) {
        self.order = order
        self.range = range
        self.threads = threads
    }
}
