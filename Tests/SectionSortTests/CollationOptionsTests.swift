import Foundation
import SectionSort
import Testing

/// The collation settings of ``CollationOptions``, and the locale keywords that name the same.
@Suite struct CollationOptionsTests {
    /// The items of all sections, in order.
    private func sorted(_ items: [String], _ locale: String, _ options: CollationOptions = CollationOptions()) throws -> [String] {
        try IndexedCollation(locale: locale, options: options).sections(of: items, by: { $0 }).flatMap(\.items)
    }

    @Test func ignoringPunctuationSortsSpacedAndJoinedNamesTogether() throws {
        let names = ["Delgado", "de la Cruz", "Deacon", "Delacruz"]
        #expect(try sorted(names, "en_US") == ["de la Cruz", "Deacon", "Delacruz", "Delgado"], "a space sorts before letters")
        let ignoring = CollationOptions(ignoresPunctuation: true)
        #expect(try sorted(names, "en_US", ignoring) == ["Deacon", "de la Cruz", "Delacruz", "Delgado"])
        let relaxed = try IndexedCollation(locale: "en_US", options: CollationOptions(ignoresCase: true, ignoresPunctuation: true))
        #expect(relaxed.compare("de la Cruz", "Delacruz") == .orderedSame)
        #expect(relaxed.compare("O'Brien", "OBrien") == .orderedSame)
    }

    @Test func ignoringPunctuationSectionsByTheFirstLetter() throws {
        let plain = try IndexedCollation(locale: "en_US")
        let ignoring = try IndexedCollation(locale: "en_US", options: CollationOptions(ignoresPunctuation: true))
        #expect(plain.sectionTitles[plain.section(for: "'Til Tuesday")] == "#")
        #expect(ignoring.sectionTitles[ignoring.section(for: "'Til Tuesday")] == "T")
        #expect(ignoring.sectionTitles[ignoring.section(for: "...And You Will Know Us")] == "A")
        #expect(ignoring.sectionTitles[ignoring.section(for: "!!!")] == "#", "nothing but punctuation stays under #")
    }

    @Test func normalizationMakesCanonicallyEquivalentTextEqual() throws {
        // Both are ạ́ (a, dot below, acute); only the second has its marks in canonical order, so
        // the first is in no normalization form and sorts apart without normalization.
        let outOfOrder = "a\u{301}\u{323}", canonicalOrder = "a\u{323}\u{301}"
        let plain = try IndexedCollation(locale: "en_US")
        let normalizing = try IndexedCollation(locale: "en_US", options: CollationOptions(normalizes: true))
        #expect(plain.compare(outOfOrder, canonicalOrder) != .orderedSame)
        #expect(normalizing.compare(outOfOrder, canonicalOrder) == .orderedSame)
        #expect(normalizing.compare(outOfOrder, "\u{1EA1}\u{301}") == .orderedSame, "precomposed ạ and an acute")
        let vietnamese = try IndexedCollation(locale: "vi")
        #expect(vietnamese.compare(outOfOrder, canonicalOrder) == .orderedSame, "Vietnamese normalizes by default")
    }

    @Test func caseFirstOrdersStringsThatDifferOnlyInCase() throws {
        let words = ["Apple", "apple", "APPLE"]
        #expect(try sorted(words, "en_US") == ["apple", "Apple", "APPLE"])
        #expect(try sorted(words, "en_US", CollationOptions(caseFirst: .upper)) == ["APPLE", "Apple", "apple"])
        #expect(try sorted(words, "da") == ["APPLE", "Apple", "apple"], "Danish puts upper case first")
        #expect(try sorted(words, "da", CollationOptions(caseFirst: .lower)) == ["apple", "Apple", "APPLE"])
    }

    @Test func aLocaleKeywordSetsWhatTheOptionsLeaveAtTheirDefault() throws {
        let tracks = ["Track 10", "Track 2"]
        #expect(try sorted(tracks, "en") == ["Track 10", "Track 2"])
        #expect(try sorted(tracks, "en-u-kn") == ["Track 2", "Track 10"], "-u-kn is numeric")
        #expect(try sorted(tracks, "en@colNumeric=yes") == ["Track 2", "Track 10"])
        let primary = try IndexedCollation(locale: "en-u-ks-level1")
        #expect(primary.compare("resume", "Résumé") == .orderedSame, "-u-ks-level1 ignores case and accents")
        let secondary = try IndexedCollation(locale: "en-u-ks-level2")
        #expect(secondary.compare("resume", "Resume") == .orderedSame)
        #expect(secondary.compare("resume", "résumé") != .orderedSame)
        #expect(try sorted(["Delacruz", "de la Cruz", "Deacon"], "en-u-ka-shifted") == ["Deacon", "de la Cruz", "Delacruz"])
        #expect(try sorted(["apple", "Apple"], "en-u-kf-upper") == ["Apple", "apple"])
        #expect(try sorted(["Apple", "apple"], "da-u-kf-lower") == ["apple", "Apple"])
        let normalizing = try IndexedCollation(locale: "en-u-kk")
        #expect(normalizing.compare("a\u{301}\u{323}", "a\u{323}\u{301}") == .orderedSame)
        let caseLevel = try IndexedCollation(locale: "en-u-ks-level1-kc")
        #expect(caseLevel.compare("resume", "résumé") == .orderedSame)
        #expect(caseLevel.compare("resume", "Resume") != .orderedSame, "-u-kc keeps case at primary strength")
    }

    @Test func aKeywordThatAgreesWithAnOptionIsAccepted() throws {
        let collation = try IndexedCollation(
            locale: "en-u-kn-ks-level1-ka-shifted-kf-upper",
            options: CollationOptions(
                ignoresCase: true, ignoresAccents: true, numeric: true, ignoresPunctuation: true, caseFirst: .upper))
        #expect(collation.compare("Track 2", "track 10") == .orderedAscending)
        #expect(collation.compare("de la Cruz", "Délacruz") == .orderedSame)
        #expect(try sorted(["Track 10", "Track 2"], "en-u-kn-false") == ["Track 10", "Track 2"])
    }

    @Test(arguments: [
        ("en-u-kn-false", CollationOptions(numeric: true), "kn (colnumeric=no)", "numeric"),
        ("en-u-ks-level3", CollationOptions(ignoresCase: true), "ks (colstrength=tertiary)", "ignoresCase"),
        ("en-u-ks-level1", CollationOptions(ignoresCase: true), "ks (colstrength=primary)", "ignoresCase"),
        ("en-u-ks-level1", CollationOptions(ignoresAccents: true), "ks (colstrength=primary)", "ignoresAccents"),
        ("en-u-kc", CollationOptions(ignoresCase: true), "kc (colcaselevel=yes)", "ignoresCase"),
        ("en-u-ka-noignore", CollationOptions(ignoresPunctuation: true), "ka (colalternate=non-ignorable)", "ignoresPunctuation"),
        ("en-u-kk-false", CollationOptions(normalizes: true), "kk (colnormalization=no)", "normalizes"),
        ("en-u-kf-lower", CollationOptions(caseFirst: .upper), "kf (colcasefirst=lower)", "caseFirst"),
        ("en@colCaseFirst=no", CollationOptions(caseFirst: .lower), "kf (colcasefirst=no)", "caseFirst"),
    ])
    func aKeywordThatContradictsAnOptionIsRefused(locale: String, options: CollationOptions, keyword: String, option: String) {
        #expect(throws: SectionSortError.conflictingCollationSetting(locale: locale, keyword: keyword, option: option)) {
            try IndexedCollation(locale: locale, options: options)
        }
    }

    @Test func aKeywordValueICUDoesNotKnowIsRefused() {
        #expect(throws: SectionSortError.self) { try IndexedCollation(locale: "en@colNumeric=maybe") }
    }

    @Test func theErrorSaysWhatToChange() {
        let error = SectionSortError.conflictingCollationSetting(locale: "en-u-kn-false", keyword: "kn (colnumeric=no)", option: "numeric")
        #expect(error.description.contains("en-u-kn-false") && error.description.contains("kn") && error.description.contains("numeric"))
    }
}
