import Testing

@testable import SectionSort

@Suite struct SearchTests {
    private func matched(_ query: String, _ texts: [String], locale: String) throws -> [String] {
        let search = SearchQuery(query, collation: try IndexedCollation(locale: locale))
        return texts.compactMap { text in search.matchRange(in: text).map { String(text[$0]) } }
    }

    @Test func swedishKeepsÅApartFromA() throws {
        #expect(try matched("a", ["Åke", "Anna", "Ängel"], locale: "sv_SE") == ["A"])
        #expect(try matched("ake", ["Åke Berg"], locale: "sv_SE") == [])
        #expect(try matched("å", ["Åke Berg", "Anna"], locale: "sv_SE") == ["Å"])
        #expect(try matched("o", ["Öberg", "Olsson"], locale: "sv_SE") == ["O"])
    }

    @Test func englishIgnoresAccentsAndCase() throws {
        #expect(try matched("a", ["Åke", "Anna", "Ängel", "Bo"], locale: "en_US") == ["Å", "A", "Ä"])
        #expect(try matched("ake", ["Åke Berg", "Jake"], locale: "en_US") == ["Åke"], "word starts only")
        #expect(try matched("emile", ["Émile Zola"], locale: "en_US") == ["Émile"])
    }

    @Test func germanLeavesSharpSToTheCollation() throws {
        // ICU's German collation makes ß equal to ss at primary strength, both ways.
        #expect(try matched("strass", ["Straße", "Strasse"], locale: "de") == ["Straß", "Strass"])
        #expect(try matched("straß", ["Strasse", "Straße"], locale: "de") == ["Strass", "Straß"])
        #expect(try matched("ss", ["ẞ", "S"], locale: "de") == ["ẞ"])
    }

    @Test func wordStartsNotMiddles() throws {
        #expect(try matched("jo", ["Steve Jobs", "Bill Gates", "Major"], locale: "en_US") == ["Jo"])
        #expect(try matched("steve j", ["Steve Jobs"], locale: "en_US") == ["Steve J"], "a query can span words")
        #expect(try matched("luc", ["Jean-Luc Picard", "O'Luchaire"], locale: "en_US") == ["Luc", "Luc"])
        #expect(try matched("12", ["Track 12", "Track 2"], locale: "en_US") == ["12"])
        #expect(try matched("", ["anything"], locale: "en_US") == [""], "an empty query matches everything")
    }

    @Test func japaneseHiraganaFindsKatakana() throws {
        #expect(try matched("かめ", ["カメラ", "かめ", "ラカメ", "ｶﾒﾗ"], locale: "ja_JP") == ["カメ", "かめ", "ｶﾒ"])
        // ICU's Japanese collation makes the voiced mark a secondary difference: が finds カ too.
        #expect(try matched("が", ["ガラス", "カラス", "サラ"], locale: "ja_JP") == ["ガ", "カ"])
    }

    @Test func koreanInitialConsonantFindsEverySyllableWithIt() throws {
        #expect(try matched("ㄱ", ["김", "가나", "기", "나", "까치"], locale: "ko_KR") == ["김", "가", "기"])
        #expect(try matched("기", ["김", "가나"], locale: "ko_KR") == ["김"], "a syllable finds the syllables it starts")
    }

    @Test func keyPrefixesAreTheStartOfTheWholeKey() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        LiveKeyWorker.with(collation: collation, options: SectioningOptions()) { worker in
            for text in RandomStrings.make(300, seed: 9) {
                var copy = text
                let whole = worker.primaryKey(of: text)
                for limit in [1, 3, 48, 1000] {
                    let buffer = KeyBuffer()
                    let complete = copy.withUTF8 { worker.primaryCollatorForTests.appendSortKeyPrefix(utf8: $0, limit: limit, to: buffer) }
                    let prefix = buffer.bytes(at: 0, length: buffer.count)
                    #expect(prefix == Array(whole.prefix(limit)), "\(text.debugDescription) limit \(limit)")
                    #expect(complete == (whole.count < limit))
                }
            }
        }
    }
}

@Suite struct LiveSearchTests {
    /// Names with long words, so that stored search keys are cut (48 bytes) and long queries are
    /// checked against the whole key.
    static func names(_ count: Int, seed: UInt64) -> [Person] {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["an", "Ån", "ber", "Berg", "é", "Öst", "lund", "-", " ", "'", "jo", "Jo", "ss", "ß", "かめ", "カメ", "김", "ㄱ", "12"]
        return (0..<count).map { id in
            let length = Int.random(in: 1...(id % 7 == 0 ? 60 : 8), using: &generator)
            let name = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            return Person(id: id, firstName: "", lastName: name)
        }
    }

    @Test(arguments: ["sv_SE", "en_US", "de"])
    func searchEqualsMatchingEveryItemAgain(locale: String) throws {
        let collation = try IndexedCollation(locale: locale)
        let people = Self.names(1000, seed: 11)
        var live = LiveSectionedList(people, collation: collation, by: \.lastName, identifiedBy: \.id)
        var edits = PersonEdits(seed: 5)
        live.insert(contentsOf: edits.people(200).map { Person(id: $0.id + 100_000, firstName: "", lastName: $0.lastName) })
        let long = String(repeating: "Berglund", count: 8)
        live.insert(contentsOf: [
            Person(id: -1, firstName: "", lastName: "Ek " + long + "an"), Person(id: -2, firstName: "", lastName: long + "ber"),
        ])
        for query in ["a", "å", "jo", "berg", "ss", "かめ", "ㄱ", "12", "lund-", "", long, long + "an", "zzz"] {
            let search = SearchQuery(query, collation: collation)
            let result = live.search(query)
            let list = live.sectionedList
            var expectedTitles: [String] = [], expectedItems: [[Person]] = [], expectedRanges: [[String]] = []
            for section in list {
                let matches = section.filter { search.matchRange(in: $0.lastName) != nil }
                guard !matches.isEmpty else { continue }
                expectedTitles.append(section.title)
                expectedItems.append(matches)
                expectedRanges.append(matches.map { String($0.lastName[search.matchRange(in: $0.lastName)!]) })
            }
            #expect(result.list.sectionTitles == expectedTitles, "query \(query.debugDescription)")
            #expect(result.list.map(\.items) == expectedItems, "query \(query.debugDescription)")
            let ranges = result.list.indices.map { section in
                result.list[section].indices.map { row in
                    String(result.list[section: section, row: row].lastName[result.matchRange(section: section, row: row)])
                }
            }
            #expect(ranges == expectedRanges, "query \(query.debugDescription)")
        }
        #expect(live.search(long).itemCount == 2, "the long query finds its items through cut keys")
        #expect(live.search(long + "an").itemCount == 1)
    }

    @Test func searchResultReadsItsMatchesWithoutCopyingAndKeepsThemWhenTheListChanges() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let people = [
            Person(id: 1, firstName: "Åsa", lastName: "Berg"), Person(id: 2, firstName: "Bo", lastName: "Ek"),
            Person(id: 3, firstName: "Eva", lastName: "Bergström"), Person(id: 4, firstName: "Dag", lastName: "Öberg"),
        ]
        var live = LiveSectionedList(people, collation: collation, by: \.lastName, identifiedBy: \.id)
        let result = live.search("berg")
        #expect(result.sectionTitles == ["B"])
        #expect(result.count == 1 && result[0].count == 2 && result.itemCount == 2, "one section of two matches")
        #expect(result[section: 0, row: 0] == people[0])
        #expect(Array(result[0]) == [people[0], people[2]])
        #expect(result.indexTitles == collation.sectionTitles)
        #expect(result.list.map(\.items) == [[people[0], people[2]]])
        // Editing the list afterwards changes neither the result's rows nor its ranges.
        live.remove(id: 1)
        live.update(Person(id: 3, firstName: "Eva", lastName: "Andersson"))
        live.insert(Person(id: 5, firstName: "Ulf", lastName: "Bergman"))
        #expect(Array(result[0]) == [people[0], people[2]])
        #expect(String(people[2].lastName[result.matchRange(section: 0, row: 1)]) == "Berg")
        #expect(live.search("berg")[0].map(\.id) == [5])
    }

    @Test func searchFollowsEdits() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let steve = Person(id: 1, firstName: "Steve", lastName: "Jobs")
        var contacts = LiveSectionedList([steve], collation: collation, by: \.lastName, identifiedBy: \.id)
        #expect(contacts.search("jo").itemCount == 1)
        var renamed = steve
        renamed.lastName = "Wozniak"
        contacts.update(renamed)
        #expect(contacts.search("jo").itemCount == 0)
        #expect(contacts.search("woz").list.sectionTitles == ["W"])
    }
}
