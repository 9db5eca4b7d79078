import SectionSort
import Testing

@Suite struct LiveSectionedListTests {
    /// The model of a batch: removed and re-keyed items leave, re-keyed ones arrive at the end, and
    /// an item whose keys stay keeps its place (as sectioning from scratch in arrival order places
    /// equal keys).
    static func arrivals(_ arrivals: [Person], afterRemoving removed: [Int], updating updated: [Person], collation: IndexedCollation)
        -> [Person]
    {
        var model = arrivals.filter { !removed.contains($0.id) }
        for person in updated {
            let index = model.firstIndex { $0.id == person.id }!
            if collation.sortKey(of: model[index].lastName) == collation.sortKey(of: person.lastName)
                && collation.sortKey(of: model[index].firstName) == collation.sortKey(of: person.firstName)
            {
                model[index] = person
            } else {
                model.remove(at: index)
                model.append(person)
            }
        }
        return model
    }

    /// The list must equal sectioning its items from scratch, in the order they arrived (an update
    /// that changes the key counts as leaving and arriving again).
    private func expectSameAsFromScratch(
        _ live: LiveSectionedList<Person, Int>, arrivals: [Person], collation: IndexedCollation,
        options: SectioningOptions, _ context: String
    ) {
        let scratch = collation.sections(of: arrivals, by: \.lastName, then: \.firstName, options: options)
        let list = live.sectionedList
        #expect(list.sectionTitles == scratch.sectionTitles, "\(context)")
        #expect(list.map(\.items) == scratch.map(\.items), "\(context)")
        #expect(live.sectionTitles == scratch.sectionTitles)
        #expect(live.itemCount == arrivals.count)
    }

    @Test(arguments: [
        ("sv_SE", SectioningOptions()), ("en_US", SectioningOptions(order: .reverse, secondaryOrder: .reverse)),
        ("ja_JP", SectioningOptions(includesEmptySections: true)), ("de", SectioningOptions(threads: 1)),
    ])
    func everyRandomStepEqualsSectioningFromScratch(locale: String, options: SectioningOptions) throws {
        let collation = try IndexedCollation(locale: locale, options: CollationOptions(ignoresCase: locale == "de"))
        for seed in UInt64(1)...12 {
            var edits = PersonEdits(seed: seed)
            var arrivals = edits.people(Int(seed * 7 % 40))
            var live = LiveSectionedList(
                arrivals, collation: collation, by: \.lastName, then: \.firstName, identifiedBy: \.id, options: options)
            expectSameAsFromScratch(live, arrivals: arrivals, collation: collation, options: options, "seed \(seed), built")
            for step in 0..<25 {
                let before = live.snapshot()
                let edit = edits.edit(arrivals, maxEdits: step % 3 == 0 ? 1 : 8)
                var model = Self.arrivals(arrivals, afterRemoving: edit.removed, updating: edit.updated, collation: collation)
                model += edit.inserted
                let changes: SectionedListChanges<Int>
                switch step % 4 {
                case 0 where edit.updated.isEmpty && edit.removed.isEmpty && edit.inserted.count == 1:
                    changes = live.insert(edit.inserted[0])
                case 1 where edit.updated.isEmpty && edit.inserted.isEmpty && edit.removed.count == 1:
                    changes = live.remove(id: edit.removed[0])
                case 2 where edit.removed.isEmpty && edit.inserted.isEmpty && edit.updated.count == 1:
                    changes = live.update(edit.updated[0])
                default: changes = live.apply(inserting: edit.inserted, updating: edit.updated, removing: edit.removed)
                }
                arrivals = model
                let context = "\(locale) seed \(seed) step \(step)"
                expectSameAsFromScratch(live, arrivals: arrivals, collation: collation, options: options, context)
                let after = live.snapshot()
                #expect(throws: Never.self, "\(context)") { try BatchUpdateModel.check(changes, old: before, new: after) }
                #expect(BatchUpdateModel.applying(changes, to: before) == after, "\(context)")
                for person in arrivals.prefix(5) {
                    let path = live.indexPath(of: person.id)!
                    #expect(live[section: path.section, row: path.row] == person)
                }
            }
        }
    }

    /// Batches of hundreds of edits on a list of thousands, with many equal keys: sections are
    /// edited by several threads, and chunks split while a batch inserts into them.
    @Test(arguments: [("sv_SE", SectioningOptions()), ("en_US", SectioningOptions(order: .reverse, threads: 2))])
    func largeBatchesEqualSectioningFromScratch(locale: String, options: SectioningOptions) throws {
        let collation = try IndexedCollation(locale: locale)
        var edits = PersonEdits(seed: 99)
        var arrivals = edits.people(2500)
        var live = LiveSectionedList(
            arrivals, collation: collation, by: \.lastName, then: \.firstName, identifiedBy: \.id, options: options)
        for step in 0..<6 {
            let before = live.snapshot()
            let edit = edits.edit(arrivals, maxEdits: 600)
            var model = Self.arrivals(arrivals, afterRemoving: edit.removed, updating: edit.updated, collation: collation)
            // Most of a batch's new items go into a few sections, to split their chunks.
            let crowd = (0..<300).map {
                Person(id: 1_000_000 * (step + 1) + $0, firstName: "Anna", lastName: $0 % 2 == 0 ? "Berg" : "Björk")
            }
            model += edit.inserted + crowd
            let changes = live.apply(inserting: edit.inserted + crowd, updating: edit.updated, removing: edit.removed)
            arrivals = model
            let context = "\(locale) step \(step), \(edit.inserted.count + crowd.count) insertions"
            expectSameAsFromScratch(live, arrivals: arrivals, collation: collation, options: options, context)
            let after = live.snapshot()
            #expect(throws: Never.self, "\(context)") { try BatchUpdateModel.check(changes, old: before, new: after) }
            #expect(BatchUpdateModel.applying(changes, to: before) == after, "\(context)")
        }
    }

    /// `readsChineseNames` was ignored by live lists: 曾 went under C (céng) and 单 under D (dān),
    /// where sectioning the same items puts them under Z (zēng) and S (shàn).
    @Test func chineseNamesAreReadAsSectioningReadsThem() throws {
        let collation = try IndexedCollation(locale: "zh_CN")
        let options = SectioningOptions(readsChineseNames: true)
        func person(_ id: Int, _ last: String, _ first: String) -> Person { Person(id: id, firstName: first, lastName: last) }
        var arrivals = [
            person(1, "曾", "小明"), person(2, "单", "田芳"), person(3, "张", "三"), person(4, "Smith", "Ann"),
            person(5, "解", "缙"), person(6, "李", "四"),
        ]
        var live = LiveSectionedList(
            arrivals, collation: collation, by: \.lastName, then: \.firstName, identifiedBy: \.id, options: options)
        expectSameAsFromScratch(live, arrivals: arrivals, collation: collation, options: options, "as built")
        #expect(live.first { $0.title == "Z" }?.map(\.id) == [1, 3], "曾 is read zēng, beside 张 zhāng")
        #expect(live.first { $0.title == "S" }?.map(\.id) == [2, 4], "单 is read shàn")

        let arriving = [person(7, "单", "雄信"), person(8, "曾", "国藩")]
        live.apply(inserting: arriving, updating: [person(6, "乐", "毅")], removing: [3])
        arrivals = Self.arrivals(arrivals, afterRemoving: [3], updating: [person(6, "乐", "毅")], collation: collation)
        arrivals += arriving
        expectSameAsFromScratch(live, arrivals: arrivals, collation: collation, options: options, "after a batch")
        #expect(live.indexPath(of: 8).map { live[$0.section].title } == "Z")
        #expect(live.insertionIndexPath(for: person(9, "曾", "子")).section == live.firstIndex { $0.title == "Z" })
    }

    @Test func insertionIndexPathIsWhereInsertPutsTheItem() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        var edits = PersonEdits(seed: 3)
        var live = LiveSectionedList(edits.people(300), collation: collation, by: \.lastName, then: \.firstName, identifiedBy: \.id)
        for _ in 0..<40 {
            let person = edits.person()
            let expected = live.insertionIndexPath(for: person)
            live.insert(person)
            #expect(live.indexPath(of: person.id) == expected)
        }
        let newSection = Person(id: 10_000, firstName: "Q", lastName: "Quist")
        #expect(!live.sectionTitles.contains("Q"))
        let path = live.insertionIndexPath(for: newSection)
        #expect(path.row == 0)
        live.insert(newSection)
        #expect(live.sectionTitles[path.section] == "Q")
    }

    @Test func chunksSplitAndEmptyWithoutChangingTheOrder() throws {
        // Thousands of equal and nearly equal keys in one section: chunks of 256 split and empty.
        let collation = try IndexedCollation(locale: "en_US")
        let names = (0..<3000).map { "Name \($0 % 37)" }
        var live = LiveSectionedList(Array(names.indices), collation: collation, by: { names[$0 % names.count] }, identifiedBy: { $0 })
        var arrivals = Array(names.indices)
        for round in 0..<3 {
            let added = (0..<1500).map { 10_000 * (round + 1) + $0 }
            live.insert(contentsOf: added)
            arrivals += added
            let removed = arrivals.enumerated().filter { $0.offset % 3 == round }.map(\.element)
            live.remove(ids: removed)
            arrivals.removeAll { removed.contains($0) }
            let scratch = collation.sections(of: arrivals, by: { names[$0 % names.count] })
            #expect(live.sectionedList.map(\.items) == scratch.map(\.items))
        }
    }
}

/// The contacts list of a phone, edited the way a user edits it; each step spells out the update
/// a table view receives.
@Suite struct ContactsListTests {
    let collation: IndexedCollation
    init() throws { collation = try IndexedCollation(locale: "en_US") }

    private func path(_ section: Int, _ row: Int) -> ListIndexPath { ListIndexPath(section: section, row: row) }

    @Test func editingContactsStepByStep() throws {
        let steve = Person(id: 1, firstName: "Steve", lastName: "Jobs"), bill = Person(id: 2, firstName: "Bill", lastName: "Gates")
        let larry = Person(id: 3, firstName: "Larry", lastName: "Ellison"), eric = Person(id: 4, firstName: "Eric", lastName: "Jones")
        var contacts = LiveSectionedList(
            [steve, bill, larry, eric], collation: collation, by: \.lastName, then: \.firstName, identifiedBy: \.id)
        #expect(contacts.sectionTitles == ["E", "G", "J"])

        // Add a contact to an existing section: one row, no section.
        let tim = Person(id: 5, firstName: "Tim", lastName: "Cook")
        var changes = contacts.insert(tim)
        #expect(contacts.sectionTitles == ["C", "E", "G", "J"])
        #expect(changes.insertedSections == [0] && changes.insertedRows.isEmpty, "Cook opens section C")
        #expect(changes.snapshotOperations == [.insertSectionsBefore(["C"], section: "E"), .appendItems([5], toSection: "C")])

        let ellen = Person(id: 6, firstName: "Ellen", lastName: "Jobs")
        changes = contacts.insert(ellen)
        #expect(changes.insertedRows == [path(3, 0)], "Ellen Jobs before Steve Jobs in J")
        #expect(changes.insertedSections.isEmpty && changes.deletedRows.isEmpty && changes.movedRows.isEmpty)
        #expect(changes.snapshotOperations == [.insertItemsBefore([6], item: 1)])

        // Bill is renamed: he moves from G (which empties) to J, after Ellen.
        var renamed = bill
        renamed.lastName = "Jobs"
        changes = contacts.update(renamed)
        #expect(contacts.sectionTitles == ["C", "E", "J"])
        #expect(changes.deletedSections == [2], "G empties")
        #expect(changes.insertedRows == [path(2, 0)], "out of a deleted section, so an insertion, not a move")
        #expect(changes.movedRows.isEmpty && changes.deletedRows.isEmpty)
        #expect(contacts[2].map(\.firstName) == ["Bill", "Ellen", "Steve", "Eric"])

        // Saved again with the same name (a new phone number, say): same key, the row stays and is reconfigured.
        var newNumber = larry
        newNumber.firstName = "Larry"
        changes = contacts.update(newNumber)
        #expect(changes.reconfiguredRows == [path(1, 0)])
        #expect(changes.insertedRows.isEmpty && changes.movedRows.isEmpty && changes.deletedRows.isEmpty)
        #expect(changes.snapshotOperations == [.reconfigureItems([3])])

        // Sync: Eric is deleted, Ellen renamed within J (moves), two contacts arrive.
        var ellenAfter = ellen
        ellenAfter.firstName = "Zoe"
        let ada = Person(id: 7, firstName: "Ada", lastName: "Lovelace"), sam = Person(id: 8, firstName: "Sam", lastName: "Altman")
        changes = contacts.apply(inserting: [ada, sam], updating: [ellenAfter], removing: [eric.id])
        #expect(contacts.sectionTitles == ["A", "C", "E", "J", "L"])
        #expect(contacts[3].map(\.firstName) == ["Bill", "Steve", "Zoe"])
        #expect(changes.insertedSections == [0, 4], "A and L are new")
        #expect(changes.deletedRows == [path(2, 3)], "Eric Jones, at his old place")
        #expect(changes.movedRows == [ListMove(from: path(2, 1), to: path(3, 2))], "Zoe Jobs: old J was section 2, new J is 3")
        #expect(changes.insertedRows.isEmpty)
    }
}
