import Foundation
import SectionSort
import Testing

/// What an app developer adopting the package relies on: initializers, errors, comparison,
/// identity and equality of sections, index paths, and the one vocabulary of the three sectioned
/// collections.
@Suite struct PublicAPITests {
    @Test func collationFromALocaleValueAndTheCurrentLocale() throws {
        let fromValue = try IndexedCollation(locale: Locale(identifier: "sv-SE"))
        #expect(fromValue.locale == "sv")
        #expect(fromValue.sectionTitles == (try IndexedCollation(locale: "sv_SE")).sectionTitles)
        let traditional = try IndexedCollation(locale: Locale(identifier: "es-u-co-trad"))
        #expect(traditional.requestedLocale == "es@collation=traditional")
        let current = try IndexedCollation.current()
        // A test runner has no localizations, so current() follows the user's locale.
        if Bundle.main.localizations.isEmpty {
            #expect(current.requestedLocale == Locale.current.identifier(.icu))
        }
        #expect(!current.sectionTitles.isEmpty)
    }

    @Test func compareGivesAComparisonResult() throws {
        let swedish = try IndexedCollation(locale: "sv_SE")
        #expect(swedish.compare("Zebra", "Åsa") == .orderedAscending, "Å follows Z in Swedish")
        #expect(swedish.compare("Åsa", "Zebra") == .orderedDescending)
        #expect(swedish.compare("Åsa", "Åsa") == .orderedSame)
        let german = try IndexedCollation(locale: "de")
        #expect(german.compare("Äpfel", "Zebra") == .orderedAscending, "Ä sorts with A in German")
    }

    @Test func setupErrorsAreCasesOfOneType() {
        #expect(throws: SectionSortError.unknownTimeZone("Mars/Olympus")) {
            try DateSectioning(unit: .day, locale: Locale(identifier: "en_US"), timeZoneIdentifier: "Mars/Olympus")
        }
        let error: SectionSortError = .collationUnavailable(locale: "xx", icuError: "U_MISSING_RESOURCE_ERROR")
        #expect(error.description == "cannot create a collation for locale 'xx': U_MISSING_RESOURCE_ERROR")
    }

    @Test func sectionsAreIdentifiedByTitleAndEqualByContent() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let names = ["Steve Jobs", "Bill Gates", "Larry Ellison", "Eric Jones", "Ada"]
        let list = collation.sections(of: names, by: { $0 })
        #expect(list.map(\.id) == ["A", "B", "E", "L", "S"])
        #expect(Set(list.map(\.id)).count == list.count, "identifiers are unique")
        let again = collation.sections(of: names.reversed(), by: { $0 })
        #expect(list == again, "the same items give an equal list, whatever their input order")
        #expect(list[0] == again[0])
        let changed = collation.sections(of: names + ["Alan"], by: { $0 })
        #expect(list != changed)
        #expect(list[0] != changed[0], "a section with another item is not equal")
        #expect(list[1] == changed[1])
    }

    @Test func indexPathSubscriptIsSectionThenRow() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let list = collation.sections(of: ["Bea", "Ann", "Bob", "Cid"], by: { $0 })
        #expect(list[IndexPath(indexes: [1, 1])] == "Bob")
        #expect(list[IndexPath(indexes: [0, 0])] == list[section: 0, row: 0])
        #expect(list[IndexPath(indexes: [2, 0])] == "Cid")
    }

    /// The reading code of a table view, written once against the protocol: what it reports for a
    /// collection, from the collection's own members.
    private struct Shape: Equatable {
        var sections: [String]
        var rows: [[String]]
        var itemCount: Int
        var indexTitles: [String]
        var scrollTargets: [Int?]
        var lastItem: String?
    }

    private func shape<List: SectionedCollection>(_ list: List, _ name: (List.Item) -> String) -> Shape {
        let last = list.last.map { ListIndexPath(section: list.count - 1, row: $0.count - 1) }
        return Shape(
            sections: list.map(\.title), rows: list.map { $0.map(name) }, itemCount: list.itemCount,
            indexTitles: list.indexTitles, scrollTargets: list.indexTitles.indices.map { list.section(forIndexTitleAt: $0) },
            lastItem: last.map { name(list[$0]) })
    }

    @Test func theThreeListTypesShareOneVocabulary() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let names = ["Steve Jobs", "Bill Gates", "Larry Ellison", "Eric Jones", "Ada", "Joan Jett", "Jane Doe"]
        let list = collation.sections(of: names, by: { $0 })
        var live = LiveSectionedList(names, collation: collation, by: { $0 })
        #expect(shape(live, { $0 }) == shape(list, { $0 }), "a live list reads as the list it equals")

        // count is the number of sections for all three; itemCount the number of items.
        let result = live.search("jo")
        #expect(result.count == 3 && result.itemCount == 3 && result.sectionTitles == ["E", "J", "S"])
        #expect(result[2].title == "S" && result[2].indexTitleIndex == collation.sectionTitles.firstIndex(of: "S"))
        #expect(shape(result, { $0 }) == shape(result.list, { $0 }), "a result reads as the list of its matches")
        // A tap on "K" scrolls past the sections without matches to the next one that has some.
        #expect(result.section(forIndexTitleAt: collation.sectionTitles.firstIndex(of: "K")!) == 2)

        // Sections of every type are identified by their title and read by index path.
        live.remove(id: "Ada")
        #expect(live.map(\.id) == ["B", "E", "J", "L", "S"])
        #expect(live[section: 2, row: 1] == "Joan Jett" && live[IndexPath(indexes: [2, 1])] == "Joan Jett")
        #expect(live[ListIndexPath(section: 0, row: 0)] == "Bill Gates")
        #expect(live[2].items == ["Jane Doe", "Joan Jett"])
        #expect(result[section: 2, row: 0] == "Steve Jobs", "a result keeps the list as it was searched")
    }

    @Test func ordersAreFoundationsSortOrder() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let names = ["Bea", "Ann", "Cid"]
        let options = SectioningOptions(order: .reverse)
        #expect(collation.sections(of: names, by: { $0 }, options: options).sectionTitles == ["C", "B", "A"])
        let live = LiveSectionedList(names, collation: collation, by: { $0 }, options: options)
        #expect(live.sectionTitles == ["C", "B", "A"])
        #expect(SectioningOptions().order == SortOrder.forward)
    }
}
