import Testing

@testable import SectionSort

/// The scans that read lines check UTF-8 and find line feeds eight bytes at a time (whole words
/// of ASCII, two- and three-byte sequences at once), and keys are transcoded to UTF-16 eight
/// ASCII bytes at a time: their answers must be those of a byte-by-byte reading, wherever a
/// sequence or a line feed falls relative to the words.
@Suite struct UTF8ScanningTests {
    /// Byte strings of ASCII, line feeds, two- and three-byte sequences (the words checked whole,
    /// with the bounds of E0's and ED's second bytes), with four-byte sequences and every kind of
    /// ill-formed byte mixed in at any position.
    private static func byteStrings(count: Int, seed: UInt64, invalidEvery: Int) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        let common: [[UInt8]] = [
            Array("a".utf8), Array("Zo".utf8), Array("Ö".utf8), Array("ж".utf8), Array("é".utf8), [0x0A], Array("\r\n".utf8),
            Array("ß".utf8), [0x7F], [0xC2, 0x80], [0xDF, 0xBF], Array("林".utf8), Array("ก".utf8), Array("क".utf8),
            Array("한".utf8), [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
        ]
        let rare: [[UInt8]] = [
            Array("😀".utf8), [0xF4, 0x8F, 0xBF, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xBF, 0xBF], [0xE1, 0x41], [0xEC, 0x80, 0x0A],
            [0xE1, 0x80, 0xC3, 0xA9], [0xE1, 0xC3, 0xA9],
            [0xFF], [0x80], [0xBF], [0xC3], [0xC0, 0xAF], [0xC1, 0xBF], [0xE6, 0x9E], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80], [0xF8], [0xC3, 0xC3], [0xC3, 0x0A], [0xDF, 0x41],
        ]
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...40, using: &generator)).flatMap { _ in
                Int.random(in: 0..<invalidEvery, using: &generator) == 0
                    ? rare[Int.random(in: 0..<rare.count, using: &generator)] : common[Int.random(in: 0..<common.count, using: &generator)]
            }
        }
    }

    /// The offset of the first byte that does not start a well-formed sequence: the length of
    /// the longest well-formed prefix (no prefix that cuts an ill-formed sequence is well-formed).
    private static func referenceFirstInvalid(_ bytes: [UInt8]) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        return (0...bytes.count).last { String(validating: bytes[..<$0], as: UTF8.self) != nil }
    }

    @Test(arguments: [2, 12, 1000])
    func scansAgreeWithAByteByByteReading(invalidEvery: Int) {
        for bytes in Self.byteStrings(count: 4000, seed: UInt64(invalidEvery), invalidEvery: invalidEvery) {
            // Every alignment of the bytes relative to 8-byte words.
            for shift in 0..<8 {
                let shifted = [UInt8](repeating: 0x41, count: shift) + bytes
                shifted.withUnsafeBufferPointer { whole in
                    let buffer = UnsafeBufferPointer(rebasing: whole[shift...])
                    let expected = Self.referenceFirstInvalid(bytes)
                    #expect(UTF8Decoding.firstInvalidOffset(buffer) == expected, "\(bytes)")
                    let scan = UTF8Decoding.lineFeedsAndFirstInvalidOffset(buffer, validating: true)
                    #expect(scan.firstInvalid == expected, "\(bytes)")
                    let unchecked = UTF8Decoding.lineFeedsAndFirstInvalidOffset(buffer, validating: false)
                    #expect(unchecked.firstInvalid == nil)
                    #expect(unchecked.lineFeeds == bytes.count { $0 == 0x0A }, "\(bytes)")
                    if expected == nil { #expect(scan.lineFeeds == unchecked.lineFeeds) }
                    let units = [UInt16](unsafeUninitializedCapacity: max(1, bytes.count)) { destination, count in
                        count = UTF8Decoding.transcodeToUTF16(buffer, into: destination.baseAddress!)
                    }
                    #expect(units == Array(String(decoding: bytes, as: UTF8.self).utf16), "\(bytes)")
                }
            }
        }
    }
}
