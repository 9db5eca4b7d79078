import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// The index is built from probes of the collation (its boundary contractions, the primary weights
/// of its labels) instead of an enumeration of every contraction and a collation element iterator,
/// as ICU's own `AlphabeticIndex` builds it: the index from ICU's enumeration and iterator, and from
/// the runtime's, must be the same, and the index must section as ICU's does.
@Suite struct AlphabeticIndexTests {
    /// Locales whose indexes exercise every path: Latin with own letters (sv, cs with CH, da), kana
    /// (ja), jamo (ko), right-to-left (ar), the Han tailorings' pinyin, stroke, zhuyin and radical
    /// index characters, labels with several primary weights (km, mt), an expanding tailoring (de
    /// phonebook) and root (en, and an unknown locale).
    static let locales = [
        "sv_SE", "ja_JP", "zh_Hant", "zh", "ko_KR", "ar_SA", "en_US", "km", "mt", "cs", "da", "th", "hi", "ru",
        "zh@collation=zhuyin", "ja@collation=unihan", "yue", "de@collation=phonebook", "xx_YY",
    ]

    @Test(arguments: locales)
    func probingGivesTheIndexOfICUsEnumeration(locale: String) throws {
        let canonical = LocaleIdentifier.canonical(locale)
        for attributes in [CollatorAttributes(), CollatorAttributes(strength: .primary, numeric: true)] {
            let collator = try LocaleCollator(canonicalLocale: canonical, attributes: attributes)
            let icu = try ICUCollator(locale: canonical, attributes: attributes)
            let enumeratedByICU = AlphabeticIndex.Enumeration(
                contractions: { (try? icu.contractions(startingWith: $0)) ?? [] }, primaryWeightCount: icu.primaryWeightCount(of:))
            let probed = AlphabeticIndex(locale: canonical, collator: collator, method: .probing)
            for (name, enumeration) in [("ICU", enumeratedByICU), ("runtime", .of(collator.primaryOnlyClone()))] {
                let reference = AlphabeticIndex(locale: canonical, collator: collator, method: .enumerating(enumeration))
                #expect(probed.titles == reference.titles, "\(locale), \(name)'s enumeration")
                #expect(probed.boundaries == reference.boundaries, "\(locale), \(name)'s enumeration")
                #expect(probed.bucketTitles == reference.bucketTitles, "\(locale), \(name)'s enumeration")
            }
            #expect(probed.titles.count > 1 && probed.boundaries.count == probed.bucketTitles.count, "\(locale)")
        }
    }

    /// The index's boundary contractions (U+FDD0 and U+FDD1 and what follows), read from the
    /// runtime's data, are ICU's, as arrays of code points (Strings would compare canonical
    /// equivalents equal).
    @Test(arguments: locales)
    func boundaryContractionsAreICUs(locale: String) throws {
        let canonical = LocaleIdentifier.canonical(locale)
        let collator = try LocaleCollator(canonicalLocale: canonical, attributes: CollatorAttributes())
        let icu = try ICUCollator(locale: canonical, attributes: CollatorAttributes())
        for first in [Unicode.Scalar(UInt32(0xFDD0))!, Unicode.Scalar(UInt32(0xFDD1))!] {
            let ours = collator.contractions(startingWith: first).map { $0.unicodeScalars.map(\.value) }
            let theirs = try icu.contractions(startingWith: first).map { $0.unicodeScalars.map(\.value) }
            #expect(Set(ours) == Set(theirs) && ours.count == Set(ours).count, "\(locale) U+\(String(first.value, radix: 16))")
            if first.value == 0xFDD1 { #expect(ours.count > 100, "\(locale): a boundary for each script") }
        }
    }

    /// Strings with one and several primary weights: runs of more than 13 and 26 uncased
    /// elements, upper and mixed case, combining marks (no primary weight of their own),
    /// expansions (Khmer independent vowels, Hangul syllables, ligatures, phonebook umlauts) and
    /// contractions (Czech CH, the index contractions).
    static let weightedStrings =
        [
            "", "a", "A", "ab", "AB", "Ab", "aB", "ǅ", "Ǆ", "ﬁ", "Ä", "A\u{308}", "\u{308}", "IE", "CH", "ch", "Ch",
            "ឥ", "អ", "ឦ", "ឱ", "가", "각", "ㄱ", "あ", "カ", "ー", "カー", "林", "9", "42", "-", " ", "ä", "ö", "Öl",
            String(repeating: "a", count: 13), String(repeating: "a", count: 14), String(repeating: "b", count: 27),
            String(repeating: "B", count: 17), String(repeating: "xY", count: 20), "abcdefghijklmnopQRSTUVwxyz",
        ] + [[0xFDD1, 0x4C], [0xFDD1, 0xFDD0], [0xFDD0, 0x41], [0xFDD0, 0x49], [0xFDD0, 0x2801]].map(string(of:))

    /// A string of the code points `values` (noncharacters such as U+FDD0 cannot be written in literals).
    private static func string(of values: [UInt32]) -> String {
        String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
    }

    @Test(arguments: ["root", "km", "mt", "cs", "ja", "ko", "zh", "zh_Hant", "de@collation=phonebook", "sv"])
    func primaryWeightsFromSortKeysMatchCollationElements(locale: String) throws {
        let primary = try LocaleCollator(canonicalLocale: locale, attributes: CollatorAttributes()).primaryOnlyClone()
        let icu = try ICUCollator(locale: locale, attributes: CollatorAttributes(strength: .primary))
        let exemplars = ICULocaleData.exemplars(of: locale, kind: .index) ?? []
        let texts = Self.weightedStrings + exemplars
        let counts = primary.primaryWeightCounts(of: texts)
        for (text, count) in zip(texts, counts) {
            let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }
            #expect(count == icu.primaryWeightCount(of: text), "\(locale): \(scalars) against ICU's iterator")
            #expect(count == primary.primaryWeightCount(of: text), "\(locale): \(scalars) against the runtime's iterator")
        }
    }

    @Test func someLabelsHaveSeveralPrimaryWeights() throws {
        // The probes must see them: each such label gets an invisible bucket that sends what sorts
        // after all its weights back to the previous letter.
        let primary = try LocaleCollator(canonicalLocale: "km", attributes: CollatorAttributes()).primaryOnlyClone()
        #expect(primary.primaryWeightCounts(of: ["ឥ", "អ", "IE", "가", "ﬁ", String(repeating: "a", count: 30)]) == [2, 1, 2, 2, 2, 30])
    }

    @Test func maltesesIEKeepsOnlyWhatStartsWithIE() throws {
        // "IE" is a letter of Maltese with two primary weights (I, E): words after "IE…" in
        // collation order belong to I again, not to IE.
        let maltese = try IndexedCollation(locale: "mt")
        let titles = maltese.sectionTitles
        #expect(titles.firstIndex(of: "IE") == titles.firstIndex(of: "I")! + 1)
        #expect(titles[maltese.section(for: "Iebbla")] == "IE")
        #expect(titles[maltese.section(for: "Ilma")] == "I")
        #expect(titles[maltese.section(for: "Iben")] == "I")
        #expect(titles[maltese.section(for: "Jum")] == "J")
    }

    @Test func scriptBoundariesSendUnlabelledScriptsToOther() throws {
        // Swedish has no Greek, Cyrillic or Han letters: they fall into "#" between the script
        // boundaries the probes found, while Latin extensions stay with their letter.
        let swedish = try IndexedCollation(locale: "sv_SE")
        let other = swedish.otherSectionIndex
        for text in ["Ωmega", "Жанна", "林丹", "ガ", "ש", "123", "😀"] {
            #expect(swedish.section(for: text) == other, "\(text)")
        }
        #expect(swedish.sectionTitles[swedish.section(for: "Ærø")] == "Ä")
        #expect(swedish.sectionTitles[swedish.section(for: "Zorn")] == "Z")
        #expect(swedish.sectionTitles[swedish.section(for: "Ångström")] == "Å")
        // Japanese labels kana and falls back to "#" for Hangul; Korean the other way round.
        let japanese = try IndexedCollation(locale: "ja_JP"), korean = try IndexedCollation(locale: "ko_KR")
        #expect(japanese.sectionTitles[japanese.section(for: "がっこう")] == "か")
        #expect(japanese.section(for: "한국") == japanese.otherSectionIndex)
        #expect(korean.sectionTitles[korean.section(for: "한국")] == "ㅎ")
        #expect(korean.section(for: "がっこう") == korean.otherSectionIndex)
    }

    @Test func hanIndexFamiliesAreFound() throws {
        let zhuyin = try IndexedCollation(locale: "zh@collation=zhuyin")
        #expect(zhuyin.sectionTitles.dropFirst(26).first == "ㄅ")
        #expect(zhuyin.sectionTitles.count == 26 + 36 + 1, "the 36 zhuyin letters with index entries")
        // The 26 Latin letters and 214 Kangxi radicals are more labels than ICU keeps: every
        // second or third of them stays, evenly spread (see IndexDataTests).
        let radicals = try IndexedCollation(locale: "ja@collation=unihan")
        #expect(radicals.sectionTitles.count == 100 + 1)
        #expect(radicals.sectionTitles.first == "A" && radicals.sectionTitles.contains("一"))
    }
}
