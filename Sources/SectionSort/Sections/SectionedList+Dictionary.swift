extension SectionedList {
    /// The sections as a dictionary from title to items: the shape CGLAlphabetizer returns.
    /// Pair it with ``sectionTitles`` for the order.
    ///
    /// ```swift
    /// let list = collation.sections(of: contacts, by: \.lastName)
    /// list.dictionary     // ["E": [larry], "G": [bill], "J": [steve, eric]]
    /// list.sectionTitles  // ["E", "G", "J"]
    /// ```
    ///
    /// - Complexity: O(n), where n is the number of items.
    public var dictionary: [String: [Item]] {
        Dictionary(uniqueKeysWithValues: map { ($0.title, $0.items) })
    }
}
