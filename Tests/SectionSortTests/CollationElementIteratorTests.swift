import Foundation
import SectionSortICUSupport
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

    /// Our tailoring for ICU's name `locale@collation=type`.
    static func tailoring(_ name: String) -> CollationTailoring? {
        guard let at = name.firstIndex(of: "@") else { return CollationTailoring.named(name) }
        return CollationTailoring.named(String(name[..<at]), type: String(name[name.index(after: at)...].dropFirst("collation=".count)))
    }

    /// The texts among `texts` whose elements differ from ICU's, with both, at most `limit`.
    static func differences(
        _ texts: [String], _ tailoring: CollationTailoring, _ icu: ICUCollator, numeric: Bool = false, limit: Int = 5
    ) -> [String] {
        var found: [String] = []
        let checkFCD = icu.normalizes
        // One iterator, started over on each text as the collator does for each key: setting one
        // up reads its table of U+0000–U+017F, which for a million short texts costs minutes.
        var iterator = CollationElementIterator(
            data: tailoring.data, utf8: UnsafeBufferPointer(start: nil, count: 0), numeric: numeric, checkFCD: checkFCD)
        for text in texts {
            let expected = icu.collationElements(ofUTF16: Array(text.utf16))
            var actual: [UInt64] = []
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                iterator.reset(utf8: buffer)
                while true {
                    let ce = iterator.nextCE()
                    if ce == CE32.noCE { break }
                    actual.append(ce & ~0xC0)
                }
            }
            if expected != actual {
                let codePoints = text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                let hex = { (ces: [UInt64]) in ces.map { String($0, radix: 16) }.joined(separator: " ") }
                found.append("[\(codePoints)] ICU \(hex(expected)) ours \(hex(actual))")
                if found.count == limit { break }
            }
        }
        return found
    }

    /// The code points to test: every one Swift's Unicode data calls assigned, and every 64th
    /// of the others (unassigned, private use, noncharacters), surrogates excepted.
    static let codePoints: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value -> Unicode.Scalar? in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse: return value % 64 == 0 ? scalar : nil
        default: return scalar
        }
    }

    /// Alone, every code point: Swift's Unicode data may be older than ICU's.
    @Test func rootMatchesICUForEveryCodePointAlone() throws {
        let root = try #require(CollationTailoring.named("root"))
        let icu = try ICUCollator.opening("root")
        let texts = (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)).map { String(Character($0)) } }
        let found = Self.differences(texts, root, icu)
        #expect(found.isEmpty, "\(found)")
    }

    @Test(arguments: ["before a letter", "after a combining mark", "before a combining mark"])
    func rootMatchesICUForEveryCodePoint(position: String) throws {
        let root = try #require(CollationTailoring.named("root"))
        let icu = try ICUCollator.opening("root")
        let texts = Self.codePoints.map { scalar -> String in
            let character = String(Character(scalar))
            switch position {
            case "before a letter": return character + "b"
            case "after a combining mark": return "\u{0308}" + character
            default: return character + "\u{0323}"
            }
        }
        #expect(texts.count > 150_000)
        let found = Self.differences(texts, root, icu)
        #expect(found.isEmpty, "\(found)")
    }

    /// The first table entry of each distinct tailoring binary: ICU's name for it.
    static let distinctTailorings: [String] = {
        let table = CollationLocaleTable.shared
        var seen = Set<Int>()
        var names: [String] = []
        for (identifier, type) in table.identifiersAndTypes {
            guard let index = table.tailoringIndex(identifier, type: type), seen.insert(index).inserted else { continue }
            names.append(type.isEmpty ? identifier : "\(identifier)@collation=\(type)")
        }
        return names
    }()

    @Test func everyDistinctTailoringIsOpened() throws {
        #expect(Self.distinctTailorings.count == CollationLocaleTable.shared.tailoringCount)
        // The iterator gives ill-formed UTF-8 the elements of U+FFFD, as ICU gives it FFFD_CE32
        // directly: the same only while no tailoring maps U+FFFD itself.
        for name in Self.distinctTailorings {
            let tailoring = try #require(Self.tailoring(name))
            #expect(tailoring.data.finalCE32(0xFFFD).0 == CE32.fffd, "\(name)")
        }
    }

    /// Every character of each tailoring's tailored set and every contraction and prefix string,
    /// alone and after a letter (where prefixes look).
    @Test func tailoringsMatchICUOnTheirTailoredStrings() throws {
        var failures: [String] = []
        var compared = 0
        for name in Self.distinctTailorings {
            let icu = try ICUCollator.opening(name)
            let tailoring = try #require(Self.tailoring(name))
            let strings = try Set(icu.tailoredSet() + icu.contractionsAndPrefixes()).sorted()
            let texts = strings + strings.map { "a" + $0 }
            compared += texts.count
            let found = Self.differences(texts, tailoring, icu, limit: 3)
            if !found.isEmpty { failures.append("\(name): \(found)") }
        }
        #expect(compared > 100_000)
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// The key table leaves to the iterator the characters that contractions and prefixes (of
    /// characters it could cover) hold after their first one, and a long text is not cut before
    /// any character inside a contraction: the runtime reads them from its context tries, ICU
    /// lists them.
    @Test(arguments: [(SortKeyTable.codePointLimit, true), (SortKeyTable.codePointLimit, false), (0xD800, true), (0xD800, false)])
    func charactersInsideContextsMatchICU(limit: UInt32, onlyStringsBelowLimit: Bool) throws {
        var failures: [String] = []
        var nonEmpty = 0
        for name in Self.distinctTailorings {
            let icu = try ICUCollator.opening(name).codePointsInsideContractions(below: limit, onlyStringsBelowLimit: onlyStringsBelowLimit)
            let tailoring = try #require(Self.tailoring(name))
            let runtime = ContextCharacters.inside(tailoring, below: limit, onlyStringsBelowLimit: onlyStringsBelowLimit)
            if !icu.isEmpty { nonEmpty += 1 }
            if runtime != icu {
                failures.append("\(name): only ICU \(icu.subtracting(runtime).sorted()), only runtime \(runtime.subtracting(icu).sorted())")
            }
        }
        #expect(nonEmpty == Self.distinctTailorings.count)
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test func fcdCheckNormalizesOnlyWhatFailsIt() throws {
        let texts = [
            "a\u{0301}\u{0316}", "a\u{0316}\u{0301}", "\u{0F73}", "\u{0F75}\u{0F81}", "\u{0F71}\u{0F72}",
            "e\u{0302}\u{0323}", "\u{1EC7}\u{0301}", "\u{00C5}\u{0323}", "\u{212B}\u{0316}", "\u{0344}\u{0323}",
            "\u{0958}\u{093C}", "\u{1100}\u{1161}\u{11A8}\u{0301}", "\u{0301}\u{0301}a", "\u{1D15F}\u{0316}",
            "\u{0306}\u{0316}\u{0301}\u{0323}\u{0327}", "ạ\u{0302}\u{0300}",
        ]
        for name in ["root", "vi", "da", "pl", "ar", "ja", "sk"] {
            let icu = try ICUCollator.opening(name)
            let tailoring = try #require(CollationTailoring.named(name))
            for normalization in [false, true] {
                icu.setNormalization(normalization)
                let found = Self.differences(texts, tailoring, icu)
                #expect(found.isEmpty, "\(name) normalization \(normalization): \(found)")
            }
        }
    }

    @Test func numericCollationMatchesICU() throws {
        var texts = [
            "0", "7", "00", "007", "73", "74", "75", "327", "10233", "10234", "10235", "1042489", "1042490",
            "12345678", "100000000", "1000000000000", "1234567890123456789", "a1b22c333", "٣٤٥", "１２３",
            "१२३४५", "0.5", "1,000", "x0000000000000000000001",
        ]
        texts.append(String(repeating: "9", count: 300))
        texts.append("1" + String(repeating: "0", count: 260) + "7")
        texts.append(String(repeating: "12", count: 140))
        for name in ["root", "de", "ja", "th"] {
            let icu = try ICUCollator.opening(name)
            icu.setNumeric(true)
            let tailoring = try #require(CollationTailoring.named(name))
            let found = Self.differences(texts, tailoring, icu, numeric: true)
            #expect(found.isEmpty, "\(name): \(found)")
        }
    }

    /// Ill-formed UTF-8 reads as ICU reads the same text with each maximal ill-formed subpart
    /// replaced by U+FFFD (as Swift's decoding replaces it).
    @Test func illFormedUTF8ReadsAsReplacementCharacters() throws {
        let samples: [[UInt8]] = [
            [0x80], [0xC0, 0x80], [0xC2], [0x61, 0xE0, 0x80, 0x62], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xE3, 0x81], [0xF0, 0x9F, 0x98], [0xFF, 0x61], [0x63, 0xCC], [0x61, 0xCC, 0x88, 0xCC], [0xF8, 0x88, 0x80, 0x80, 0x80],
        ]
        let icu = try ICUCollator.opening("root")
        let root = try #require(CollationTailoring.named("root"))
        for bytes in samples {
            let repaired = String(decoding: bytes, as: UTF8.self)
            let expected = icu.collationElements(ofUTF16: Array(repaired.utf16))
            #expect(Self.elements(utf8: bytes, root.data) == expected, "\(bytes)")
        }
    }

    /// Random texts mixing scripts, combining marks, digits, Hangul syllables and jamo, kana with
    /// length and iteration marks, emoji sequences and Han, in locales with prefixes,
    /// contractions, reordering and normalization.
    @Test(arguments: [
        "root", "ja", "ko", "zh", "zh@collation=stroke", "sk", "es@collation=traditional", "vi", "th", "de@collation=phonebook", "ln", "hi",
        "si",
    ])
    func randomTextsMatchICU(name: String) throws {
        let pools: [[Unicode.Scalar]] = [
            Array("abcxyzABCZ åäöčšžñlłðþ-'.".unicodeScalars),
            (0x300...0x36F).compactMap(Unicode.Scalar.init) + [Unicode.Scalar(0x0E49)!, Unicode.Scalar(0x093C)!],
            Array("0123456789٠١٢".unicodeScalars),
            (0xAC00...0xAC40).compactMap(Unicode.Scalar.init) + (0x1100...0x1175).compactMap(Unicode.Scalar.init)
                + (0x11A8...0x11C2).compactMap(Unicode.Scalar.init),
            Array("かがきゝゞカヵヽヾーｰアァ".unicodeScalars),
            Array("中文字國語漢𠀀".unicodeScalars),
            Array("กขคเแโใไะาำ\u{0E31}\u{0E47}".unicodeScalars),
            Array("कखगक़\u{094D}\u{0901}".unicodeScalars),
            Array("😀👍🏽\u{200D}❤\u{FE0F}🇸🇪".unicodeScalars),
            Array("chllrrCHLl·ŀ".unicodeScalars),
        ]
        var generator = SeededGenerator(seed: name.utf8.reduce(0x5EED) { $0 &* 31 &+ UInt64($1) })
        let texts = (0..<4000).map { _ -> String in
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let pool = pools[Int.random(in: 0..<pools.count, using: &generator)]
                scalars.append(pool[Int.random(in: 0..<pool.count, using: &generator)])
            }
            return String(scalars)
        }
        let icu = try ICUCollator.opening(name)
        let tailoring = try #require(Self.tailoring(name))
        for normalization in [false, true] {
            icu.setNormalization(normalization)
            let found = Self.differences(texts, tailoring, icu)
            #expect(found.isEmpty, "\(name) normalization \(normalization): \(found)")
        }
    }

    /// Locale names the table does not list resolve to the tailoring ICU opens for them.
    @Test func localeNamesResolveAsICUResolvesThem() throws {
        var names = [
            "", "root", "xx", "und", "en-US", "de-AT", "zh-Hant-TW", "zh_TW", "zh_HK", "zh_Hans_SG", "sr-Latn-RS",
            "sr_Latn", "iw", "he_IL", "no", "nb_NO", "nn", "in", "id", "ja_JP", "ko-KR", "es_ES", "es-419", "pa_Arab",
            "az_Cyrl", "en_US_POSIX", "de__POSIX", "fil", "tl", "yue", "yue_Hans", "sv_FI", "fr_CA", "mo", "sh", "bs_Cyrl", "zh_TW_ZZ",
            "sh_RS", "iw-IL",
            "zh-MO", "zh_CN", "sr-RS", "no-NO", "EN_us", "sv-fi", "zh-hant-tw", "SR_latn_rs", "Root",
            "de@collation=phonebook", "de_AT@collation=phonebook",
            "de@collation=pinyin", "zh_TW@collation=pinyin", "zh@collation=zhuyin", "es@collation=traditional",
            "es_MX@collation=traditional", "ja@collation=unihan", "ko@collation=search", "sv@collation=reformed",
            "fi@collation=traditional", "en@collation=emoji", "root@collation=eor", "xx@collation=phonebook",
            "zh_Hant@collation=stroke", "zh@collation=standard",
        ]
        names += CollationLocaleTable.shared.identifiersAndTypes.filter { $0.type.isEmpty && !$0.identifier.isEmpty }
            .enumerated().filter { $0.offset % 7 == 0 }.map { $0.element.identifier + "_ZZ" }
        var differing: [String] = []
        for name in names {
            let icu = try ICUCollator.opening(name)
            let ours = try #require(Self.tailoring(name))
            if try icu.binary() != ours.binary {
                differing.append("\(name): ICU \(icu.actualLocale), ours \(ours.identifier) (\(ours.actualLocale))")
            }
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    /// Long texts of contractions: each is matched (a bound on matching work must not cut them).
    @Test func longRunsOfContractionsMatchICU() throws {
        for (name, unit) in [("sk", "ch"), ("es@collation=traditional", "ll"), ("ja", "かー"), ("th", "เก")] {
            let icu = try ICUCollator.opening(name)
            let tailoring = try #require(Self.tailoring(name))
            let found = Self.differences([String(repeating: unit, count: 3000)], tailoring, icu)
            #expect(found.isEmpty, "\(name): \(found.map { $0.prefix(300) })")
        }
    }
}
