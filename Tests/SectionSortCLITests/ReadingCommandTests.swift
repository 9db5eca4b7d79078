import Foundation
import Testing

/// `--reading` and `--chinese-names`, run as a user runs them.
@Suite struct ReadingCommandTests {
    static let japanese = """
        name,reading,phone
        山田太郎,やまだたろう,090-1111-2222
        佐藤花子,さとうはなこ,090-3333-4444
        鈴木一郎,スズキイチロウ,080-5555-6666
        東海林さだお,しょうじさだお,070-7777-8888
        田中,,090-0000-1111
        Smith,,070-4444-5555

        """

    @Test func csvReadingsSectionJapaneseNamesByKana() throws {
        let result = try SectionSortCommand.run(
            ["-f", "csv", "-k", "name", "--reading", "reading", "-l", "ja_JP", "-F", "json"],
            stdin: Self.japanese)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sections(try jsonObject(result.stdout)).map(\.0) == ["S", "さ", "や", "#"])
        #expect(
            sections(try jsonObject(result.stdout)).first { $0.0 == "さ" }?.1 == [
                "佐藤花子,さとうはなこ,090-3333-4444", "東海林さだお,しょうじさだお,070-7777-8888", "鈴木一郎,スズキイチロウ,080-5555-6666",
            ])
        // Without --reading the kanji names are all under "#".
        let plain = try SectionSortCommand.run(["-f", "csv", "-k", "name", "-l", "ja_JP", "-F", "json"], stdin: Self.japanese)
        #expect(sections(try jsonObject(plain.stdout)).map(\.0) == ["S", "#"])
    }

    @Test func tsvAndJSONLinesReadings() throws {
        let tsv = Self.japanese.replacingOccurrences(of: ",", with: "\t")
        let fromTSV = try SectionSortCommand.run(
            ["-f", "tsv", "-k", "name", "--reading", "reading", "-l", "ja_JP", "-F", "json"], stdin: tsv)
        #expect(sections(try jsonObject(fromTSV.stdout)).map(\.0) == ["S", "さ", "や", "#"])
        // A missing or null reading field is no reading; a reading that is not a string is an error.
        let jsonl = """
            {"name": "山田", "kana": "やまだ"}
            {"name": "佐藤", "kana": null}
            {"name": "鈴木"}
            {"name": "伊藤", "kana": "イトウ"}

            """
        let fromJSON = try SectionSortCommand.run(
            ["-f", "jsonl", "-k", "name", "--reading", "kana", "-l", "ja_JP", "-F", "json"], stdin: jsonl)
        #expect(fromJSON.status == 0, "\(fromJSON.stderr)")
        #expect(sections(try jsonObject(fromJSON.stdout)).map(\.0) == ["あ", "や", "#"])
        let bad = try SectionSortCommand.run(
            ["-f", "jsonl", "-k", "name", "--reading", "kana", "-l", "ja_JP"],
            stdin: "{\"name\": \"山田\", \"kana\": [1]}\n")
        #expect(bad.status == 65 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("<stdin>:1:") || bad.stderr.contains(":1:"), "\(bad.stderr)")
    }

    @Test func chineseNamesOption() throws {
        let names = "曾志伟\n单田芳\n仇英\n解缙\n区小芳\n乐嘉\n查良镛\n沈从文\n张三\nLin Dan\n"
        let read = try SectionSortCommand.run(["--chinese-names", "-l", "zh_CN", "-F", "json"], stdin: names)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(
            sections(try jsonObject(read.stdout)).map { $0.0 + ":" + $0.1.joined(separator: " ") } == [
                "L:Lin Dan", "O:区小芳", "Q:仇英", "S:单田芳 沈从文", "X:解缙", "Y:乐嘉", "Z:曾志伟 查良镛 张三",
            ])
        let plain = try SectionSortCommand.run(["-l", "zh_CN", "-F", "json"], stdin: names)
        #expect(sections(try jsonObject(plain.stdout)).first { $0.0 == "C" }?.1 == ["曾志伟", "查良镛", "仇英"])
    }

    /// Records with and without readings, Chinese and Japanese names, many equal readings.
    static func contacts(_ count: Int) -> String {
        let surnames = ["曾", "单", "沈", "张", "王", "李", "山田", "佐藤", "Smith", "欧阳", "解", "乐"]
        let given = ["伟", "芳", "太郎", "花子", "John", "小明", "一"]
        let readings = ["", "やまだ", "ヤマダ", "さとう", "zēng", "shàn", ""]
        var text = "name,reading,n\n"
        for index in 0..<count {
            text += "\(surnames[index % 12])\(given[index % 7]),\(readings[index % 5 + (index / 5) % 2]),\(index)\n"
        }
        return text
    }

    @Test func readingsSortTheSameInRunsOnDisk() throws {
        try withScratchDirectory { directory in
            let input = try write(Self.contacts(40_000), to: "readings.csv", in: directory)
            for flags in [
                ["--reading", "reading", "-l", "ja_JP"], ["--chinese-names", "-l", "zh_CN"],
                ["--reading", "reading", "--chinese-names", "-l", "zh_CN", "-r"],
            ] {
                let arguments = ["-f", "csv", "-k", "name"] + flags + ["-F", "csv", input]
                let inMemory = try SectionSortCommand.run(arguments + ["--memory-limit", "50%"])
                let limited = try SectionSortCommand.run(arguments + ["--memory-limit", "64K"])
                #expect(inMemory.status == 0 && limited.status == 0, "\(inMemory.stderr) \(limited.stderr)")
                #expect(limited.stdoutBytes == inMemory.stdoutBytes, "\(flags)")
                let threads = try SectionSortCommand.run(arguments + ["-j", "1"])
                #expect(threads.stdoutBytes == inMemory.stdoutBytes, "\(flags)")
            }
        }
    }

    @Test func emittedKeysWithReadingsGiveSectionSortsOrder() throws {
        let input = Self.contacts(3000)
        for flags in [
            ["--reading", "reading", "-l", "ja_JP"], ["--chinese-names", "-l", "zh_CN"],
            ["--reading", "reading", "--chinese-names", "-l", "zh_CN", "-r"],
        ] {
            let arguments = ["-f", "csv", "-k", "name"] + flags
            let keyed = try SectionSortCommand.run(arguments + ["--emit-keys"], stdin: input)
            #expect(keyed.status == 0, "\(keyed.stderr)")
            let sorted = try SectionSortCommand.runProcess(
                URL(fileURLWithPath: "/usr/bin/env"), ["sort"], input: Array(keyed.stdout.utf8),
                environment: ["LC_ALL": "C"])
            let viaSort = sorted.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().dropFirst()
                .map { $0.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)[3] }.map(String.init)
            let direct = try SectionSortCommand.run(arguments + ["-F", "json"], stdin: input)
            #expect(viaSort == sections(try jsonObject(direct.stdout)).flatMap(\.1), "flags \(flags)")
        }
    }

    /// The CLI guide's examples: each "$ sectionsort …" command in its section "Names in Chinese
    /// and Japanese" prints exactly the block below it.
    @Test func readmeExamplesAreWhatTheToolPrints() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Documentation/CLI.md"), encoding: .utf8)
        let section = try #require(
            guide.components(separatedBy: "## Names in Chinese and Japanese").dropFirst().first?
                .components(separatedBy: "\n## ").first)
        var checked = 0
        var lines = section.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("$ sectionsort ") else { continue }
            let expected = lines.prefix { $0 != "```" }.joined(separator: "\n") + "\n"
            let arguments = line.dropFirst("$ sectionsort ".count).split(separator: " ").map { argument in
                argument.hasPrefix("Examples/") ? root.appendingPathComponent(String(argument)).path : String(argument)
            }
            let result = try SectionSortCommand.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == expected, "\(line)")
            checked += 1
        }
        #expect(checked == 2)
    }

    @Test func usageAndDataErrors() throws {
        // Usage errors end before reading: no standard input, so that no write meets a closed pipe.
        let lines = try SectionSortCommand.run(["--reading", "kana"])
        #expect(lines.status == 64 && lines.stderr.contains("--reading"))
        let dates = try SectionSortCommand.run(["--by", "date", "--chinese-names"])
        #expect(dates.status == 64 && dates.stderr.contains("--chinese-names"))
        let flag = try SectionSortCommand.run(["--chinese-names=yes"])
        #expect(flag.status == 64)
        let missing = try SectionSortCommand.run(["-f", "csv", "-k", "name", "--reading", "kana"], stdin: "name,phone\n山田,1\n")
        #expect(missing.status == 65 && missing.stdout.isEmpty && missing.stderr.contains("no column 'kana'"), "\(missing.stderr)")
        let short = try SectionSortCommand.run(["-f", "csv", "-k", "name", "--reading", "kana"], stdin: "name,phone,kana\n山田,1\n")
        #expect(short.status == 65 && short.stdout.isEmpty && short.stderr.contains(":2:"), "\(short.stderr)")
    }
}
