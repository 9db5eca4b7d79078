import Foundation
import SectionSort
import Testing

/// Records longer than the memory limit: held about twice (the record and its key), written from
/// where they are, and in the same order as every other record.
///
/// Peaks are the tool's own (`--verbose`, from `VmHWM` on Linux): `getrusage` also counted the
/// test runner's peak, from which the tool is forked, so a bound on it held whatever the tool took.
/// Being its own, a peak does not depend on what runs beside it, so the tests run in parallel
/// like every other suite's (one at a time, theirs was the longest stretch of `swift test`).
@Suite struct LongRecordTests {
    /// `count` letters from a fixed pseudo-random sequence (a linear congruential generator), so
    /// that keys do not compress.
    static func letters(_ count: Int, seed: UInt64) -> String {
        var state = seed
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                buffer[index] = UInt8(ascii: "a") + UInt8((state >> 33) % 26)
            }
            initialized = count
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The default format of the library's sections of `lines`.
    static func text(of lines: [String], locale: String) throws -> String {
        let sections = try IndexedCollation(locale: locale).sections(of: lines, by: { $0 })
        return sections.filter { !$0.isEmpty }.map { section in section.title + "\n" + section.map { "  \($0)\n" }.joined() }
            .joined(separator: "\n")
    }

    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The peak that `--verbose` reports, in MiB.
    static func peak(_ stderr: String) -> Double? {
        stderr.split(separator: "\n").first { $0.hasPrefix("sectionsort: peak resident memory: ") }
            .flatMap { Double($0.split(separator: " ").dropLast().last ?? "") }
    }

    @Test func longLinesAmongShortOnesKeepTheLibrarysOrder() throws {
        // Lines of a mebibyte and more are written from where they are, not rendered with the
        // others: two of them share their first 70,000 bytes (more than a run's entry shares).
        let long = Self.letters(1 << 20 + 100, seed: 7)
        var lines = (0..<400).map { "\(["Åsa", "Örjan", "anna", "Zoë", "émile"][$0 % 5]) \($0 * 7_919 % 400)" }
        lines.insert(long, at: 50)
        lines.insert(String(long.prefix(70_000)) + "A" + String(long.dropFirst(70_001)), at: 300)
        lines.insert("Z" + long, at: 350)
        let input = try Self.file(lines.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(at: input) }
        let expected = try Self.text(of: lines, locale: "sv_SE")
        for limit in [["-S", "1M"], ["-S", "1G"], []] {
            let text = try SectionSortCommand.run(["-l", "sv_SE"] + limit + [input.path])
            #expect(text.status == 0 && text.stdout == expected, "\(limit): \(text.stderr)")
            let plain = try SectionSortCommand.run(["-l", "sv_SE", "-F", "plain"] + limit + [input.path])
            let sortedLines = expected.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { $0.dropFirst(2) + "\n" }.joined()
            #expect(plain.status == 0 && plain.stdout == sortedLines, "\(limit): plain")
        }
        // A long line alone: the section's only piece has no rendered bytes.
        let alone = try Self.file(long + "\n")
        defer { try? FileManager.default.removeItem(at: alone) }
        let expectedAlone = try Self.text(of: [long], locale: "sv_SE")
        let inMemory = try SectionSortCommand.run(["-l", "sv_SE", "-S", "1G", alone.path])
        #expect(inMemory.status == 0 && inMemory.stdout == expectedAlone, "\(inMemory.stderr)")
    }

    /// A line repeated in a row is written into a run once, with its count: a run of a few bytes
    /// can stand for a section of many megabytes. The final merge plans by what a section renders
    /// (`SortedRun.File`'s `unrepeatedSize`), not by its run's bytes, and streams such a section
    /// into the output rather than rendering it whole in memory (0f18ebf rendered this one's 40 MB
    /// on top of the rest: a peak of 108 MiB, 43 MiB without).
    @Test func aSectionOfRepeatsIsNotRenderedWholeInMemory() throws {
        let line = Self.letters(1000, seed: 3)
        let input = try Self.file(String(repeating: line + "\n", count: 40_000))
        defer { try? FileManager.default.removeItem(at: input) }
        // Kept as they are, not collapsed to one line.
        let result = try SectionSortCommand.run(
            ["-l", "sv_SE", "-F", "plain", "-S", "16M", "-v", input.path], environment: ["SECTIONSORT_TEST_KEEP_REPEATS": "1"])
        #expect(result.status == 0 && result.stdout.count == 40_000 * 1001, "\(result.stderr)")
        #expect(result.stderr.contains("writing runs to disk"), "through runs")
        let peak = try #require(Self.peak(result.stderr))
        #expect(peak < 80, "peak \(peak) MiB")
    }

    /// Issue 24: a line of 100 MiB took seven to eight times its size under `-S 1M`, copied while
    /// it was read, keyed, written to a run, merged and written out.
    @Test func aLineLongerThanTheMemoryLimitIsHeldAboutTwice() throws {
        let size = 12 << 20
        let line = Self.letters(size, seed: 1)
        let input = try Self.file(line + "\n"), small = try Self.file("a\n")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: small)
        }
        let baseline = try SectionSortCommand.run(["-v", "-S", "1M", small.path])
        let before = try #require(Self.peak(baseline.stderr), "\(baseline.stderr)")
        let expected = try Self.text(of: [line], locale: "en")
        let result = try SectionSortCommand.run(["-v", "-S", "1M", input.path])
        #expect(result.status == 0 && result.stdout == expected, "\(result.stderr)")
        let peak = try #require(Self.peak(result.stderr), "\(result.stderr)")
        // The line and its key (about as long) are held at once; a copy of either passes three
        // times the line.
        #expect(peak - before <= 3 * Double(size >> 20), "\(peak) MiB at the peak, \(before) MiB for a line of one byte")
    }

    /// Issue 24: at the identical strength the NFD of the whole line was held as 32-bit code
    /// points beside the line and its key, ten times the line of letters in all.
    @Test func aLineLongerThanTheMemoryLimitIsHeldAboutThriceAtTheIdenticalStrength() throws {
        let size = 12 << 20
        let line = Self.letters(size, seed: 3)
        let (extra, stdout, stderr) = try Self.peakBeyondBaseline(
            ["-S", "1M", "-l", "en-u-ks-identic"], input: "delta\n" + line + "\nalpha\n")
        let expected = try Self.text(of: ["delta", line, "alpha"], locale: "en-u-ks-identic")
        #expect(stdout == expected, "\(stderr)")
        // The line and its key, which has a primary weight and an identical-level byte for each
        // letter: about three times the line. A copy of the line, or its NFD held, passes four
        // times the line.
        #expect(extra <= 4 * Double(size >> 20), "\(extra) MiB beyond a line of one byte")
    }

    /// The peak of `arguments` over `input` beyond that of a one-byte input, in MiB, with the
    /// output of both.
    static func peakBeyondBaseline(
        _ arguments: [String], input: String, baselineInput: String = "a\n"
    ) throws -> (extra: Double, stdout: String, stderr: String) {
        let file = try Self.file(input), small = try Self.file(baselineInput)
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: small)
        }
        let baseline = try SectionSortCommand.run(["-v"] + arguments + [small.path])
        let before = try #require(Self.peak(baseline.stderr), "\(baseline.stderr)")
        let result = try SectionSortCommand.run(["-v"] + arguments + [file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let peak = try #require(Self.peak(result.stderr), "\(result.stderr)")
        return (peak - before, result.stdout, result.stderr)
    }

    /// From a pipe, which cannot be scanned ahead, a long line was read in reads that grew to as
    /// much again as was carried: the last of them also took in the lines after it, held beside
    /// it, and glibc kept the freed buffers of its size for the next ones (3.4 times the line).
    @Test func aLongLineFromAPipeIsHeldAboutTwice() throws {
        let size = 12 << 20
        let line = Self.letters(size, seed: 23)
        // Short lines of 22 letters before and after it: runs of them under -S 1M.
        var short = Array(Self.letters(3 << 20, seed: 25).utf8)
        for index in stride(from: 22, to: short.count, by: 23) { short[index] = 0x0A }
        let lines = String(decoding: short, as: UTF8.self).split(separator: "\n").map(String.init)
        let input = (lines[..<(lines.count / 2)] + [line] + lines[(lines.count / 2)...]).joined(separator: "\n") + "\n"
        let file = try Self.file(input)
        defer { try? FileManager.default.removeItem(at: file) }
        let inMemory = try SectionSortCommand.run(["-F", "plain", "-S", "1G", file.path])
        let baseline = try SectionSortCommand.run(["-v", "-F", "plain", "-S", "1M"], stdin: "a\n")
        let piped = try SectionSortCommand.run(["-v", "-F", "plain", "-S", "1M"], stdin: input)
        #expect(inMemory.status == 0 && piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutBytes == inMemory.stdoutBytes)
        let extra = try #require(Self.peak(piped.stderr)) - (try #require(Self.peak(baseline.stderr), "\(baseline.stderr)"))
        // The line and its key (about as long) are held at once; the lines after it read beside
        // it, or a freed buffer of its size kept, pass this.
        #expect(extra <= 3 * Double(size >> 20), "\(extra) MiB beyond a line of one byte")
    }

    /// `-u` in the merge of sorted runs copied the key before the next to tell a repeat: a third
    /// copy of a long record's key, beside the run reader's key and record.
    @Test func uniqueHoldsALongLineAboutTwice() throws {
        let size = 12 << 20
        let line = Self.letters(size, seed: 3)
        // Short lines around it, one of them repeated, so that the merge has runs to merge and
        // repeats to leave out.
        let lines = ["delta", "alpha", line, "alpha", "beta"]
        let result = try Self.peakBeyondBaseline(["-u", "-S", "1M", "-F", "plain"], input: lines.joined(separator: "\n") + "\n")
        let expected = try Self.text(of: ["delta", "alpha", line, "beta"], locale: "en")
        let sortedLines = expected.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { $0.dropFirst(2) + "\n" }.joined()
        #expect(result.stdout == sortedLines)
        #expect(result.extra <= 3 * Double(size >> 20), "\(result.extra) MiB beyond a line of one byte")
    }

    /// `--from-keys` read a key record into an array and copied it into a buffer that grew by
    /// doubling, each growth a copy: a long record was held three or four times.
    @Test func fromKeysHoldsALongKeyRecordAboutOnce() throws {
        let size = 12 << 20
        let line = Self.letters(size, seed: 5)
        let lines = ["delta", line, "alpha"]
        let keys = try SectionSortCommand.run(["--emit-keys"], stdin: lines.joined(separator: "\n") + "\n")
        let oneByte = try SectionSortCommand.run(["--emit-keys"], stdin: "a\n")
        #expect(keys.status == 0 && oneByte.status == 0, "\(keys.stderr)")
        // Sorted by bytes, as `LC_ALL=C sort` would.
        let sortedKeys = keys.stdout.split(separator: "\n").sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let result = try Self.peakBeyondBaseline(
            ["--from-keys"], input: sortedKeys.map { $0 + "\n" }.joined(), baselineInput: oneByte.stdout)
        #expect(result.stdout == (try Self.text(of: lines, locale: "en")))
        // The key record (its key in base 64 and the line) is read once, in place.
        #expect(result.extra <= 3 * Double(size >> 20), "\(result.extra) MiB beyond a key record of one byte")
    }

    /// `--emit-keys` built a long record's key record (its key in base 64 and the record) whole,
    /// beside the record and its key: about four and a half times the record.
    @Test func emitKeysHoldsALongRecordAboutTwice() throws {
        let size = 12 << 20
        // Backslashes and a carriage return, escaped in the key record, here and there among the
        // pieces it is written in.
        var bytes = Array(Self.letters(size, seed: 9).utf8)
        for index in stride(from: 1_000, to: size, by: 99_991) { bytes[index] = UInt8(ascii: "\\") }
        bytes[size / 2] = 0x0D
        let line = String(decoding: bytes, as: UTF8.self)
        let result = try Self.peakBeyondBaseline(["--emit-keys", "-l", "en", "-S", "1M"], input: "delta\n" + line + "\nalpha\n")
        let records = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = Self.keyRecord(of: line, position: 1, locale: try IndexedCollation(locale: "en"), escaped: true)
        #expect(records.count == 5 && records[2] == expected, "\(result.stderr)")
        // The line and its key (about as long) are held at once; the key record, written from
        // them in pieces, is not.
        #expect(result.extra <= 3 * Double(size >> 20), "\(result.extra) MiB beyond a line of one byte")
        // With NUL framing (key records ended by NUL; the input is still lines) the record is
        // written as it is.
        let nul = try SectionSortCommand.run(["--emit-keys", "-l", "en", "-z"], stdin: "delta\n" + line + "\n")
        let nulRecords = nul.stdout.split(separator: "\0", omittingEmptySubsequences: false)
        let expectedNul = Self.keyRecord(of: line, position: 1, locale: try IndexedCollation(locale: "en"), escaped: false)
        #expect(nul.status == 0 && nulRecords.count == 4 && nulRecords[2] == expectedNul, "\(nul.stderr)")
    }

    /// A long record that NUL framing cannot carry is refused before any of its key record is written.
    @Test func emitKeysRefusesALongRecordHoldingANulWithNulFraming() throws {
        let line = Self.letters(2 << 20, seed: 11) + "\0" + "x"
        let input = try Self.file("delta\n" + line + "\n")
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try SectionSortCommand.run(["--emit-keys", "-z", "-S", "1M", input.path])
        #expect(result.status == 65 && result.stdout.isEmpty, "\(result.status)")
        #expect(result.stderr.contains("\(input.path):2:1") && result.stderr.contains("NUL"), "\(result.stderr)")
    }

    /// A merge in more than one pass (under `ulimit -n 16`) wrote a long key sharing its start with
    /// the key before it, and read it back by building it again beside the entry: three times the
    /// line. Keys longer than a shared start can be share none, whichever pass writes them.
    @Test func aMergeInSeveralPassesHoldsALongLineAboutTwice() throws {
        let size = 12 << 20
        let line = Self.letters(size, seed: 17)
        // Short lines of 22 letters, some of them in the long line's section: more runs under
        // -S 1M than 16 open files can merge at once.
        var short = Array(Self.letters(6 << 20, seed: 19).utf8)
        for index in stride(from: 22, to: short.count, by: 23) { short[index] = 0x0A }
        let lines = String(decoding: short, as: UTF8.self).split(separator: "\n").map(String.init)
        let input = (lines[..<(lines.count / 2)] + [line] + lines[(lines.count / 2)...]).joined(separator: "\n") + "\n"
        let inMemory = try SectionSortCommand.run(["-F", "plain", "-S", "1G"], stdin: input)
        #expect(inMemory.status == 0, "\(inMemory.stderr)")
        // From a file, whose long line is read once (from a pipe, in reads that grow).
        func limited(_ input: String) throws -> (stdout: [UInt8], peak: Double) {
            let file = try Self.file(input)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try SectionSortCommand.runProcess(
                URL(fileURLWithPath: "/bin/sh"),
                [
                    "-c", "ulimit -n 16 && exec \"$0\" \"$@\"", SectionSortCommand.executable.path, "-v", "-F", "plain", "-S", "1M",
                    file.path,
                ],
                input: [])
            #expect(result.status == 0, "\(result.stderr)")
            return (result.stdoutBytes, try #require(Self.peak(result.stderr), "\(result.stderr)"))
        }
        let baseline = try limited("a\n"), merged = try limited(input)
        #expect(merged.stdout == inMemory.stdoutBytes)
        let extra = merged.peak - baseline.peak
        // The line and its key (about as long) are held at once; a key built again passes this.
        #expect(extra <= 3 * Double(size >> 20), "\(extra) MiB beyond a line of one byte")
    }

    /// `-m` and `-c` copied every key out of the buffer it was computed in, then each record's key
    /// again, to check the next record against it and (with `-u`) to tell a repeat: three times a
    /// long line or more.
    @Test func mergeAndCheckHoldALongLineAboutTwice() throws {
        let size = 12 << 20
        let line = Self.letters(size, seed: 21)
        // Two inputs, each in sectionsort's order (as the library sorts it), one with the long
        // line and a repeat of a line of the other.
        let first = try Self.text(of: ["delta", line, "alpha"], locale: "en")
        let second = try Self.text(of: ["beta", "alpha", "omega"], locale: "en")
        func lines(_ text: String) -> [String] { text.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) } }
        let (one, other) = (try Self.file(lines(first).map { $0 + "\n" }.joined()), try Self.file(lines(second).map { $0 + "\n" }.joined()))
        let small = try Self.file("a\n")
        defer {
            for file in [one, other, small] { try? FileManager.default.removeItem(at: file) }
        }
        for unique in [false, true] {
            let flags = ["-v", "-m", "-F", "plain", "-S", "1M"] + (unique ? ["-u"] : [])
            let baseline = try SectionSortCommand.run(flags + [small.path, other.path])
            let merged = try SectionSortCommand.run(flags + [one.path, other.path])
            let expected = lines(try Self.text(of: ["delta", line, "alpha", "beta", "omega"] + (unique ? [] : ["alpha"]), locale: "en"))
            #expect(merged.status == 0 && merged.stdout == expected.map { $0 + "\n" }.joined(), "-u: \(unique): \(merged.stderr)")
            let extra = try #require(Self.peak(merged.stderr)) - (try #require(Self.peak(baseline.stderr), "\(baseline.stderr)"))
            // The line and its key (about as long) are held at once; a copy of the key passes this.
            #expect(extra <= 2.5 * Double(size >> 20), "-u: \(unique): \(extra) MiB beyond a line of one byte")
        }
        let baseline = try SectionSortCommand.run(["-v", "-c", "-S", "1M", small.path])
        let checked = try SectionSortCommand.run(["-v", "-c", "-S", "1M", one.path])
        #expect(baseline.status == 0 && checked.status == 0, "\(checked.stderr)")
        let extra = try #require(Self.peak(checked.stderr)) - (try #require(Self.peak(baseline.stderr), "\(baseline.stderr)"))
        #expect(extra <= 2.5 * Double(size >> 20), "-c: \(extra) MiB beyond a line of one byte")
    }

    /// `records` in the library's order of `keys` (the records' key fields), one a line after
    /// `header`: the plain format of CSV and JSON Lines inputs.
    static func plain(
        _ records: [String], keys: [String], then: [String]? = nil, header: String? = nil, locale: String = "en"
    ) throws -> String {
        let collation = try IndexedCollation(locale: locale)
        let sections =
            if let then {
                collation.sections(of: Array(records.indices), by: { keys[$0] }, then: { then[$0] })
            } else {
                collation.sections(of: Array(records.indices), by: { keys[$0] })
            }
        return (header.map { [$0] } ?? []).map { $0 + "\n" }.joined() + sections.flatMap { $0.map { records[$0] + "\n" } }.joined()
    }

    /// A CSV or JSON Lines key field was decoded into an array of its own and copied into the
    /// batch's keys: the field was held three times with its key. One that needs no decoding (no
    /// quotes to undo, no escapes) is now keyed where it is in the record.
    @Test func csvAndJSONLinesKeyALongFieldWhereItIs() throws {
        let size = 12 << 20
        let field = Self.letters(size, seed: 13)
        let keys = ["delta", field, "alpha"]
        let cases: [(format: String, records: [String], header: String?)] = [
            ("csv", ["1,delta", "2," + field, "3,alpha"], "id,name"),
            ("csv", ["1,delta", "2,\"" + field + "\"", "3,alpha"], "id,name"),
            ("jsonl", keys.enumerated().map { "{\"id\": \($0.offset), \"name\": \"\($0.element)\"}" }, nil),
        ]
        for (format, records, header) in cases {
            let input = ((header.map { [$0] } ?? []) + records).map { $0 + "\n" }.joined()
            let baselineInput = (header.map { $0 + "\n" } ?? "") + (format == "csv" ? "1,a\n" : "{\"id\": 1, \"name\": \"a\"}\n")
            let result = try Self.peakBeyondBaseline(
                ["-f", format, "-k", "name", "-F", "plain", "-S", "1M"], input: input, baselineInput: baselineInput)
            #expect(result.stdout == (try Self.plain(records, keys: keys, header: header)), "\(format): \(result.stderr)")
            // The record and its key (about as long) are held at once; a copy of the field passes this.
            #expect(result.extra <= 2.5 * Double(size >> 20), "\(format): \(result.extra) MiB beyond a record of one byte")
        }
    }

    /// A long field of letters with `count` characters that need escaping put among them (each
    /// of `specials` in turn): its text, and that text escaped by `escape`.
    static func escapedField(
        seed: UInt64, specials: [String], count: Int = 40, escape: (String) -> String
    ) -> (text: String, escaped: String) {
        let letters = Array(Self.letters(12 << 20, seed: seed).utf8)
        let step = letters.count / count
        var text = "", escaped = ""
        for index in 0..<count {
            let piece = String(decoding: letters[index * step..<(index + 1 == count ? letters.count : (index + 1) * step)], as: UTF8.self)
            // Escapes at the start of the field too, and three together in the middle.
            let special = specials[index % specials.count]
            let run = index == count / 2 ? String(repeating: special, count: 3) : special
            text += run + piece
            escaped += escape(run) + piece
        }
        return (text, escaped)
    }

    /// The CSV and JSON Lines cases of a long key field that needs unescaping: doubled quotes; JSON
    /// escapes of a quote, a backslash, a line feed, a slash, é as \u00e9 and an emoji as a
    /// surrogate pair. Each with the field's text and records (with a header for CSV) whose
    /// `name` holds "delta", the long field and "alpha" in that order, and whose `group` is "g".
    static func escapedCases() -> [(format: String, text: String, records: [String], header: String?)] {
        let csv = escapedField(seed: 15, specials: ["\""]) { $0.replacingOccurrences(of: "\"", with: "\"\"") }
        let json = escapedField(seed: 16, specials: ["\"", "\\", "\n", "/", "é", "😀"]) {
            $0.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "/": "\\/"
                case "é": "\\u00e9"
                case "😀": "\\ud83d\\ude00"
                default: String(scalar)
                }
            }.joined()
        }
        return [
            ("csv", csv.text, ["1,g,delta", "2,g,\"" + csv.escaped + "\"", "3,g,alpha"], "id,group,name"),
            (
                "jsonl", json.text,
                ["delta", json.escaped, "alpha"].enumerated().map {
                    "{\"id\": \($0.offset), \"group\": \"g\", \"name\": \"\($0.element)\"}"
                }, nil
            ),
        ]
    }

    /// A one-record input of `format` for the baseline.
    static func oneByteRecord(_ format: String) -> String {
        format == "csv" ? "id,group,name\n1,g,a\n" : "{\"id\": 1, \"group\": \"g\", \"name\": \"a\"}\n"
    }

    /// A long key field that needs unescaping (doubled quotes, JSON escapes) was unescaped into a
    /// copy of its own, beside the record and its key: three times the field. It is now keyed
    /// where it is, unescaped a piece at a time as its key is written, as the key field or as a
    /// `--then` field.
    @Test func csvAndJSONLinesKeyALongFieldThatNeedsUnescapingWhereItIs() throws {
        let size = Double(12 << 20) / Double(1 << 20)
        for (format, text, records, header) in Self.escapedCases() {
            let names = ["delta", text, "alpha"]
            let input = ((header.map { [$0] } ?? []) + records).map { $0 + "\n" }.joined()
            for fields in [["-k", "name"], ["-k", "group", "--then", "name"]] {
                let result = try Self.peakBeyondBaseline(
                    ["-f", format] + fields + ["-F", "plain", "-S", "1M"], input: input, baselineInput: Self.oneByteRecord(format))
                let expected =
                    try fields.count == 2
                    ? Self.plain(records, keys: names, header: header)
                    : Self.plain(records, keys: ["g", "g", "g"], then: names, header: header)
                #expect(result.stdout == expected, "\(format) \(fields): \(result.stderr)")
                // The record and its key (about as long) are held at once; a copy of the field passes this.
                #expect(result.extra <= 2.5 * size, "\(format) \(fields): \(result.extra) MiB beyond a record of one byte")
            }
        }
    }

    /// At the identical strength a long key field that needs unescaping was unescaped whole, and
    /// the NFD of its text held as 32-bit code points. Both its collation elements and its
    /// identical level now come from the field unescaped a piece at a time.
    @Test func aLongFieldThatNeedsUnescapingIsHeldAboutThriceAtTheIdenticalStrength() throws {
        let size = Double(12 << 20) / Double(1 << 20)
        for (format, text, records, header) in Self.escapedCases() {
            let input = ((header.map { [$0] } ?? []) + records).map { $0 + "\n" }.joined()
            let result = try Self.peakBeyondBaseline(
                ["-l", "en-u-ks-identic", "-f", format, "-k", "name", "-F", "plain", "-S", "1M"], input: input,
                baselineInput: Self.oneByteRecord(format))
            let expected = try Self.plain(records, keys: ["delta", text, "alpha"], header: header, locale: "en-u-ks-identic")
            #expect(result.stdout == expected, "\(format): \(result.stderr)")
            // The record and its key, which has a primary weight and an identical-level byte for
            // each letter: about three times the field. A copy of the field passes this.
            #expect(result.extra <= 3.5 * size, "\(format): \(result.extra) MiB beyond a record of one byte")
        }
    }

    /// `--emit-keys`, `-u`, `-c` and `-m` key a long field that needs unescaping where it is too.
    @Test func everyModeKeysALongFieldThatNeedsUnescapingWhereItIs() throws {
        let size = Double(12 << 20) / Double(1 << 20)
        let collation = try IndexedCollation(locale: "en")
        for (format, text, records, header) in Self.escapedCases() {
            let lines = (header.map { [$0] } ?? []) + records
            let oneByte = Self.oneByteRecord(format)
            let emitted = try Self.peakBeyondBaseline(
                ["--emit-keys", "-f", format, "-k", "name", "-S", "1M"], input: lines.map { $0 + "\n" }.joined(), baselineInput: oneByte)
            let keyRecords = emitted.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let expected = Self.keyRecord(of: records[1], key: text, position: 1, locale: collation, escaped: true)
            #expect(keyRecords.contains(expected), "\(format): \(emitted.stderr)")
            #expect(emitted.extra <= 2.5 * size, "\(format) --emit-keys: \(emitted.extra) MiB beyond a record of one byte")

            // Records in sectionsort's order, a short one twice for -u.
            let sorted = try Self.plain(records, keys: ["delta", text, "alpha"]).split(separator: "\n").map(String.init)
            let repeated = sorted.flatMap { $0 == records[2] ? [$0, $0] : [$0] }
            let unique = try Self.peakBeyondBaseline(
                ["-u", "-f", format, "-k", "name", "-F", "plain", "-S", "1M"],
                input: ((header.map { [$0] } ?? []) + repeated).map { $0 + "\n" }.joined(), baselineInput: oneByte)
            #expect(unique.stdout == ((header.map { [$0] } ?? []) + sorted).map { $0 + "\n" }.joined(), "\(format) -u: \(unique.stderr)")
            #expect(unique.extra <= 2.5 * size, "\(format) -u: \(unique.extra) MiB beyond a record of one byte")

            let inOrder = ((header.map { [$0] } ?? []) + sorted).map { $0 + "\n" }.joined()
            let checked = try Self.peakBeyondBaseline(
                ["-c", "-f", format, "-k", "name", "-S", "1M"], input: inOrder, baselineInput: oneByte)
            #expect(checked.extra <= 2.5 * size, "\(format) -c: \(checked.extra) MiB beyond a record of one byte")
            let merged = try Self.peakBeyondBaseline(
                ["-m", "-f", format, "-k", "name", "-F", "plain", "-S", "1M"], input: inOrder, baselineInput: oneByte)
            #expect(merged.stdout == inOrder, "\(format) -m: \(merged.stderr)")
            #expect(merged.extra <= 2.5 * size, "\(format) -m: \(merged.extra) MiB beyond a record of one byte")
        }
    }

    /// A long JSON string keyed where it is is still checked where it is read: a lone surrogate
    /// escape is an error at its backslash, or with `--lossy` U+FFFD; and `--grep` reads a long
    /// field that needs unescaping as its text.
    @Test func aLongFieldThatNeedsUnescapingIsCheckedAndSearchedAsItsText() throws {
        let letters = Self.letters(2 << 20, seed: 27)
        let json = try Self.file("{\"name\": \"delta\"}\n{\"name\": \"" + letters + "\\uD800x\"}\n")
        defer { try? FileManager.default.removeItem(at: json) }
        let refused = try SectionSortCommand.run(["-f", "jsonl", "-k", "name", "-S", "1M", json.path])
        // The backslash follows `{"name": "` (10 bytes) and the letters.
        #expect(refused.status == 65 && refused.stdout.isEmpty, "\(refused.status)")
        #expect(
            refused.stderr.contains("\(json.path):2:\(10 + letters.utf8.count + 1): field 'name': a lone surrogate (\\uD800)"),
            "\(refused.stderr)")
        let lossy = try SectionSortCommand.run(["-f", "jsonl", "-k", "name", "--lossy", "-F", "plain", "-S", "1M", json.path])
        let records = ["{\"name\": \"delta\"}", "{\"name\": \"" + letters + "\\uD800x\"}"]
        let expected = try Self.plain(records, keys: ["delta", letters + "\u{FFFD}x"])
        #expect(lossy.status == 0 && lossy.stdout == expected, "\(lossy.stderr)")

        let record = "2,\"" + letters + " \"\"zebra\"\" end\""
        let csv = try Self.file("id,name\n1,delta\n" + record + "\n3,alpha\n")
        defer { try? FileManager.default.removeItem(at: csv) }
        let found = try SectionSortCommand.run(["-f", "csv", "-k", "name", "--grep", "zebra", "-F", "plain", "-S", "1M", csv.path])
        #expect(found.status == 0 && found.stdout == "id,name\n" + record + "\n", "\(found.stderr)")
    }

    /// The key record of `line` (whose key is `key`, else itself) at `position` of part 0, built
    /// as ``KeyRecord``'s format says from the library's ordering key.
    static func keyRecord(
        of line: String, key keyText: String? = nil, position: Int, locale collation: IndexedCollation, escaped: Bool
    ) -> Substring {
        let (rank, _, key) = collation.orderingKey(primary: keyText ?? line)
        let digits = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)
        var text = Array(String(rank).utf8)
        text.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: 5 - text.count), at: 0)
        text.append(0x09)
        var index = 0
        while index < key.count {
            // 3 bytes give 4 digits, a last 1 or 2 bytes 2 or 3 digits (padded with zero bits).
            let group = key[index..<min(key.count, index + 3)]
            var bits = group.reduce(0) { $0 << 8 | Int($1) }
            bits <<= 6 * (group.count + 1) - 8 * group.count
            for shift in stride(from: 6 * group.count, through: 0, by: -6) { text.append(digits[bits >> shift & 63]) }
            index += 3
        }
        text.append(0x09)
        text += Array("----".utf8)
        text += (0..<8).reversed().map { digits[position >> (6 * $0) & 63] }
        text.append(0x09)
        for byte in line.utf8 {
            switch (escaped, byte) {
            case (true, 0x5C): text += [0x5C, 0x5C]
            case (true, 0x0A): text += [0x5C, UInt8(ascii: "n")]
            case (true, 0x0D): text += [0x5C, UInt8(ascii: "r")]
            default: text.append(byte)
            }
        }
        return Substring(String(decoding: text, as: UTF8.self))
    }
}
