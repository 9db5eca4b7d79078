/// The tables of ICU's `Han-Latin/Names` transform, generated from its rules: each Han character's
/// pinyin, the rules that depend on context (surnames, fixed words), and the spacing step's
/// mappings and character classes.
enum HanTransformData {
    /// A rule with context: replaces `key` with `output` where the marker U+FDD1 comes before it
    /// (if `needsMarker`) and one of `following` comes after it, a space allowed in between (if
    /// `allowsSpace`).
    struct Rule {
        var key: UInt32
        var needsMarker: Bool
        var allowsSpace: Bool
        /// The characters one of which must follow; nil when the rule has no context after.
        var following: [UInt32]?
        var output: [UInt32]
    }

    /// The rules of one table, in their order: the first that matches applies.
    static func rules(_ table: GeneratedTable) -> [Rule] {
        var rules: [Rule] = []
        var offset = 0
        while offset < table.count {
            let flags = table[offset]
            let key = UInt32(table.u24(at: offset + 1))
            let followingCount = Int(table[offset + 4])
            offset += 5
            let following = (0..<followingCount).map { UInt32(table.u24(at: offset + 3 * $0)) }
            offset += 3 * followingCount
            let outputLength = Int(table[offset])
            let output = table.withBytes(offset + 1..<offset + 1 + outputLength) { bytes in
                String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
            }
            offset += 1 + outputLength
            rules.append(
                Rule(
                    key: key, needsMarker: flags & 1 != 0, allowsSpace: flags & 2 != 0,
                    following: flags & 4 != 0 ? following : nil, output: output))
        }
        return rules
    }

    static let nameRules = rules(.hanNameRules)
    static let latinRules = rules(.hanLatinRules)

    /// Han-Latin's reading of `value`, as UTF-8 bytes of the generated table, or nil.
    ///
    /// - Complexity: O(1).
    static func withReading<Result>(of value: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let page = Int(value >> 8)
        guard page < GeneratedTable.hanReadingPageTable.count / 2 else { return nil }
        let pageNumber = GeneratedTable.hanReadingPageTable.u16(at: 2 * page)
        guard pageNumber != 0xFFFF else { return nil }
        let offset = GeneratedTable.hanReadingPages.u16(at: 2 * (pageNumber << 8 | Int(value & 0xFF)))
        guard offset != 0xFFFF else { return nil }
        let syllables = GeneratedTable.hanSyllables
        return syllables.withBytes(offset..<syllables.index(of: 0, from: offset), body)
    }

    /// The replacement of `value` in a character map (16-byte records by key), or nil.
    ///
    /// - Complexity: O(log n) for the n records.
    static func replacement(of value: UInt32, in map: GeneratedTable) -> [UInt32]? {
        var low = 0, high = map.count / 16
        while low < high {
            let middle = (low + high) / 2
            let key = UInt32(map.u24(at: middle * 16))
            if key == value {
                let length = Int(map[middle * 16 + 3])
                return map.withBytes(middle * 16 + 4..<middle * 16 + 4 + length) { bytes in
                    String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
                }
            }
            if key < value { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Whether `value` is in a set of runs (first and last code point, 24 bits each, increasing).
    ///
    /// - Complexity: O(log r) for the r runs.
    static func contains(_ value: UInt32, in runs: GeneratedTable) -> Bool {
        var low = 0, high = runs.count / 6
        while low < high {
            let middle = (low + high) / 2
            if Int(value) < runs.u24(at: middle * 6) {
                high = middle
            } else if Int(value) > runs.u24(at: middle * 6 + 3) {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
