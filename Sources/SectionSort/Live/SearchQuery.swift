/// A search by word starts with a collation's own rules: a text matches when one of its words,
/// with what follows it, begins with the query at primary strength, so case and accents are
/// ignored only where the locale's alphabet ignores them.
///
/// ```swift
/// let english = SearchQuery("ake", collation: try IndexedCollation(locale: "en_US"))
/// english.matchRange(in: "Åke Svensson")   // "Åke": å is an a with a ring in English
/// let swedish = SearchQuery("ake", collation: try IndexedCollation(locale: "sv_SE"))
/// swedish.matchRange(in: "Åke Svensson")   // nil: Å is a letter of its own in Swedish
/// ```
///
/// Precisely: the query's primary collation key, without its terminator, is a prefix of the bytes
/// of the primary key of the text from a word start on. Words start at the first letter or digit
/// and at every letter or digit after a space, hyphen, apostrophe or other punctuation; a text in
/// a script without spaces is one word ("かめ" finds "カメラ" but not "ガラスカメ"). Whatever the
/// collation makes equal at primary strength matches: in German "ss" finds "Straße" and "ß" finds
/// "Strasse"; a Korean initial consonant finds every syllable that starts with it ("ㄱ" finds "김").
/// An empty query matches everything.
///
/// A query also matches the way people type names (search by reading):
/// - a Korean initial consonant finds the syllables that start with it anywhere in a query: "ㄱㅅ"
///   finds "김수정", "ㄲ" finds "까치", and "김ㅅ" or "기" (a syllable still being typed) find "김수";
/// - with `readsChineseNames`, Han names are found by their pinyin, each character by its whole
///   syllable or by any start of it, without tones, the first character of a name by its surname
///   reading: "zs", "zhangs", "zhang san" and "zhangsan" find "张三", "shan" finds "单田芳".
///
/// ```swift
/// let query = SearchQuery("zs", collation: try IndexedCollation(locale: "zh_CN"), readsChineseNames: true)
/// query.matchRange(in: "张三")   // the whole name
/// ```
public struct SearchQuery: Sendable {
    /// The query as typed.
    public let text: String
    /// The collation whose primary strength decides what matches.
    public let collation: IndexedCollation
    /// Whether Han characters also match by their pinyin reading as Chinese names.
    public let readsChineseNames: Bool
    /// The query's primary key without its terminating zero byte.
    let key: [UInt8]
    /// Matches by reading; nil when the query cannot match by reading (see ``ReadingMatcher``).
    let readings: ReadingMatcher?

    /// Prepares a query.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - collation: the collation whose primary strength decides what matches.
    ///   - readsChineseNames: whether Han characters match by their pinyin, read as Chinese names
    ///     (as ``SectioningOptions/readsChineseNames`` reads them).
    /// - Complexity: O(q) for a query of q characters, plus two collator clones.
    public init(_ text: String, collation: IndexedCollation, readsChineseNames: Bool = false) {
        self.text = text
        self.collation = collation
        self.readsChineseNames = readsChineseNames
        key = LiveKeyWorker.with(collation: collation) { $0.primaryKey(of: text) }
        readings = ReadingMatcher(text, readsChineseNames: readsChineseNames)
    }

    /// Whether the query matches every text (it is empty, or only characters the collation ignores).
    public var matchesEverything: Bool { key.isEmpty }

    /// The part of `text` that the query matches, at the first word where it does: for highlighting.
    ///
    /// - Returns: the range from the word start to the end of the shortest piece whose key starts
    ///   with the query's; where only a reading matches, from the word start to the end of the
    ///   last character read ("zs" in "张三丰": "张三"); nil when no word matches.
    /// - Complexity: O(w·q + q²) for w words and a query of q characters; by reading, O(w·m·q)
    ///   for m characters.
    public func matchRange(in text: String) -> Range<String.Index>? {
        if key.isEmpty { return text.startIndex..<text.startIndex }
        if let match = LiveKeyWorker.with(collation: collation, { $0.firstMatchingWord(in: text, query: key) }) {
            return range(in: text, fromUTF8Offset: match.offset)
        }
        guard let found = readingMatch(in: text) else { return nil }
        return text.utf8.index(text.startIndex, offsetBy: found.lowerBound)..<text.utf8.index(text.startIndex, offsetBy: found.upperBound)
    }

    /// The match of `text` by reading, as UTF-8 offsets.
    func readingMatch(in text: String) -> Range<Int>? {
        guard let readings else { return nil }
        let reader = readsChineseNames ? collation.chineseNameReader() : nil
        return ChineseNameReader.withWorker(of: reader) { readings.firstMatch(in: text, names: $0) }
    }

    /// The part of `text` to highlight when the query matches the item's `reading` (its phonetic
    /// reading, as yomigana) and not `text` itself: all of `text`, since a reading does not say
    /// which characters it reads.
    ///
    /// - Returns: ``matchRange(in:)`` of `text` where it is not nil; else all of `text` when the
    ///   query matches `reading` as it would match a text; else nil.
    /// - Complexity: as ``matchRange(in:)``, for both strings.
    public func matchRange(in text: String, reading: String?) -> Range<String.Index>? {
        if let range = matchRange(in: text) { return range }
        guard let reading, !reading.isEmpty, matchRange(in: reading) != nil else { return nil }
        return text.startIndex..<text.endIndex
    }

    /// The matched range of `text` whose match starts at UTF-8 offset `offset`.
    func range(in text: String, fromUTF8Offset offset: Int) -> Range<String.Index> {
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        if key.isEmpty { return start..<start }
        return LiveKeyWorker.with(collation: collation) { worker in
            var end = start
            while end < text.endIndex {
                end = text.index(after: end)
                if worker.primaryKey(of: String(text[start..<end])).starts(with: key) { return start..<end }
            }
            return start..<text.endIndex
        }
    }
}
