import Foundation
import SectionSort
import Testing

@testable import SectionSortCLI

/// JSON string literals and CSV fields written from a record's bytes: JSON that decodes to the
/// record's text (U+FFFD for ill-formed UTF-8), CSV quoted wherever a reader needs it.
@Suite struct OutputEncodingTests {
    static func appended(_ bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = [0x5B]  // appended after what is there
        bytes.withUnsafeBufferPointer { OutputEncoding.appendJSONString($0, to: &text) }
        #expect(text.first == 0x5B)
        return Array(text.dropFirst())
    }

    /// The string a JSON reader reads from `literal`, or nil if it is no JSON string.
    static func decoded(_ literal: [UInt8]) -> String? {
        try? JSONDecoder().decode(String.self, from: Data(literal))
    }

    @Test func jsonStringsDecodeToTheirText() {
        let cases: [[UInt8]] = [
            [], Array("Åsa Öberg".utf8), Array("say \"hi\" \\ there".utf8), Array((0..<0x20).map { UInt8($0) }),
            [0x7F], Array("\u{2028}\u{2029}👩‍👩‍👧 李 ё".utf8), Array("tab\there\r\nend".utf8),
        ]
        for bytes in cases { #expect(Self.decoded(Self.appended(bytes)) == String(decoding: bytes, as: UTF8.self), "\(bytes)") }
        // The escapes themselves: short forms, lowercase hex, and nothing else escaped.
        #expect(Self.appended(Array("a\"b\u{1}\u{1F}\\".utf8)) == Array(#""a\"b\u0001\u001f\\""#.utf8))
        #expect(Self.appended(Array("\n\r\t".utf8)) == Array(#""\n\r\t""#.utf8))
        #expect(Self.appended(Array("\u{7F}\u{2028}é".utf8)) == Array("\"\u{7F}\u{2028}é\"".utf8))
        #expect(OutputEncoding.jsonString("ti\"tle") == #""ti\"tle""#)
    }

    @Test func illFormedUTF8BecomesReplacementCharacters() {
        let cases: [[UInt8]] = [
            [0x80], [0x61, 0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82, 0x22, 0x5C],
            [0xF0, 0x9F, 0x98], [0xFF, 0x0A],
        ]
        for bytes in cases {
            let text = Self.decoded(Self.appended(bytes))
            #expect(text == String(decoding: bytes, as: UTF8.self), "\(bytes)")
            #expect(text?.contains("\u{FFFD}") == true)
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

    @Test func csvFieldsOfBytesAreQuotedAndValid() {
        let cases: [([UInt8], String)] = [
            ([], ""), (Array("plain".utf8), "plain"), (Array("a,b".utf8), "\"a,b\""),
            (Array("\"\u{301}x".utf8), "\"\"\"\u{301}x\""), (Array("a\r\nb".utf8), "\"a\r\nb\""),
            ([0x22, 0xFF, 0x2C], "\"\"\"\u{FFFD},\""), ([0xC3], "\u{FFFD}"), ([0x61, 0x80, 0x62], "a\u{FFFD}b"),
        ]
        for (bytes, expected) in cases {
            var field: [UInt8] = []
            bytes.withUnsafeBufferPointer { OutputEncoding.appendCSVField($0, to: &field) }
            #expect(field == Array(expected.utf8), "\(bytes)")
        }
        var tab: [UInt8] = []
        Array("a\tb".utf8).withUnsafeBufferPointer { OutputEncoding.appendCSVField($0, delimiter: 0x09, to: &tab) }
        #expect(tab == Array("\"a\tb\"".utf8))
    }

    @Test func randomTextsDecodeToTheirText() {
        // Texts of pieces that are escaped, or of one to four bytes, and in one text in eight an
        // ill-formed byte: most written from their bytes, some repaired first. A fixed generator, so
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
            #expect(Self.decoded(Self.appended(bytes)) == String(decoding: bytes, as: UTF8.self), "\(bytes)")
        }
        #expect(byBytes > 15_000, "most texts are well-formed, written from their bytes")
    }
}
