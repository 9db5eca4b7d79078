import SectionSortICUSupport
import Testing

@testable import SectionSort

/// Every collator of an ``IndexedCollation`` writes ICU's keys: its own, each worker's clone, and
/// the primary-strength collators of search and the index (ICU's keys at primary strength without
/// a case level), though none of them calls ICU.
@Suite struct RuntimeKeyingTests {
    static let texts = ["", "a", "Åsa", "ÅSA", "Öberg", "ch", "-x", "x 1", "10", "9", "かめ", "カメ", "김", "中文", "é", "e\u{301}"]

    @Test(arguments: [
        "sv_SE", "en_US", "ja", "zh@collation=pinyin", "zh-Hant-u-co-stroke", "de-u-co-phonebk-kf-upper", "th", "vi", "ko",
        "es@collation=traditional", "fr_CA", "xx_YY",
    ])
    func everyCollatorOfACollationWritesICUsKeys(locale: String) throws {
        for options in [CollationOptions(), CollationOptions(ignoresCase: true, numeric: true, ignoresPunctuation: true)] {
            let collation = try IndexedCollation(locale: locale, options: options)
            let (canonical, attributes) = try CollatorAttributes.of(locale: locale, options: options)
            let icu = try ICUCollator(locale: canonical, attributes: attributes)
            var primaryAttributes = attributes
            primaryAttributes.strength = .primary
            primaryAttributes.caseLevel = false
            let icuPrimary = try ICUCollator(locale: canonical, attributes: primaryAttributes)
            let indexPrimary = collation.collator.withLock { $0.primaryOnlyClone() }
            for text in Self.texts {
                let expected = icu.sortKey(of: text), expectedPrimary = icuPrimary.sortKey(of: text)
                #expect(collation.sortKey(of: text) == expected, "\(locale) \(options) \(text)")
                #expect(collation.withWorkerCollator { $0.sortKey(of: text) } == expected, "\(locale) \(options) \(text): worker clone")
                #expect(
                    collation.withPrimaryWorkerCollator { $0.sortKey(of: text) } == expectedPrimary,
                    "\(locale) \(options) \(text): primary clone")
                #expect(indexPrimary.sortKey(of: text) == expectedPrimary, "\(locale) \(options) \(text): the index's primary clone")
            }
        }
    }
}
