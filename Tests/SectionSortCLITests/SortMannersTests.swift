import Foundation
import Testing

/// The options that behave as sort(1)'s do: `-o FILE`, `-F plain`, `-u`, `-c`/`-C`, `-m`, and
/// GNU-style option parsing.
struct SortMannersTests {
    static func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sectionsort-manners-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let names = (0..<3000).map { number in
        let first = ["Åke", "ake", "Adam", "Östen", "Zoë", "zoe", "Émile", "emile", "Bo", "bo"][number % 10]
        return "\(first) \(number % 37)"
    }

    /// The records of the text format, in order: its indented lines, unindented.
    static func records(ofText text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
    }

    @Test func plainIsTheTextFormatsRecords() throws {
        let input = Self.names.joined(separator: "\n")
        let text = try SectionSortCommand.run(["-l", "sv_SE"], stdin: input)
        let plain = try SectionSortCommand.run(["-l", "sv_SE", "-F", "plain"], stdin: input)
        #expect(text.status == 0 && plain.status == 0)
        #expect(plain.stdout == Self.records(ofText: text.stdout).map { $0 + "\n" }.joined())
        // A table keeps its header row, so the output is a CSV file again.
        let csv = try SectionSortCommand.run(["-f", "csv", "-k", "n", "-F", "plain"], stdin: "n,i\nb,1\na,2\n")
        #expect(csv.stdout == "n,i\na,2\nb,1\n")
    }

    @Test func outputFileIsReplacedOnlyAfterSuccess() throws {
        let directory = try Self.scratch("output")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("names.txt")
        let input = Self.names.joined(separator: "\n") + "\n"
        try input.write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o640)
        let expected = try SectionSortCommand.run(["-F", "plain", file.path])
        // In place, as `sort -o f f`: the input is read whole before the file is replaced.
        let inPlace = try SectionSortCommand.run(["-F", "plain", "-o", file.path, file.path])
        #expect(inPlace.status == 0 && inPlace.stdout.isEmpty && inPlace.stderr.isEmpty, "\(inPlace.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == expected.stdout)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640, "the replaced file keeps its permissions")
        // A data error leaves the file as it was, and nothing beside it.
        let before = try String(contentsOf: file, encoding: .utf8)
        let failed = try SectionSortCommand.run(["-o", file.path], stdinBytes: Array("a\nb".utf8) + [0xFF] + [0x0A])
        #expect(failed.status == 65 && failed.stdout.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["names.txt"])
        // Every command that writes takes it.
        for flags in [["--emit-keys"], ["--by", "date", "--time-zone", "UTC"]] {
            let input = flags.contains("date") ? "2020-01-01T00:00:00Z\n" : "a\n"
            let direct = try SectionSortCommand.run(flags, stdin: input)
            let toFile = try SectionSortCommand.run(flags + ["-o", file.path], stdin: input)
            #expect(toFile.status == 0 && toFile.stdout.isEmpty, "\(flags): \(toFile.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == direct.stdout, "\(flags)")
        }
        let unwritable = try SectionSortCommand.run(["-o", "/no/such/directory/out.txt"], stdin: "a\n")
        #expect(unwritable.status == 74 && unwritable.stderr.contains("/no/such/directory"), "\(unwritable.stderr)")
    }

    @Test func uniqueKeepsTheFirstOfEqualKeys() throws {
        let result = try SectionSortCommand.run(["-i", "-u", "-F", "plain"], stdin: "a\nA\nb\na\nB\n")
        #expect(result.status == 0 && result.stdout == "a\nb\n", "\(result.stderr)")
        let caseMatters = try SectionSortCommand.run(["-u", "-F", "plain"], stdin: "a\nA\nb\na\n")
        #expect(caseMatters.stdout == "a\nA\nb\n")
        // Through sorted runs and the compact layout's absence: the same records.
        let directory = try Self.scratch("unique")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = (Self.names + Self.names).joined(separator: "\n")
        let inMemory = try SectionSortCommand.run(["-l", "sv_SE", "-i", "-u"], stdin: input)
        let runs = try SectionSortCommand.run(["-l", "sv_SE", "-i", "-u", "-S", "64K", "-T", directory.path], stdin: input)
        #expect(inMemory.status == 0 && runs.status == 0, "\(runs.stderr)")
        #expect(runs.stdout == inMemory.stdout)
        let distinct = Set(Self.names.map { $0.lowercased() }).count
        #expect(Self.records(ofText: inMemory.stdout).count == distinct)
    }

    @Test func checkNamesTheFirstRecordOutOfOrder() throws {
        let sorted = try SectionSortCommand.run(["-l", "sv_SE", "-F", "plain"], stdin: Self.names.joined(separator: "\n")).stdout
        let good = try SectionSortCommand.run(["-l", "sv_SE", "-c"], stdin: sorted)
        #expect(good.status == 0 && good.stdout.isEmpty && good.stderr.isEmpty, "\(good.stderr)")
        var lines = sorted.split(separator: "\n").map(String.init)
        let last = lines.removeLast()
        lines.insert(last, at: 100)
        let bad = try SectionSortCommand.run(["-l", "sv_SE", "--check"], stdin: lines.joined(separator: "\n"))
        #expect(bad.status == 1 && bad.stdout.isEmpty)
        #expect(bad.stderr == "sectionsort: <stdin>:102: disorder: \(lines[101])\n", "the record after the moved one")
        let quiet = try SectionSortCommand.run(["-l", "sv_SE", "-C"], stdin: lines.joined(separator: "\n"))
        #expect(quiet.status == 1 && quiet.stderr.isEmpty)
        // Equal keys are in order, except with -u.
        #expect(try SectionSortCommand.run(["-c"], stdin: "a\na\n").status == 0)
        #expect(try SectionSortCommand.run(["-c", "-u"], stdin: "a\na\n").status == 1)
        #expect(try SectionSortCommand.run(["-c", "a", "b"]).status == 64)
    }

    @Test func mergeGivesTheSortOfTheWhole() throws {
        let directory = try Self.scratch("merge")
        defer { try? FileManager.default.removeItem(at: directory) }
        let half = Self.names.count / 2
        var parts: [String] = []
        for (index, slice) in [Self.names[..<half], Self.names[half...]].enumerated() {
            let part = directory.appendingPathComponent("part\(index)").path
            let sorted = try SectionSortCommand.run(["-l", "de", "-F", "plain", "-o", part], stdin: slice.joined(separator: "\n"))
            #expect(sorted.status == 0)
            parts.append(part)
        }
        for format in ["text", "plain", "json"] {
            let whole = try SectionSortCommand.run(["-l", "de", "-F", format], stdin: Self.names.joined(separator: "\n"))
            let merged = try SectionSortCommand.run(["-l", "de", "-m", "-F", format] + parts)
            #expect(merged.status == 0 && merged.stdout == whole.stdout, "\(format): \(merged.stderr)")
        }
        let unsorted = directory.appendingPathComponent("unsorted").path
        try "a\nc\nb\n".write(toFile: unsorted, atomically: true, encoding: .utf8)
        let refused = try SectionSortCommand.run(["-m", parts[0], unsorted])
        #expect(refused.status == 65 && refused.stderr.contains("\(unsorted):3:1: the input is not in"), "\(refused.stderr)")
        // Written as it merges, like --from-keys: -o keeps a file from half an output.
        let file = directory.appendingPathComponent("merged").path
        let toFile = try SectionSortCommand.run(["-m", "-o", file, parts[0], unsorted])
        #expect(toFile.status == 65 && !FileManager.default.fileExists(atPath: file))
        // Batches smaller than the inputs: the same merge, read a piece of each input at a time.
        let whole = try SectionSortCommand.run(["-l", "de", "-F", "plain"], stdin: Self.names.joined(separator: "\n"))
        let pieces = try SectionSortCommand.run(["-l", "de", "-m", "-F", "plain", "-S", "1K"] + parts)
        #expect(pieces.status == 0 && pieces.stdout == whole.stdout, "\(pieces.stderr)")
    }

    @Test func shortOptionsClusterAndLongOnesAbbreviate() throws {
        let input = "Track 10\ntrack 2\nTrack 1\n"
        let spelled = try SectionSortCommand.run(["-i", "-n", "-F", "plain"], stdin: input)
        #expect(spelled.stdout == "Track 1\ntrack 2\nTrack 10\n")
        #expect(try SectionSortCommand.run(["-inFplain"], stdin: input).stdout == spelled.stdout)
        #expect(try SectionSortCommand.run(["--ignore-c", "--num", "--format=plain"], stdin: input).stdout == spelled.stdout)
        let ambiguous = try SectionSortCommand.run(["--i"])
        #expect(ambiguous.status == 64 && ambiguous.stderr.contains("'--i' is ambiguous"))
        let csv = try SectionSortCommand.run(["-fcsv", "-kname", "-Fplain"], stdin: "name\nb\na\n")
        #expect(csv.stdout == "name\na\nb\n", "\(csv.stderr)")
        let later = try SectionSortCommand.run(["-F", "json", "-F", "plain"], stdin: "a\n")
        #expect(later.stdout == "a\n", "a later option wins")
    }

    /// A column number names the same column as its name; `--no-header` reads the rows a header
    /// would precede, and writes no header either.
    @Test func columnNumbersAndNoHeader() throws {
        let rows = Self.names.enumerated().map { "\($0.offset % 7),\"\($0.element)\",x" }
        let table = "group,name,other\n" + rows.joined(separator: "\n")
        for format in ["text", "plain", "csv", "json"] {
            let named = try SectionSortCommand.run(
                ["-f", "csv", "-k", "name", "--then", "group", "-l", "sv_SE", "-F", format], stdin: table)
            let numbered = try SectionSortCommand.run(["-f", "csv", "-k", "2", "--then", "1", "-l", "sv_SE", "-F", format], stdin: table)
            #expect(named.status == 0 && numbered.stdout == named.stdout, "\(format): \(numbered.stderr)")
            let headerless = try SectionSortCommand.run(
                ["-f", "csv", "--no-header", "-k", "2", "--then", "1", "-l", "sv_SE", "-F", format], stdin: rows.joined(separator: "\n"))
            #expect(headerless.status == 0, "\(headerless.stderr)")
            if format == "plain" || format == "csv" {
                #expect(headerless.stdout == named.stdout.split(separator: "\n").dropFirst().map { $0 + "\n" }.joined(), "\(format)")
            } else {
                #expect(headerless.stdout == named.stdout, "\(format)")
            }
        }
        let named = try SectionSortCommand.run(["-f", "csv", "--no-header", "-k", "name"], stdin: "a,b\n")
        #expect(named.status == 64 && named.stderr.contains("columns are named by their numbers"))
        let past = try SectionSortCommand.run(["-f", "csv", "--no-header", "-k", "3"], stdin: "a,b\n")
        #expect(past.status == 65 && past.stderr.contains("<stdin>:1:1: no column 3: the record has 2 fields"))
        let lines = try SectionSortCommand.run(["--no-header"], stdin: "a\n")
        #expect(lines.status == 64)
    }

    /// `--verbose` times the phases of every command.
    @Test func verboseInEveryCommand() throws {
        let keys = try SectionSortCommand.run(["--emit-keys"], stdin: "b\na\n").stdout
        let sortedKeys = keys.split(separator: "\n").sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for (flags, input) in [
            ([String](), "b\na\n"), (["--by", "date", "--time-zone", "UTC"], "2020-01-01T00:00:00Z\n"), (["--emit-keys"], "a\n"),
            (["--from-keys"], sortedKeys.joined(separator: "\n") + "\n"), (["-c"], "a\nb\n"), (["-m"], "a\nb\n"),
        ] {
            let result = try SectionSortCommand.run(flags + ["-v"], stdin: input)
            #expect(result.status == 0 && result.stderr.contains("sectionsort: total: "), "\(flags): \(result.stderr)")
        }
    }

    @Test func optionsOutsideTheirCommandsAreRefused() throws {
        for (arguments, message) in [
            (["-c", "--grep", "a"], "'--grep' does not apply to --check"),
            (["--emit-keys", "-F", "json"], "'-F' does not apply to --emit-keys"),
            (["-c", "-m"], "-c and -m cannot be combined"),
            (["--emit-keys", "--by", "date"], "--emit-keys and --by date cannot be combined"),
            (["--from-keys", "-i"], "'-i' cannot be given with it"),
            (["--format", "xml"], "unknown output format 'xml'"),
        ] {
            let result = try SectionSortCommand.run(arguments)
            #expect(result.status == 64 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
