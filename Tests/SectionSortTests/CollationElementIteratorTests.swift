import Foundation
import Testing

@testable import SectionSort

/// The collation runtime's elements against ICU's own (ucol_openElements/ucol_next) for the same
/// locale, type and settings: ICU hands out each 64-bit element in two 32-bit halves without the
/// quaternary bits, so those two bits are masked from ours before comparing.
@Suite struct CollationElementIteratorTests {
    /// Our elements of `text`.
    static func elements(_ text: String, _ tailoring: CollationTailoring, numeric: Bool = false, checkFCD: Bool = false) -> [UInt64] {
        elements(utf8: Array(text.utf8), tailoring.data, numeric: numeric, checkFCD: checkFCD)
    }

    static func elements(utf8: [UInt8], _ data: CollationData, numeric: Bool = false, checkFCD: Bool = false) -> [UInt64] {
        utf8.withUnsafeBufferPointer { buffer in
            var iterator = CollationElementIterator(data: data, utf8: buffer, numeric: numeric, checkFCD: checkFCD)
            var result: [UInt64] = []
            while true {
                let ce = iterator.nextCE()
                if ce == CE32.noCE { break }
                result.append(ce & ~0xC0)
            }
            return result
        }
    }

    /// The texts among `texts` whose elements differ from ICU's, with both, at most `limit`.
    static func differences(
        _ texts: [String], _ tailoring: CollationTailoring, _ icu: ICUCollator, numeric: Bool = false, limit: Int = 5
    ) -> [String] {
        var found: [String] = []
        let checkFCD = icu.normalizes
        for text in texts {
            let expected = icu.collationElements(ofUTF16: Array(text.utf16))
            let actual = elements(text, tailoring, numeric: numeric, checkFCD: checkFCD)
            if expected != actual {
                let codePoints = text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                let hex = { (ces: [UInt64]) in ces.map { String($0, radix: 16) }.joined(separator: " ") }
                found.append("[\(codePoints)] ICU \(hex(expected)) ours \(hex(actual))")
                if found.count == limit { break }
            }
        }
        return found
    }

    @Test func rootSmoke() throws {
        let root = try #require(CollationTailoring.named("root"))
        let icu = try ICUCollator.opening("root")
        let texts = [
            "a", "ab", "Å", "ä", "中", "가", "각", "ᄀ", "😀", "\u{FFFD}", "1234", "ǅ", "\u{0301}", "a\u{0301}", "ﬃ", "\u{10FFFF}", "\u{E0001}",
            "𗀀",
        ]
        let found = Self.differences(texts, root, icu)
        #expect(found.isEmpty, "\(found)")
    }
}
