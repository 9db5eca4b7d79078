import SectionSort
import Testing

/// Leading articles: "The Beatles" under B, shown as it is.
@Suite struct LeadingArticlesTests {
    private func sections(_ items: [String], _ locale: String, _ articles: LeadingArticles?) throws -> [String] {
        let collation = try IndexedCollation(locale: locale, options: CollationOptions(ignoredArticles: articles))
        return collation.sections(of: items, by: { $0 }).map { "\($0.title): \($0.items.joined(separator: ", "))" }
    }

    @Test func englishArticlesAreSkippedForSectionsAndOrder() throws {
        let bands = ["The Beatles", "Beach Boys", "ABBA", "A Tribe Called Quest", "Theatre of Hate", "The", "the national", "An Horse"]
        #expect(
            try sections(bands, "en_US", LeadingArticles()) == [
                "A: ABBA", "B: Beach Boys, The Beatles", "H: An Horse", "N: the national",
                "T: The, Theatre of Hate, A Tribe Called Quest",
            ])
        #expect(
            try sections(bands, "en_US", nil) == [
                "A: A Tribe Called Quest, ABBA, An Horse", "B: Beach Boys", "T: The, The Beatles, the national, Theatre of Hate",
            ], "without the option nothing is skipped")
    }

    @Test func elidedArticlesJoinTheWordThatFollows() throws {
        let titles = ["Les Rita Mitsouko", "L'Amour", "La Femme", "l\u{2019}Impératrice", "Lorie"]
        #expect(
            try sections(titles, "fr", LeadingArticles()) == [
                "A: L'Amour", "F: La Femme", "I: l\u{2019}Impératrice", "L: Lorie", "R: Les Rita Mitsouko",
            ])
    }

    @Test func eachLanguageOfTheTableHasItsArticles() throws {
        let cases: [(String, String, String)] = [
            ("de", "Die Ärzte", "Ä"), ("es", "Los Lobos", "L"), ("es", "Las Ketchup", "K"), ("it", "Gli Avvoltoi", "A"),
            ("it", "L'Aura", "A"), ("nl", "'t Hof van Commerce", "H"), ("nl", "Het Goede Doel", "G"), ("pt", "Os Mutantes", "M"),
            ("en", "An Horse", "H"), ("fr", "Le Tigre", "T"),
        ]
        for (locale, title, expected) in cases {
            let collation = try IndexedCollation(locale: locale, options: CollationOptions(ignoredArticles: LeadingArticles()))
            let title = collation.sectionTitles[collation.section(for: title)]
            #expect(title == expected || (expected == "Ä" && title == "A"), "\(locale): \(title)")
        }
    }

    @Test func listedLanguagesAddTheirArticlesInAnyLocale() throws {
        let names = ["Le Tigre", "The Cure", "Die Ärzte"]
        #expect(try sections(names, "en_US", LeadingArticles(languages: ["fr"])) == ["C: The Cure", "D: Die Ärzte", "T: Le Tigre"])
        #expect(
            try sections(names, "en_US", LeadingArticles(includesLocaleLanguage: false, languages: ["de"]))
                == ["A: Die Ärzte", "L: Le Tigre", "T: The Cure"])
        #expect(try sections(names, "sv_SE", LeadingArticles()) == ["D: Die Ärzte", "L: Le Tigre", "T: The Cure"], "Swedish has none")
    }

    @Test func articlesOfYourOwnAreSkippedToo() throws {
        let articles = LeadingArticles(additionalArticles: ["ye", "d'"])
        #expect(try sections(["Ye Olde Shoppe", "D'Angelo", "Yes"], "en_US", articles) == ["A: D'Angelo", "O: Ye Olde Shoppe", "Y: Yes"])
    }

    @Test func aLanguageWithoutArticlesIsRefused() {
        #expect(throws: SectionSortError.unknownArticleLanguage("sv")) {
            try IndexedCollation(locale: "en_US", options: CollationOptions(ignoredArticles: LeadingArticles(languages: ["sv"])))
        }
    }

    @Test func everyWayOfKeyingSkipsTheArticle() throws {
        let collation = try IndexedCollation(locale: "en_US", options: CollationOptions(ignoredArticles: LeadingArticles()))
        #expect(collation.compare("The Beatles", "Beatles") == .orderedSame)
        #expect(collation.sortKey(of: "the Beatles") == collation.sortKey(of: "Beatles"))
        #expect(collation.sectionTitles[collation.section(for: "The Beatles")] == "B")
        let indices = collation.sectionedIndices(of: ["The Who", "Weezer", "The Beatles"], by: { $0 })
        #expect(indices.map(\.items) == [[2], [1, 0]])
        var live = LiveSectionedList(["The Who", "Weezer"], collation: collation, by: { $0 }, identifiedBy: { $0 })
        _ = live.insert("The Beatles")
        #expect(live.sectionTitles == ["B", "W"])
        #expect(live[section: 1, row: 1] == "The Who", "Weezer, then Who")
    }
}
