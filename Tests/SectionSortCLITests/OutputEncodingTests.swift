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

    @Test func randomBytesMatchTheStringPath() {
        // Bytes weighted towards what is escaped or starts a sequence, so that most texts have
        // several of each; a fixed generator, so that a failure repeats.
        let alphabet: [UInt8] = [0x22, 0x5C, 0x00, 0x0A, 0x1F, 0x20, 0x61, 0x7F, 0x80, 0xBF, 0xC3, 0xA5, 0xE2, 0x80, 0xA8, 0xF0, 0x9F]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bytes = (0..<Int(state >> 60)).map { index in
                alphabet[Int((state >> UInt64(index * 4 % 56)) & 0xFF) % alphabet.count]
            }
            #expect(Self.appended(bytes) == Self.viaString(bytes), "\(bytes)")
        }
    }
}
