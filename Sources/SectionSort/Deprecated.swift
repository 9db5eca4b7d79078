import Foundation

// The names of 0.2 that the shared vocabulary of sectioned collections (``SectionedCollection``)
// and Foundation's `SortOrder` replaced, kept for one minor version so that code written for 0.2
// builds with warnings that name their replacements.

/// The direction of an ordering: Foundation's `SortOrder`.
@available(*, deprecated, renamed: "SortOrder")
public typealias SortDirection = SortOrder

extension SortOrder {
    /// The order of 0.2's `SortDirection.ascending`: `forward`.
    @available(*, deprecated, renamed: "forward")
    public static var ascending: SortOrder { .forward }

    /// The order of 0.2's `SortDirection.descending`: `reverse`.
    @available(*, deprecated, renamed: "reverse")
    public static var descending: SortOrder { .reverse }
}

extension LiveSectionedList {
    /// The number of sections shown.
    @available(*, deprecated, renamed: "count", message: "a live list is a collection of its sections")
    public var sectionCount: Int { count }

    /// The number of rows in `section`.
    @available(*, deprecated, message: "a live list is a collection of its sections: use list[section].count")
    public func numberOfRows(inSection section: Int) -> Int { self[section].count }

    /// The items of `section`, in order.
    @available(*, deprecated, message: "a live list is a collection of its sections: use Array(list[section])")
    public func items(inSection section: Int) -> [Item] { Array(self[section]) }
}

extension SearchResult {
    /// The number of sections with matches.
    @available(*, deprecated, renamed: "count", message: "a search result is a collection of its sections")
    public var sectionCount: Int { count }

    /// The number of matches in `section`.
    @available(*, deprecated, message: "a search result is a collection of its sections: use result[section].count")
    public func numberOfRows(inSection section: Int) -> Int { self[section].count }

    /// The matching items of `section`, in order.
    @available(*, deprecated, message: "a search result is a collection of its sections: use Array(result[section])")
    public func items(inSection section: Int) -> [Item] { Array(self[section]) }
}
