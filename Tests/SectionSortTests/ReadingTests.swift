import Testing

@testable import SectionSort

/// Readings: names sectioned and ordered as people read them (yomigana, Chinese surnames).
@Suite struct ReadingTests {
    struct Contact: Hashable, Sendable, CustomStringConvertible {
        var name: String
        var reading: String?
        var description: String { name }
    }

    private static func titled(_ list: SectionedList<Contact>) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: list.map { ($0.title, $0.items.map(\.name)) })
    }

    // MARK: Japanese readings

    @Test func japaneseNamesWithReadingsGoUnderTheirKanaRow() throws {
        let collation = try IndexedCollation(locale: "ja_JP")
        let contacts = [
            Contact(name: "佐藤", reading: "さとう"), Contact(name: "山田太郎", reading: "やまだたろう"),
            Contact(name: "鈴木", reading: "スズキ"), Contact(name: "東海林", reading: "しょうじ"),
            Contact(name: "田中", reading: nil), Contact(name: "伊藤", reading: "いとう"),
            Contact(name: "Smith", reading: nil), Contact(name: "かとう", reading: nil),
        ]
        let list = collation.sections(of: contacts, by: \.name, reading: \.reading)
        #expect(list.map(\.title) == ["S", "あ", "か", "さ", "や", "#"])
        #expect(
            Self.titled(list) == [
                "S": ["Smith"], "あ": ["伊藤"], "か": ["かとう"], "さ": ["佐藤", "東海林", "鈴木"],
                "や": ["山田太郎"], "#": ["田中"],
            ])
        // Without readings the kanji names have no section but "#".
        let plain = collation.sections(of: contacts, by: \.name)
        #expect(plain.map(\.title) == ["S", "か", "#"])
    }

    @Test func hiraganaAndKatakanaReadingsAreReadAlike() throws {
        let collation = try IndexedCollation(locale: "ja_JP")
        for (hiragana, katakana) in [("やまだ", "ヤマダ"), ("さとう", "サトウ"), ("しょうじ", "ショウジ"), ("がっこう", "ガッコウ")] {
            let one = collation.sections(of: [Contact(name: "X", reading: hiragana)], by: \.name, reading: \.reading)
            let other = collation.sections(of: [Contact(name: "X", reading: katakana)], by: \.name, reading: \.reading)
            #expect(one.map(\.title) == other.map(\.title), "\(hiragana) \(katakana)")
            #expect(
                hiragana != katakana && collation.compare(hiragana, katakana) == .orderedSame,
                "ja tells them apart at the quaternary level only")
        }
        // Interleaved by reading, whichever kana the reading is written in.
        let contacts = [
            Contact(name: "山本", reading: "ヤマモト"), Contact(name: "山田", reading: "やまだ"),
            Contact(name: "矢野", reading: "ヤノ"), Contact(name: "横山", reading: "よこやま"),
        ]
        let list = collation.sections(of: contacts, by: \.name, reading: \.reading)
        #expect(list.map(\.title) == ["や"])
        #expect(list[0].items.map(\.name) == ["矢野", "山田", "山本", "横山"])
    }

    @Test func equalReadingsAreOrderedByTheKeyThenInputOrder() throws {
        let collation = try IndexedCollation(locale: "ja_JP")
        // 斉藤, 斎藤, 齋藤 and 齊藤 are all さいとう; the kanji order them, then input order.
        let contacts = [
            Contact(name: "齋藤", reading: "さいとう"), Contact(name: "斎藤", reading: "さいとう"),
            Contact(name: "斉藤", reading: "サイトウ"), Contact(name: "斎藤", reading: "さいとう"),
            Contact(name: "さいとう", reading: nil),
        ]
        let list = collation.sections(of: Array(contacts.enumerated()), by: { $0.element.name }, reading: { $0.element.reading })
        let keyOrder = ["齋藤", "斎藤", "斉藤"].sorted { collation.compare($0, $1) == .orderedAscending }
        let order = list[0].items.map(\.offset)
        #expect(list.map(\.title) == ["さ"])
        // The plain kana name (no reading) first; then by reading (katakana after hiragana at the
        // tertiary level only once the readings tie on their letters); equal readings by kanji.
        #expect(order.first == 4)
        let hiraganaRead = order.filter { contacts[$0].reading == "さいとう" }
        #expect(hiraganaRead.map { contacts[$0].name } == keyOrder.filter { $0 != "斉藤" }.flatMap { $0 == "斎藤" ? [$0, $0] : [$0] })
        #expect(hiraganaRead.filter { contacts[$0].name == "斎藤" } == [1, 3], "equal readings and keys keep input order")
    }

    @Test func anEmptyReadingIsNoReading() throws {
        let collation = try IndexedCollation(locale: "ja_JP")
        let contacts = [
            Contact(name: "やまだ", reading: ""), Contact(name: "山田", reading: "やまだ"),
            Contact(name: "佐藤", reading: ""), Contact(name: "Abe", reading: ""),
        ]
        let list = collation.sections(of: contacts, by: \.name, reading: \.reading)
        #expect(Self.titled(list) == ["A": ["Abe"], "や": ["やまだ", "山田"], "#": ["佐藤"]])
        let none = collation.sections(of: contacts.map { Contact(name: $0.name, reading: nil) }, by: \.name, reading: \.reading)
        #expect(Self.titled(none) == ["A": ["Abe"], "や": ["やまだ"], "#": ["佐藤", "山田"]])
    }

    @Test func mixedScriptsAndReadingsInOtherScripts() throws {
        let collation = try IndexedCollation(locale: "ja_JP")
        let contacts = [
            Contact(name: "山田 Taro", reading: "やまだ たろう"), Contact(name: "John 佐藤", reading: "じょん さとう"),
            Contact(name: "李小龍", reading: "Lee"), Contact(name: "Иванов", reading: nil),
            Contact(name: "김민준", reading: "きむ"), Contact(name: "123", reading: nil),
        ]
        let list = collation.sections(of: contacts, by: \.name, reading: \.reading)
        #expect(Self.titled(list) == ["L": ["李小龍"], "か": ["김민준"], "さ": ["John 佐藤"], "や": ["山田 Taro"], "#": ["123", "Иванов"]])
    }

    struct Person: Sendable { var last: String; var lastReading: String?; var first: String }
    static let people = [
        Person(last: "山田", lastReading: "やまだ", first: "花子"), Person(last: "山田", lastReading: "やまだ", first: "太郎"),
        Person(last: "佐藤", lastReading: "さとう", first: "一郎"), Person(last: "矢野", lastReading: "やの", first: "愛"),
    ]

    @Test func readingsWithSecondaryKeysAndDescending() throws {
        let collation = try IndexedCollation(locale: "ja_JP")
        let people = Self.people
        let ascending = collation.sections(of: people, by: \.last, reading: \.lastReading, then: \.first)
        #expect(ascending.map(\.title) == ["さ", "や"])
        #expect(
            ascending[1].items.map { $0.last + $0.first } == ["矢野愛"]
                + ["山田太郎", "山田花子"].sorted { collation.compare($0, $1) == .orderedAscending })
        let options = SectioningOptions(order: .reverse, threads: 3)
        let descending = collation.sections(of: people, by: \.last, reading: \.lastReading, then: \.first, options: options)
        #expect(descending.map(\.title) == ["や", "さ"])
        #expect(descending[0].items.first?.last == "山田")
        let indices = collation.sectionedIndices(of: people, by: \.last, reading: \.lastReading, then: \.first, options: options)
        #expect(
            indices.map { Array($0) }
                == descending.map { $0.items.map { item in people.firstIndex { $0.last == item.last && $0.first == item.first }! } })
    }

    @Test func theAsyncFormTakesReadings() async throws {
        let collation = try IndexedCollation(locale: "ja_JP")
        let people = Self.people
        let options = SectioningOptions(order: .reverse, threads: 3)
        let indices = collation.sectionedIndices(of: people, by: \.last, reading: \.lastReading, then: \.first, options: options)
        let async = try await collation.sections(
            of: people, by: { $0.last }, reading: { $0.lastReading }, then: { $0.first }, options: options)
        #expect(async.map(\.title) == ["や", "さ"])
        #expect(async.map { $0.items.map { $0.last + $0.first } } == indices.map { $0.map { people[$0].last + people[$0].first } })
    }

    // MARK: Chinese names

    /// The surnames of the issue: the collation alone puts them under the letter of their common
    /// reading; read as names they go under their surname reading.
    @Test func chineseSurnamesGoUnderTheirSurnameReading() throws {
        let collation = try IndexedCollation(locale: "zh_CN")
        let cases: [(name: String, usual: String, surname: String)] = [
            ("曾志伟", "C", "Z"), ("单田芳", "D", "S"), ("仇英", "C", "Q"), ("解缙", "J", "X"), ("区小芳", "Q", "O"),
            ("乐嘉", "L", "Y"), ("查良镛", "C", "Z"), ("沈从文", "S", "S"),
        ]
        let names = cases.map(\.name)
        let usual = collation.sections(of: names, by: { $0 })
        let asNames = collation.sections(of: names, by: { $0 }, options: SectioningOptions(readsChineseNames: true))
        for (name, usualTitle, surnameTitle) in cases {
            #expect(usual.first { $0.items.contains(name) }?.title == usualTitle, "\(name) without the option")
            #expect(asNames.first { $0.items.contains(name) }?.title == surnameTitle, "\(name) read as a name")
        }
    }

    /// Polyphonic surnames with their surname reading, checked against the transform; `icu` is set
    /// where ICU reads the surname otherwise. The readings of 仇 区 召 任 华 朴 折 单 黑 解 繁 纪 查
    /// 种 舍 乐 盖 燕 缪 逄 覃 万俟 单于 澹台 尉迟 are those of public lists of surnames that are easy
    /// to misread (m.jjdzc.com/mingzi/65.html; 00-edu.com/jaoan/2/2022-03-06/40818.html, from
    /// 《小学语文学习》), which give 乐 as lè or yuè, 盖 as gài or gě and 覃 as qín or tán, and 朴
    /// as piáo in Korean names but pǔ as a Han surname; the others are the common dictionary
    /// readings of these surnames, not checked against a cited source.
    static let polyphonicSurnames: [(surname: String, reading: String, icu: String?)] = [
        ("曾", "zēng", nil), ("单", "shàn", nil), ("仇", "qiú", nil), ("解", "xiè", nil), ("区", "ōu", nil),
        ("乐", "yuè", nil), ("查", "zhā", nil), ("沈", "shěn", nil), ("盖", "gě", nil), ("繁", "pó", nil),
        ("种", "chóng", nil), ("覃", "qín", nil), ("华", "huà", nil), ("任", "rén", nil), ("纪", "jǐ", nil),
        ("葛", "gě", nil), ("翟", "zhái", nil), ("召", "shào", nil), ("折", "shé", nil), ("舍", "shè", nil),
        ("员", "yùn", nil), ("燕", "yān", nil), ("秘", "bì", nil), ("卜", "bǔ", nil), ("过", "guō", nil),
        ("粘", "nián", nil), ("阚", "kàn", nil), ("刀", "diāo", nil), ("重", "chóng", nil), ("隗", "wěi", nil),
        ("干", "gān", nil), ("车", "chē", nil), ("宿", "sù", nil), ("冼", "xiǎn", nil), ("贾", "jiǎ", nil),
        ("朝", "cháo", nil), ("逄", "páng", nil), ("郇", "huán", nil), ("曲", "qū", nil), ("牟", "móu", "mù"),
        ("长孙", "zhǎng sūn", nil), ("令狐", "líng hú", nil), ("万俟", "mò qí", nil), ("尉迟", "yù chí", nil),
        ("澹台", "tán tái", nil), ("单于", "chán yú", "shàn yú"), ("朴", "piáo", "pǔ"), ("缪", "miào", "móu"),
        ("那", "nā", "nà"), ("句", "gōu", "jù"), ("黑", "hè", "hēi"), ("薄", "bó", "báo"), ("能", "nài", "néng"),
        ("莘", "shēn", "xīn"),
    ]

    @Test func polyphonicSurnamesAreReadAsTheTransformReadsThem() throws {
        let reader = ChineseNameReader()
        let collation = try IndexedCollation(locale: "zh_CN")
        let options = SectioningOptions(readsChineseNames: true)
        for (surname, reading, icu) in Self.polyphonicSurnames {
            let transformed = reader.transformWhole(surname)
            #expect(transformed == (icu ?? reading), "\(surname): ICU reads \(transformed)")
            // A full name: surname, then a given name. Its section is the transform's first letter.
            let name = surname + "小明"
            let worker = reader.makeWorker()
            let read = Array(name.utf8).withUnsafeBufferPointer { worker.read($0) }
            #expect(read && String(decoding: worker.reading, as: UTF8.self) == reader.transformWhole(name), "\(name)")
            let letter = String(transformed.decomposedStringWithCanonicalMapping.unicodeScalars.first!).uppercased()
            let list = collation.sections(of: [name], by: { $0 }, options: options)
            #expect(list.map(\.title) == [letter], "\(name)")
        }
    }

    /// Reading syllable by syllable from the cache gives exactly what the transform gives for the
    /// whole name, for names with context-dependent characters, traditional characters and
    /// characters outside the BMP, and for keys that mix scripts (read whole).
    @Test func cachedSyllablesGiveTheTransformsOutput() throws {
        let reader = ChineseNameReader()
        let pieces = [
            "曾", "单", "沈", "阳", "万", "俟", "长", "孙", "江", "令", "狐", "重", "庆", "秘", "鲁", "藏", "文", "语",
            "澹", "台", "尉", "迟", "解", "区", "乐", "查", "單", "樂", "區", "張", "偉", "志", "伟", "小", "明", "一",
            "丁", "𠀀", "𪚥", "々", "〇", "豈", "ａ", "A", " ", "·", "-", "み", "Ж", "1",
        ]
        var generator = SeededGenerator(seed: 15)
        let worker = reader.makeWorker()
        var checked = 0
        for _ in 0..<3000 {
            let length = Int.random(in: 1...5, using: &generator)
            let name = (0..<length).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
            let hasHan = name.unicodeScalars.contains { ICULocaleData.isHan($0) }
            let read = Array(name.utf8).withUnsafeBufferPointer { worker.read($0) }
            #expect(read == hasHan, "\(name)")
            if read {
                #expect(String(decoding: worker.reading, as: UTF8.self) == reader.transformWhole(name), "\(name)")
                checked += 1
            }
        }
        #expect(checked > 2000)
    }

    @Test func chineseNamesTiesAreOrderedByTheCharactersThenInputOrder() throws {
        let collation = try IndexedCollation(locale: "zh_CN")
        // 曾 (zēng as a surname) and 增 (zēng) read alike; 张伟 twice keeps input order.
        let names = ["张伟", "增伟", "曾伟", "张伟", "Zeng Wei", "章伟", "zēng wěi"]
        let list = collation.sections(
            of: Array(names.enumerated()), by: { $0.element },
            options: SectioningOptions(readsChineseNames: true))
        #expect(list.map(\.title) == ["Z"])
        let order = list[0].items.map(\.offset)
        // "Zeng Wei" and "zēng wěi" are not Han and sort as they are; Han names by their reading,
        // and 增伟 and 曾伟 (both zēng wěi) after the Latin "zēng wěi" whose key is that reading.
        let zeng = order.filter { [1, 2].contains($0) }
        #expect(zeng == (collation.compare("增伟", "曾伟") == .orderedAscending ? [1, 2] : [2, 1]))
        #expect(order.firstIndex(of: 6)! < order.firstIndex(of: 1)!)
        #expect(order.filter { names[$0] == "张伟" } == [0, 3])
        let latinOrder = collation.compare("Zeng Wei", "zēng wěi") == .orderedAscending ? [4, 6] : [6, 4]
        #expect(order.filter { [4, 6].contains($0) } == latinOrder, "Latin keys by their own collation (zh puts tone marks first)")
        #expect(order.firstIndex(of: 5)! > order.firstIndex(of: 0)!, "zhāng: 张 and 章 tie on the reading and go by collation")
    }

    /// Why the option is off by default: words and places are read with surname readings too.
    @Test func wordsAreReadAsNamesToo() throws {
        let reader = try #require(try IndexedCollation(locale: "zh_CN").chineseNameReader())
        #expect(reader.transformWhole("乐山") == "yuè shān")
        #expect(reader.transformWhole("解放") == "xiè fàng")
        #expect(reader.transformWhole("单位") == "shàn wèi")
        let collation = try IndexedCollation(locale: "zh_CN")
        #expect(collation.sections(of: ["乐山"], by: { $0 }).map(\.title) == ["L"])
        #expect(collation.sections(of: ["乐山"], by: { $0 }, options: SectioningOptions(readsChineseNames: true)).map(\.title) == ["Y"])
    }

    @Test func givenReadingsWinOverChineseNameReadings() throws {
        let collation = try IndexedCollation(locale: "zh_CN")
        let contacts = [Contact(name: "曾志伟", reading: "céng"), Contact(name: "单田芳", reading: nil), Contact(name: "李", reading: "")]
        let list = collation.sections(of: contacts, by: \.name, reading: \.reading, options: SectioningOptions(readsChineseNames: true))
        #expect(Self.titled(list) == ["C": ["曾志伟"], "L": ["李"], "S": ["单田芳"]])
    }

    @Test func traditionalChineseLocalesAndCharacters() throws {
        // zh_TW sections Han by stroke count; read as names, Han names go under Latin letters.
        let collation = try IndexedCollation(locale: "zh_TW")
        let names = ["曾志偉", "單田芳", "張三", "Lin"]
        let strokes = collation.sections(of: names, by: { $0 })
        #expect(strokes.map(\.title).allSatisfy { $0 == "L" || $0.hasSuffix("劃") })
        let read = collation.sections(of: names, by: { $0 }, options: SectioningOptions(readsChineseNames: true))
        // The transform has its surname readings for simplified characters only: 單 is read dān.
        #expect(Self.titledStrings(read) == ["D": ["單田芳"], "L": ["Lin"], "Z": ["曾志偉", "張三"]])
        let reader = try #require(collation.chineseNameReader())
        #expect(
            ["單", "樂", "區", "曾", "仇", "解", "查", "沈"].map(reader.transformWhole)
                == ["dān", "lè", "qū", "zēng", "qiú", "xiè", "zhā", "shěn"])
        // The zhuyin collation sections Han under ㄅ ㄆ ㄇ …, but bopomofo readings go to "#".
        let zhuyin = try IndexedCollation(locale: "zh_TW@collation=zhuyin")
        #expect(zhuyin.sections(of: ["單田芳"], by: { $0 }).map(\.title) == ["ㄉ"])
        let bopomofo = zhuyin.sections(of: [Contact(name: "張三", reading: "ㄓㄤ ㄙㄢ")], by: \.name, reading: \.reading)
        #expect(bopomofo.map(\.title) == ["#"])
    }

    private static func titledStrings(_ list: SectionedList<String>) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: list.map { ($0.title, $0.items) })
    }

    // MARK: The engine against the reference

    @Test func engineMatchesTheReferenceWithReadings() throws {
        for locale in ["ja_JP", "zh_CN", "sv_SE"] {
            let collation = try IndexedCollation(locale: locale)
            let keys = RandomStrings.make(2500, seed: 21) + ["曾志伟", "单田芳", "山田", "やまだ", ""]
            let readingPool = RandomStrings.make(400, seed: 22) + ["やまだ", "ヤマダ", "zēng", ""]
            var generator = SeededGenerator(seed: 23)
            let readings: [String?] = keys.indices.map { _ in
                Int.random(in: 0..<3, using: &generator) == 0 ? nil : readingPool[Int.random(in: 0..<readingPool.count, using: &generator)]
            }
            let secondary = RandomStrings.make(keys.count, seed: 24)
            for (options, withReadings) in [
                (SectioningOptions(threads: 1), true),
                (SectioningOptions(order: .reverse, secondaryOrder: .reverse, threads: 4), true),
                (SectioningOptions(threads: 3, readsChineseNames: true), true),
                (SectioningOptions(order: .reverse, threads: 2, readsChineseNames: true), false),
            ] {
                var input = SectioningInput(
                    primaryKeys: keys, secondaryKeys: secondary,
                    primaryDirection: options.order, secondaryDirection: options.secondaryOrder)
                if withReadings { input.readings = .strings(readings) }
                var configuration = EngineConfiguration()
                configuration.threads = options.threads
                configuration.chunkSize = 97
                configuration.minimumPieceSize = 64
                var engineInput = input
                engineInput.readsChineseNames = options.readsChineseNames
                let engine = try SectioningEngine.run(engineInput, collation: collation, configuration: configuration)
                let reference = SequentialReference.permutation(
                    input, collation: collation,
                    readsChineseNames: options.readsChineseNames)
                #expect(engine.sectionStarts == reference.sectionStarts, "\(locale) \(options)")
                #expect(engine.order == reference.order, "\(locale) \(options)")
            }
        }
    }

    @Test func orderingKeysAndInPlaceKeysGiveTheEnginesOrder() throws {
        let collation = try IndexedCollation(locale: "zh_CN")
        let keys = ["曾志伟", "单田芳", "Zeng", "增", "山田", "", "沈阳", "解"], readings: [String?] = [nil, "dān", nil, "", nil, "shān", nil, nil]
        let utf8Keys = keys.map { Array($0.utf8) }, utf8Readings = readings.map { $0.map { Array($0.utf8) } }
        let inPlace = UTF8Keys(
            count: keys.count, read: { item, body in utf8Keys[item].withUnsafeBufferPointer { body($0, SecondaryKeys()) } },
            readReading: { item, body in
                if let reading = utf8Readings[item] { reading.withUnsafeBufferPointer { body($0) } } else { body(nil) }
            })
        for options in [SectioningOptions(threads: 2), SectioningOptions(order: .reverse, threads: 1, readsChineseNames: true)] {
            let list = collation.sectionedIndices(of: Array(keys.indices), by: { keys[$0] }, reading: { readings[$0] }, options: options)
            let sorted = try collation.sectionedOrder(of: inPlace, options: options)
            #expect(sorted.sections.map(\.title) == list.map(\.title))
            #expect(sorted.sections.flatMap { sorted.order[$0.positions] } == list.flatMap { Array($0) })
            let ordered = keys.indices.sorted { a, b in
                let x = collation.orderingKey(primary: keys[a], reading: readings[a], options: options, listHasReadings: true)
                let y = collation.orderingKey(primary: keys[b], reading: readings[b], options: options, listHasReadings: true)
                if x.sectionRank != y.sectionRank { return x.sectionRank < y.sectionRank }
                return x.key.lexicographicallyPrecedes(y.key) || (x.key == y.key && a < b)
            }
            #expect(ordered == list.flatMap { Array($0) })
        }
    }
}
