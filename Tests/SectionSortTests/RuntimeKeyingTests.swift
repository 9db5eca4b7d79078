import Testing

@testable import SectionSort

/// An ``IndexedCollation`` keys and compares with the package's collation runtime, never with ICU:
/// its own collator, each worker's clone and the primary-strength collators of search and the index
/// all carry the runtime (ICU is left only the data queries that have no runtime equivalent yet).
@Suite struct RuntimeKeyingTests {
    @Test(arguments: [
        "sv_SE", "en_US", "ja", "zh@collation=pinyin", "zh-Hant-u-co-stroke", "de-u-co-phonebk-kf-upper", "th", "vi", "ko",
        "es@collation=traditional", "fr_CA", "xx_YY",
    ])
    func everyCollatorOfACollationKeysWithTheRuntime(locale: String) throws {
        for options in [CollationOptions(), CollationOptions(ignoresCase: true, numeric: true, ignoresPunctuation: true)] {
            let collation = try IndexedCollation(locale: locale, options: options)
            #expect(collation.collator.withLock { $0.keysWithRuntime }, "\(locale) \(options)")
            #expect(collation.withWorkerCollator { $0.keysWithRuntime }, "\(locale) \(options): worker clone")
            #expect(collation.withPrimaryWorkerCollator { $0.keysWithRuntime }, "\(locale) \(options): primary clone")
            let indexPrimary = try collation.collator.withLock { collator throws(ICUError) in try collator.primaryOnlyClone() }
            #expect(indexPrimary.keysWithRuntime, "\(locale) \(options): the index's primary clone")
        }
    }
}
