import Foundation
import SectionSort
import Testing

@testable import SectionSortCLI

/// Repeated lines collapsed before sorting (``DistinctLines``, ``DistinctLinesSorter``): the
/// counts and identifiers, taking a batch back, the choice of the sorter, and output identical to
/// the other sorters'.
@Suite struct DistinctLinesTests {
    /// `lines` as batches of `size` records, as the line reader makes them.
    static func batches(_ lines: [String], of size: Int) -> [RecordSet] { RecordSorterTests.batches(lines, of: size) }

    /// Lines of every length from 0 to 40 bytes (the table holds 16 of each), some differing only
    /// past the 16th byte or in their last byte, repeated in an irregular order.
    static let lines: [String] = (0..<5_000).map { number in
        let length = number * 31 % 41
        let stem = String(repeating: "abcdefghij", count: 5).prefix(length)
        // Every third line's last byte differs, so that equal prefixes must be told apart.
        return number % 3 == 0 && length > 0 ? stem.dropLast() + "Z" : String(stem) + (number % 7 == 0 ? "é" : "")
    }

    /// What `lines` says each record is, as text, after adding `batches`.
    static func texts(of lines: DistinctLines) -> [String] {
        let distinct = lines.distinct()
        var texts: [String] = []
        lines.forEachRecord { texts.append(String(decoding: distinct.records.bytes[distinct.records.spans[$0]], as: UTF8.self)) }
        return texts
    }

    @Test(arguments: [1, 3])
    func eachRecordIsItsLineAndEachLineIsCountedOnce(shards: Int) throws {
        let lines = DistinctLines(shards: shards)
        for batch in Self.batches(Self.lines, of: 1_200) { lines.add(batch, positions: 0..<batch.count, threads: shards) }
        #expect(lines.recordCount == Self.lines.count)
        #expect(Self.texts(of: lines) == Self.lines)
        let distinct = lines.distinct()
        let texts = distinct.records.spans.map { String(decoding: distinct.records.bytes[$0], as: UTF8.self) }
        #expect(Set(texts).count == texts.count, "each distinct line once")
        #expect(texts.count == Set(Self.lines).count)
        var expectedCounts: [String: Int] = [:]
        var expectedFirst: [String: Int] = [:]
        for (record, line) in Self.lines.enumerated() {
            expectedCounts[line, default: 0] += 1
            if expectedFirst[line] == nil { expectedFirst[line] = record }
        }
        for (index, text) in texts.enumerated() {
            #expect(distinct.counts[index] == expectedCounts[text], "the count of \(text)")
            #expect(distinct.firstRecords[index] == expectedFirst[text], "the first record of \(text)")
        }
    }

    @Test func aLineAtTheEndOfItsBufferIsReadWithinIt() {
        // The last line of a batch is shorter than the 16 bytes read at once elsewhere: read
        // within the batch, it must still match the same line read from the middle of one.
        let lines = DistinctLines()
        for batch in Self.batches(["abc", "abcdefgh", "abc"], of: 3) + Self.batches(["abc", "abcdefgh", "x"], of: 3) {
            lines.add(batch, positions: 0..<batch.count)
        }
        #expect(lines.distinctCount == 3)
        #expect(Self.texts(of: lines) == ["abc", "abcdefgh", "abc", "abc", "abcdefgh", "x"])
    }

    @Test(arguments: [1, 2])
    func aBatchTakenBackLeavesTheLinesAsBefore(shards: Int) {
        // The second batch repeats lines of the first and adds lines of its own.
        let second = (0..<2_000).map { $0 % 2 == 0 ? Self.lines[$0] : "a new line \($0)" }
        let batches = Self.batches(Array(Self.lines[..<2_000]) + second + Self.lines[2_000..<4_000], of: 2_000)
        let lines = DistinctLines(shards: shards)
        lines.add(batches[0], positions: 0..<batches[0].count, threads: shards)
        let before = lines.distinct(), mark = lines.mark()
        lines.add(batches[1], positions: 0..<batches[1].count, threads: shards)
        #expect(lines.distinctCount > before.counts.count, "the second batch adds lines")
        lines.rollBack(to: mark)
        let after = lines.distinct()
        #expect(after.counts == before.counts)
        #expect(after.firstRecords == before.firstRecords)
        #expect(after.records.bytes == before.records.bytes)
        // The table finds the kept lines again, and adds the others anew.
        lines.add(batches[1], positions: 0..<batches[1].count, threads: shards)
        lines.add(batches[2], positions: 0..<batches[2].count, threads: shards)
        let fresh = DistinctLines(shards: shards)
        for batch in batches { fresh.add(batch, positions: 0..<batch.count, threads: shards) }
        #expect(Self.texts(of: lines) == Self.texts(of: fresh))
        #expect(lines.distinct().counts == fresh.distinct().counts)
    }

    @Test func theSorterIsChosenWhereFewLinesAreExpectedToBeDistinct() {
        // All distinct.
        #expect(!DistinctLinesSorter.repeatsOften(Self.batches((0..<5_000).map { "name \($0)" }, of: 5_000)[0], expectedRecords: nil))
        // Ten values.
        #expect(DistinctLinesSorter.repeatsOften(Self.batches((0..<5_000).map { "name \($0 % 10)" }, of: 5_000)[0], expectedRecords: nil))
        // A sample of 300,000 lines of 50,000 values, each seen about six times, from an input of
        // ten million lines: about 50,000 distinct lines expected.
        let drawn = (0..<300_000).map { "name \($0 &* 7_919 % 50_000)" }
        #expect(DistinctLinesSorter.repeatsOften(Self.batches(drawn, of: drawn.count)[0], expectedRecords: 10_000_000))
        // A third of the lines unique, the others ten values: a third of any number of lines is
        // distinct, whatever the sample repeats.
        let mixed = (0..<300_000).map { $0 % 3 == 0 ? "unique \($0)" : "common \($0 % 10)" }
        #expect(!DistinctLinesSorter.repeatsOften(Self.batches(mixed, of: mixed.count)[0], expectedRecords: 10_000_000))
    }

    @Test func linesThatDifferInTheirLastByteSpreadOverSlotsAndShards() {
        // Of 7 and 15 bytes: the last byte is the seventh of the hash's last word, which a
        // multiplication alone carries only to its highest bits.
        for stem in ["abcdef", "ABCDEFGHIJKLMN"] {
            let hashes = (0x21..<0x7F).map { byte in
                Array((stem + String(UnicodeScalar(UInt8(byte)))).utf8).withUnsafeBufferPointer { DistinctLines.hash($0) }
            }
            let slots = Set(hashes.map { ($0 >> 32) & 0xFFFF }), shards = hashes.filter { $0 & 1 == 0 }.count
            #expect(slots.count >= 90, "\(slots.count) first slots of 94 lines of \(stem.utf8.count + 1) bytes")
            #expect(shards >= 25 && shards <= 69, "\(shards) of 94 lines in one of two shards")
        }
    }

    @Test func aLongLineIsNotCollapsed() throws {
        let long = String(repeating: "x", count: MemoryPlan.longRecord)
        let batch = Self.batches(Array(repeating: "a", count: 100) + [long], of: 101)[0]
        #expect(!DistinctLinesSorter.repeatsOften(batch, expectedRecords: nil))
        let context = SortingContext(
            options: CommandLineOptions(), collation: try IndexedCollation(locale: "sv_SE"), sectioning: SectioningOptions(),
            plan: MemoryPlan(memoryLimit: 1 << 30, inputSize: nil, physicalMemory: 1 << 34), output: BufferedOutput(),
            progress: ProgressLine(enabled: false), phases: PhaseTimes(enabled: false))
        #expect(try !DistinctLinesSorter(context).add(batch, isLast: true))
    }

    /// Lines with repeats, and distinct lines whose keys are equal (composed and decomposed
    /// accents), interleaved.
    static let tiedLines: [String] = (0..<4_000).map { number in
        ["émile", "e\u{301}mile", "Émile", "Zoë", "Zoe\u{308}", "anna", "Anna", "ånge", "李", ""][number * 7 % 10] + " \(number % 3)"
    }

    @Test func distinctLinesWithEqualKeysKeepTheOrderTheyCameIn() throws {
        let expected = try RecordSorterTests.output(of: Self.batches(Self.tiedLines, of: Self.tiedLines.count)) { InMemorySorter($0) }
        let distinct = try RecordSorterTests.output(of: Self.batches(Self.tiedLines, of: 1_000)) { DistinctLinesSorter($0) }
        // As bytes: strings would find the composed and decomposed lines equal.
        let same = distinct.map { Array($0.utf8) } == expected.map { Array($0.utf8) }
        #expect(same, "the same bytes as the in-memory sorter's")
    }

    @Test func uniqueKeepsTheFirstRecordOfEachKey() throws {
        var options = CommandLineOptions()
        options.unique = true
        let expected = try RecordSorterTests.output(of: Self.batches(Self.tiedLines, of: Self.tiedLines.count), options: options) {
            InMemorySorter($0)
        }
        let distinct = try RecordSorterTests.output(of: Self.batches(Self.tiedLines, of: 1_000), options: options) {
            DistinctLinesSorter($0)
        }
        let same = distinct.map { Array($0.utf8) } == expected.map { Array($0.utf8) }
        #expect(same, "the same bytes as the in-memory sorter's")
        // Compared as bytes: a string would find the composed line equal to the decomposed one.
        let kept = Data((expected ?? "").utf8)
        #expect(kept.range(of: Data("\u{E9}mile 0".utf8)) != nil, "the composed line came first and is kept")
        #expect(kept.range(of: Data("e\u{301}mile 0".utf8)) == nil, "the decomposed one, of the same key, is not")
    }

    @Test func batchesPastTheBudgetGoBackAsTheyCame() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        // Half of the first batch repeats; the second is all new lines.
        let lines = (0..<20_000).map { $0 < 10_000 ? "line \($0 % 5_000) of the input" : "another line \($0)" }
        let batches = Self.batches(lines, of: 10_000)
        // Room for the first batch's distinct lines and their sort, not for the second's too.
        let context = SortingContext(
            options: CommandLineOptions(), collation: collation, sectioning: SectioningOptions(),
            plan: MemoryPlan(memoryLimit: 1_500_000, inputSize: nil, physicalMemory: 1 << 34), output: BufferedOutput(),
            progress: ProgressLine(enabled: false), phases: PhaseTimes(enabled: false))
        let sorter = DistinctLinesSorter(context)
        #expect(try sorter.add(batches[0], isLast: false))
        #expect(try !sorter.add(batches[1], isLast: true), "the second batch does not fit")
        let handed = sorter.handOver()
        #expect(handed.map(\.count) == [10_000])
        let texts = handed[0].spans.map { String(decoding: handed[0].bytes[$0], as: UTF8.self) }
        #expect(texts == batches[0].spans.map { String(decoding: batches[0].bytes[$0], as: UTF8.self) })
    }

    @Test func theCommandCollapsesRepeatedLinesAndWritesWhatItWroteBefore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("distinct-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.txt")
        try (Self.tiedLines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let collapsed = try SectionSortCommand.run(["--locale", "sv_SE", "-v", input.path])
        #expect(collapsed.status == 0)
        #expect(collapsed.stderr.contains("collapsing repeated lines"))
        // In batches of a few kilobytes, the collapsed lines do not fit and go to sorted runs.
        let runs = try SectionSortCommand.run(["--locale", "sv_SE", "-v", "-S", "16K", input.path])
        #expect(runs.status == 0)
        #expect(runs.stderr.contains("merging"))
        let same = collapsed.stdoutBytes == runs.stdoutBytes
        #expect(same, "the same bytes as the sorted runs'")
    }

    @Test(arguments: [[String](), ["-u"], ["-r", "-F", "jsonl"]])
    func linesCollapsedAndThenHandedOverToRunsKeepTheirOrder(extra: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("handover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The first half repeats fifty lines (composed and decomposed accents among them), the
        // second is all new: its batches outgrow the limit, and what was collapsed goes to runs.
        let lines = (0..<40_000).map { $0 < 20_000 ? Self.tiedLines[$0 % 50] : "unique line \($0 * 7_919 % 40_000)" }
        let input = directory.appendingPathComponent("names.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let arguments = ["--locale", "sv_SE", "-v", "-S", "256K"] + extra + [input.path]
        let handedOver = try SectionSortCommand.run(arguments)
        let runs = try SectionSortCommand.run(arguments, environment: ["SECTIONSORT_TEST_KEEP_REPEATS": "1"])
        #expect(handedOver.status == 0 && runs.status == 0, "\(handedOver.stderr) \(runs.stderr)")
        #expect(handedOver.stderr.contains("collapsing repeated lines") && handedOver.stderr.contains("merging"), "\(handedOver.stderr)")
        #expect(!runs.stderr.contains("collapsing repeated lines"), "\(runs.stderr)")
        let same = handedOver.stdoutBytes == runs.stdoutBytes
        #expect(same, "the same bytes as the sorted runs' (\(extra))")
    }

    @Test func linesFromStandardInputAreCollapsed() throws {
        let text = Self.tiedLines.joined(separator: "\n") + "\n"
        let piped = try SectionSortCommand.run(["--locale", "sv_SE", "-v"], stdin: text)
        let kept = try SectionSortCommand.run(["--locale", "sv_SE"], stdin: text, environment: ["SECTIONSORT_TEST_KEEP_REPEATS": "1"])
        #expect(piped.status == 0 && piped.stderr.contains("collapsing repeated lines"), "\(piped.stderr)")
        let same = piped.stdoutBytes == kept.stdoutBytes
        #expect(same, "the same bytes as the in-memory sort's")
    }
}
