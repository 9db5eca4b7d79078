/// Finds where a key's text starts once its leading article (``LeadingArticles``) is skipped,
/// on UTF-8 bytes, so that every key path (the engine's, the live list's, a single key's) skips
/// it the same way before computing the collation key.
struct LeadingArticleMatcher: Hashable, Sendable {
    /// Each article's spellings as UTF-8: lower case, upper case, capitalized, and with ’ for '.
    /// Letter case within ASCII is folded when comparing, so "tHe" matches "the" too.
    private let spellings: [[UInt8]]
    /// Whether any spelling starts with this byte (ASCII letters folded to lower case).
    private let firstBytes: [Bool]

    /// Nil when `articles` is empty: nothing to skip.
    init?(articles: [String]) {
        var spellings = Set<[UInt8]>()
        for article in articles where !article.isEmpty {
            let lower = article.lowercased()
            let capitalized = lower.prefix(1).uppercased() + lower.dropFirst()
            for spelling in [lower, article.uppercased(), capitalized, article] {
                spellings.insert(Array(spelling.utf8))
                spellings.insert(Array(spelling.replacingOccurrences(of: "'", with: "\u{2019}").utf8))
            }
        }
        guard !spellings.isEmpty else { return nil }
        self.spellings = spellings.sorted { $0.lexicographicallyPrecedes($1) }
        var firstBytes = [Bool](repeating: false, count: 256)
        for spelling in self.spellings { firstBytes[Int(Self.folded(spelling[0]))] = true }
        self.firstBytes = firstBytes
    }

    @inline(__always)
    private static func folded(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// `text` without its leading article and the spaces after it; `text` itself when it starts
    /// with none, or is nothing but one.
    ///
    /// - Complexity: O(a) for a bytes of articles, at most; O(1) for text whose first letter
    ///   starts no article.
    func remainder(of text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let first = text.first, firstBytes[Int(Self.folded(first))] else { return text }
        for spelling in spellings where spelling.count < text.count {
            guard zip(spelling, text).allSatisfy({ Self.folded($0) == Self.folded($1) }) else { continue }
            var end = spelling.count
            let elided = spelling.last == 0x27 || spelling.suffix(3).elementsEqual([0xE2, 0x80, 0x99])  // ' or ’
            if !elided && text[end] != 0x20 && text[end] != 0x09 { continue }
            while end < text.count && (text[end] == 0x20 || text[end] == 0x09) { end += 1 }
            if end == text.count { continue }
            return UnsafeBufferPointer(rebasing: text[end...])
        }
        return text
    }

    /// As ``remainder(of:)-(UnsafeBufferPointer<UInt8>)``, for a string.
    func remainder(of text: String) -> String {
        var copy = text
        let rest = copy.withUTF8 { bytes in
            let rest = remainder(of: bytes)
            return rest.count == bytes.count ? nil : String(decoding: rest, as: UTF8.self)
        }
        return rest ?? text
    }
}
