import Testing

@testable import SectionSort

/// Keys kept escaped and unescaped a piece at a time as their sort keys are written must be the
/// keys of their text, wherever the pieces end: across contractions, prefix mappings, combining
/// marks, digits under numeric order and ill-formed bytes.
@Suite struct KeyUnescapingTests {
    /// A test escaping: `\` followed by a byte stands for that byte, and `\x` by two hex digits
    /// for the byte they spell.
    static let unescape: KeyUnescaping.Unescape = { escaped, position, output in
        var written = 0
        while position < escaped.count && written < output.count {
            if escaped[position] != UInt8(ascii: "\\") {
                output[written] = escaped[position]
                position += 1
            } else if escaped[position + 1] == UInt8(ascii: "x") {
                output[written] = UInt8(String(decoding: escaped[position + 2...position + 3], as: UTF8.self), radix: 16)!
                position += 4
            } else {
                output[written] = escaped[position + 1]
                position += 2
            }
            written += 1
        }
        return written
    }

    static func escape(_ text: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        text.flatMap { byte -> [UInt8] in
            switch Int.random(in: 0..<8, using: &generator) {
            case 0 where byte != UInt8(ascii: "x"): return [UInt8(ascii: "\\"), byte]
            case 1:
                let hex = String(byte, radix: 16)
                return Array("\\x".utf8) + Array((hex.count == 1 ? "0" + hex : hex).utf8)
            default: return byte == UInt8(ascii: "\\") ? [byte, byte] : [byte]
            }
        }
    }

    /// Text of pieces that have context in some collation: Czech "ch", Spanish "ll", Japanese
    /// prolonged sound and iteration marks (prefix mappings), Thai prevowels, combining marks
    /// before and after letters, Tibetan composite vowels, Hangul syllables and jamo, digits,
    /// articles, spaces, and ill-formed bytes.
    static func text(pieces count: Int, using generator: inout SeededGenerator) -> [UInt8] {
        let pieces: [[UInt8]] =
            [
                "a", "ch", "c", "h", "ll", "l", "The ", " ", "  ", "\t", "カー", "ー", "ゝ", "ヽ", "か", "เก", "แ", "ก", "e\u{301}",
                "\u{301}", "\u{308}\u{323}", "\u{323}\u{308}", "é", "ǖ", "\u{F71}\u{F72}", "\u{F73}", "ཀ", "가", "\u{1100}",
                "\u{1161}", "\u{11A8}", "0", "12", "٣", "x9", "Ö", "ж", "林", "😀", "ﬁ", "Å", "\u{30A}",
            ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE6, 0x9E], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98]]
        return (0..<count).flatMap { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
    }

    @Test func keysWrittenPieceByPieceAreTheKeysOfTheText() throws {
        var generator = SeededGenerator(seed: 31)
        let locales = [
            "en", "cs", "es@collation=traditional", "ja", "th", "ko", "en-u-kn", "de-u-kk-true", "en-u-ka-shifted",
            "fr-CA", "en-u-ks-level1", "en-u-kc-true", "en-u-ks-identic", "vi", "hu-u-kn",
        ]
        for locale in locales {
            let collator = try Collator(locale: locale)
            for _ in 0..<12 {
                let text = Self.text(pieces: Int.random(in: 0..<300, using: &generator), using: &generator)
                let escaped = Self.escape(text, using: &generator)
                let expected = collator.sortKey(utf8: text)
                for windowSize in [32, 33, 47, 100, 1 << 16] {
                    let buffer = KeyBuffer()
                    escaped.withUnsafeBufferPointer {
                        collator.appendSortKey(escaped: $0, unescape: Self.unescape, articles: nil, to: buffer, windowSize: windowSize)
                    }
                    let key = buffer.bytes(at: 0, length: buffer.count)
                    #expect(key == expected, "\(locale), window \(windowSize): \(CollatorTests.describe(text))")
                }
            }
        }
    }

    @Test func theLeadingArticleIsSkippedAsInTheWholeText() throws {
        let articles = try #require(LeadingArticleMatcher(articles: ["the", "l'"]))
        for collator in [try Collator(locale: "en"), try Collator(locale: "en-u-ks-identic")] {
            for text in ["The  zebra", "the", "The ", "The" + String(repeating: " ", count: 200) + "end", "l'homme", "Thesis", "  The x"] {
                let bytes = Array(text.utf8)
                let expected = bytes.withUnsafeBufferPointer { collator.sortKey(utf8: Array(articles.remainder(of: $0))) }
                for windowSize in [32, 40, 1 << 16] {
                    let buffer = KeyBuffer()
                    bytes.withUnsafeBufferPointer {
                        collator.appendSortKey(escaped: $0, unescape: Self.unescape, articles: articles, to: buffer, windowSize: windowSize)
                    }
                    #expect(buffer.bytes(at: 0, length: buffer.count) == expected, "\(text), window \(windowSize)")
                }
            }
        }
    }

    /// Through the engine: escaped primary and secondary keys give the ordering keys and the
    /// order of their texts, in both directions and with readings.
    @Test func escapedKeysOrderAsTheirText() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        var generator = SeededGenerator(seed: 37)
        let words = ["Åsa", "ö\\ga", "berg", "Berg", "\\\\x", "zoë", "anna", "ch"]
        let rows = (0..<400).map { _ in (0..<3).map { _ in words[Int.random(in: 0..<words.count, using: &generator)] } }
        let texts = rows.map { $0.map { Array($0.utf8) } }
        let escaped = texts.map { $0.map { Self.escape($0, using: &generator) } }
        // Item i's escaped keys: a pattern that leaves some items with none.
        let masks = Dictionary(uniqueKeysWithValues: rows.indices.compactMap { $0 % 5 == 0 ? nil : ($0, UInt64($0 % 8)) })
        let keys = UTF8Keys(
            count: rows.count,
            read: { item, body in
                func bytes(_ index: Int) -> [UInt8] {
                    masks[item].map { $0 & 1 << UInt64(index) != 0 } == true ? escaped[item][index] : texts[item][index]
                }
                let (primary, first, second) = (bytes(0), bytes(1), bytes(2))
                primary.withUnsafeBufferPointer { primary in
                    first.withUnsafeBufferPointer { first in
                        second.withUnsafeBufferPointer { second in
                            SecondaryKeys.with(count: 2, { $0 == 0 ? first : second }) { body(primary, $0) }
                        }
                    }
                }
            }, unescaping: KeyUnescaping(items: masks, unescape: Self.unescape))
        let plain = UTF8Keys(count: rows.count) { item, body in
            texts[item][0].withUnsafeBufferPointer { primary in
                texts[item][1].withUnsafeBufferPointer { first in
                    texts[item][2].withUnsafeBufferPointer { second in
                        SecondaryKeys.with(count: 2, { $0 == 0 ? first : second }) { body(primary, $0) }
                    }
                }
            }
        }
        for options in [SectioningOptions(threads: 1), SectioningOptions(order: .reverse, secondaryOrder: .reverse, threads: 3)] {
            let sorted = try collation.sectionedOrder(of: keys, options: options)
            let expected = try collation.sectionedOrder(of: plain, options: options)
            #expect(sorted.order == expected.order && sorted.sections.map(\.title) == expected.sections.map(\.title))
            for item in [1, 2, 3, 7, 11] {
                let key = collation.withOrderingKey(of: keys, item: item, options: options) { rank, key in (rank, Array(key)) }
                let plainKey = collation.withOrderingKey(of: plain, item: item, options: options) { rank, key in (rank, Array(key)) }
                #expect(key == plainKey, "item \(item)")
            }
        }
        // With readings, keys are unescaped whole first.
        let withReadings = UTF8Keys(
            count: rows.count, read: keys.read,
            readReading: { item, body in item % 3 == 0 ? body(nil) : Array("a".utf8).withUnsafeBufferPointer { body($0) } },
            unescaping: keys.unescaping)
        let plainReadings = UTF8Keys(count: rows.count, read: plain.read, readReading: withReadings.readReading)
        let sorted = try collation.sectionedOrder(of: withReadings, options: SectioningOptions())
        let expected = try collation.sectionedOrder(of: plainReadings, options: SectioningOptions())
        #expect(sorted.order == expected.order)
    }
}
