import Testing

@testable import SectionSort

/// Search by reading: pinyin for Chinese names, initial consonants for Korean, as people type.
@Suite struct ReadingSearchTests {
    /// One collation per locale for the whole suite: each opens its own reader of Chinese names.
    private static let collations = Result { () throws -> [String: IndexedCollation] in
        try Dictionary(uniqueKeysWithValues: ["zh_CN", "ko_KR", "en_US"].map { ($0, try IndexedCollation(locale: $0)) })
    }

    private func matched(_ query: String, _ texts: [String], locale: String, names: Bool = false) throws -> [String] {
        let collation = try Self.collations.get()[locale] ?? IndexedCollation(locale: locale)
        let search = SearchQuery(query, collation: collation, readsChineseNames: names)
        return texts.compactMap { text in search.matchRange(in: text).map { String(text[$0]) } }
    }

    /// A pinyin syllable as typed: without tone marks.
    private func typed(_ syllable: String) -> String {
        String(String.UnicodeScalarView(syllable.decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII)))
    }

    @Test func pinyinInFullAndByInitials() throws {
        for query in ["zs", "zhangs", "zhang san", "zhangsan", "ZhangSan", "zhs"] {
            #expect(try matched(query, ["张三", "李四", "张伟"], locale: "zh_CN", names: true) == ["张三"], "\(query)")
        }
        #expect(try matched("zs", ["张三丰"], locale: "zh_CN", names: true) == ["张三"], "the match ends after the last character read")
        #expect(try matched("z", ["张三", "李四"], locale: "zh_CN", names: true) == ["张"])
        #expect(try matched("zsa", ["张三"], locale: "zh_CN", names: true) == ["张三"], "the start of a syllable")
        #expect(try matched("zsi", ["张三"], locale: "zh_CN", names: true) == [], "not the start of a syllable")
        #expect(try matched("zhangsanx", ["张三"], locale: "zh_CN", names: true) == [], "a query beyond the reading")
        #expect(try matched("ls", ["王 李四"], locale: "zh_CN", names: true) == ["李四"], "at a later word start")
    }

    @Test func pinyinOnlyWithChineseNames() throws {
        #expect(try matched("zs", ["张三"], locale: "zh_CN") == [])
        #expect(try matched("张", ["张三"], locale: "zh_CN") == ["张"], "the characters themselves still match")
    }

    @Test func surnamesAreFoundByTheirSurnameReading() throws {
        #expect(try matched("shan", ["单田芳"], locale: "zh_CN", names: true) == ["单"])
        #expect(try matched("dan", ["单田芳"], locale: "zh_CN", names: true) == [], "单 as a surname is shàn")
        #expect(try matched("zzw", ["曾志伟"], locale: "zh_CN", names: true) == ["曾志伟"])
        #expect(try matched("lv", ["吕布"], locale: "zh_CN", names: true) == ["吕"], "ü typed as v")
        #expect(try matched("lub", ["吕布"], locale: "zh_CN", names: true) == ["吕布"], "ü typed as u")
        for (surname, checked, icu) in ReadingTests.polyphonicSurnames {
            let syllables = (icu ?? checked).split(separator: " ").map { typed(String($0)) }
            let name = surname + "小明"
            let initials = syllables.map { String($0.prefix(1)) }.joined()
            #expect(try matched(initials + "x", [name], locale: "zh_CN", names: true) == [surname + "小"], "\(name) by initials")
            #expect(try matched(syllables.joined(), [name], locale: "zh_CN", names: true) == [surname], "\(name) in full")
            #expect(try matched(syllables.joined(separator: " ") + " xiao ming", [name], locale: "zh_CN", names: true) == [name])
        }
    }

    @Test func hangulInitialConsonants() throws {
        let names = ["김수정", "김민수", "박수진", "까치", "가방"]
        #expect(try matched("ㄱㅅ", names, locale: "ko_KR") == ["김수"])
        #expect(try matched("ㄱㅅㅈ", names, locale: "ko_KR") == ["김수정"])
        #expect(try matched("ㄲ", names, locale: "ko_KR") == ["까"], "a double consonant")
        #expect(try matched("ㄲㅊ", names, locale: "ko_KR") == ["까치"])
        #expect(try matched("ㅂㅅ", names, locale: "ko_KR") == ["박수"])
        #expect(try matched("ㄱㅅ", names, locale: "en_US") == ["김수"], "whatever the locale")
    }

    @Test func hangulSyllablesTypedPartially() throws {
        let names = ["김수정", "김민수", "기수"]
        #expect(try matched("김ㅅ", names, locale: "ko_KR") == ["김수"])
        #expect(try matched("김수저", names, locale: "ko_KR") == ["김수정"], "정 still being typed")
        #expect(try matched("ㄱ수", names, locale: "ko_KR") == ["김수", "기수"])
        #expect(try matched("김ㅁ", names, locale: "ko_KR") == ["김민"])
    }

    @Test func noFalseMatchesOnLatinNames() throws {
        let latin = ["Zoe Smith", "Zhang Wei", "Ken Song", "Zsa Zsa Gabor"]
        #expect(try matched("zs", latin, locale: "zh_CN", names: true) == ["Zs"], "Zsa Zsa by its letters, no name by reading")
        #expect(try matched("zw", latin, locale: "zh_CN", names: true) == [])
        #expect(try matched("ㄱㅅ", latin, locale: "ko_KR") == [])
    }

    @Test func latinNamesMatchAsWithoutReadings() throws {
        let collation = try Self.collations.get()["zh_CN"]!
        var state: UInt64 = 25
        func random(_ bound: Int) -> Int {  // a fixed linear congruential sequence: failures reproduce
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let pieces = ["zh", "ang", "s", "an", "Li", " ", "-", "x", "W", "ei", "zs", "ch"]
        func text() -> String { (0...random(5)).map { _ in pieces[random(pieces.count)] }.joined() }
        for _ in 0..<500 {
            let name = text(), query = text()
            let byReading = SearchQuery(query, collation: collation, readsChineseNames: true).matchRange(in: name)
            let plain = SearchQuery(query, collation: collation).matchRange(in: name)
            #expect(byReading == plain, "\(query) in \(name)")
        }
    }

    @Test func illFormedBytesKeepTheirOffsets() throws {
        // The command-line tool's --lossy keys: a stray byte before "김수" (6 bytes).
        let bytes: [UInt8] = [0xFF] + Array("김수".utf8)
        let matcher = try #require(ReadingMatcher("ㄱㅅ", readsChineseNames: false))
        #expect(bytes.withUnsafeBufferPointer { matcher.firstMatch(utf8: $0, names: nil) } == 1..<7)
    }

    @Test func kanaReadingsWhereTheListHasThem() throws {
        let query = SearchQuery("やま", collation: try IndexedCollation(locale: "ja_JP"))
        #expect(query.matchRange(in: "山田", reading: "やまだ") == "山田".startIndex..<"山田".endIndex)
        #expect(query.matchRange(in: "山田", reading: nil) == nil)
        #expect(query.matchRange(in: "山田", reading: "たなか") == nil)
        #expect(query.matchRange(in: "やまもと", reading: "ヤマモト").map { String("やまもと"[$0]) } == "やま")
    }

    @Test func liveListsSearchByReadingInMixedLists() throws {
        let people = ["张三", "李四", "张三丰", "김수정", "박민수", "Zoe Smith", "Kim Soo"]
        let list = LiveSectionedList(
            people, collation: try IndexedCollation(locale: "zh_CN"), by: { $0 }, options: SectioningOptions(readsChineseNames: true))
        func found(_ query: String) -> [String] {
            let result = list.search(query)
            var texts: [String] = []
            for section in result.indices {
                for row in result[section].indices {
                    let item = result[section: section, row: row]
                    texts.append(String(item[result.matchRange(section: section, row: row)]))
                }
            }
            return texts
        }
        #expect(found("zs").sorted() == ["张三", "张三"])
        #expect(found("zhangsanf") == ["张三丰"])
        #expect(found("ㄱㅅ") == ["김수"])
        #expect(found("ㅂㅁ") == ["박민"])
        #expect(found("kim") == ["Kim"])
        let plain = LiveSectionedList(people, collation: try IndexedCollation(locale: "zh_CN"), by: { $0 })
        #expect(plain.search("zs").itemCount == 0, "pinyin only where the list reads Chinese names")
        #expect(plain.search("ㄱㅅ").itemCount == 1, "Hangul initials always")
    }
}
