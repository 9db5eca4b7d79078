import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// The collation runtime's keys, from the package's own data, are ICU's `ucol_getSortKey` bytes
/// as the library asks ICU for them (the locale's collator with the options' attributes set).
@Suite struct CollatorTests {
    /// The library's options that change keys, alone and combined.
    static let options: [CollationOptions] = [
        CollationOptions(), CollationOptions(ignoresCase: true), CollationOptions(ignoresAccents: true),
        CollationOptions(ignoresCase: true, ignoresAccents: true), CollationOptions(numeric: true),
        CollationOptions(ignoresCase: true, numeric: true), CollationOptions(ignoresPunctuation: true),
        CollationOptions(normalizes: true), CollationOptions(caseFirst: .upper), CollationOptions(caseFirst: .lower),
        CollationOptions(ignoresAccents: true, ignoresPunctuation: true, caseFirst: .upper),
        CollationOptions(numeric: true, ignoresPunctuation: true, normalizes: true, caseFirst: .lower),
    ]

    /// Ill-formed UTF-8: lone continuation bytes, truncated sequences, overlongs, surrogates,
    /// beyond U+10FFFF, and mixtures with text.
    static let illFormed: [[UInt8]] = [
        [0x80], [0xBF, 0x41], [0xC2], [0xC2, 0x41], [0xE0, 0x80, 0x80], [0xE0, 0xA0], [0xED, 0xA0, 0x80],
        [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x41], [0xFF], [0xC0, 0xAF],
        Array("abc".utf8) + [0xE3, 0x81] + Array("def".utf8), Array("é".utf8) + [0xCC] + Array("a".utf8),
        [0x61, 0xCC, 0x81, 0xCC], Array("カ".utf8) + [0xE3, 0x82] + Array("ー".utf8), [0xF0, 0x9F, 0x98],
        Array("가".utf8) + [0xE1, 0x84] + Array("각".utf8),
    ]

    static func describe(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16) }.joined(separator: " ")
    }

    /// Compares our key with ICU's for each text; returns the number compared.
    static func compare(_ locale: String, _ options: CollationOptions, texts: [[UInt8]]) throws -> Int {
        let canonical = LocaleIdentifier.canonical(locale)
        // The options merged with the locale's keywords, as IndexedCollation merges them.
        guard let settings = try? options.collatorAttributes(merging: CollationKeywords(canonicalLocale: canonical), locale: locale) else {
            #expect(throws: SectionSortError.self) { try Collator(locale: locale, options: options) }
            return 0
        }
        let icu = try ICUCollator(locale: canonical, attributes: settings)
        let ours = try Collator(locale: locale, options: options)
        var failures = 0
        for text in texts {
            let expected = icu.sortKey(utf8: text)
            let key = ours.sortKey(utf8: text)
            if key != expected {
                failures += 1
                if failures <= 3 {
                    let scalars = String(decoding: text, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }
                    Issue.record(
                        "\(locale) \(options) bytes [\(describe(text))] (\(scalars.joined(separator: " "))): ours \(describe(key)) ICU \(describe(expected))"
                    )
                }
            }
        }
        return texts.count
    }

    static let texts: [[UInt8]] = CollationKeyWriterTests.texts.map { Array($0.utf8) } + illFormed

    @Test(arguments: CollationKeyWriterTests.locales)
    func writesICUKeysUnderEveryOption(locale: String) throws {
        var compared = 0
        for options in Self.options { compared += try Self.compare(locale, options, texts: Self.texts) }
        #expect(compared == Self.options.count * Self.texts.count)
    }

    @Test func writesICUKeysForEveryLocale() throws {
        let sample = Array(Self.texts.prefix(120)) + Self.illFormed
        var compared = 0
        for locale in CollationSettingsTests.locales {
            compared += try Self.compare(locale, CollationOptions(), texts: sample)
        }
        #expect(compared > 700 * sample.count)
    }

    @Test(arguments: CollationLocaleTests.identifiers)
    func writesICUKeysForKeywordLocales(identifier: String) throws {
        guard (try? ICUCollator.opening(LocaleIdentifier.canonical(identifier))) != nil else {
            #expect(throws: (any Error).self) { try Collator(locale: identifier) }
            return
        }
        _ = try Self.compare(identifier, CollationOptions(), texts: Array(Self.texts.prefix(160)))
        _ = try Self.compare(identifier, CollationOptions(ignoresAccents: true), texts: Array(Self.texts.prefix(80)))
    }
}

extension CollatorTests {
    /// Random byte strings of every kind of piece, in every locale: a failure names the locale,
    /// the options and the bytes.
    @Test func writesICUKeysForRandomTexts() throws {
        var generator = SeededGenerator(seed: 2026)
        let pieces: [[UInt8]] =
            [
                "a", "Z", "é", "e\u{301}", "\u{323}", "\u{308}", "ß", "ǅ", "Ж", "ё", "Ω", "ά", "ا", "ً", "ש", "ּ", "ก", "เ", "่",
                "ค", "न", "्", "ि", "ক", "中", "林", "𠀀", "あ", "ア", "ー", "ゝ", "ゞ", "ヽ", "ｱ", "가", "힣", "\u{1100}", "\u{1161}",
                "\u{11A8}", "ㄱ", "0", "5", "٣", "१", " ", "-", "'", ".", "$", "€", "😀", "👍🏽", "\u{200D}", "🇸🇪", "\u{FFFE}",
                "\u{FFFD}", "\u{E000}", "\u{0378}", "\u{10FFFF}", "ﬁ", "Å", "Ǆ",
            ].map { Array($0.utf8) } + Self.illFormed
        let locales = CollationSettingsTests.locales
        var compared = 0
        for round in 0..<40 {
            let locale = locales[(round * 37) % locales.count]
            let options = Self.options[round % Self.options.count]
            let texts = (0..<500).map { _ in
                (0..<Int.random(in: 0...10, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
            }
            compared += try Self.compare(locale, options, texts: texts)
        }
        #expect(compared == 20_000)
    }

    /// Combining marks out of canonical order around a supplementary one, after a character that
    /// starts contractions (search tailorings have many, and check FCD): matching reads past the
    /// normalized segment and backs up into it, and ICU's backward FCD check splits the text
    /// there otherwise than NFD does, so the marks' secondary weights come in another order.
    @Test(arguments: [
        ("zh_Hant_MO@collation=search", "\u{064A}\u{1AC3}\u{1D167}\u{0670}"),
        ("tr_TR@collation=search", "\u{00FA}\u{1D16D}\u{302D}"),
        ("mai@collation=search", "\u{00CB}\u{0F71}\u{1D16F}\u{1DFD}"),
        ("ff_Adlm_BF@collation=search", "\u{0418}\u{302F}\u{1D171}\u{0359}"),
        ("tr_TR@collation=search", "c\u{0301}\u{1D16D}\u{0316}a"),
        ("tr_TR@collation=search", "u\u{0301}\u{101FD}\u{302D}"),
        // Two such segments: matching backs up out of the second and on into the first.
        ("ru_MD@collation=search", "\u{0648}\u{0345}\u{1D16D}\u{0E4A}\u{00EC}\u{1D16F}\u{0486}"),
        ("kl_GL@collation=search", "O\u{094D}\u{1D16F}\u{3099}\u{03B0}\u{1D16D}\u{302E}"),
    ])
    func writesICUKeysAfterBackingUpIntoNormalizedMarks(locale: String, text: String) throws {
        #expect(try Self.compare(locale, CollationOptions(), texts: [Array(text.utf8)]) == 1)
    }

    /// ICU 76 never finishes keying U+064A U+0F73 U+0670 U+1D16F U+0344 with normalization on in
    /// "bo" and the search tailorings: matching a discontiguous contraction after U+064A backs up
    /// over the supplementary mark into the normalized segment and reads it again, forever (the
    /// family of ICU's reported bug ICU-22511). The runtime finishes it, and keys its neighbours,
    /// which ICU finishes, as ICU does.
    @Test(arguments: ["bo", "es_419@collation=search"])
    func finishesTheTextICU76NeverFinishes(locale: String) throws {
        let options = CollationOptions(normalizes: true)
        let text = "\u{064A}\u{0F73}\u{0670}\u{1D16F}\u{0344}"
        let key = try Collator(locale: locale, options: options).sortKey(utf8: Array(text.utf8))
        #expect(key.count > 10, "\(key)")
        let neighbours = [
            "\u{064A}\u{0F73}\u{0670}\u{0344}", "\u{064A}\u{0F73}\u{0670}\u{1D16F}\u{0301}", "\u{0F73}\u{0670}\u{1D16F}\u{0344}",
            "\u{064A}\u{0F71}\u{0F72}\u{0670}\u{1D16F}\u{0308}\u{0301}", "\u{064A}\u{0670}\u{0F71}\u{0F72}\u{1D16F}\u{0308}\u{0301}",
        ]
        #expect(try Self.compare(locale, options, texts: neighbours.map { Array($0.utf8) }) == neighbours.count)
    }
}

extension CollatorTests {
    /// Script reorderings, alone and with shifted, quaternary, identical and French order.
    static let reorderings = [
        "kr-latn", "kr-cyrl", "kr-grek-latn", "kr-hani-kana", "kr-digit", "kr-digit-latn", "kr-symbol-punct-space",
        "kr-currency-digit-cyrl-latn", "kr-zzzz-latn", "kr-cyrl-zzzz-latn-grek", "kr-arab-hebr-thai", "kr-deva-beng-hang",
        "kr-space-punct-symbol-currency-digit-latn-cyrl-grek-arab-hebr", "kr-thai-zzzz", "kr-cyrl-zzzz-latn-ka-shifted-ks-level4",
        "kr-punct-zzzz-ka-shifted-ks-identic", "kr-grek-kb-true", "kr-hang-hani-ks-level4",
    ]

    @Test(arguments: ["en", "ru", "ja", "zh", "ko", "ar", "th", "hi"])
    func writesICUKeysUnderReordering(locale: String) throws {
        for keywords in Self.reorderings {
            _ = try Self.compare("\(locale)-u-\(keywords)", CollationOptions(), texts: Self.texts)
        }
    }
}

extension CollatorTests {
    /// Under ICU's FCD check, a segment normalized because a supplementary combining mark comes
    /// before a BMP one of lower class is read again as it stands when contraction matching backs
    /// up into it after reading beyond it: the Tibetan vowel U+0F7C (which starts contractions in
    /// "bo") after U+1D172 is weighted twice, and the mark never.
    @Test func writesICUKeysWhereContractionsBackUpIntoNormalizedText() throws {
        let texts = [
            "\u{1D172}\u{0F7C}", "\u{0F40}\u{1D172}\u{0F7C}", "\u{1D172}\u{0F7C}\u{0F40}", "\u{0F7C}\u{1D172}\u{0F7C}",
            "\u{0F7C}\u{1D172}\u{0F7A}", "\u{0FB2}\u{1D172}\u{0F71}", "\u{0FB2}\u{1D172}\u{0F80}", "\u{0F71}\u{1D172}\u{0F72}",
            "\u{0F7C}\u{1D165}\u{1D172}\u{0F7C}", "\u{1D172}\u{0F7C}\u{0F7C}",
        ].map { Array($0.utf8) }
        for locale in ["bo", "bo_IN@collation=standard"] {
            #expect(try Self.compare(locale, CollationOptions(), texts: texts) == texts.count)
        }
        #expect(try Self.compare("bo", CollationOptions(normalizes: true), texts: texts) == texts.count)
        // The same in Wolof after a Latin letter with a grave (found by --check-collation).
        let latin = ["\u{00D2}\u{1D165}\u{0670}", "\u{00D2}\u{1D165}\u{0670}a"].map { Array($0.utf8) }
        #expect(try Self.compare("wo", CollationOptions(), texts: latin) == latin.count)
    }
}
