extension SectionedList {
    /// The list's identifiers in the shape of a diffable data source's snapshot: section titles and
    /// the identifier of each item.
    ///
    /// - Parameter identifier: each item's identity; identifiers must be unique in the list, as a
    ///   diffable data source requires.
    /// - Complexity: O(n), where n is the number of items.
    public func snapshot<ID: Hashable>(identifiedBy identifier: (Item) -> ID) -> ListSnapshot<ID> {
        ListSnapshot(sections: map { ListSnapshot.Section(title: $0.title, items: $0.map(identifier)) })
    }
}
