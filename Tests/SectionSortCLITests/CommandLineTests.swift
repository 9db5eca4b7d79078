import Foundation
import Testing

/// Runs the built `sectionsort` executable the way a user does.
struct SectionSortCommand {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
    }

    /// The executable beside the test bundle in the build products folder, or the one that
    /// `SECTIONSORT_TEST_EXECUTABLE` names: CI runs the tests against the release build, and
    /// `scripts/sanitize` against an optimized build under the sanitizer, which run the tests'
    /// inputs several times faster than the debug build.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["SECTIONSORT_TEST_EXECUTABLE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return products.appendingPathComponent("sectionsort")
    }()

    static func run(
        _ arguments: [String], stdin: String = "", stdinBytes: [UInt8]? = nil,
        environment: [String: String] = [:]
    ) throws -> Result {
        try runProcess(executable, arguments, input: stdinBytes ?? Array(stdin.utf8), environment: environment)
    }

    /// Makes pipes and launches processes one test at a time: pipes are inherited by any child
    /// spawned while they are open, and Foundation's `Process` sets up and closes descriptors around
    /// each spawn, so tests running in parallel must not hand each other's descriptors to their
    /// children (a child once wrote its messages into another test's pipe).
    static func whileLaunching<T>(_ body: () throws -> T) rethrows -> T {
        launchLock.lock()
        defer { launchLock.unlock() }
        return try body()
    }

    private static let launchLock = NSLock()

    /// Starts `executable` with pipes for its standard input, output and error, and without the
    /// locale variables of the test's own environment (plus `environment`).
    static func launch(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (process: Process, input: Pipe, output: Pipe, error: Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["LC_ALL"] = nil; env["LC_COLLATE"] = nil; env["LANG"] = nil
        for (name, value) in environment { env[name] = value }
        process.environment = env
        let (inPipe, outPipe, errPipe) = try whileLaunching {
            let pipes = (Pipe(), Pipe(), Pipe())
            process.standardInput = pipes.0
            process.standardOutput = pipes.1
            process.standardError = pipes.2
            try process.run()
            return pipes
        }
        return (process, inPipe, outPipe, errPipe)
    }

    static func runProcess(_ executable: URL, _ arguments: [String], input: [UInt8], environment: [String: String] = [:]) throws -> Result {
        let (process, inPipe, outPipe, errPipe) = try launch(executable, arguments, environment: environment)
        // Feed stdin and drain the outputs concurrently so that large data cannot deadlock.
        let writer = Thread { feed(inPipe, input) }
        writer.start()
        let errorData = ErrorCollector(errPipe.fileHandleForReading)
        let output = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self), stderr: errorData.value(),
            stdoutBytes: [UInt8](output))
    }
}

/// Writes `input` into `pipe` and closes it. A program that ends without reading all of its input
/// (a usage error) closes the pipe: the write then fails with EPIPE, which must neither kill the
/// test process with SIGPIPE nor trap in `FileHandle.write(_:)` (the suite once died of that
/// whenever a program exited before the test had written its input: a flake under load).
func feed(_ pipe: Pipe, _ input: [UInt8]) {
    ignoreBrokenPipes
    try? pipe.fileHandleForWriting.write(contentsOf: Data(input))
    try? pipe.fileHandleForWriting.close()
}

/// SIGPIPE ignored in the test process, once.
let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN); return ()
}()

/// Reads a pipe to its end on its own thread.
final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)
    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }
    func value() -> String { String(decoding: bytes(), as: UTF8.self) }
    /// Waits for the end of the pipe; any number of calls (each passes the signal on to the next).
    func bytes() -> [UInt8] {
        done.wait()
        defer { done.signal() }
        return [UInt8](data)
    }
}

func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(JSONValue.read(text.utf8)?.any as? [String: Any])
}

func sections(_ json: [String: Any]) -> [(String, [String])] {
    (json["sections"] as? [[String: Any]] ?? []).map { ($0["title"] as? String ?? "?", $0["items"] as? [String] ?? []) }
}

@Suite struct CommandLineTests {
    /// The signal test reads a child's standard error twice when the child ends early; the second
    /// read once waited forever (a loaded CI run hung there).
    @Test func errorCollectorCanBeReadMoreThanOnce() throws {
        let pipe = Pipe()
        let collector = ErrorCollector(pipe.fileHandleForReading)
        try pipe.fileHandleForWriting.write(contentsOf: Data("message".utf8))
        try pipe.fileHandleForWriting.close()
        #expect(collector.value() == "message")
        #expect(collector.value() == "message")
    }

    @Test func linesFromStandardInputWithCRLFAndFinalNewline() throws {
        let result = try SectionSortCommand.run(["--locale", "sv_SE", "--format", "json"], stdin: "Öberg\r\nAnna\r\nzoe\r\n42\r\n")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try jsonObject(result.stdout)
        #expect(json["locale"] as? String == "sv")
        #expect((json["indexTitles"] as? [String])?.suffix(4) == ["Å", "Ä", "Ö", "#"])
        let found = sections(json)
        #expect(found.map(\.0) == ["A", "Z", "Ö", "#"])
        #expect(found.map(\.1) == [["Anna"], ["zoe"], ["Öberg"], ["42"]], "records keep their text, without CR")
    }

    @Test func emptyInputGivesNoSections() throws {
        let result = try SectionSortCommand.run(["-F", "json"], stdin: "")
        #expect(result.status == 0)
        #expect(sections(try jsonObject(result.stdout)).isEmpty)
        let text = try SectionSortCommand.run([], stdin: "")
        #expect(text.status == 0 && text.stdout.isEmpty)
    }

    @Test func blankLinesAreRecordsToo() throws {
        let result = try SectionSortCommand.run(["-F", "json"], stdin: "b\n\na\n")
        let found = sections(try jsonObject(result.stdout))
        #expect(found.map(\.1) == [["a"], ["b"], [""]], "nothing is dropped: the empty line is in #")
    }

    @Test func textOutputHasHeadersAndRecords() throws {
        let result = try SectionSortCommand.run(["--locale", "de"], stdin: "Ängel\nBerg\nAdam\n")
        #expect(result.stdout == "A\n  Adam\n  Ängel\n\nB\n  Berg\n")
    }

    @Test func csvWithQuotesEmbeddedNewlinesAndSecondaryKey() throws {
        let csv = "last,first,note\r\nBerg,Tom,\"says \"\"hi\"\"\"\r\n\"Berg\",Anna,\"two\r\nlines\"\r\nAndersson,\"Zack, Jr.\",x\r\n"
        let result = try SectionSortCommand.run(["-f", "csv", "-k", "last", "--then", "first", "-F", "json", "-l", "sv_SE"], stdin: csv)
        #expect(result.status == 0, "\(result.stderr)")
        let found = sections(try jsonObject(result.stdout))
        #expect(found.map(\.0) == ["A", "B"])
        #expect(found[0].1 == ["Andersson,\"Zack, Jr.\",x"])
        #expect(found[1].1 == ["\"Berg\",Anna,\"two\r\nlines\"", "Berg,Tom,\"says \"\"hi\"\"\""], "records are the original text")
        let asCSV = try SectionSortCommand.run(["-f", "csv", "-k", "last", "--then", "first", "-F", "csv"], stdin: csv)
        #expect(asCSV.stdout.hasPrefix("last,first,note,section\n"))
        #expect(asCSV.stdout.hasSuffix("Berg,Tom,\"says \"\"hi\"\"\",B\n"))
    }

    @Test func csvOutputQuotesAQuoteOrCommaThatACombiningMarkFollows() throws {
        // Swift takes a quote or comma and the combining mark after it as one Character; a CSV
        // reader sees the quote or comma. Unquoted, the first line lost its section column.
        let result = try SectionSortCommand.run(["-l", "en_US", "-F", "csv"], stdin: "\"\u{301}x\na,\u{301}b\nplain\n")
        #expect(result.status == 0)
        #expect(result.stdout == "line,section\n\"a,\u{301}b\",A\nplain,P\n\"\"\"\u{301}x\",#\n", "\(result.stdout)")
    }

    @Test func tsvInput() throws {
        let result = try SectionSortCommand.run(
            ["-f", "tsv", "-k", "name", "-F", "json", "-l", "ja_JP"], stdin: "id\tname\n1\tガラス\n2\tあおい\n3\tZed\n")
        let found = sections(try jsonObject(result.stdout))
        #expect(found.map(\.0) == ["Z", "あ", "か"])
        #expect(found[2].1 == ["1\tガラス"])
    }

    @Test func jsonLinesInAndOut() throws {
        let input = "{\"name\": \"林丹\", \"id\": 1}\n{\"name\": \"张三\", \"id\": 2}\n{\"name\": \"Li\", \"id\": 3}\n"
        let result = try SectionSortCommand.run(["-f", "jsonl", "-k", "name", "-F", "jsonl", "-l", "zh_CN"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { JSONValue.read($0.utf8)?.any as? [String: Any] }
        #expect(lines.count == 3)
        #expect(lines.map { $0?["section"] as? String } == ["L", "L", "Z"])
        // zh puts Han before Latin; both L records are in the L section.
        #expect(lines.map { ($0?["record"] as? [String: Any])?["name"] as? String } == ["林丹", "Li", "张三"])
    }

    @Test func severalFilesAreReadInOrder() throws {
        try withScratchDirectory { directory in
            let first = try write("b\n", to: "first.txt", in: directory)
            let second = try write("a", to: "second.txt", in: directory)
            let result = try SectionSortCommand.run(["-F", "json", first, "-", second], stdin: "c\n")
            #expect(sections(try jsonObject(result.stdout)).map(\.1) == [["a"], ["b"], ["c"]])
        }
    }

    @Test func options() throws {
        let numeric = try SectionSortCommand.run(["-n", "-F", "json"], stdin: "Track 10\nTrack 2\n")
        #expect(sections(try jsonObject(numeric.stdout))[0].1 == ["Track 2", "Track 10"])
        let descending = try SectionSortCommand.run(["-r", "-F", "json"], stdin: "a\nb\n1\n")
        #expect(sections(try jsonObject(descending.stdout)).map(\.0) == ["B", "A", "#"])
        let otherFirst = try SectionSortCommand.run(["--other-first", "-F", "json"], stdin: "a\n1\n")
        #expect(sections(try jsonObject(otherFirst.stdout)).map(\.0) == ["#", "A"])
        let ignoreCase = try SectionSortCommand.run(["-i", "-F", "json"], stdin: "b\nB\nb\n")
        #expect(sections(try jsonObject(ignoreCase.stdout))[0].1 == ["b", "B", "b"], "equal keys keep input order")
        let environment = try SectionSortCommand.run(["-F", "json"], stdin: "ö\n", environment: ["LANG": "sv_SE.UTF-8"])
        #expect(try jsonObject(environment.stdout)["locale"] as? String == "sv")
    }

    @Test func threadCountDoesNotChangeOutput() throws {
        let input = (0..<5000).map { "Namn \(($0 * 7919) % 1000) \(["Ö", "A", "Ä", "z", "1"][$0 % 5])" }.joined(separator: "\n")
        let one = try SectionSortCommand.run(["-j", "1", "-l", "sv_SE"], stdin: input)
        let many = try SectionSortCommand.run(["--threads=8", "-l", "sv_SE"], stdin: input)
        #expect(one.status == 0 && one.stdout == many.stdout)
        #expect(one.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.count == 5000, "every record appears once")
    }

    @Test func emittedKeysSortedByBytesGiveSectionSortsOrder() throws {
        let input = (0..<2000).map {
            ["Öberg", "Oberg", "öberg", "Åsa", "Ängel", "anna", "Anna", "42", "Émile", "Zoë", "", "林"][$0 % 12] + " \($0 % 37)"
        }
        .joined(separator: "\n")
        for flags in [["-l", "sv_SE"], ["-l", "sv_SE", "-r"], ["-l", "de", "-i"]] {
            let keyed = try SectionSortCommand.run(flags + ["--emit-keys"], stdin: input)
            #expect(keyed.status == 0)
            let sorted = try SectionSortCommand.runProcess(
                URL(fileURLWithPath: "/usr/bin/env"), ["sort"], input: Array(keyed.stdout.utf8),
                environment: ["LC_ALL": "C"])
            // The identity record sorts first; the key records follow.
            let viaSort = sorted.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().dropFirst()
                .map { $0.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)[3] }.map(String.init)
            let direct = try SectionSortCommand.run(flags + ["-F", "json"], stdin: input)
            #expect(viaSort == sections(try jsonObject(direct.stdout)).flatMap(\.1), "flags \(flags)")
        }
    }

    @Test func dataErrorsNameFileLineAndColumnAndWriteNothing() throws {
        try withScratchDirectory { directory in
            let invalid = directory.appendingPathComponent("bad.txt").path
            try Data(Array("ok\nab".utf8) + [0xFF] + Array("c\n".utf8)).write(to: URL(fileURLWithPath: invalid))
            let utf8 = try SectionSortCommand.run([invalid])
            #expect(utf8.status == 65)
            #expect(utf8.stdout.isEmpty)
            #expect(utf8.stderr.contains("\(invalid):2:3: invalid UTF-8"))

            let lossy = try SectionSortCommand.run(["--lossy", invalid])
            #expect(lossy.status == 0 && lossy.stderr.isEmpty)
        }

        let quote = try SectionSortCommand.run(["-f", "csv", "-k", "a"], stdin: "a\n\"open\n")
        #expect(quote.status == 65 && quote.stdout.isEmpty)
        #expect(quote.stderr.contains("<stdin>:2:1: unterminated quoted field"))

        let column = try SectionSortCommand.run(["-f", "csv", "-k", "name"], stdin: "x,y\n1,2\n")
        #expect(column.status == 65)
        #expect(column.stderr.contains("<stdin>:1:1: no column 'name'"))

        let json = try SectionSortCommand.run(["-f", "jsonl", "-k", "n"], stdin: "{\"n\": \"a\"}\n{\"n\": }\n")
        #expect(json.status == 65 && json.stdout.isEmpty)
        #expect(json.stderr.contains("<stdin>:2:"))

        let field = try SectionSortCommand.run(["-f", "jsonl", "-k", "n"], stdin: "{\"m\": \"a\"}\n")
        #expect(field.status == 65 && field.stderr.contains("<stdin>:1:1: no field 'n'"))
    }

    @Test func lossyKeepsRecordBytes() throws {
        let bytes = Array("ab".utf8) + [0xFF] + Array("c\n".utf8)
        let result = try SectionSortCommand.run(["--lossy"], stdinBytes: bytes)
        #expect(result.status == 0)
        #expect(result.stdoutBytes == Array("A\n  ab".utf8) + [0xFF] + Array("c\n".utf8), "the record's bytes are unchanged")
    }

    /// --help: records are written unchanged, "except as JSON values or CSV fields (there U+FFFD,
    /// so the output stays valid)". A CSV or TSV row written back as CSV is CSV fields: its
    /// invalid bytes, and the header's, went out raw.
    @Test func lossyCSVOutputOfTableInputIsValidUTF8() throws {
        let replacement = Array("\u{FFFD}".utf8)
        for (format, delimiter) in [("csv", UInt8(ascii: ",")), ("tsv", UInt8(ascii: "\t"))] {
            let record = try SectionSortCommand.run(
                ["-f", format, "-k", "k", "--lossy", "-F", "csv"], stdinBytes: Array("k\n".utf8) + [0xFF, 0x0A])
            #expect(record.status == 0)
            #expect(
                record.stdoutBytes == Array("k".utf8) + [delimiter] + Array("section\n".utf8) + replacement + [delimiter]
                    + Array("#\n".utf8))
            let header = try SectionSortCommand.run(
                ["-f", format, "-k", "1", "--lossy", "-F", "csv"], stdinBytes: [0x6B, 0xFF, 0x0A, 0x78, 0x0A])
            #expect(header.status == 0)
            #expect(header.stdoutBytes == [0x6B] + replacement + [delimiter] + Array("section\nx".utf8) + [delimiter] + Array("X\n".utf8))
            // Plain output keeps the bytes as they were, header and record.
            let plain = try SectionSortCommand.run(
                ["-f", format, "-k", "1", "--lossy", "-F", "plain"], stdinBytes: [0x6B, 0xFF, 0x0A, 0x78, 0xFE, 0x0A])
            #expect(plain.stdoutBytes == [0x6B, 0xFF, 0x0A, 0x78, 0xFE, 0x0A])
        }
    }

    @Test func usageErrors() throws {
        for (arguments, message) in [
            (["--bogus"], "unknown option '--bogus'"),
            (["-f", "csv"], "missing '--key <name>'"),
            (["--locale", "xx_YY"], "unknown locale 'xx_YY'"),
            (["--locale", "/no/such/file"], "unknown locale '/no/such/file'"),  // once exit 70
            (["-f", "xml"], "unknown input format 'xml'"),
            (["--threads", "0"], "--threads needs a positive number"),
            (["-j", "100000"], "--threads takes at most 256"),  // once accepted, and twice as slow
            (["--key"], "option '--key' needs a value"),
        ] {
            let result = try SectionSortCommand.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("--help"))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line, as the README says: \(result.stderr)")
        }
        let missing = try SectionSortCommand.run(["/no/such/file"])
        #expect(missing.status == 66 && missing.stderr.contains("/no/such/file: no such file"))
    }

    /// A standard error that cannot be written (full, or closed) loses the message but neither
    /// crashes the program nor changes its exit status; `--help` and `--version` that cannot be
    /// written fail like any other output.
    @Test func unwritableStandardErrorAndOutput() throws {
        let sectionsort = SectionSortCommand.executable.path
        for redirection in ["2>/dev/full", "2>&-"] {
            for (arguments, status) in [("--bogus", 64), ("/no/such/file", 66), ("-f csv -k x /dev/null", 65)] {
                let result = try SectionSortCommand.runProcess(
                    URL(fileURLWithPath: "/bin/sh"),
                    ["-c", "exec \"$0\" \(arguments) \(redirection)", sectionsort], input: [])
                #expect(result.status == Int32(status), "\(arguments) \(redirection)")
            }
        }
        for option in ["--help", "--version"] {
            let result = try SectionSortCommand.runProcess(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" \(option) >/dev/full", sectionsort], input: [])
            #expect(result.status == 74, "\(option) >/dev/full")
            #expect(result.stderr.contains("write to standard output failed"))
        }
    }

    /// A program that fails before reading its input: the test that feeds it must go on.
    @Test func usageErrorWithUnreadInput() throws {
        let result = try SectionSortCommand.run(["--bogus"], stdinBytes: [UInt8](repeating: 0x61, count: 4 << 20))
        #expect(result.status == 64)
    }

    @Test func helpAndVersion() throws {
        let help = try SectionSortCommand.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("Usage: sectionsort"))
        let version = try SectionSortCommand.run(["-V"])
        #expect(version.status == 0 && version.stdout.hasPrefix("sectionsort "))
    }

    @Test func bundledExampleRuns() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/contacts.csv").path
        let result = try SectionSortCommand.run([
            "-f", "csv", "-k", "last_name", "--then", "first_name", "-l", "sv_SE", "-F", "json", example,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let found = sections(try jsonObject(result.stdout))
        let lines = try String(contentsOfFile: example, encoding: .utf8).split(separator: "\n").count - 1
        #expect(found.reduce(0) { $0 + $1.1.count } == lines, "every contact appears once")
        #expect(found.first?.0 == "A" && found.last?.0 == "#")
    }
}

@Suite struct DateModeTests {
    @Test func sectionsByDayInATimeZone() throws {
        let input = "2018-11-04T12:00:00-02:00\n2018-11-03T23:30:00-03:00\n2018-11-04T14:00:00.5Z\n"
        let result = try SectionSortCommand.run(
            ["--by", "date", "--time-zone", "America/Sao_Paulo", "-F", "json", "-l", "en_US"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try jsonObject(result.stdout)
        let found = json["sections"] as? [[String: Any]] ?? []
        #expect(found.map { $0["title"] as? String } == ["2018-11-03", "2018-11-04"])
        #expect(found.map { $0["start"] as? String } == ["2018-11-03T00:00:00-03:00", "2018-11-04T01:00:00-02:00"])
        #expect(found.map { $0["header"] as? String } == ["November 3, 2018", "November 4, 2018"])
        #expect(found[1]["items"] as? [String] == ["2018-11-04T12:00:00-02:00", "2018-11-04T14:00:00.5Z"])
    }

    @Test func timestampsMatchFoundationsParsing() throws {
        // Random instants written with random offsets: sectionsort's own ISO 8601 parser must put
        // each on the day Foundation's calendar says.
        var generator = SystemRandomNumberGenerator()
        var lines: [String] = [], expected: [String: Int] = [:]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Kolkata")!
        let formatter = ISO8601DateFormatter()
        for _ in 0..<500 {
            let date = Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator)))
            formatter.timeZone = TimeZone(
                secondsFromGMT: Int.random(in: -12...14, using: &generator) * 3600 + [0, 1800, 2700].randomElement()!)
            lines.append(formatter.string(from: date))
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            expected[String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!), default: 0] += 1
        }
        let result = try SectionSortCommand.run(
            ["--by", "date", "--time-zone", "Asia/Kolkata", "-F", "json"], stdin: lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.stderr)")
        let found = (try jsonObject(result.stdout)["sections"] as? [[String: Any]] ?? []).map {
            ($0["title"] as! String, ($0["items"] as! [String]).count)
        }
        #expect(Dictionary(uniqueKeysWithValues: found) == expected)
    }

    @Test func unitsFormatsAndDirections() throws {
        let csv = "when,what\n04.11.2018 10:00,a\n28.02.2019 23:59,b\n01.03.2019 00:00,c\n"
        let result = try SectionSortCommand.run(
            [
                "--by", "date", "-f", "csv", "-k", "when", "--date-format", "dd.MM.yyyy HH:mm",
                "--time-zone", "Europe/Stockholm", "--unit", "month", "-l", "sv_SE", "-r",
            ], stdin: csv)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "2019-03  mars 2019\n  01.03.2019 00:00,c\n\n2019-02  februari 2019\n  28.02.2019 23:59,b\n\n2018-11  november 2018\n  04.11.2018 10:00,a\n"
        )
        let weeks = try SectionSortCommand.run(
            ["--by", "date", "--unit", "week", "--time-zone", "UTC", "-l", "sv_SE", "-F", "jsonl"],
            stdin: "2026-11-18T12:00:00Z\n")
        #expect(weeks.stdout.contains("\"section\": \"2026-11-16\""), "Swedish weeks start on Monday")
    }

    /// Timestamps are proleptic Gregorian (ISO 8601); titles, starts and headers once followed
    /// Foundation's Julian calendar before 1582-10-15 (0001-01-01T00:00:00Z was titled 0001-01-03).
    @Test func datesBeforeTheGregorianReform() throws {
        let result = try SectionSortCommand.run(
            ["--by", "date", "--time-zone", "UTC", "-F", "json", "-l", "en_US"],
            stdin: "0001-01-01T00:00:00Z\n1582-10-10T12:00:00Z\n1582-10-15T00:00:00Z\n")
        #expect(result.status == 0, "\(result.stderr)")
        let found = try jsonObject(result.stdout)["sections"] as? [[String: Any]] ?? []
        #expect(found.map { $0["title"] as? String } == ["0001-01-01", "1582-10-10", "1582-10-15"])
        #expect(
            found.map { $0["start"] as? String } == ["0001-01-01T00:00:00+00:00", "1582-10-10T00:00:00+00:00", "1582-10-15T00:00:00+00:00"])
        #expect(found.map { $0["header"] as? String } == ["January 1, 1", "October 10, 1582", "October 15, 1582"])
    }

    /// `--date-format` keys are proleptic Gregorian too: the formatter once read them in the Julian
    /// calendar before 1582-10-15, so "1500-03-01" was sectioned under 1500-03-11.
    @Test func formattedDatesBeforeTheGregorianReform() throws {
        let result = try SectionSortCommand.run(
            ["--by", "date", "--date-format", "yyyy-MM-dd HH:mm", "--time-zone", "UTC", "-F", "json", "-l", "en_US"],
            stdin: "0001-01-01 00:00\n1500-03-01 10:00\n1582-10-10 12:00\n1582-10-15 00:00\n")
        #expect(result.status == 0, "\(result.stderr)")
        let found = try jsonObject(result.stdout)["sections"] as? [[String: Any]] ?? []
        #expect(found.map { $0["title"] as? String } == ["0001-01-01", "1500-03-01", "1582-10-10", "1582-10-15"])
        #expect(
            found.map { ($0["items"] as? [String])?.first } == [
                "0001-01-01 00:00", "1500-03-01 10:00", "1582-10-10 12:00", "1582-10-15 00:00",
            ])
    }

    @Test func dateErrors() throws {
        let noOffset = try SectionSortCommand.run(
            ["--by", "date", "--time-zone", "UTC"], stdin: "2018-11-04T12:00:00Z\n2018-11-04T12:00:00\n")
        #expect(noOffset.status == 65 && noOffset.stdout.isEmpty)
        #expect(noOffset.stderr.contains("<stdin>:2:20: not an ISO 8601 timestamp"))
        let badDay = try SectionSortCommand.run(["--by", "date", "--time-zone", "UTC"], stdin: "2019-02-29T12:00:00Z\n")
        #expect(badDay.status == 65 && badDay.stderr.contains("day 29 is out of range"))
        let zone = try SectionSortCommand.run(["--by", "date", "--time-zone", "Mars/Base"], stdin: "x\n")
        #expect(zone.status == 64 && zone.stderr.contains("unknown time zone 'Mars/Base'"))
        let format = try SectionSortCommand.run(["--by", "date", "--date-format", "yyyy", "--time-zone", "UTC"], stdin: "2018\nnope\n")
        #expect(format.status == 65 && format.stderr.contains("<stdin>:2:1: 'nope' does not match"))
        let misuse = try SectionSortCommand.run(["--unit", "week"], stdin: "a\n")
        #expect(misuse.status == 64 && misuse.stderr.contains("'--unit' does not apply to alphabetical sections; it applies to --by date"))
    }
}
