import Foundation
import SectionSort
import Testing

struct Contact: Sendable, Equatable, CustomStringConvertible {
    var firstName: String
    var lastName: String
    var description: String { "\(firstName) \(lastName)" }
}

@Suite struct SectionedListTests {
    // The CGLAlphabetizer example (seed 000).
    let steve = Contact(firstName: "Steve", lastName: "Jobs")
    let bill = Contact(firstName: "Bill", lastName: "Gates")
    let larry = Contact(firstName: "Larry", lastName: "Ellison")
    let eric = Contact(firstName: "Eric", lastName: "Jones")
    var contacts: [Contact] { [steve, bill, larry, eric] }

    @Test func alphabetizerExampleByLastName() throws {
        let list = try IndexedCollation(locale: "en_US").sections(of: contacts, by: \.lastName)
        #expect(list.sectionTitles == ["E", "G", "J"])
        #expect(list.dictionary == ["E": [larry], "G": [bill], "J": [steve, eric]])
        #expect(list[2].items == [steve, eric])
        #expect(list[section: 2, row: 1] == eric)
        #expect(list.itemCount == 4)
        #expect(list.indexTitles.count == 27, "the side index shows every title")
    }

    @Test func alphabetizerExampleByFirstName() throws {
        let list = try IndexedCollation(locale: "en_US").sections(of: contacts, by: \.firstName)
        #expect(list.sectionTitles == ["B", "E", "L", "S"])
        #expect(list.dictionary == ["B": [bill], "E": [eric], "L": [larry], "S": [steve]])
    }

    @Test func tappedIndexTitleScrollsToNextNonEmptySection() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let list = collation.sections(of: contacts, by: \.lastName)  // E, G, J
        let index = { (title: String) in list.indexTitles.firstIndex(of: title)! }
        #expect(list.section(forIndexTitleAt: index("E")) == 0)
        #expect(list.section(forIndexTitleAt: index("F")) == 1, "F is empty: go on to G")
        #expect(list.section(forIndexTitleAt: index("A")) == 0)
        #expect(list.section(forIndexTitleAt: index("Z")) == 2, "past the end: the last section")
        #expect(SectionedList<Contact>().section(forIndexTitleAt: 0) == nil)
    }

    @Test func secondaryKeyOrdersEqualLastNames() throws {
        let people = [
            Contact(firstName: "Tom", lastName: "Berg"), Contact(firstName: "Anna", lastName: "Berg"),
            Contact(firstName: "Örjan", lastName: "Berg"), Contact(firstName: "Zack", lastName: "Andersson"),
        ]
        let collation = try IndexedCollation(locale: "sv_SE")
        let list = collation.sections(of: people, by: \.lastName, then: \.firstName)
        #expect(list.sectionTitles == ["A", "B"])
        #expect(list[1].map(\.firstName) == ["Anna", "Tom", "Örjan"])
        let descendingFirst = collation.sections(
            of: people, by: \.lastName, then: \.firstName,
            options: SectioningOptions(secondaryOrder: .reverse))
        #expect(descendingFirst[1].map(\.firstName) == ["Örjan", "Tom", "Anna"])
    }

    @Test func descendingReversesSectionsAndItemsButKeepsHashLast() throws {
        let names = ["Adam", "Bo", "Björn", "Östen", "42", "Ärla"]
        let list = try IndexedCollation(locale: "sv_SE").sections(of: names, by: { $0 }, options: SectioningOptions(order: .reverse))
        #expect(list.sectionTitles == ["Ö", "Ä", "B", "A", "#"])
        #expect(list[2].items == ["Bo", "Björn"], "descending inside the section too")
    }

    @Test func indicesShapeReferencesTheInput() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let list = collation.sectionedIndices(of: contacts, by: \.lastName)
        #expect(list.sectionTitles == ["E", "G", "J"])
        #expect(list.map(\.items) == [[2], [1], [0, 3]])
        #expect(list.allItems.map { contacts[$0] } == collation.sections(of: contacts, by: \.lastName).allItems)
    }

    @Test func emptySectionsCanBeIncluded() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let list = collation.sections(of: contacts, by: \.lastName, options: SectioningOptions(includesEmptySections: true))
        #expect(list.count == collation.sectionTitles.count)
        #expect(list.sectionTitles == collation.sectionTitles)
        #expect(list[0].isEmpty)
        #expect(list[4].items == [larry])
    }

    @Test func numericOrdering() throws {
        let tracks = ["Track 10", "Track 2", "Track 1", "Track 20"]
        let numeric = try IndexedCollation(locale: "en_US", options: CollationOptions(numeric: true))
        #expect(numeric.sections(of: tracks, by: { $0 })[0].items == ["Track 1", "Track 2", "Track 10", "Track 20"])
        let plain = try IndexedCollation(locale: "en_US")
        #expect(plain.sections(of: tracks, by: { $0 })[0].items == ["Track 1", "Track 10", "Track 2", "Track 20"])
    }

    @Test func ignoringCaseAndAccentsKeepsInputOrderOfEquals() throws {
        let names = ["smith", "Smith", "SMITH", "smíth", "Smith"]
        let strict = try IndexedCollation(locale: "en_US")
        #expect(strict.sections(of: names, by: { $0 })[0].items == ["smith", "Smith", "Smith", "SMITH", "smíth"])
        let noCase = try IndexedCollation(locale: "en_US", options: CollationOptions(ignoresCase: true))
        #expect(noCase.sections(of: names, by: { $0 })[0].items == ["smith", "Smith", "SMITH", "Smith", "smíth"])
        let noCaseNoAccent = try IndexedCollation(locale: "en_US", options: CollationOptions(ignoresCase: true, ignoresAccents: true))
        #expect(noCaseNoAccent.sections(of: names, by: { $0 })[0].items == names, "all equal: input order")
        let noAccent = try IndexedCollation(locale: "en_US", options: CollationOptions(ignoresAccents: true))
        #expect(noAccent.sections(of: names, by: { $0 })[0].items == ["smith", "smíth", "Smith", "Smith", "SMITH"])
    }

    @Test func stableForEqualKeys() throws {
        let collation = try IndexedCollation(locale: "de")
        let items = (0..<500).map { Contact(firstName: "\($0)", lastName: ["Müller", "Meier", "Mueller"][$0 % 3]) }
        let list = collation.sections(of: items, by: \.lastName)
        for group in ["Meier", "Mueller", "Müller"] {
            let numbers = list[0].filter { $0.lastName == group }.map { Int($0.firstName)! }
            #expect(numbers == numbers.sorted(), "\(group) keeps input order")
        }
    }

    @Test func edgeInputs() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        #expect(collation.sections(of: [String](), by: { $0 }).isEmpty)
        let long = String(repeating: "Å", count: 1_000_000)
        let marks = "\u{301}\u{302}\u{303}"
        let items = [long, marks, "", "Anna", long + "a"]
        let list = collation.sections(of: items, by: { $0 })
        #expect(list.itemCount == items.count, "nothing is dropped")
        #expect(list.sectionTitles == ["A", "Å", "#"])
        #expect(list[1].items == [long, long + "a"])
        #expect(Set(list[2].items) == ["", marks])
    }

    @Test func threadCountDoesNotChangeTheResult() throws {
        let collation = try IndexedCollation(locale: "ja_JP")
        let names = (0..<3000).map { index in ["あ", "か", "ガ", "Z", "1", "漢"][index % 6] + String(index % 97) }
        let single = collation.sections(of: names, by: { $0 }, options: SectioningOptions(threads: 1))
        for threads in [2, 8] {
            let parallel = collation.sections(of: names, by: { $0 }, options: SectioningOptions(threads: threads))
            #expect(parallel.allItems == single.allItems)
            #expect(parallel.sectionTitles == single.sectionTitles)
        }
    }

    @Test func asyncMatchesSyncAndReportsProgress() async throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let names = (0..<20_000).map { "Namn \($0 % 1000) \(["Ö", "A", "Ä", "z"][$0 % 4])" }
        let phases = ProgressLog()
        let list = try await collation.sections(of: names, by: { $0 }, progress: { phases.append($0) })
        let synchronous: () -> SectionedList<String> = { collation.sections(of: names, by: { $0 }) }
        #expect(list.allItems == synchronous().allItems)
        let log = phases.entries
        #expect(log.contains { $0.phase == .computingKeys && $0.completed == names.count })
        #expect(log.last?.phase == .finished)
    }

    @Test func cancelledTaskThrowsCancellationError() async throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let names = (0..<200_000).map { "Namn \($0)" }
        let task = Task { try await collation.sections(of: names, by: { $0 }) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

/// Collects progress reports from worker threads.
///
/// Under an `NSLock`, which ThreadSanitizer sees: the Synchronization module's `Mutex` takes its
/// lock in code the sanitizer does not instrument, and a loaded CI run reported two workers'
/// appends here as a race. `@unchecked Sendable`: `log` is only touched under `lock`.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [SectioningProgress] = []
    func append(_ progress: SectioningProgress) { lock.withLock { log.append(progress) } }
    var entries: [SectioningProgress] { lock.withLock { log } }
}

@Suite struct OrderingKeyTests {
    @Test(arguments: [SortOrder.forward, .reverse])
    func sortingByOrderingKeysReproducesTheList(order: SortOrder) throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let first = RandomStrings.make(400, seed: 31), second = RandomStrings.make(400, seed: 32)
        let options = SectioningOptions(order: order, secondaryOrder: .reverse)
        let list = collation.sectionedIndices(of: Array(first.indices), by: { first[$0] }, then: { second[$0] }, options: options)
        let keys = first.indices.map { collation.orderingKey(primary: first[$0], secondary: second[$0], options: options) }
        let sorted = first.indices.sorted { a, b in
            if keys[a].sectionRank != keys[b].sectionRank { return keys[a].sectionRank < keys[b].sectionRank }
            if keys[a].key != keys[b].key { return keys[a].key.lexicographicallyPrecedes(keys[b].key) }
            return a < b
        }
        #expect(sorted == list.allItems)
    }
}
