import Foundation
import Testing

/// `--then` given several times: records with equal keys are ordered by the first `--then`
/// column, those still equal by the next, and so on, in every format and command.
struct ThenKeysTests {
    /// A record of the tables below.
    struct Person: Hashable {
        var last: String
        var first: String
        var city: String
        var id: Int
    }

    /// Names of lowercase ASCII letters only, from small pools so that many records tie on the
    /// last name and on the first: for such strings the collation's order is the byte order,
    /// which Swift's `<` gives independently of sectionsort.
    static let people: [Person] = {
        var generator = SplitMix64(seed: 24)
        let lasts = ["berg", "berger", "ek", "eklund", "al", "alm"]
        let firsts = ["anna", "ann", "bo", "bob"]
        let cities = ["lund", "lunda", "umea", "arvika", "malmo"]
        return (0..<600).map { id in
            Person(
                last: lasts[Int(generator.next() % UInt64(lasts.count))],
                first: firsts[Int(generator.next() % UInt64(firsts.count))],
                city: cities[Int(generator.next() % UInt64(cities.count))], id: id)
        }
    }()

    /// The records in the order -k last --then first --then city must give: by the three fields,
    /// then in input order.
    static func expectedOrder(_ people: [Person]) -> [Person] {
        people.sorted { a, b in
            (a.last, a.first, a.city, a.id) < (b.last, b.first, b.city, b.id)
        }
    }

    static func csv(_ people: [Person], header: Bool = true, delimiter: String = ",") -> String {
        (header ? ["id", "last", "first", "city"].joined(separator: delimiter) + "\n" : "")
            + people.map { ["\($0.id)", $0.last, $0.first, $0.city].joined(separator: delimiter) + "\n" }.joined()
    }

    static func jsonLines(_ people: [Person]) -> String {
        people.map { "{\"id\": \($0.id), \"last\": \"\($0.last)\", \"first\": \"\($0.first)\", \"city\": \"\($0.city)\"}\n" }.joined()
    }

    /// The ids of the records of a plain output of CSV or TSV without its header.
    static func ids(ofPlain output: String, delimiter: Character = ",", hasHeader: Bool = true) -> [Int] {
        output.split(separator: "\n").dropFirst(hasHeader ? 1 : 0).map { Int($0.split(separator: delimiter)[0])! }
    }

    @Test func threeFieldsOrderRecordsThatTieOnTheFirstTwo() throws {
        let expected = Self.expectedOrder(Self.people).map(\.id)
        let ties = Dictionary(grouping: Self.people) { [$0.last, $0.first] }.values.filter { Set($0.map(\.city)).count > 1 }
        #expect(ties.count > 10, "the input must have records equal on the first two fields and not on the third")

        let byName = try SectionSortCommand.run(
            ["-f", "csv", "-k", "last", "--then", "first", "--then", "city", "-F", "plain"], stdin: Self.csv(Self.people))
        #expect(byName.status == 0, "\(byName.stderr)")
        #expect(Self.ids(ofPlain: byName.stdout) == expected)

        let byNumber = try SectionSortCommand.run(
            ["-f", "csv", "-k", "2", "--then", "3", "--then", "4", "-F", "plain"], stdin: Self.csv(Self.people))
        #expect(byNumber.stdout == byName.stdout, "column numbers name the same columns: \(byNumber.stderr)")

        let headerless = try SectionSortCommand.run(
            ["-f", "csv", "--no-header", "-k", "2", "--then", "3", "--then", "4", "-F", "plain"],
            stdin: Self.csv(Self.people, header: false))
        #expect(Self.ids(ofPlain: headerless.stdout, hasHeader: false) == expected, "\(headerless.stderr)")

        let tsv = try SectionSortCommand.run(
            ["-f", "tsv", "-k", "last", "--then", "first", "--then", "city", "-F", "plain"],
            stdin: Self.csv(Self.people, delimiter: "\t"))
        #expect(Self.ids(ofPlain: tsv.stdout, delimiter: "\t") == expected, "\(tsv.stderr)")

        let jsonl = try SectionSortCommand.run(
            ["-f", "jsonl", "-k", "last", "--then", "first", "--then", "city", "-F", "plain"], stdin: Self.jsonLines(Self.people))
        let jsonIDs = jsonl.stdout.split(separator: "\n").map { line in
            Int(line.split(separator: ",")[0].dropFirst("{\"id\": ".count))!
        }
        #expect(jsonIDs == expected, "\(jsonl.stderr)")

        // The order of the --then options is the order of the fields: city before first.
        let swapped = try SectionSortCommand.run(
            ["-f", "csv", "-k", "last", "--then", "city", "--then", "first", "-F", "plain"], stdin: Self.csv(Self.people))
        let bySwapped = Self.people.sorted { ($0.last, $0.city, $0.first, $0.id) < ($1.last, $1.city, $1.first, $1.id) }
        #expect(Self.ids(ofPlain: swapped.stdout) == bySwapped.map(\.id))

        // Sections still come from the key alone.
        let text = try SectionSortCommand.run(
            ["-f", "csv", "-k", "last", "--then", "first", "--then", "city"], stdin: Self.csv(Self.people))
        #expect(text.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") } == ["A", "B", "E"])
    }

    /// The third field decides where the collation of the locale does, not the bytes.
    @Test func theFieldsAreCollatedInTheLocale() throws {
        let table = "last,first,city\nBerg,Anna,Östersund\nBerg,Anna,Lund\nBerg,Anna,Åre\nBerg,Anna,Malmö\nBerg,Anna,Zinkgruvan\n"
        let result = try SectionSortCommand.run(
            ["-f", "csv", "-k", "last", "--then", "first", "--then", "city", "-l", "sv_SE", "-F", "plain"], stdin: table)
        // Swedish sorts Å, Ä, Ö after Z.
        #expect(
            result.stdout
                == "last,first,city\nBerg,Anna,Lund\nBerg,Anna,Malmö\nBerg,Anna,Zinkgruvan\nBerg,Anna,Åre\nBerg,Anna,Östersund\n",
            "\(result.stderr)")
    }

    @Test func uniqueCheckAndMergeCompareEveryField() throws {
        let flags = ["-f", "csv", "-k", "last", "--then", "first", "--then", "city"]
        let table = Self.csv(Self.people)

        // -u: one record per distinct (last, first, city), the first of each in input order.
        var seen = Set<[String]>()
        let firsts = Self.expectedOrder(Self.people.filter { seen.insert([$0.last, $0.first, $0.city]).inserted })
        let unique = try SectionSortCommand.run(flags + ["-u", "-F", "plain"], stdin: table)
        #expect(unique.status == 0 && Self.ids(ofPlain: unique.stdout) == firsts.map(\.id), "\(unique.stderr)")

        // -c: the sorted table passes; two records that differ only in the third field, swapped, fail.
        let sorted = Self.expectedOrder(Self.people)
        #expect(try SectionSortCommand.run(flags + ["-c"], stdin: Self.csv(sorted)).status == 0)
        let swapAt = try #require(
            sorted.indices.dropLast().first { i in
                sorted[i].last == sorted[i + 1].last && sorted[i].first == sorted[i + 1].first && sorted[i].city != sorted[i + 1].city
            })
        var disordered = sorted
        disordered.swapAt(swapAt, swapAt + 1)
        let check = try SectionSortCommand.run(flags + ["-c"], stdin: Self.csv(disordered))
        // Line 1 is the header: the record at swapAt + 1 is on line swapAt + 3.
        #expect(check.status == 1 && check.stderr.contains("<stdin>:\(swapAt + 3)"), "\(check.stderr)")

        // -m: two sorted halves merge into the sort of the whole.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sectionsort-then-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let halves = [Self.people.filter { $0.id % 2 == 0 }, Self.people.filter { $0.id % 2 == 1 }]
        var paths: [String] = []
        for (number, half) in halves.enumerated() {
            let path = directory.appendingPathComponent("part\(number).csv").path
            try Self.csv(Self.expectedOrder(half)).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        // Records equal in all three fields come from the inputs in their order, as in sort -m.
        let mergeOrder = Self.people.sorted { a, b in (a.last, a.first, a.city, a.id % 2, a.id) < (b.last, b.first, b.city, b.id % 2, b.id)
        }
        let merged = try SectionSortCommand.run(flags + ["-m", "-F", "plain"] + paths)
        #expect(merged.status == 0 && Self.ids(ofPlain: merged.stdout) == mergeOrder.map(\.id), "\(merged.stderr)")
    }

    /// The key identity holds the fields in their order, and `--from-keys` writes what the run
    /// that made the keys would have written.
    @Test func keyIdentityHoldsTheFields() throws {
        let flags = ["-f", "csv", "-k", "last", "--then", "first", "--then", "city"]
        let table = Self.csv(Self.people)
        let keys = try SectionSortCommand.run(flags + ["--emit-keys"], stdin: table)
        #expect(keys.status == 0, "\(keys.stderr)")
        let identity = try #require(keys.stdout.split(separator: "\n").first)
        #expect(identity.contains("\"keyFormat\": 4") && identity.contains("\"then\": [\"first\", \"city\"]"), "\(identity)")
        let sortedKeys = keys.stdout.split(separator: "\n").map(String.init).sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        let direct = try SectionSortCommand.run(flags + ["-F", "csv"], stdin: table)
        let fromKeys = try SectionSortCommand.run(["--from-keys", "-F", "csv"], stdin: sortedKeys.joined(separator: "\n") + "\n")
        #expect(fromKeys.status == 0 && fromKeys.stdout == direct.stdout, "\(fromKeys.stderr)")

        // The identity is read back as it was written: --version -F json gives the same fields.
        let version = try SectionSortCommand.run(["--version", "-F", "json"] + flags)
        #expect(version.stdout.contains("\"then\": [\"first\", \"city\"]"), "\(version.stdout)")

        // Names that need escaping survive the round trip.
        let odd = "k,\"a \"\"b\"\", c\",\\x\nx,2,1\nx,1,1\nx,1,0\n"
        let oddFlags = ["-f", "csv", "-k", "k", "--then", "a \"b\", c", "--then", "\\x", "-F", "plain"]
        let oddKeys = try SectionSortCommand.run(oddFlags.dropLast(2) + ["--emit-keys"], stdin: odd)
        #expect(oddKeys.stdout.contains(#""then": ["a \"b\", c", "\\x"]"#), "\(oddKeys.stdout)")
        let oddSorted = oddKeys.stdout.split(separator: "\n").map(String.init).sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        let oddBack = try SectionSortCommand.run(["--from-keys", "-F", "plain"], stdin: oddSorted.joined(separator: "\n") + "\n")
        #expect(oddBack.stdout == "k,\"a \"\"b\"\", c\",\\x\nx,1,0\nx,1,1\nx,2,1\n", "\(oddBack.stderr)")

        #expect(try SectionSortCommand.run(["--from-keys", "--then", "city"], stdin: keys.stdout).status == 64)
    }

    /// Key format 3 had one `--then` name (or null) where format 4 has a list; its keys are the
    /// same, so its streams are still read.
    @Test func keyFormatThreeIsStillRead() throws {
        let flags = ["-f", "csv", "-k", "last", "--then", "first"]
        let table = Self.csv(Self.people)
        let keys = try SectionSortCommand.run(flags + ["--emit-keys"], stdin: table)
        var lines = keys.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("\"keyFormat\": 4, ") && lines[0].contains("\"then\": [\"first\"], "))
        lines[0] = lines[0].replacingOccurrences(of: "\"keyFormat\": 4, ", with: "\"keyFormat\": 3, ")
            .replacingOccurrences(of: "\"then\": [\"first\"], ", with: "\"then\": \"first\", ")
        let sorted = lines.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        let direct = try SectionSortCommand.run(flags + ["-F", "plain"], stdin: table)
        let fromKeys = try SectionSortCommand.run(["--from-keys", "-F", "plain"], stdin: sorted.joined(separator: "\n") + "\n")
        #expect(fromKeys.status == 0 && fromKeys.stdout == direct.stdout, "\(fromKeys.stderr)")

        // A list is format 4's: in a format 3 identity it is not read as a name.
        let mixed = sorted[0].replacingOccurrences(of: "\"then\": \"first\", ", with: "\"then\": [\"first\"], ")
        let refused = try SectionSortCommand.run(["--from-keys"], stdin: ([mixed] + sorted.dropFirst()).joined(separator: "\n") + "\n")
        #expect(refused.status == 65 && refused.stderr.contains("then"), "\(refused.stderr)")
    }

    @Test func usageErrors() throws {
        let lines = try SectionSortCommand.run(["--then", "a", "--then", "b"], stdin: "x\n")
        #expect(lines.status == 64 && lines.stderr.contains("lines input has none") && lines.stdout.isEmpty, "\(lines.stderr)")
        let missing = try SectionSortCommand.run(["-f", "csv", "-k", "a", "--then", "b", "--then"], stdin: "a,b\n")
        #expect(missing.status == 64 && missing.stderr.contains("'--then' needs a value"), "\(missing.stderr)")
        let named = try SectionSortCommand.run(["-f", "csv", "--no-header", "-k", "1", "--then", "2", "--then", "city"], stdin: "a,b\n")
        #expect(named.status == 64 && named.stderr.contains("not 'city'"), "\(named.stderr)")
        let unknown = try SectionSortCommand.run(["-f", "csv", "-k", "a", "--then", "b", "--then", "c"], stdin: "a,b\n1,2\n")
        #expect(unknown.status == 65 && unknown.stderr.contains("no column 'c'") && unknown.stdout.isEmpty, "\(unknown.stderr)")
        let past = try SectionSortCommand.run(["-f", "csv", "--no-header", "-k", "1", "--then", "2", "--then", "3"], stdin: "a,b\n")
        #expect(past.status == 65 && past.stderr.contains("no column 3"), "\(past.stderr)")
        // Date sections order equal instants by input order: --then would be ignored there.
        let dates = try SectionSortCommand.run(["-f", "csv", "-k", "d", "--then", "n", "--by", "date"], stdin: "d,n\n")
        #expect(dates.status == 64 && dates.stderr.contains("'--then' does not apply to --by date"), "\(dates.stderr)")
        let field = try SectionSortCommand.run(["-f", "jsonl", "-k", "a", "--then", "b", "--then", "c"], stdin: "{\"a\": 1, \"b\": 2}\n")
        #expect(field.status == 65 && field.stderr.contains("<stdin>:1:1: no field 'c'"), "\(field.stderr)")
    }
}
