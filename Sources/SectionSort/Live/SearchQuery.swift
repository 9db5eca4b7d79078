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
public struct SearchQuery: Sendable {
    /// The query as typed.
    public let text: String
    /// The collation whose primary strength decides what matches.
    public let collation: IndexedCollation
    /// The query's primary key without its terminating zero byte.
    let key: [UInt8]

    /// Prepares a query.
    ///
    /// - Complexity: O(q) for a query of q characters, plus two collator clones.
    public init(_ text: String, collation: IndexedCollation) {
        self.text = text
        self.collation = collation
        key = LiveKeyWorker.with(collation: collation) { $0.primaryKey(of: text) }
    }

    /// Whether the query matches every text (it is empty, or only characters the collation ignores).
    public var matchesEverything: Bool { key.isEmpty }

    /// The part of `text` that the query matches, at the first word where it does: for highlighting.
    ///
    /// - Returns: the range from the word start to the end of the shortest piece whose key starts
    ///   with the query's; nil when no word matches.
    /// - Complexity: O(w·q + q²) for w words and a query of q characters.
    public func matchRange(in text: String) -> Range<String.Index>? {
        if key.isEmpty { return text.startIndex..<text.startIndex }
        guard let match = LiveKeyWorker.with(collation: collation, { $0.firstMatchingWord(in: text, query: key) }) else {
            return nil
        }
        return range(in: text, fromUTF8Offset: match.offset)
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
