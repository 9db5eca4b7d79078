import SectionSort
import Testing

@testable import SectionSortCLI

/// JSON string literals written from a record's bytes are those of the `String` path, byte for
/// byte, for well-formed and ill-formed UTF-8 alike.
@Suite struct OutputEncodingTests {
    static func appended(_ bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = [0x5B]  // appended after what is there
        bytes.withUnsafeBufferPointer { OutputEncoding.appendJSONString($0, to: &text) }
        #expect(text.first == 0x5B)
        return Array(text.dropFirst())
    }

    static func viaString(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.withUnsafeBufferPointer { OutputEncoding.jsonString($0) }.utf8)
    }

    @Test func escapesAsTheStringPathDoes() {
        let cases: [[UInt8]] = [
            [], Array("Åsa Öberg".utf8), Array("say \"hi\" \\ there".utf8), Array((0..<0x20).map { UInt8($0) }),
            [0x7F], Array("\u{2028}\u{2029}👩‍👩‍👧 李 ё".utf8), Array("tab\there\r\nend".utf8),
        ]
        for bytes in cases { #expect(Self.appended(bytes) == Self.viaString(bytes), "\(bytes)") }
        #expect(Self.appended(Array("a\"b\u{1}".utf8)) == Array(#""a\"b\u0001""#.utf8))
    }

    @Test func illFormedUTF8BecomesReplacementCharacters() {
        let cases: [[UInt8]] = [
            [0x80], [0x61, 0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82, 0x22, 0x5C],
            [0xF0, 0x9F, 0x98], [0xFF, 0x0A],
        ]
        for bytes in cases {
            #expect(Self.appended(bytes) == Self.viaString(bytes), "\(bytes)")
            #expect(String(decoding: Self.appended(bytes), as: UTF8.self).contains("\u{FFFD}"))
        }
    }

    @Test func csvFieldsAreQuotedWhereverAQuoteOrDelimiterIs() {
        #expect(OutputEncoding.csvField("plain åäö 李") == "plain åäö 李")
        #expect(OutputEncoding.csvField("a,b") == "\"a,b\"")
        #expect(OutputEncoding.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(OutputEncoding.csvField("a\r\nb") == "\"a\r\nb\"")
        #expect(OutputEncoding.csvField("a\tb") == "a\tb")
        #expect(OutputEncoding.csvField("a\tb", delimiter: "\t") == "\"a\tb\"")
        // A quote or delimiter followed by a combining mark is one Character in Swift but still a
        // quote or delimiter to a CSV reader: the field is quoted and the quote doubled.
        #expect(OutputEncoding.csvField("\"\u{301}x") == "\"\"\"\u{301}x\"")
        #expect(OutputEncoding.csvField("a,\u{301}b") == "\"a,\u{301}b\"")
        #expect(OutputEncoding.csvField("a\t\u{301}b", delimiter: "\t") == "\"a\t\u{301}b\"")
    }

    @Test func csvFieldsOfBytesAreThoseOfTheirText() {
        let cases: [[UInt8]] = [
            [], Array("plain".utf8), Array("a,b".utf8), Array("\"\u{301}x".utf8), Array("a\r\nb".utf8), [0x22, 0xFF, 0x2C], [0xC3],
            [0x61, 0x80, 0x62],
        ]
        for bytes in cases {
            var field: [UInt8] = []
            bytes.withUnsafeBufferPointer { OutputEncoding.appendCSVField($0, to: &field) }
            #expect(field == Array(OutputEncoding.csvField(String(decoding: bytes, as: UTF8.self)).utf8), "\(bytes)")
        }
        var tab: [UInt8] = []
        Array("a\tb".utf8).withUnsafeBufferPointer { OutputEncoding.appendCSVField($0, delimiter: 0x09, to: &tab) }
        #expect(tab == Array("\"a\tb\"".utf8))
    }

    @Test func randomTextsMatchTheStringPath() {
        // Texts of pieces that are escaped, or of one to four bytes, and in one text in eight an
        // ill-formed byte: most take the byte path, some the String path. A fixed generator, so
        // that a failure repeats.
        let pieces = ["\"", "\\", "\u{0}", "\n", "\r", "\t", "\u{1F}", " ", "a", "\u{7F}", "å", "\u{2028}", "李", "😀"].map { Array($0.utf8) }
        let illFormed: [[UInt8]] = [[0x80], [0xC3], [0xE2, 0x80], [0xF0, 0x9F], [0xED, 0xA0, 0x80], [0xFF]]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var byBytes = 0
        for _ in 0..<20_000 {
            var bytes = (0..<next(12)).flatMap { _ in pieces[next(pieces.count)] }
            if next(8) == 0 { bytes.insert(contentsOf: illFormed[next(illFormed.count)], at: next(bytes.count + 1)) }
            if bytes.withUnsafeBufferPointer({ UTF8Decoding.firstInvalidOffset($0) }) == nil { byBytes += 1 }
            #expect(Self.appended(bytes) == Self.viaString(bytes), "\(bytes)")
        }
        #expect(byBytes > 15_000, "most texts are well-formed, written from their bytes")
    }
}
