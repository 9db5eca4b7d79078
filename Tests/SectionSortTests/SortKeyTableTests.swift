import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

@Suite struct SortKeyTableTests {
    /// The table's key of `text`, or nil when the table leaves it to ICU (and then wrote nothing).
    static func tableKey(_ text: [UInt8], _ table: SortKeyTable) -> [UInt8]? {
        let buffer = KeyBuffer()
        buffer.append(0xAA)  // keys are appended: what is already there stays
        let written = text.withUnsafeBufferPointer { table.appendSortKey(utf8: $0, to: buffer, scratch: SortKeyTable.Scratch()) }
        #expect(buffer.bytes(at: 0, length: 1) == [0xAA])
        if !written { #expect(buffer.count == 1, "nothing is appended when ICU is left to do it") }
        return written ? buffer.bytes(at: 1, length: buffer.count - 1) : nil
    }

    static func covered(by table: SortKeyTable) -> [Unicode.Scalar] {
        table.coveredScalars
    }

    /// Random texts of covered characters: mostly letters of the locale's alphabet (as names
    /// are), sometimes anything the table covers, sometimes long runs of one character (the
    /// compression of common weights starts over every 33 and 97 of them).
    static func randomTexts(_ count: Int, covered: [Unicode.Scalar], seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZåäöÅÄÖüÜéÉß -'.0123456789".unicodeScalars)
            .filter { covered.contains($0) }
        return (0..<count).map { _ in
            var scalars = String.UnicodeScalarView()
            switch Int.random(in: 0..<10, using: &generator) {
            case 0:
                let scalar = covered.randomElement(using: &generator)!
                scalars.append(contentsOf: repeatElement(scalar, count: Int.random(in: 30...220, using: &generator)))
            case 1...3:
                for _ in 0..<Int.random(in: 0...12, using: &generator) { scalars.append(covered.randomElement(using: &generator)!) }
            default:
                for _ in 0..<Int.random(in: 1...20, using: &generator) { scalars.append(letters.randomElement(using: &generator)!) }
            }
            return String(scalars)
        }
    }

    static let locales = [
        "sv_SE", "en_US", "de", "de@collation=phonebook", "es", "es@collation=traditional", "cs", "sk", "hu", "pl", "tr",
        "fi", "nb", "lt", "et", "is", "ro", "nl", "pt_BR", "cy", "fr", "ca", "sw",
        // Locales that reorder scripts: their keys move primary lead bytes (Greek's, which ICU
        // splits between Greek and Coptic, by ranges of primaries).
        "ru", "uk", "sr", "bg", "mk", "ar", "hy", "hr", "ja", "el",
        // Locales that normalize: the text the table keys never needs it.
        "he", "vi",
        // Three-byte characters: Hangul syllables (one fused primary each), Devanagari, Bengali,
        // Georgian and Lao (whose consonants the prevowels' contractions leave to the runtime).
        "ko", "hi", "bn", "ka", "lo",
        // Shifted punctuation: Thai's own setting, and a keyword.
        "th", "en-u-ka-shifted",
        // Locales that reorder Han, whose tables cover it: pinyin, stroke order, Cantonese.
        "zh", "zh@collation=stroke", "zh_Hant", "yue",
    ]

    /// The library's collator of `locale` with `attributes`, and ICU's.
    static func collators(_ locale: String, _ attributes: CollatorAttributes = CollatorAttributes()) throws -> (
        LocaleCollator, ICUCollator
    ) {
        let canonical = LocaleIdentifier.canonical(locale)
        return (
            try LocaleCollator(canonicalLocale: canonical, attributes: attributes),
            try ICUCollator(locale: canonical, attributes: attributes)
        )
    }

    @Test(arguments: locales)
    func keysAreICUsForEveryCoveredCharacterAndRandomTexts(locale: String) throws {
        let (library, collator) = try Self.collators(locale)
        // Covering Han where the engine's tables of large lists do.
        let table = try #require(SortKeyTable(collator: library, coveringHan: library.reordersHan), "\(locale) has plain settings")
        let covered = Self.covered(by: table)
        #expect(covered.count > 1000, "\(locale): most of the two-byte range is covered")
        let han = covered.count { SortKeyTable.han.contains($0.value) }
        #expect(library.reordersHan ? han > 20_000 : han == 0, "\(locale): \(han) Han characters covered")
        for scalar in covered {
            let text = String(Character(scalar))
            #expect(Self.tableKey(Array(text.utf8), table) == collator.sortKey(of: text), "\(locale) U+\(String(scalar.value, radix: 16))")
        }
        var mismatches: [String] = []
        for text in Self.randomTexts(1500, covered: covered, seed: UInt64(locale.utf8.count)) {
            let key = Self.tableKey(Array(text.utf8), table)
            // Covered marks after a higher combining class are not FCD: ICU reorders them.
            #expect(key != nil || !SortKeyTable.isFCD(text), "\(locale): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if let key, key != collator.sortKey(of: text) { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(locale): \(mismatches.count) keys differ from ICU's, e.g. \(mismatches.prefix(3))")
    }

    /// Accented letters and capitals, written from their entries (``VariantLetter``) rather
    /// than their elements: alone, after each other, and after characters whose primaries are
    /// compressible (whose run their primary ends), as ICU writes them.
    @Test(arguments: ["sv_SE", "fr", "de", "pl", "ru", "el", "vi"])
    func accentedLettersAndCapitalsAfterAnyCharacterAreICUs(locale: String) throws {
        let (library, collator) = try Self.collators(locale)
        let table = try #require(SortKeyTable(collator: library))
        let covered = Self.covered(by: table)
        let compressibleFlag: UInt64 = 0x80
        /// The elements of `scalar` flagged as the table flags them (primaries not reordered:
        /// whether a primary is compressible is read before reordering).
        func elements(_ scalar: Unicode.Scalar) -> [UInt64] {
            library.collationElements(of: scalar).map { element in
                let lead = UInt32(truncatingIfNeeded: element >> 56)
                return element >> 32 != 0 && library.runtime.isCompressible(leadByte: lead) ? element | compressibleFlag : element
            }
        }
        let variants = covered.filter { VariantLetter(elements($0), compressibleFlag: compressibleFlag) != nil }
        // Hangul syllables (written from their jamo, and thousands of them) left out.
        let compressible = covered.filter {
            !SortKeyTable.hangulSyllables.contains($0.value) && elements($0).first.map { $0 & compressibleFlag != 0 } ?? false
        }
        #expect(variants.count > 100, "\(locale): \(variants.count) accented letters and capitals")
        #expect(compressible.count > 10, "\(locale): \(compressible.count) characters of compressible primaries")
        var generator = SeededGenerator(seed: locale.utf8.reduce(0x5EED) { $0 &* 31 &+ UInt64($1) })
        // Runs of common weights longer than one byte stands for (33 secondary, 97 tertiary),
        // which the letter's own weight ends.
        let before =
            [""] + compressible.shuffled(using: &generator).prefix(12).map { String(Character($0)) }
            + ["a", "A", "é", " "] + [32, 33, 34, 96, 97, 98].map { String(repeating: "a", count: $0) }
        var mismatches: [String] = []
        for variant in variants {
            let letter = String(Character(variant))
            let other = String(Character(variants.randomElement(using: &generator)!))
            for text in before.map({ $0 + letter }) + [letter + other, letter + "a" + other, String(repeating: letter, count: 40)] {
                // A mark after an accented letter may make the text not FCD: the runtime's.
                let key = Self.tableKey(Array(text.utf8), table)
                if key == nil ? SortKeyTable.isFCD(text) : key != collator.sortKey(of: text) { mismatches.append(text) }
            }
        }
        #expect(mismatches.isEmpty, "\(locale): \(mismatches.count) keys differ from ICU's, e.g. \(mismatches.prefix(5))")
    }

    /// The letters that the table's loop writes without reading their elements, in scripts of
    /// lead bytes that are compressible (Cyrillic, Greek) and not (Latin): plain letters,
    /// accented ones and capitals.
    @Test func lettersAndTheirVariantsAreWrittenWithoutTheirElements() throws {
        for (locale, plain, variants, others) in [
            ("sv_SE", "abzåäö", "AÅüéÉ", "ß"), ("ru", "абжя", "АЖё", ""), ("el", "αβω", "ΑΩάώ", ""), ("ko", "", "", "가힣"),
        ] {
            let table = try #require(SortKeyTable(collator: try Self.collators(locale).0))
            let compressible = locale != "sv_SE"
            for letter in plain.unicodeScalars {
                #expect(table.letterEntry(of: letter.value) ?? (true, !compressible) == (false, compressible), "\(locale) \(letter)")
            }
            for letter in variants.unicodeScalars {
                #expect(table.letterEntry(of: letter.value) ?? (false, !compressible) == (true, compressible), "\(locale) \(letter)")
            }
            for character in others.unicodeScalars {
                #expect(table.covers(character.value) && table.letterEntry(of: character.value) == nil, "\(locale) \(character)")
            }
        }
    }

    /// Which elements make a variant letter, and what its entry holds, in Swedish: `ü` (a
    /// secondary byte), `A` (a tertiary byte), `é` (a letter and an accent), `É` (both).
    @Test func variantLettersAreThoseOfOnePrimaryAndOneByteOnAnotherLevel() throws {
        let library = try Self.collators("sv_SE").0
        func variant(_ text: String) -> VariantLetter? { VariantLetter(library.collationElements(of: text), compressibleFlag: 0x80) }
        /// The fields of a variant letter's entry: the primary's length, the common weights
        /// before the secondary byte, before and after the tertiary one, and the two bytes.
        func fields(_ text: String) -> [UInt64]? {
            guard let entry = variant(text)?.entry else { return nil }
            let bits = entry >> 8
            return [
                bits & 7, bits >> VariantLetter.secondaryRunShift & 3, bits >> VariantLetter.tertiaryRunShift & 3,
                bits >> VariantLetter.tertiaryRunAfterShift & 1, bits >> VariantLetter.secondaryShift & 0xFF,
                bits >> VariantLetter.tertiaryShift & 0x3F,
            ]
        }
        #expect(fields("ü") == [1, 0, 1, 0, 0x46, 0])
        #expect(fields("A") == [1, 1, 0, 0, 0, 0x1C])
        #expect(fields("é") == [1, 1, 2, 0, 0x88, 0])
        #expect(fields("É") == [1, 1, 0, 1, 0x88, 0x1C])
        // A compressible primary: its length counts the bytes after the lead.
        let compressible = try #require(VariantLetter(library.collationElements(of: "A").map { $0 | 0x80 }, compressibleFlag: 0x80))
        #expect(compressible.isCompressible && variant("A")?.isCompressible == false)
        #expect(compressible.entry >> 8 & 7 == 0 && compressible.entry >> 9 == variant("A")!.entry >> 9)
        // A simple letter, one of two primaries, a secondary weight of two bytes.
        #expect(variant("a") == nil && variant("ß") == nil)
        #expect(VariantLetter([0x2B00_0000_0500_9C00, 0x0000_0000_8801_0500], compressibleFlag: 0x80) == nil)
    }

    /// A character is left to the runtime for a contraction only when text the table keys could
    /// hold the contraction: the root's contractions of U+FDD1 and a letter or digit (which ICU's
    /// alphabetic index uses) do not take "L" and "4" from the table, in the root or elsewhere.
    @Test(arguments: ["en_US", "sv_SE", "de", "fr", "ru"])
    func everyASCIILetterAndDigitIsCovered(locale: String) throws {
        let table = try #require(SortKeyTable(collator: try Self.collators(locale).0))
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".unicodeScalars)
        #expect(letters.filter { !table.covers($0.value) }.isEmpty, "\(locale)")
    }

    /// The table keeps only characters whose lead canonical combining class is 0, read from the
    /// normalization data: ICU's for every code point.
    @Test func leadCombiningClassesAreICUs() {
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let ours = Int(NormalizationTable.shared.fcd16(value) >> 8)
            if ours != ICUCollationInternals.leadCombiningClass(scalar) && differing.count < 10 {
                differing.append("U+\(String(value, radix: 16)): \(ours), ICU \(ICUCollationInternals.leadCombiningClass(scalar))")
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        let starters = (UInt32(0)..<SortKeyTable.codePointLimit).compactMap(Unicode.Scalar.init).filter(
            SortKeyTable.startsWithoutCombiningClass)
        #expect(starters.count > 1500 && !starters.contains("\u{301}") && !starters.contains("\u{344}") && starters.contains("a"))
    }

    @Test func strengthsBelowTertiaryHaveTablesOfFewerLevels() throws {
        for (options, levels) in [(CollationOptions(ignoresCase: true), 2), (CollationOptions(ignoresCase: true, ignoresAccents: true), 1)]
        {
            let (library, collator) = try Self.collators("sv_SE", options.collatorAttributes)
            let table = try #require(SortKeyTable(collator: library))
            #expect(table.levels == levels)
            for text in Self.randomTexts(500, covered: Self.covered(by: table), seed: UInt64(levels)) {
                let key = Self.tableKey(Array(text.utf8), table)
                #expect(key != nil || !SortKeyTable.isFCD(text))
                if let key { #expect(key == collator.sortKey(of: text), "\(levels) levels: \(text)") }
            }
        }
    }

    @Test func settingsWhoseKeysTheTableDoesNotWriteHaveNone() throws {
        // Upper case first (da), backwards secondary (fr_CA), the case level (accents ignored,
        // case not) and numeric order.
        for locale in ["da", "fr_CA"] {
            #expect(SortKeyTable(collator: try Self.collators(locale).0) == nil, "\(locale)")
        }
        for options in [CollationOptions(ignoresAccents: true), CollationOptions(numeric: true)] {
            #expect(SortKeyTable(collator: try Self.collators("en_US", options.collatorAttributes).0) == nil, "\(options)")
        }
    }

    @Test(arguments: [
        ("el", "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώΑΒΓΔΩΆΏ"), ("he", "אבגדהוזחטיכלמנסעפצקרשתךםןףץ"), ("vi", "abcdđeghiklmnopqrstuvxyâêôệốữ"),
        ("ja", "あいうえおかきくけこアイウエオカキクケコがぱゃっ"), ("ko", "가각갂힣한국어김이박"), ("en", "가힣あア–’…"), ("hi", "कखगघचछजटडतदनपबमयरलवशसहािीुूेैोौं"),
    ])
    func lettersOfNormalizingAndSplitReorderingLocalesAreCovered(locale: String, letters: String) throws {
        let table = try #require(SortKeyTable(collator: try Self.collators(locale).0), "\(locale)")
        let missing = letters.unicodeScalars.filter { !table.covers($0.value) }
        #expect(missing.isEmpty, "\(locale): \(missing.map(String.init).joined())")
    }

    /// Each Hangul syllable is written as one primary (its jamo's common lead byte, then their
    /// second bytes) and common weights: the same key as its two or three jamo's elements, where
    /// runs of the shared lead byte continue across syllables and end before other scripts.
    @Test(arguments: ["ko", "en_US", "ja"])
    func hangulSyllablesAreICUsInRunsAndBesideOtherScripts(locale: String) throws {
        let (library, collator) = try Self.collators(locale)
        let table = try #require(SortKeyTable(collator: library))
        var generator = SeededGenerator(seed: 7)
        let others = Array("abc XYZ-é日あア".unicodeScalars)
        for _ in 0..<3000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    scalars.append(others.randomElement(using: &generator)!)
                } else {
                    scalars.append(Unicode.Scalar(UInt32.random(in: 0xAC00...0xD7A3, using: &generator))!)
                }
            }
            let text = String(scalars)
            let key = Self.tableKey(Array(text.utf8), table)
            // Han is the runtime's; everything else here is the table's.
            #expect((key == nil) == text.contains("日"), "\(locale): \(text)")
            if let key { #expect(key == collator.sortKey(of: text), "\(locale): \(text)") }
        }
    }

    /// The kana length mark and iteration marks take their elements from the kana before them
    /// (prefix mappings, in Japanese and in the root): the table reads the character before them,
    /// and leaves to the runtime the voicing mark that Japanese's prefixes hold.
    @Test(arguments: ["ja", "en_US"])
    func kanaMarksAfterEachKanaAreICUs(locale: String) throws {
        let (library, collator) = try Self.collators(locale)
        let table = try #require(SortKeyTable(collator: library))
        let marks = Array("ーゝゞヽヾ".unicodeScalars)
        #expect(marks.allSatisfy { table.covers($0.value) }, "\(locale)")
        let kana = (UInt32(0x3041)...0x30FF).compactMap(Unicode.Scalar.init).filter { table.covers($0.value) }
        #expect(kana.count > 150, "\(locale)")
        var generator = SeededGenerator(seed: 11)
        for before in kana + Array("aZ 1-".unicodeScalars) {
            for mark in marks {
                let text = String(String.UnicodeScalarView([before, mark, marks.randomElement(using: &generator)!]))
                #expect(Self.tableKey(Array(text.utf8), table) == collator.sortKey(of: text), "\(locale): \(text)")
            }
        }
        // At the start of a text, a mark has its own elements.
        for mark in marks {
            #expect(Self.tableKey(Array(String(mark).utf8), table) == collator.sortKey(of: String(mark)))
        }
        // Japanese's prefixes of the iteration mark hold the voicing mark, which the table then
        // leaves to the runtime; the root's do not.
        let voiced = "か\u{3099}ゝ"
        let key = Self.tableKey(Array(voiced.utf8), table)
        #expect(locale == "ja" ? key == nil : key == collator.sortKey(of: voiced), "\(locale)")
    }

    /// The Thai and Lao vowels written before their consonant are contractions with it (its
    /// elements first): the table reads the character after them. Thai and Lao marks of a
    /// combining class are the table's where the text is FCD (each after a character whose last
    /// class is not higher), and where punctuation is shifted (Thai), a mark without a primary
    /// after a space leaves its weights out, as ICU does.
    @Test(arguments: ["th", "en_US", "lo", "th-u-ka-noignore"])
    func prevowelsAndMarksAreICUs(locale: String) throws {
        let (library, collator) = try Self.collators(locale)
        let table = try #require(SortKeyTable(collator: library))
        let thai = locale.hasPrefix("lo") ? 0xE80 : 0xE00 as UInt32
        let letters = (thai..<thai + 0x80).compactMap(Unicode.Scalar.init).filter { table.covers($0.value) }
        let prevowels = (thai + 0x40...thai + 0x44).compactMap(Unicode.Scalar.init)
        let marks = letters.filter { NormalizationTable.shared.fcd16($0.value) != 0 }
        #expect(letters.count > 40 && prevowels.allSatisfy { table.covers($0.value) } && marks.count >= 4, "\(locale)")
        var texts: [String] = []
        for prevowel in prevowels {
            for next in letters + Array(" a-".unicodeScalars) { texts.append(String(String.UnicodeScalarView([prevowel, next]))) }
            texts.append(String(prevowel))
        }
        for mark in marks {
            for before in letters + Array(" a.".unicodeScalars) {
                texts.append(String(String.UnicodeScalarView([before, mark])))
                for other in marks { texts.append(String(String.UnicodeScalarView([before, mark, other]))) }
            }
        }
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<3000 {
            let pool = letters + Array(" -.".unicodeScalars)
            texts.append(
                String(
                    String.UnicodeScalarView(
                        (0..<Int.random(in: 1...12, using: &generator)).map { _ in pool.randomElement(using: &generator)! })))
        }
        var refused = 0
        for text in texts {
            let key = Self.tableKey(Array(text.utf8), table)
            if key == nil { refused += 1 }
            #expect((key == nil) == !SortKeyTable.isFCD(text), "\(locale): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if let key {
                #expect(key == collator.sortKey(of: text), "\(locale): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(refused > 0 && refused < texts.count / 4, "\(locale): some texts are not FCD")
    }

    @Test func textItDoesNotCoverIsLeftToTheRuntime() throws {
        let (library, collator) = try Self.collators("sv_SE")
        let table = try #require(SortKeyTable(collator: library))
        // A combining mark (canonical reordering), Han and an emoji (three and four bytes of
        // UTF-8, neither covered), a lone lead byte, overlong encodings of two and three bytes, a
        // surrogate, and cut-off sequences of two and three bytes, also after covered text.
        let rejected: [[UInt8]] = [
            Array("a\u{301}".utf8), Array("漢".utf8), Array("a漢".utf8), Array("a😀".utf8), [0x61, 0xC3], [0xC0, 0x80],
            [0xDF], [0xE0, 0x81, 0x81], [0x61, 0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0x61, 0xED, 0xBF, 0xBF], [0xE3, 0x81],
            [0x61, 0xE3, 0x81], [0xE3, 0x81, 0x41], Array("가".utf8.dropLast()),
        ]
        for text in rejected {
            #expect(Self.tableKey(text, table) == nil, "\(text)")
        }
        // Characters inside a contraction: in Czech "ch" is one letter, so "h" is the runtime's.
        let czech = try #require(SortKeyTable(collator: try Self.collators("cs").0))
        #expect(!czech.covers(UInt32(("h" as Unicode.Scalar).value)) && czech.covers(UInt32(("c" as Unicode.Scalar).value)))
        #expect(Self.tableKey(Array("Chrudim".utf8), czech) == nil)
        #expect(table.covers(UInt32(("h" as Unicode.Scalar).value)))
        // A text longer than 64 KiB is the runtime's; one of 64 KiB is the table's, and ICU's key.
        let long = [UInt8](repeating: 0x61, count: SortKeyTable.longestText)
        #expect(Self.tableKey(long + [0x62], table) == nil)
        #expect(Self.tableKey(long, table) == collator.sortKey(of: String(decoding: long, as: UTF8.self)))
        // The empty text has a key of its own.
        #expect(Self.tableKey([], table) == collator.sortKey(of: ""))
    }

    @Test(arguments: ["sv_SE", "de", "en_US", "ja", "zh"])
    func engineOrderIsTheSameWithTheTable(locale: String) throws {
        let collation = try IndexedCollation(locale: locale)
        let covered = Self.covered(by: try #require(collation.sortKeyTable(coveringHan: true)))
        let input = SectioningInput(primaryKeys: RandomStrings.make(3000, seed: 21) + Self.randomTexts(3000, covered: covered, seed: 22))
        var withRuntime = SectioningEngineTests.configuration(threads: 2, method: .runtime)
        withRuntime.keyTableMinimumCount = 0
        withRuntime.hanKeyTableMinimumCount = 0
        var withTable = withRuntime
        withTable.keyMethod = .table
        let expected = try SectioningEngine.run(input, collation: collation, configuration: withRuntime)
        let actual = try SectioningEngine.run(input, collation: collation, configuration: withTable)
        #expect(firstDifference(actual.order, expected.order) == nil)
        #expect(actual.sectionStarts == expected.sectionStarts)
    }
}

@Suite struct KeyTablePolicyTests {
    @Test func smallListsStartTheTableInTheBackgroundAndTinyOnesDoNot() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        #expect(collation.sortKeyTable(building: false) == nil, "no table before a list asks for one")
        let tiny = RandomStrings.make(100, seed: 5)
        let expectedTiny = collation.sections(of: tiny, by: { $0 }).map(Array.init)
        #expect(!collation.keyTableRequested.withLock { $0 }, "100 items build nothing")
        let small = RandomStrings.make(1000, seed: 6)
        let before = collation.sections(of: small, by: { $0 }).map(Array.init)
        #expect(collation.keyTableRequested.withLock { $0 }, "1,000 items start a build for later calls")
        // Waiting for the build, as a large list does, finds the table; the results are the same.
        #expect(collation.sortKeyTable(building: true) != nil)
        #expect(collation.sections(of: small, by: { $0 }).map(Array.init) == before)
        #expect(collation.sections(of: tiny, by: { $0 }).map(Array.init) == expectedTiny)
    }

    /// Han, the largest block a table could cover, is covered for lists of a million items and
    /// more, and only in collations that reorder Han; the larger table then serves every list.
    @Test func onlyVeryLargeListsOfCollationsThatReorderHanHaveItCovered() throws {
        let japanese = try IndexedCollation(locale: "ja"), swedish = try IndexedCollation(locale: "sv_SE")
        #expect(japanese.reordersHan && !swedish.reordersHan)
        #expect(try IndexedCollation(locale: "zh_Hant").reordersHan && IndexedCollation(locale: "ko").reordersHan)
        let configuration = EngineConfiguration(), kanji = UInt32(0x6F22)
        let large = try #require(configuration.keyTable(of: japanese, count: configuration.hanKeyTableMinimumCount - 1))
        #expect(!large.coversHan && !large.covers(kanji) && large.covers(UInt32(0x3042)))
        let veryLarge = try #require(configuration.keyTable(of: japanese, count: configuration.hanKeyTableMinimumCount))
        #expect(veryLarge.coversHan && veryLarge.covers(kanji))
        #expect(configuration.keyTable(of: japanese, count: configuration.keyTableMinimumCount) === veryLarge)
        #expect(japanese.sortKeyTable(building: false) === veryLarge)
        let latin = try #require(configuration.keyTable(of: swedish, count: configuration.hanKeyTableMinimumCount))
        #expect(!latin.coversHan && !latin.covers(kanji))
    }
}
