import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// The data generated from ICU gives what ICU gives: the script of every code point, the script
/// samples, every locale's exemplar characters and the Han-Latin/Names transform.
@Suite struct GeneratedDataTests {
    @Test func everyCodePointHasICUsScript() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            let script = UnicodeScripts.script(of: value)
            if script != Int(ICUReference.script(of: value)) && mismatches.count < 10 {
                mismatches.append("U+\(String(value, radix: 16)): \(script), ICU \(ICUReference.script(of: value))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(UnicodeScripts.latin == Int(ICUReference.latinScript) && UnicodeScripts.han == Int(ICUReference.hanScript))
        #expect(ICULocaleData.isLatin("A") && ICULocaleData.isHan("林") && !ICULocaleData.isHan("あ"))
    }

    @Test func scriptSamplesAreICUs() {
        #expect(ICULocaleData.scriptSamples() == ICUReference.scriptSamples())
    }

    /// Foundation's available locales, root, and identifiers that are not among them: with
    /// keywords, extra subtags, an unknown region.
    static let locales =
        Locale.availableIdentifiers + [
            "root", "sv_SE_POSIX", "de@collation=phonebook", "zh@collation=zhuyin", "ja_JP@collation=unihan", "en_US_POSIX",
            "zh_Hant_XX", "sr_Latn_ZZ",
        ]

    @Test func exemplarsAreICUsForEveryLocale() {
        for locale in Self.locales {
            let index = ICUReference.exemplars(of: locale, kind: .index)
            #expect(ICULocaleData.exemplars(of: locale, kind: .index) == index, "\(locale)")
            if index == nil {
                #expect(
                    ICULocaleData.exemplars(of: locale, kind: .standard) == ICUReference.exemplars(of: locale, kind: .standard), "\(locale)"
                )
            }
        }
    }

    /// ICU gives a language it has no data for the exemplars of the process's default locale; the
    /// data gives root's, whatever the environment.
    @Test func unknownLanguagesGetRootsExemplars() {
        for locale in ["xx", "xx_YY", "qq@collation=phonebook"] {
            for kind in [ICULocaleData.ExemplarKind.index, .standard] {
                let root = ICUReference.exemplars(of: "root", kind: kind == .index ? .index : .standard)
                #expect(ICULocaleData.exemplars(of: locale, kind: kind) == root, "\(locale)")
            }
        }
    }
}
