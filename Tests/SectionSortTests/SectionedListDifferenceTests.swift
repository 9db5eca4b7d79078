import SectionSort
import Testing

/// A contact with an identity, for lists that change.
struct Person: Sendable, Hashable, CustomStringConvertible {
    var id: Int
    var firstName: String
    var lastName: String
    var description: String { "\(firstName) \(lastName)#\(id)" }
}

/// Random edits of a list of people: inserts, deletes, renames (often into another section), and
/// names shared by several people, so that equal keys occur.
struct PersonEdits {
    static let lastNames = [
        "Andersson", "Åberg", "Berg", "Björk", "Berg", "Ek", "Öberg", "Östlund", "Zetterlund", "Ängel",
        "Lind", "Lindqvist", "42an", "Émile", "émile", "ekberg", "Ivanov", "Иванов", "김", "かめ",
    ]
    static let firstNames = ["Anna", "Bo", "Cecilia", "Dag", "Eva", "Åsa", "Örjan", "anna"]
    var generator: SeededGenerator
    var nextID = 0

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func person() -> Person {
        nextID += 1
        return Person(
            id: nextID, firstName: Self.firstNames.randomElement(using: &generator)!,
            lastName: Self.lastNames.randomElement(using: &generator)!)
    }

    mutating func people(_ count: Int) -> [Person] { (0..<count).map { _ in person() } }

    /// The same people after a random batch: some removed, some renamed, some added.
    mutating func edit(_ people: [Person], maxEdits: Int) -> (people: [Person], inserted: [Person], updated: [Person], removed: [Int]) {
        var result = people, inserted: [Person] = [], updated: [Person] = [], removed: [Int] = []
        var touched = Set<Int>()
        for _ in 0..<Int.random(in: 1...maxEdits, using: &generator) {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                let person = person()
                touched.insert(person.id)
                inserted.append(person)
                result.append(person)
            case 1 where !result.isEmpty:
                let index = Int.random(in: 0..<result.count, using: &generator)
                guard touched.insert(result[index].id).inserted else { continue }
                removed.append(result[index].id)
                result.remove(at: index)
            default:
                guard !result.isEmpty else { continue }
                let index = Int.random(in: 0..<result.count, using: &generator)
                guard touched.insert(result[index].id).inserted else { continue }
                var person = result[index]
                if Bool.random(using: &generator) {
                    person.lastName = Self.lastNames.randomElement(using: &generator)!
                } else {
                    person.firstName = Self.firstNames.randomElement(using: &generator)!
                }
                updated.append(person)
                result[index] = person
            }
        }
        return (result, inserted, updated, removed)
    }
}

@Suite struct SectionedListDifferenceTests {
    @Test(arguments: ["sv_SE", "en_US", "ja_JP"])
    func applyingTheChangesGivesTheNewList(locale: String) throws {
        let collation = try IndexedCollation(locale: locale)
        for seed in UInt64(1)...60 {
            var edits = PersonEdits(seed: seed)
            let before = edits.people(Int(seed % 25))
            let after = edits.edit(before.shuffled(using: &edits.generator), maxEdits: 12).people
            let old = collation.sections(of: before, by: \.lastName, then: \.firstName)
            let new = collation.sections(of: after, by: \.lastName, then: \.firstName)
            let changes = old.changes(to: new, identifiedBy: \.id, hasChanged: { $0 != $1 })
            let oldSnapshot = old.snapshot(identifiedBy: \.id), newSnapshot = new.snapshot(identifiedBy: \.id)
            try BatchUpdateModel.check(changes, old: oldSnapshot, new: newSnapshot)
            #expect(BatchUpdateModel.applying(changes, to: oldSnapshot) == newSnapshot, "seed \(seed)")
            #expect(changes.movedSections.isEmpty, "one collation never reorders its sections")
        }
    }

    @Test func sectionsThatChangeOrderAreMoved() throws {
        let collation = try IndexedCollation(locale: "en_US")
        var edits = PersonEdits(seed: 7)
        for count in [0, 1, 5, 30] {
            let people = edits.people(count)
            let ascending = collation.sections(of: people, by: \.lastName)
            let descending = collation.sections(of: people, by: \.lastName, options: SectioningOptions(order: .reverse))
            let changes = ascending.changes(to: descending, identifiedBy: \.id)
            try BatchUpdateModel.check(changes, old: ascending.snapshot(identifiedBy: \.id), new: descending.snapshot(identifiedBy: \.id))
            #expect(
                BatchUpdateModel.applying(changes, to: ascending.snapshot(identifiedBy: \.id)) == descending.snapshot(identifiedBy: \.id))
            #expect(changes.movedSections.count == max(0, ascending.count - 1 - (ascending.sectionTitles.last == "#" ? 1 : 0)))
        }
    }

    @Test func aRenameAcrossSectionsIsAMoveAndEmptiedSectionsAreDeleted() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let ada = Person(id: 1, firstName: "Ada", lastName: "Lovelace"), alan = Person(id: 2, firstName: "Alan", lastName: "Turing")
        let grace = Person(id: 3, firstName: "Grace", lastName: "Hopper")
        let old = collation.sections(of: [ada, alan, grace], by: \.lastName)  // H: grace; L: ada; T: alan
        var married = ada
        married.lastName = "King"
        let new = collation.sections(of: [married, alan, grace], by: \.lastName)  // H: grace; K: ada; T: alan
        let changes = old.changes(to: new, identifiedBy: \.id)
        #expect(changes.deletedSections == [1])  // L, at its old position
        #expect(changes.insertedSections == [1])  // K, at its new position
        #expect(changes.movedRows.isEmpty, "UIKit refuses moves out of a deleted section: ada is in the inserted section K")
        #expect(changes.deletedRows.isEmpty && changes.insertedRows.isEmpty)
        #expect(
            changes.snapshotOperations == [
                .deleteSections(["L"]), .insertSectionsAfter(["K"], section: "H"), .appendItems([1], toSection: "K"),
            ])
    }

    /// Repeated identifiers (equal strings identified by value, a shared id) used to stop the
    /// program; they are matched by occurrence, and UIKit's batch update turns the old rows into
    /// the new ones, item for item.
    @Test(arguments: ["en_US", "sv_SE"])
    func repeatedIdentifiersAreMatchedByOccurrence(locale: String) throws {
        let collation = try IndexedCollation(locale: locale)
        let pool = ["Ann", "Ann", "ann", "Anna", "Berg", "Björk", "Ek", "Öberg", "42"]
        for seed in UInt64(1)...80 {
            var generator = SeededGenerator(seed: seed)
            let before = (0..<Int.random(in: 0...16, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            var after = before.filter { _ in Int.random(in: 0..<4, using: &generator) > 0 }
            after += (0..<Int.random(in: 0...6, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            after.shuffle(using: &generator)
            let old = collation.sections(of: before, by: { $0 }), new = collation.sections(of: after, by: { $0 })
            let changes = old.changes(to: new)
            let oldSnapshot = old.snapshot(identifiedBy: { $0 }), newSnapshot = new.snapshot(identifiedBy: { $0 })
            #expect(throws: Never.self, "seed \(seed)") { try BatchUpdateModel.check(changes, old: oldSnapshot, new: newSnapshot) }
            if Set(before).count < before.count || Set(after).count < after.count {
                #expect(changes.snapshotOperations.isEmpty, "seed \(seed): a snapshot cannot hold a repeated identifier")
            } else {
                #expect(BatchUpdateModel.applying(changes, to: oldSnapshot) == newSnapshot, "seed \(seed)")
            }
            // Occurrences match: each string keeps min(old, new) of its rows, the rest come and go.
            let kept = Set(before + after).reduce(0) { total, name in
                total + min(before.count { $0 == name }, after.count { $0 == name })
            }
            let deletedSections = Set(changes.deletedSections)
            let deleted =
                changes.deletedRows.count + changes.movedRows.count
                + old.indices.filter { deletedSections.contains($0) }.reduce(0) { $0 + old[$1].count }
            #expect(before.count - deleted + changes.movedRows.count <= kept, "seed \(seed): no kept row is deleted and inserted")
        }
    }

    @Test func theSecondOfTwoEqualItemsIsTheOneDeleted() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let old = collation.sections(of: ["Ann", "Bob", "Ann"], by: { $0 })  // A: Ann, Ann; B: Bob
        let new = collation.sections(of: ["Bob", "Ann"], by: { $0 })  // A: Ann; B: Bob
        let changes = old.changes(to: new)
        #expect(changes.deletedRows == [ListIndexPath(section: 0, row: 1)])
        #expect(changes.insertedRows.isEmpty && changes.movedRows.isEmpty && changes.deletedSections.isEmpty)
        #expect(changes.snapshotOperations.isEmpty)
        let back = new.changes(to: old)
        #expect(back.insertedRows == [ListIndexPath(section: 0, row: 1)])
        #expect(back.deletedRows.isEmpty && back.movedRows.isEmpty)
    }

    @Test func anIdentifierSharedAcrossSectionsMovesByOccurrence() throws {
        let collation = try IndexedCollation(locale: "en_US")
        // Two people share id 1 (an import that merged badly); the second changes section.
        let first = Person(id: 1, firstName: "Ada", lastName: "Byron"), second = Person(id: 1, firstName: "Ada", lastName: "King")
        var moved = second
        moved.lastName = "Lovelace"
        let old = collation.sections(of: [first, second], by: \.lastName)  // B: first; K: second
        let new = collation.sections(of: [first, moved], by: \.lastName)  // B: first; L: moved
        let changes = old.changes(to: new, identifiedBy: \.id)
        #expect(changes.deletedSections == [1] && changes.insertedSections == [1])
        #expect(changes.deletedRows.isEmpty && changes.insertedRows.isEmpty && changes.movedRows.isEmpty, "B's row stays")
        try BatchUpdateModel.check(changes, old: old.snapshot(identifiedBy: \.id), new: new.snapshot(identifiedBy: \.id))
    }

    @Test func theBatchUpdateModelRejectsChangesThatUIKitWouldReject() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let people = [
            Person(id: 1, firstName: "A", lastName: "Berg"), Person(id: 2, firstName: "B", lastName: "Berg"),
            Person(id: 3, firstName: "C", lastName: "Berg"),
        ]
        let old = collation.sections(of: people, by: \.lastName, then: \.firstName)
        var renamed = people
        renamed[0].firstName = "D"
        let new = collation.sections(of: renamed, by: \.lastName, then: \.firstName)
        let changes = old.changes(to: new, identifiedBy: \.id)
        let (oldSnapshot, newSnapshot) = (old.snapshot(identifiedBy: \.id), new.snapshot(identifiedBy: \.id))
        try BatchUpdateModel.check(changes, old: oldSnapshot, new: newSnapshot)
        #expect(changes.movedRows == [ListMove(from: ListIndexPath(section: 0, row: 0), to: ListIndexPath(section: 0, row: 2))])
        var withoutMove = changes
        withoutMove.movedRows = []
        #expect(throws: BatchUpdateModel.Invalid.self) { try BatchUpdateModel.check(withoutMove, old: oldSnapshot, new: newSnapshot) }
        var wrongTarget = changes
        wrongTarget.movedRows = [ListMove(from: ListIndexPath(section: 0, row: 0), to: ListIndexPath(section: 0, row: 1))]
        #expect(throws: BatchUpdateModel.Invalid.self) { try BatchUpdateModel.check(wrongTarget, old: oldSnapshot, new: newSnapshot) }
        var extraInsert = changes
        extraInsert.insertedRows = [ListIndexPath(section: 0, row: 0)]
        #expect(throws: BatchUpdateModel.Invalid.self) { try BatchUpdateModel.check(extraInsert, old: oldSnapshot, new: newSnapshot) }
    }
}
