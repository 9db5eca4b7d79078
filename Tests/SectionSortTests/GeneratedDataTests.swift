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
    /// keywords, extra subtags, an unknown region or language.
    static let locales =
        Locale.availableIdentifiers + [
            "root", "sv_SE_POSIX", "de@collation=phonebook", "zh@collation=zhuyin", "ja_JP@collation=unihan", "xx_YY", "xx",
            "en_US_POSIX", "zh_Hant_XX", "sr_Latn_ZZ", "qq",
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
}
