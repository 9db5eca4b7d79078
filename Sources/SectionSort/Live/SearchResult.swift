/// The items of a list that match a ``SearchQuery``, in their sections and order, and where each
/// match is, for highlighting.
///
/// ```swift
/// let result = contacts.search("jo")
/// result.list.sectionTitles                 // only the sections with matches, in order
/// let name = result.list[section: 0, row: 0].lastName
/// let range = result.matchRange(section: 0, row: 0)   // name[range] == "Jo"
/// ```
public struct SearchResult<Item> {
    /// The query.
    public let query: SearchQuery
    /// The matching items: the list's sections that have any, with their titles, in the list's
    /// order. Its ``SectionedList/indexTitles`` are the collation's, as in the full list.
    public let list: SectionedList<Item>
    /// For each item of `list`, in storage order: the index of the word where it matches.
    let matchedWords: [Int32]
    let searchedString: @Sendable (Item) -> String

    init(query: SearchQuery, list: SectionedList<Item>, matchedWords: [Int32], searchedString: @escaping @Sendable (Item) -> String) {
        self.query = query
        self.list = list
        self.matchedWords = matchedWords
        self.searchedString = searchedString
    }

    /// The number of matching items.
    public var count: Int { list.itemCount }

    /// The range of the item's searched string (the list's key string) that matches: from the start
    /// of the matching word to the end of the shortest piece whose key starts with the query's.
    ///
    /// - Complexity: O(q²) for a query of q characters; computed on demand, for the rows shown.
    public func matchRange(section: Int, row: Int) -> Range<String.Index> {
        var text = searchedString(list[section: section, row: row])
        let word = Int(matchedWords[list.sectionRanges[section].lowerBound + row])
        let starts = text.withUTF8 { WordStarts.offsets(in: $0) }
        // An empty query matches items without words too: at their start.
        return query.range(in: text, fromUTF8Offset: word < starts.count ? starts[word] : 0)
    }
}

extension SearchResult: Sendable where Item: Sendable {}
