import Foundation
import Testing

/// `--grep QUERY`: the records whose key has a word starting with the query, in the locale's terms.
@Suite struct GrepTests {
    @Test func theLocaleDecidesWhatMatches() throws {
        let names = "Åke Berg\nAnna Ek\nJake Ng\nake lowercase\nSteve Jobs\n"
        let english = try SectionSortCommand.run(["--locale", "en_US", "--grep", "ake"], stdin: names)
        #expect(english.status == 0)
        #expect(english.stdout == "A\n  Åke Berg\n  ake lowercase\n", "Å is A with a ring in English; Jake has no word starting with ake")
        let swedish = try SectionSortCommand.run(["--locale", "sv_SE", "--grep", "ake"], stdin: names)
        #expect(swedish.stdout == "A\n  ake lowercase\n", "Å is its own letter in Swedish")
        let jobs = try SectionSortCommand.run(["--locale", "en_US", "--grep", "JO"], stdin: names)
        #expect(jobs.stdout == "S\n  Steve Jobs\n")
    }

    @Test func csvKeysAreSearchedNotWholeRecords() throws {
        let csv = "first,last\nJohn,Smith\nAnna,Johnson\n"
        let result = try SectionSortCommand.run(
            ["-f", "csv", "--key", "last", "--grep", "jo", "--locale", "en_US", "-F", "csv"], stdin: csv)
        #expect(result.status == 0)
        #expect(result.stdout == "first,last,section\nAnna,Johnson,J\n")
    }

    /// The kept records kept their places but not their readings: 日本 went under 漢字's reading.
    @Test func keptRecordsAreReadByTheirOwnReadings() throws {
        let header = "name,yomi\n"
        let records = ["漢字,かんじ", "b,", "日本,にほん"]
        let flags = ["-f", "csv", "-k", "name", "--reading", "yomi", "-l", "ja"]
        let grepped = try SectionSortCommand.run(flags + ["--grep", "日"], stdin: header + records.map { $0 + "\n" }.joined())
        let alone = try SectionSortCommand.run(flags, stdin: header + records[2] + "\n")
        #expect(grepped.status == 0 && alone.status == 0, "\(grepped.stderr)")
        #expect(grepped.stdout == alone.stdout, "the record found is sectioned as it is without --grep")
    }

    @Test func sortedRunsGiveTheSameRecordsAsFilteringFirst() throws {
        // ASCII names: at primary strength in en_US a word-start match is a case-insensitive prefix
        // of a word, which plain Swift can check.
        var state: UInt64 = 14
        func random(_ bound: Int) -> Int {  // a fixed linear congruential sequence: failures reproduce
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let syllables = ["an", "jo", "Jo", "ber", "g", "son", "-", " ", "ka", "AN", "m", "e"]
        let lines = (0..<40_000).map { _ in (0...random(6)).map { _ in syllables[random(syllables.count)] }.joined() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = directory.appendingPathComponent("all.txt"), filtered = directory.appendingPathComponent("filtered.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: all, atomically: true, encoding: .utf8)
        let kept = lines.filter { line in
            line.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.lowercased().hasPrefix("jo") }
        }
        try (kept.joined(separator: "\n") + (kept.isEmpty ? "" : "\n")).write(to: filtered, atomically: true, encoding: .utf8)
        let expected = try SectionSortCommand.run(["--locale", "en_US", filtered.path])
        for extra in [[], ["--memory-limit", "64K", "-T", directory.path], ["-j", "1"]] {
            let result = try SectionSortCommand.run(["--locale", "en_US", "--grep", "jo"] + extra + [all.path])
            #expect(result.status == 0, "\(extra): \(result.stderr)")
            #expect(result.stdout == expected.stdout, "\(extra)")
        }
        #expect(!kept.isEmpty && kept.count < lines.count)
    }

    @Test func grepIsForAlphabeticalSections() throws {
        for extra in [["--by", "date"], ["--emit-keys"], ["--from-keys"]] {
            let result = try SectionSortCommand.run(["--grep", "a"] + extra, stdin: "x\n")
            #expect(result.status == 64)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("--grep"))
        }
    }

    /// The records a run keeps, without their section headers.
    private func kept(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
    }

    @Test func pinyinWithChineseNames() throws {
        let names = "张三\n李四\n张三丰\nZoe Smith\n单田芳\n"
        for query in ["zs", "zhangs", "zhang san"] {
            let result = try SectionSortCommand.run(["--locale", "zh_CN", "--chinese-names", "--grep", query], stdin: names)
            #expect(result.status == 0, "\(query): \(result.stderr)")
            #expect(kept(result.stdout).sorted() == ["张三", "张三丰"], "\(query)")
        }
        let surname = try SectionSortCommand.run(["--locale", "zh_CN", "--chinese-names", "--grep", "stf"], stdin: names)
        #expect(kept(surname.stdout) == ["单田芳"], "单 read as a surname")
        let without = try SectionSortCommand.run(["--locale", "zh_CN", "--grep", "zs"], stdin: names)
        #expect(without.status == 0 && without.stdout.isEmpty, "pinyin only with --chinese-names")
    }

    @Test func hangulInitialsAlways() throws {
        let names = "김수정\n김민수\n박수진\nKim Soo\n"
        let result = try SectionSortCommand.run(["--locale", "ko_KR", "--grep", "ㄱㅅ"], stdin: names)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(kept(result.stdout) == ["김수정"])
        let partial = try SectionSortCommand.run(["--locale", "en_US", "--grep", "김ㅁ"], stdin: names)
        #expect(kept(partial.stdout) == ["김민수"])
    }

    @Test func readingColumnIsSearched() throws {
        let csv = "name,kana\n山田,やまだ\n田中,たなか\n山本,\n"
        let result = try SectionSortCommand.run(
            ["-f", "csv", "--key", "name", "--reading", "kana", "--locale", "ja_JP", "--grep", "やま", "-F", "csv"], stdin: csv)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").first.map(String.init) } == ["山田"])
    }
}
