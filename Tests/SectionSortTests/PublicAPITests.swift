import Foundation
import SectionSort
import Testing

/// What an app developer adopting the package relies on: initializers, errors, comparison,
/// identity and equality of sections, index paths.
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
}
