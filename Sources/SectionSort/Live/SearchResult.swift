/// The items of a list that match a ``SearchQuery``, in their sections and order, and where each
/// match is, for highlighting.
///
/// ```swift
/// let result = contacts.search("jo")
/// result.sectionTitles                       // only the sections with matches, in order
/// result.itemCount                           // the matches
/// let name = result[section: 0, row: 0].lastName
/// let range = result.matchRange(section: 0, row: 0)   // name[range] == "Jo"
/// ```
///
/// A result is a ``SectionedCollection``, as the list it comes from is: a random-access collection
/// of the sections with matches (`count` is the number of those sections), each a random-access
/// collection of its matching items.
///
/// A result refers to the matching items of the ``LiveSectionedList`` it comes from by position
/// and copies none of them: reading a row reads the list's storage, which the result shares, so
/// searching costs the same whether it finds ten items or a hundred thousand. ``list`` copies the
/// matches into a ``SectionedList`` when one is needed. The list stays as it was when searched,
/// whatever is edited afterwards: the first edit of the live list while a result is alive copies
/// the list's item storage, O(n), as for any copy of a ``LiveSectionedList``.
public struct SearchResult<Item>: SectionedCollection {
    public typealias Index = Int
    public typealias Element = Section

    /// The query.
    public let query: SearchQuery
    /// The titles of the sections with matches, in the list's order.
    let titles: [String]
    /// The titles of the section index: every title of the collation, as in the full list.
    public let indexTitles: [String]
    /// The live list's items by slot, shared with it; nil in free slots.
    let storage: [Item?]
    /// The slot of each match, section after section.
    let slots: [Int32]
    /// The matches of each section, as positions in `slots`.
    let sectionRanges: [Range<Int>]
    /// Each section's index into ``indexTitles``.
    let sectionIndices: [Int]
    let searchedString: @Sendable (Item) -> String
    let threads: Int?

    init(
        query: SearchQuery, collation: IndexedCollation, storage: [Item?], slots: [Int32],
        sectionRanges: [Range<Int>], sectionIndices: [Int], searchedString: @escaping @Sendable (Item) -> String,
        threads: Int?
    ) {
        self.query = query
        titles = sectionIndices.map { collation.sectionTitles[$0] }
        indexTitles = collation.sectionTitles
        self.storage = storage
        self.slots = slots
        self.sectionRanges = sectionRanges
        self.sectionIndices = sectionIndices
        self.searchedString = searchedString
        self.threads = threads
    }

    public var startIndex: Int { 0 }
    /// The number of sections with matches.
    public var endIndex: Int { sectionRanges.count }

    /// The section with matches at `position`.
    ///
    /// - Complexity: O(1).
    public subscript(position: Int) -> Section {
        Section(
            title: titles[position], indexTitleIndex: sectionIndices[position], storage: storage,
            slots: slots[sectionRanges[position]])
    }

    /// The number of matching items.
    ///
    /// - Complexity: O(1).
    public var itemCount: Int { slots.count }

    /// The matches as a ``SectionedList``: the list's sections that have any, with their titles, in
    /// the list's order; its ``SectionedList/indexTitles`` are the collation's, as in the full list.
    ///
    /// - Complexity: O(k) for k matches: each is copied, by several threads.
    public var list: SectionedList<Item> {
        SectionedList(
            indexTitles: indexTitles, storage: SlotGather.items(storage, at: slots, threads: threads),
            sectionRanges: sectionRanges, titles: titles, titleIndices: sectionIndices)
    }

    /// The range of the item's searched string (the list's key string) that matches: from the start
    /// of the first matching word to the end of the shortest piece whose key starts with the
    /// query's (see ``SearchQuery/matchRange(in:)``); an empty range at the start for an empty query.
    ///
    /// - Complexity: O(w·q + q²) for w words and a query of q characters; computed on demand, for
    ///   the rows shown.
    public func matchRange(section: Int, row: Int) -> Range<String.Index> {
        let text = searchedString(self[section: section, row: row])
        // Every match has a matching word, found again here with the same keys.
        return query.matchRange(in: text) ?? text.startIndex..<text.startIndex
    }
}

extension SearchResult {
    /// The matching items of one section, in the list's order.
    public struct Section: TitledSection {
        public typealias Index = Int
        public typealias Element = Item

        /// The section header, e.g. "A" or "#".
        public let title: String
        /// The position of this section's title in ``SearchResult/indexTitles``.
        public let indexTitleIndex: Int?
        let storage: [Item?]
        /// The slot of each match of the section.
        let slots: ArraySlice<Int32>

        public var startIndex: Int { 0 }
        /// The number of matches in the section.
        public var endIndex: Int { slots.count }

        /// The matching item at `row`.
        ///
        /// - Complexity: O(1).
        public subscript(row: Int) -> Item {
            precondition(row >= 0 && row < slots.count, "row \(row) is out of range 0..<\(slots.count) in section '\(title)'")
            return storage[Int(slots[slots.startIndex + row])]!
        }
    }
}

extension SearchResult: Sendable where Item: Sendable {}
extension SearchResult.Section: Sendable where Item: Sendable {}
