/// Computes the keys of a live list's items on one thread: a collator with the list's settings
/// for ordering keys and a primary-strength one for search keys, lent by the collation for the
/// length of one ``with(collation:options:_:)`` call. Not `Sendable`, like the collators it holds.
final class LiveKeyWorker {
    /// The most bytes of a word's search key that are stored; longer queries are checked against
    /// the whole key, computed again.
    static let searchKeyLimit = 48

    private let collation: IndexedCollation
    private let options: SectioningOptions
    /// Ordering keys: the collation's key table once it is built, the collation runtime otherwise.
    private let orderingKeys: SortKeyWriter
    private let primaryCollator: LocaleCollator
    /// The reader of Chinese names, with ``SectioningOptions/readsChineseNames``.
    private let names: ChineseNameReader.Worker?
    private let buffer = KeyBuffer()

    private init(
        collation: IndexedCollation, options: SectioningOptions, ordering: LocaleCollator, primary: LocaleCollator,
        names: ChineseNameReader.Worker?
    ) {
        self.collation = collation
        self.options = options
        orderingKeys = SortKeyWriter(
            collator: ordering, method: .table, table: collation.sortKeyTable(building: false), articles: collation.articles)
        primaryCollator = primary
        self.names = names
    }

    /// Runs `body` with a worker whose collators come from `collation`'s pools and go back when it
    /// returns, so the worker must not outlive the call. It cannot fail: without a clone of its
    /// own, a worker shares the collation's collators under their locks. The options matter for
    /// ordering keys only (search keys are primary keys of the text whatever the options).
    static func with<Result: Sendable>(
        collation: IndexedCollation, options: SectioningOptions = SectioningOptions(), _ body: (LiveKeyWorker) -> Result
    ) -> Result {
        let reader = options.readsChineseNames ? collation.chineseNameReader() : nil
        return ChineseNameReader.withWorker(of: reader) { names in
            collation.withWorkerCollator { ordering in
                collation.withPrimaryWorkerCollator { primary in
                    body(LiveKeyWorker(collation: collation, options: options, ordering: ordering, primary: primary, names: names))
                }
            }
        }
    }

    /// The keys of an item whose strings are `primary` and `secondary`.
    ///
    /// - Complexity: O(m) for strings of length m.
    func keys(primary: String, secondary: String?) -> LiveKeys {
        var primary = primary, secondary = secondary
        return primary.withUTF8 { primaryBytes in
            let (section, ordering): (Int, [UInt8])
            if secondary != nil {
                (section, ordering) = secondary!.withUTF8 { orderingKey(primary: primaryBytes, secondary: $0) }
            } else {
                (section, ordering) = orderingKey(primary: primaryBytes, secondary: nil)
            }
            var search: [UInt8] = []
            appendSearchKeys(of: primaryBytes, to: &search)
            return LiveKeys(section: section, ordering: ordering, search: search)
        }
    }

    /// The section and ordering key, byte for byte the engine's (Chinese names read as the engine
    /// reads them with ``SectioningOptions/readsChineseNames``).
    func orderingKey(primary: UnsafeBufferPointer<UInt8>, secondary: UnsafeBufferPointer<UInt8>?) -> (Int, [UInt8]) {
        buffer.removeAll()
        let section = collation.locator.withLookup { lookup in
            SectioningEngine.appendKey(
                primary: primary, secondary: secondary, hasReadings: options.readsChineseNames, names: names,
                directions: (options.order, options.secondaryOrder),
                keys: orderingKeys, lookup: lookup, to: buffer)
        }
        return (section, buffer.bytes(at: 0, length: buffer.count))
    }

    /// Appends the search keys of the UTF-8 text `utf8` (see ``LiveKeys/search``).
    func appendSearchKeys(of utf8: UnsafeBufferPointer<UInt8>, to record: inout [UInt8]) {
        for start in WordStarts.offsets(in: utf8) {
            buffer.removeAll()
            let complete = primaryCollator.appendSortKeyPrefix(
                utf8: UnsafeBufferPointer(rebasing: utf8[start...]),
                limit: Self.searchKeyLimit, to: buffer)
            record.append(UInt8(buffer.count) | (complete ? 0 : 0x80))
            record.append(contentsOf: buffer.bytes(at: 0, length: buffer.count))
        }
    }

    /// The first word of `utf8`, from word `firstWord` on, where `query` (a primary key without its
    /// terminator) matches: its index among the word starts and its byte offset.
    ///
    /// - Complexity: O(w·q) for w words: only as much of each word's key as the query is long.
    func firstMatchingWord(utf8: UnsafeBufferPointer<UInt8>, query: [UInt8], from firstWord: Int = 0) -> (word: Int, offset: Int)? {
        let starts = WordStarts.offsets(in: utf8)
        for word in starts.indices where word >= firstWord {
            buffer.removeAll()
            _ = primaryCollator.appendSortKeyPrefix(
                utf8: UnsafeBufferPointer(rebasing: utf8[starts[word]...]), limit: query.count, to: buffer)
            if buffer.count == query.count && buffer.bytes(at: 0, length: buffer.count) == query { return (word, starts[word]) }
        }
        return nil
    }

    func firstMatchingWord(in text: String, query: [UInt8], from firstWord: Int = 0) -> (word: Int, offset: Int)? {
        var text = text
        return text.withUTF8 { firstMatchingWord(utf8: $0, query: query, from: firstWord) }
    }

    /// The primary-strength collator, for tests of key prefixes.
    var primaryCollatorForTests: LocaleCollator { primaryCollator }

    /// The whole primary-strength collation key of `utf8`, without its terminating zero byte.
    func primaryKey(utf8: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        buffer.removeAll()
        primaryCollator.appendSortKey(utf8: utf8, to: buffer)
        return buffer.bytes(at: 0, length: max(0, buffer.count - 1))
    }

    func primaryKey(of text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { primaryKey(utf8: $0) }
    }
}
