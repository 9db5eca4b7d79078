import Foundation

/// One item of a chunk whose search keys match a query.
struct WordMatch: Sendable {
    /// The item's index in its chunk.
    var item: Int32
    /// The matching word's index among the item's words (0 for an empty query).
    var word: Int32
    /// The stored key of word `word` was cut short of the query and matches as far as it goes: the
    /// whole key must be compared (from that word on).
    var needsCheck: Bool

    /// The items of a chunk whose search keys start with `query` at some word.
    ///
    /// - Complexity: O(b) for b bytes of search keys.
    static func matches(of query: [UInt8], in keys: PackedKeys) -> [WordMatch] {
        var matches: [WordMatch] = []
        keys.bytes.withUnsafeBufferPointer { bytes in
            keys.ends.withUnsafeBufferPointer { ends in
                query.withUnsafeBufferPointer { query in
                    var start = 0
                    for item in 0..<ends.count {
                        let end = Int(ends[item])
                        defer { start = end }
                        if query.isEmpty { matches.append(WordMatch(item: Int32(item), word: 0, needsCheck: false)); continue }
                        var position = start, word: Int32 = 0
                        while position < end {
                            let header = bytes[position]
                            let length = Int(header & 0x7F)
                            let shared = min(length, query.count)
                            // The first byte decides for most words: no call for those.
                            if shared > 0 && bytes[position + 1] == query[0] && (length >= query.count || header & 0x80 != 0)
                                && memcmp(bytes.baseAddress! + position + 1, query.baseAddress!, shared) == 0
                            {
                                matches.append(WordMatch(item: Int32(item), word: word, needsCheck: length < query.count))
                                break
                            }
                            position += 1 + length
                            word += 1
                        }
                    }
                }
            }
        }
        return matches
    }
}
