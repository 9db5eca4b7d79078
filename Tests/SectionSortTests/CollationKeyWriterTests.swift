import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// The sort key writer, fed with ICU's own collation elements, writes ICU's `ucol_getSortKey`
/// bytes under every setting: this checks the writer, the settings and the script reordering
/// apart from the collation element iterator.
@Suite struct CollationKeyWriterTests {
    typealias Attribute = CollationSettingsTests.Attribute
    typealias Value = CollationSettingsTests.Value

    /// Collation elements from an array, then the end.
    struct Elements: CollationElementSource {
        let elements: [UInt64]
        var position = 0
        init(_ elements: [UInt64]) { self.elements = elements }
        mutating func nextCE() -> UInt64 {
            defer { position += 1 }
            return position < elements.count ? elements[position] : CollationKeyWriter.endOfElements
        }
    }

    /// One way of setting up a collator, applied the same way to ICU's and to our settings.
    struct Setup: CustomStringConvertible, Sendable {
        var description: String
        var apply: @Sendable (ICUCollator, inout CollationSettings) throws -> Void
    }

    static func attribute(
        _ name: String, _ attribute: Int32, _ value: Int32, _ change: @escaping @Sendable (inout CollationSettings) -> Void
    ) -> Setup {
        Setup(description: name) { icu, settings in
            try icu.setAttribute(attribute, value)
            change(&settings)
        }
    }

    static func combined(_ setups: Setup...) -> Setup {
        Setup(description: setups.map(\.description).joined(separator: "+")) { icu, settings in
            for setup in setups { try setup.apply(icu, &settings) }
        }
    }

    static let primary = attribute("primary", Attribute.strength, 0) { $0.setStrength(.primary) }
    static let secondary = attribute("secondary", Attribute.strength, 1) { $0.setStrength(.secondary) }
    static let tertiary = attribute("tertiary", Attribute.strength, 2) { $0.setStrength(.tertiary) }
    static let quaternary = attribute("quaternary", Attribute.strength, 3) { $0.setStrength(.quaternary) }
    static let identical = attribute("identical", Attribute.strength, 15) { $0.setStrength(.identical) }
    static let shifted = attribute("shifted", Attribute.alternate, Value.shifted) { $0.setShifted(true) }
    static let nonIgnorable = attribute("non-ignorable", Attribute.alternate, Value.nonIgnorable) { $0.setShifted(false) }
    static let lowerFirst = attribute("lowerFirst", Attribute.caseFirst, Value.lowerFirst) { $0.setCaseFirst(.lowerFirst) }
    static let upperFirst = attribute("upperFirst", Attribute.caseFirst, Value.upperFirst) { $0.setCaseFirst(.upperFirst) }
    static let caseFirstOff = attribute("caseFirstOff", Attribute.caseFirst, Value.off) { $0.setCaseFirst(.off) }
    static let caseLevel = attribute("caseLevel", Attribute.caseLevel, Value.on) {
        $0.setFlag(CollationSettings.caseLevel, true)
    }
    static let french = attribute("french", Attribute.french, Value.on) { $0.setFlag(CollationSettings.backwardSecondary, true) }
    static let numeric = attribute("numeric", Attribute.numeric, Value.on) { $0.setFlag(CollationSettings.numeric, true) }
    static let normalization = attribute("normalization", Attribute.normalization, Value.on) {
        $0.setFlag(CollationSettings.checkFCD, true)
    }
    static func maxVariable(_ group: CollationSettings.MaxVariable) -> Setup {
        Setup(description: "maxVariable=\(group)") { icu, settings in
            try icu.setMaxVariable(CollationScripts.firstSpecialGroup + group.rawValue)
            settings.setMaxVariable(group)
        }
    }
    static func reorder(_ codes: [Int32]) -> Setup {
        Setup(description: "reorder=\(codes)") { icu, settings in
            try icu.setReorderCodes(codes)
            try settings.setReorderCodes(codes)
        }
    }

    static let defaults = Setup(description: "defaults") { _, _ in }

    /// The library's options (CollationOptions.icuSettings) and the settings locales' keywords reach.
    static let setups: [Setup] = [
        defaults, primary, secondary, tertiary, quaternary, identical,
        combined(primary, caseLevel),  // ignores accents but not case
        combined(secondary, caseLevel), combined(tertiary, caseLevel), combined(quaternary, caseLevel),
        combined(primary, caseLevel, upperFirst), combined(tertiary, caseLevel, upperFirst),
        lowerFirst, upperFirst, caseFirstOff, combined(quaternary, upperFirst), combined(identical, lowerFirst),
        shifted, combined(shifted, quaternary), combined(shifted, identical), combined(shifted, primary),
        combined(shifted, quaternary, maxVariable(.space)), combined(shifted, quaternary, maxVariable(.symbol)),
        combined(shifted, quaternary, maxVariable(.currency)), combined(nonIgnorable, quaternary),
        french, combined(french, caseLevel), combined(french, shifted, quaternary), combined(french, identical),
        numeric, combined(numeric, primary), combined(numeric, shifted, quaternary),
        normalization, combined(normalization, identical),
        combined(secondary, upperFirst), combined(tertiary, lowerFirst, caseLevel),
    ]

    /// Script reorderings: 14 lists of scripts, groups and "others".
    static let reorderings: [Setup] = [
        reorder([25]), reorder([8]), reorder([14, 25]), reorder([17, 22]), reorder([20, 17, 25]), reorder([0x1004]),
        reorder([0x1004, 25]), reorder([0x1002, 0x1001, 0x1000]), reorder([0x1003, 0x1004, 8, 25]),
        reorder([103, 25]), reorder([8, 103, 25, 14]), reorder([2, 19, 38]), reorder([10, 5, 18]),
        reorder([0x1000, 0x1001, 0x1002, 0x1003, 0x1004, 25, 8, 14, 2, 19]), reorder([38, 103]),
        combined(reorder([8, 103, 25]), shifted, quaternary), combined(reorder([0x1001, 103]), shifted, identical),
    ]

    /// Texts in many scripts, with case, accents, digits, punctuation, symbols, combining
    /// sequences, kana with length and iteration marks, Hangul syllables and jamo, emoji, long
    /// runs (compression starts over every 33, 97 and 113 weights) and U+FFFE (the merge separator).
    static let texts: [String] = {
        var texts = [
            "", "a", "A", "ab", "Ab", "AB", "aB", "résumé", "Résumé", "resume", "cote", "côte", "coté", "côté",
            "Straße", "STRASSE", "ǅemal", "Œuvre", "ﬁnal", "Ångström", "Ærø", "ch", "Ch", "CH", "ll", "ñandú",
            "Москва", "москва", "Ёлка", "ёлка", "Ελλάδα", "ελλάδα", "ΆΈΉ", "العربية", "عَرَبِيّ", "עִבְרִית", "עברית",
            "ภาษาไทย", "เกม", "แก่", "हिन्दी", "क़", "क़", "দেবনাগরী", "中文", "中國", "张伟", "林", "𠀀𪚥",
            "ひらがな", "カタカナ", "カーター", "かあたあ", "ゝゞヽヾ", "いすゞ", "ｶﾀｶﾅ", "ア゙", "한국어", "한글",
            "\u{1100}\u{1161}\u{11A8}", "ㄱㄴㄷ", "가각갂", "0", "7", "12", "Track 2", "Track 10", "track 02",
            "٣٤", "१२३", "๑๒", "3.14", "-1", "a-b", "a b", "a_b", "a'b", "$5", "€5", "¥", "@#%&", "…",
            "😀", "👍🏽", "👨‍👩‍👧", "🇸🇪", "e\u{301}", "e\u{301}\u{323}", "e\u{323}\u{301}", "\u{301}",
            "a\u{FFFE}b", "côte\u{FFFE}coté", "\u{FFFD}", "\u{10FFFF}", "\u{E000}", "\u{0378}", "\u{2FFFF}",
            "\u{1F600}\u{301}", "x\u{200B}y", "\u{00AD}", "Ǆ", "ǆ", "ﬀ",
            "เ", "กเ", "เก่า", "เ\u{E48}ก", "แเโก", "chch", "ch\u{301}", "cH", "\u{E40}\u{E01}\u{301}",
        ]
        texts.append(String(repeating: "a", count: 40))
        texts.append(String(repeating: "aB", count: 60))
        texts.append(String(repeating: "e\u{301}", count: 40))
        texts.append(String(repeating: " ", count: 130))
        texts.append(String(repeating: "a ", count: 130))
        texts.append(String(repeating: "Ab", count: 120))
        texts.append(String(repeating: "-a", count: 200))
        var generator = SeededGenerator(seed: 21)
        let pieces = [
            "a", "A", "é", "Ö", "ß", "z", "ж", "Я", "ω", "Ά", "ا", "ב", "ก", "เ", "ค", "्", "न", "中", "林", "あ", "ア",
            "ー", "ゝ", "ヽ", "가", "힣", "\u{1100}", "\u{1161}", "\u{11A8}", "0", "9", "١", " ", "-", ".", "'", "$",
            "😀", "\u{301}", "\u{308}", "\u{323}", "\u{FFFE}", "\u{E000}", "Σ", "ǅ",
        ]
        for _ in 0..<300 {
            let length = Int.random(in: 1...12, using: &generator)
            texts.append((0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        return texts
    }()

    /// A sample of locales with each kind of tailoring and default setting.
    static let locales = [
        "root", "en", "de", "de@collation=phonebook", "sv", "fi", "da", "nb", "cs", "sk", "pl", "hu", "tr", "lt",
        "es", "es@collation=traditional", "fr", "fr_CA", "vi", "ru", "uk", "sr", "el", "ar", "fa", "he", "th",
        "hi", "bn", "ta", "si", "ja", "ja@collation=unihan", "zh", "zh@collation=stroke", "zh@collation=zhuyin",
        "zh_Hant", "ko", "ko@collation=search", "mn", "km", "my", "am", "root@collation=emoji",
    ]

    /// Our key from ICU's elements under `settings`, and ICU's key.
    static func keys(_ text: String, icu: ICUCollator, settings: CollationSettings, writer: inout CollationKeyWriter)
        -> (ours: [UInt8], icu: [UInt8])
    {
        var elements = Elements(icu.collationElements(of: text))
        var key: [UInt8] = []
        RootCollationData.compressibleBytes.withUnsafeBufferPointer { compressible in
            writer.appendSortKey(
                from: &elements, settings: settings, compressibleBytes: compressible,
                identical: { body in ICUCollationInternals.nfd(text).withUnsafeBufferPointer(body) }, to: &key)
        }
        return (key, icu.sortKey(utf16: Array(text.utf16)))
    }

    /// Compares every text's key in `locale` under `setup`, returning how many were compared;
    /// a difference names the locale, the setup and the text's code points.
    static func compare(_ locale: String, _ setup: Setup, texts: [String] = texts) throws -> Int {
        let icu = try ICUCollator.opening(locale)
        var settings = try RootCollationData.defaultSettings(locale)
        try setup.apply(icu, &settings)
        // ICU's element iterator drops the quaternary bits of the elements, which Japanese
        // tailors (hiragana before katakana): its quaternary level is compared end to end only.
        if locale.hasPrefix("ja") && settings.strength.rawValue >= CollationSettings.Strength.quaternary.rawValue { return 0 }
        var writer = CollationKeyWriter()
        var failures = 0
        for text in texts {
            let (ours, theirs) = keys(text, icu: icu, settings: settings, writer: &writer)
            if ours != theirs && failures < 5 {
                failures += 1
                let codePoints = text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
                Issue.record(
                    "\(locale) \(setup) [\(codePoints.joined(separator: " "))]: ours \(hex(ours)) ICU \(hex(theirs))")
            }
        }
        return texts.count
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
    }

    @Test(arguments: locales)
    func writesICUKeysUnderEverySetup(locale: String) throws {
        var compared = 0
        for setup in Self.setups { compared += try Self.compare(locale, setup) }
        #expect(compared >= Self.setups.count / 2 * Self.texts.count)
    }

    @Test(arguments: ["root", "en", "ru", "ja", "zh", "ko", "el", "ar", "th", "hi"])
    func writesICUKeysUnderReordering(locale: String) throws {
        for setup in Self.reorderings { _ = try Self.compare(locale, setup) }
    }

    @Test func writesICUKeysForEveryLocaleAtItsDefaults() throws {
        let sample = Array(Self.texts.prefix(140))
        var compared = 0
        for locale in CollationSettingsTests.locales { compared += try Self.compare(locale, Self.defaults, texts: sample) }
        #expect(compared > 700 * sample.count)
    }

    /// The loop for keys up to the tertiary level takes the characters that need no context from
    /// the iterator's `forEachCE` loop, the general loop takes every element from `nextCE`: both
    /// write the same key, for texts whose characters go either way (ASCII and Latin-1 before a
    /// combining mark or not, letters of other scripts from a tailoring or the root, contractions,
    /// Hangul, ill-formed UTF-8), shifted or not, at each strength.
    @Test(arguments: [
        "sv_SE", "en", "ja", "zh", "ko", "el", "th", "ru", "vi", "hi", "ar", "de-u-ka-shifted", "en-u-ks-level1",
        "da-u-ks-level2", "ja-u-ka-shifted-ks-level1", "en-u-kk-true",
    ])
    func writesTheSameKeysInTheFusedLoopAsInTheGeneralOne(locale: String) throws {
        let collator = try Collator(locale: locale)
        let writer = CollationKeyWriter()
        let extra = [
            "Åsa a\u{308}b", "a\u{308}\u{301}", "ö\u{323}", "-x y", "- \u{301}x", "a -\u{301}- b", "かがか\u{3099}ー",
            "각\u{1100}\u{1161}", "ฉันเแก", "αά\u{345}ω", "ǅ\u{301}", "ſt", "\u{17F}\u{301}",
            "กุ่ม", "ก\u{E39}\u{E48}ข", "ก\u{E48}\u{E39}ข", "\u{E38}ก", "เกุ", "क़्ष", "ཀ\u{F73}ཁ", "ཀ\u{F71}\u{F72}", "e\u{301}\u{316}x",
            // Characters with prepared elements: several (expansions, Hangul syllables), one
            // before a starter only (followed by a mark, a letter above U+0300, the end),
            // unassigned and ignorable ones, after variable ones.
            "éÉü ёЁ\u{308}", "가힣\u{1100}\u{1161}각", "aäa\u{308}aαa", "ο\u{301}ά\u{345}ά", "\u{378}\u{FFFF}\u{E000}x",
            "a\u{200B}b -\u{200B}x", "ก\u{E31}กา", "カ\u{3099}ガーか", "άβή\u{301}ώ", "иж и\u{306}й", "aß o\u{3099}",
        ]
        var inputs = (Self.texts + extra).map { Array($0.utf8) }
        inputs += [[0xC3], [0x61, 0xE4, 0xB8], [0xC3, 0xA5, 0xCC], [0xE3, 0x81, 0x8B, 0xE3, 0x82], [0xF0, 0x9F, 0x98]]
        for bytes in inputs {
            var general: [UInt8] = []
            bytes.withUnsafeBufferPointer { utf8 in
                var iterator = CollationElementIterator(
                    data: collator.tailoring.data, utf8: utf8, numeric: collator.settings.isNumeric,
                    checkFCD: collator.settings.checksFCD)
                RootCollationData.compressibleBytes.withUnsafeBufferPointer { compressible in
                    writer.appendLevels(from: &iterator, settings: collator.settings, compressibleBytes: compressible, to: &general)
                }
            }
            general.append(0)
            #expect(collator.sortKey(utf8: bytes) == general, "\(locale) \(bytes)")
        }
    }

    /// The identical level's BOCSU bytes for differences of every length, up and down.
    @Test func writesTheIdenticalLevelAsICU() throws {
        let icu = try ICUCollator.opening("root")
        try icu.setAttribute(Attribute.strength, 15)
        var settings = try RootCollationData.defaultSettings("root")
        settings.setStrength(.identical)
        var writer = CollationKeyWriter()
        let points: [UInt32] = [0x41, 0x7F, 0x80, 0x4E00, 0x9FA5, 0x9FFF, 0xA000, 0x10000, 0x10FFFF, 0xE000, 0x3400, 0x20000, 0x1F600]
        var texts: [String] = []
        for a in points {
            for b in points {
                texts.append(String(String.UnicodeScalarView([Unicode.Scalar(a)!, Unicode.Scalar(b)!, Unicode.Scalar(a)!])))
            }
        }
        for text in texts {
            let (ours, theirs) = Self.keys(text, icu: icu, settings: settings, writer: &writer)
            #expect(ours == theirs, "\(text.unicodeScalars.map { $0.value })")
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
