import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// The index built from the generated data is the index built from ICU's own locale data, for
/// every locale; and it keeps at most as many labels as ICU's `AlphabeticIndex`.
@Suite struct IndexDataTests {
    /// ICU's answers, asked at run time.
    static let icuLocaleData = IndexLocaleData(
        exemplars: { ICUReference.exemplars(of: $0, kind: $1 == .index ? .index : .standard) },
        scriptSamples: { ICUReference.scriptSamples() },
        isLatin: { ICUReference.script(of: $0.value) == ICUReference.latinScript })

    @Test func everyLocaleHasTheIndexOfICUsData() throws {
        let locales =
            Locale.availableIdentifiers + ["root", "xx_YY", "de@collation=phonebook", "ja@collation=unihan", "zh@collation=zhuyin"]
        var mismatches: [String] = []
        for locale in locales {
            let canonical = LocaleIdentifier.canonical(locale)
            let collator = try LocaleCollator(canonicalLocale: canonical, attributes: CollatorAttributes())
            let primary = collator.primaryOnlyClone()
            let generated = AlphabeticIndex(locale: canonical, collator: collator, primary: primary)
            let icu = AlphabeticIndex(locale: canonical, collator: collator, primary: primary, localeData: Self.icuLocaleData)
            if generated.titles != icu.titles || generated.boundaries != icu.boundaries || generated.bucketTitles != icu.bucketTitles {
                mismatches.append(locale)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// ICU's `AlphabeticIndex` keeps at most 100 of a longer list of labels (its maximum label
    /// count, 99, plus one), evenly spread and starting with the first; Vai has 269 syllables.
    @Test func vaiKeepsAsManyLabelsAsICU() throws {
        let vai = try IndexedCollation(locale: "vai")
        let letters = vai.sectionTitles.filter { $0 != AlphabeticIndex.otherTitle }
        #expect(letters.count == 100, "\(letters.count) titles")
        #expect(letters.first == "A")
        #expect(vai.sectionTitles.count < 296)
        let syllables = letters.filter { $0.unicodeScalars.first!.properties.generalCategory == .otherLetter }
        #expect(syllables.count > 80, "most kept labels are Vai syllables")
    }

    @Test func longLabelListsAreThinnedEvenly() {
        for count in [101, 102, 150, 240, 296, 1000] {
            let labels = (0..<count).map { String($0) }
            let kept = AlphabeticIndex.limited(labels).map { Int($0)! }
            #expect(kept.count == 100, "\(count)")
            #expect(kept.first == 0, "\(count)")
            let gaps = Set(zip(kept, kept.dropFirst()).map { $1 - $0 })
            let even = (count - 1) / 99
            #expect(gaps.isSubset(of: [even, even + 1]), "\(count): gaps \(gaps.sorted())")
        }
        let short = (0..<100).map { String($0) }
        #expect(AlphabeticIndex.limited(short) == short, "100 labels are all kept")
    }
}
