import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// The benchmark's ICU comparator (`ucol_strcollUTF8` on every comparison, from the ICU oracle
/// opened as the collation opens its collator) must order strings as the library's sort keys do,
/// or the benchmark would time a different sort.
@Suite struct ICUComparatorTests {
    @Test(arguments: ["sv_SE", "de", "en_US", "ja_JP", "zh_Hant", "cs"])
    func comparatorAgreesWithSortKeys(locale: String) throws {
        for options in [CollationOptions(), CollationOptions(ignoresCase: true, ignoresAccents: true, numeric: true)] {
            let collation = try IndexedCollation(locale: locale, options: options)
            let strings = RandomStrings.make(600, seed: 17)
            let keys = strings.map { collation.sortKey(of: $0) }
            let icu = try ICUCollator(locale: locale, options: options)
            for index in 0..<strings.count {
                let other = (index * 7919 + 13) % strings.count
                var a = strings[index], b = strings[other]
                let order = a.withUTF8 { a in b.withUTF8 { b in icu.compare(utf8: a, b) } }
                let keyOrder = keys[index].lexicographicallyPrecedes(keys[other]) ? -1 : keys[index] == keys[other] ? 0 : 1
                #expect(
                    order.signum() == keyOrder,
                    "\(locale) \(options): \(strings[index].debugDescription) vs \(strings[other].debugDescription)")
            }
        }
    }

    /// Ill-formed bytes compare as U+FFFD, as they read everywhere else: in ICU's comparator and
    /// in the library's.
    @Test func illFormedBytesCompareAsReplacementCharacters() throws {
        let icu = try ICUCollator(locale: "sv_SE", options: CollationOptions())
        let library = try IndexedCollation(locale: "sv_SE").collator.withLock { $0.clone() }
        let pairs: [([UInt8], String)] = [
            ([0x61, 0xFF, 0x62], "a\u{FFFD}b"), ([0xC3], "\u{FFFD}"), ([0x7A, 0xE6, 0x9E], "z\u{FFFD}"), ([0xC3, 0xA5], "å"),
        ]
        for compare in [icu.compare(utf8:_:), library.compare(utf8:_:)] {
            for (bytes, text) in pairs {
                var replaced = text
                let order = bytes.withUnsafeBufferPointer { a in replaced.withUTF8 { b in compare(a, b) } }
                #expect(order == 0, "\(bytes) against \(text.debugDescription)")
                // One U+FFFD per ill-formed sequence, not one per byte or none.
                var doubled = text.replacingOccurrences(of: "\u{FFFD}", with: "\u{FFFD}\u{FFFD}")
                if doubled != text {
                    #expect(bytes.withUnsafeBufferPointer { a in doubled.withUTF8 { compare(a, $0) } } != 0, "\(bytes)")
                }
            }
        }
    }
}
