import SectionSort
import Testing

/// Several alphabets in one index: IndexedCollation(locale:indexLocales:).
@Suite struct IndexLocalesTests {
    /// The index letters of CLDR (ru.xml, el.xml, ko.xml), written out here, not read from ICU.
    static let cyrillic = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЫЭЮЯ".map(String.init)
    static let greek = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ".map(String.init)
    static let latin = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init)

    private func title(_ collation: IndexedCollation, _ name: String) -> String {
        collation.sectionTitles[collation.section(for: name)]
    }

    @Test func contactsInEnglishRussianAndGreek() throws {
        let plain = try IndexedCollation(locale: "en_US")
        #expect(title(plain, "Иван") == "#" && title(plain, "Αλέξης") == "#", "one alphabet: the others under #")
        let three = try IndexedCollation(locale: "en_US", indexLocales: ["ru", "el"])
        #expect(three.sectionTitles == Self.latin + Self.greek + Self.cyrillic + ["#"], "Greek before Cyrillic in the root order")
        #expect(title(three, "Иван") == "И" && title(three, "Αλέξης") == "Α" && title(three, "Ωραία") == "Ω")
        #expect(title(three, "Борис") == "Б" && title(three, "Anna") == "A" && title(three, "42") == "#")
        let contacts = ["Иван", "Zoe", "Αλέξης", "Anna", "Борис", "42"]
        let list = three.sections(of: contacts, by: { $0 })
        #expect(list.map(\.title) == ["A", "Z", "Α", "Б", "И", "#"])
    }

    @Test func theLocalesOwnScriptComesFirstWhereItIsReordered() throws {
        let russian = try IndexedCollation(locale: "ru", indexLocales: ["el"])
        #expect(russian.sectionTitles == Self.latin + Self.cyrillic + Self.greek + ["#"], "Russian sorts Cyrillic first")
        #expect(russian.sectionTitles.prefix(26 + Self.cyrillic.count) == (try IndexedCollation(locale: "ru")).sectionTitles.dropLast())
    }

    @Test func japaneseAndKorean() throws {
        let japanese = try IndexedCollation(locale: "ja_JP")
        let both = try IndexedCollation(locale: "ja_JP", indexLocales: ["ko"])
        let hangul = "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ".map(String.init)
        #expect(both.sectionTitles == japanese.sectionTitles.dropLast() + hangul + ["#"])
        #expect(title(both, "김수") == "ㄱ" && title(both, "さくら") == "さ" && title(japanese, "김수") == "#")
    }

    @Test func noIndexLocaleChangesNothing() throws {
        for locale in ["en_US", "ja_JP", "sv_SE", "ko_KR", "ar_SA", "zh_Hant"] {
            #expect(try IndexedCollation(locale: locale, indexLocales: []).sectionTitles == IndexedCollation(locale: locale).sectionTitles)
        }
        #expect(
            try IndexedCollation(locale: "sv_SE", indexLocales: ["de"]).sectionTitles == IndexedCollation(locale: "sv_SE").sectionTitles)
    }

    @Test func anIndexLocaleWithoutDataIsRefused() {
        #expect(throws: SectionSortError.collationUnavailable(locale: "xx_YY", icuError: "U_MISSING_RESOURCE_ERROR")) {
            try IndexedCollation(locale: "en_US", indexLocales: ["xx_YY"])
        }
    }
}

/// The automatic choice of index locales from the data.
@Suite struct AutomaticIndexLocalesTests {
    @Test func everyAlphabetOfTheDataGetsItsLocale() throws {
        let names = ["Anna", "Иван", "Αλέξης", "김수", "Борис", "'Ωραία", "42", "林", "さくら"]
        let locales = IndexedCollation.indexLocales(forLettersIn: names, besides: "en_US")
        #expect(locales == ["ru", "el", "ko", "ja"])
        let collation = try IndexedCollation(locale: "en_US", indexLocales: locales)
        let titles = collation.sections(of: names, by: { $0 }).map(\.title)
        #expect(titles.contains("И") && titles.contains("Α") && titles.contains("ㄱ") && titles.contains("さ"), "\(titles)")
    }

    @Test func theLocalesOwnAlphabetAndLatinAddNothing() {
        #expect(IndexedCollation.indexLocales(forLettersIn: ["Иван", "Anna", "Émile"], besides: "ru_RU") == [])
        #expect(IndexedCollation.indexLocales(forLettersIn: [String](), besides: "en_US") == [])
    }
}
