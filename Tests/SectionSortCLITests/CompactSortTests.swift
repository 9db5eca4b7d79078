import Foundation
import SectionSort
import Testing

@testable import SectionSortCLI

/// The default mode sorts lines from regular files in the compact layout when the full-key sort
/// would not fit three times the input or 128 MiB and the compact layout's projected peak does,
/// and through sorted runs otherwise; the output is the same either way. Test inputs are small, so the CLI tests set the room beyond the process
/// themselves (`SECTIONSORT_TEST_COMPACT_ROOM`, in place of the 128 MiB floor).
@Suite struct CompactSortTests {
    private static func scratchDirectory(_ name: String) throws -> URL { try ExternalSortTests.scratchDirectory(name) }

    /// Lines that tie on long starts, repeat, and come with CRLF, empty lines and a last line
    /// without a line ending.
    private static func lines(_ count: Int) -> String {
        let given = ["Anna-Karin", "Anna-Karina", "Åsa", "Örjan", "Émile", "Zoë", "Иван", "林", "42", ""]
        let family = ["Anderssonsdotter", "Anderssonsdottir", "Öberg", "Oberg", "Петров", "王"]
        var text = ""
        for index in 0..<count {
            let hash = index &* 2_654_435_761 % 1_000_003
            text += "\(given[hash % given.count]) \(family[(hash / 7) % family.count]) \(hash % 13)"
            text += index % 9 == 0 ? "\r\n" : (index % 50 == 0 ? "\n\n" : "\n")
        }
        return text + "Zoë Öberg"
    }

    @Test func defaultSortsInMemoryAndMatchesRunsAndTheFullKeyEngine() throws {
        let directory = try Self.scratchDirectory("compact")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.txt").path
        let second = directory.appendingPathComponent("more.txt").path
        try Data(Self.lines(60_000).utf8).write(to: URL(fileURLWithPath: input))
        try Data("Åsa\r\nanna\nZoë Öberg".utf8).write(to: URL(fileURLWithPath: second))
        let runs = directory.appendingPathComponent("runs").path
        for extra in [
            [], ["-r"], ["-i", "-l", "en_US"], ["-j", "1"], ["-j", "3", "-F", "jsonl"], ["-j", "4", "--chinese-names", "-l", "zh_CN"],
            ["--grep", "anna"], ["--ignore-punctuation", "--ignore-articles=en", "--case-first", "upper"],
            ["-l", "en_US", "--index-locales", "ru", "--normalize"],
        ] {
            let arguments = ["-l", "sv_SE"] + extra + [input, second]
            // Its lines repeat: kept as they are for the sorts compared here, collapsed by default.
            let keep = ["SECTIONSORT_TEST_KEEP_REPEATS": "1"]
            let compact = try SectionSortCommand.run(
                ["-v"] + arguments, environment: keep.merging(["SECTIONSORT_TEST_COMPACT_ROOM": "64M"]) { $1 })
            let byDefault = try SectionSortCommand.run(["-v"] + arguments, environment: keep)
            let spilled = try SectionSortCommand.run(["-v", "-S", "1M", "-T", runs] + arguments, environment: keep)
            let inMemory = try SectionSortCommand.run(["-S", "50%"] + arguments, environment: keep)
            let collapsed = try SectionSortCommand.run(["-v"] + arguments)
            #expect(collapsed.stderr.contains("collapsing repeated lines"), "\(collapsed.stderr)")
            #expect(collapsed.stdoutBytes == inMemory.stdoutBytes, "collapsed \(extra)")
            #expect(compact.status == 0 && spilled.status == 0 && inMemory.status == 0, "\(compact.stderr) \(spilled.stderr)")
            #expect(compact.stderr.contains("sorting in the compact layout") && !compact.stderr.contains("merging"), "\(compact.stderr)")
            #expect(
                byDefault.stderr.contains("sectionsort: sorting") && !byDefault.stderr.contains("compact layout")
                    && !byDefault.stderr.contains("merging"),
                "1.5 MB sorts by the full key within 128 MiB: \(byDefault.stderr)")
            #expect(byDefault.stdoutBytes == inMemory.stdoutBytes, "\(extra)")
            #expect(spilled.stderr.contains("merging"), "\(spilled.stderr)")
            #expect(compact.stdoutBytes == inMemory.stdoutBytes, "\(extra)")
            #expect(spilled.stdoutBytes == inMemory.stdoutBytes, "\(extra)")
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: runs))?.isEmpty == true)
    }

    /// The limit is checked against the whole input's records, projected from the batches read so
    /// far: when later lines are shorter than the first ones, the projection grows past the limit
    /// midway, and the batches kept so far become sorted runs, as every later batch does.
    @Test func batchesKeptBeforeTheLimitIsPassedBecomeRuns() throws {
        let directory = try Self.scratchDirectory("compact-past")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.txt").path
        // 2 MB of 100-byte lines, then 2 MB of 10-byte lines; batches are 1 MiB (an eighth of the
        // 8 MiB default limit). 13 MiB beyond the process holds the first batches' projection
        // (4 MB, 40,000 entries, a batch being read, 6 MiB of workspace) but not the third's.
        var text = ""
        for index in 0..<20_000 { text += "Öberg \(index * 7_919 % 20_000) " + String(repeating: "x", count: 88) + "\n" }
        for index in 0..<200_000 { text += "Åsa \(index * 7_919 % 200_000 + 100_000)\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let runs = directory.appendingPathComponent("runs").path
        let arguments = ["-v", "-l", "sv_SE", "-T", runs, input]
        let passed = try SectionSortCommand.run(arguments, environment: ["SECTIONSORT_TEST_COMPACT_ROOM": "13M"])
        let inMemory = try SectionSortCommand.run(["-S", "50%", "-l", "sv_SE", input])
        #expect(passed.status == 0 && inMemory.status == 0, "\(passed.stderr)")
        #expect(passed.stderr.contains("merging") && !passed.stderr.contains("compact layout"), "\(passed.stderr)")
        #expect(passed.stdoutBytes == inMemory.stdoutBytes)
        #expect(passed.stdout.split(separator: "\n").count == 220_000 + 2)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: runs))?.isEmpty == true)
    }

    /// An input whose lines, projected from its first megabyte, would not fit the limit is not
    /// tried in the compact layout at all: it is read in the full budget's batches, so it is
    /// written as as few runs as without the compact sort (tried and dropped at the first batch, it
    /// was read in batches an eighth as large, and 1,000,000 names took 65 runs instead of 9).
    @Test func inputsProjectedPastTheLimitAreReadInFullBatches() throws {
        let directory = try Self.scratchDirectory("compact-projected")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.txt").path
        // 400,000 lines of 10 bytes: 4 MB, and 9.6 MB of entries, past 16 MiB beyond the process.
        let text = (0..<400_000).map { "Åsa \(($0 * 7_919) % 400_000 + 100_000)\n" }.joined()
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let runs = directory.appendingPathComponent("runs").path
        let arguments = ["-v", "-l", "sv_SE", "-T", runs, input]
        let withRoom = try SectionSortCommand.run(arguments, environment: ["SECTIONSORT_TEST_COMPACT_ROOM": "16M"])
        // No room beyond the process (in place of the 128 MiB floor): not tried at all.
        let without = try SectionSortCommand.run(arguments, environment: ["SECTIONSORT_TEST_COMPACT_ROOM": "1"])
        #expect(withRoom.status == 0 && without.status == 0, "\(withRoom.stderr)")
        func merged(_ stderr: String) -> Substring? {
            stderr.split(separator: "\n").first { $0.hasPrefix("sectionsort: merging") }?.split(separator: ":").dropLast().last
        }
        #expect(merged(without.stderr) != nil && merged(withRoom.stderr) == merged(without.stderr), "\(withRoom.stderr) \(without.stderr)")
        #expect(withRoom.stdoutBytes == without.stdoutBytes)
    }

    @Test func compactLimitIsThreeTimesTheInputOr128MiBWithinHalfOfMemory() {
        let gib = 1 << 30
        let baseline = 24 << 20
        func compactLimit(inputSize: Int, baseline: Int, physicalMemory: Int, testRoom: Int? = nil) -> Int? {
            MemoryPlan(memoryLimit: nil, inputSize: inputSize, physicalMemory: physicalMemory, testRoom: testRoom).compactLimit(
                baseline: baseline)
        }
        #expect(compactLimit(inputSize: 154_102_584, baseline: baseline, physicalMemory: 16 * gib) == 462_307_752)
        #expect(
            compactLimit(inputSize: 15_412_421, baseline: baseline, physicalMemory: 16 * gib) == 128 << 20,
            "a 15 MB input may take 128 MiB")
        #expect(
            compactLimit(inputSize: 15_412_421, baseline: baseline, physicalMemory: 16 * gib, testRoom: 64 << 20)
                == baseline + 64 << 20, "tests' room beyond the process")
        #expect(
            compactLimit(inputSize: 154_102_584, baseline: baseline, physicalMemory: 16 * gib, testRoom: 64 << 20)
                == 462_307_752, "three times the input when that is more")
        #expect(
            compactLimit(inputSize: 2 * gib, baseline: baseline, physicalMemory: 8 * gib) == nil, "6 GiB is past half of 8 GiB"
        )
        #expect(
            MemoryPlan(memoryLimit: 1 << 20, inputSize: 100, physicalMemory: 16 * gib).compactLimit(baseline: baseline) == nil,
            "an explicit --memory-limit keeps its meaning")
    }

    @Test func batchesPastTheLimitAreNotKeptAndKeptOnesComeBackAsTheyWere() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        func batch(_ text: String) -> RecordSet {
            var set = RecordSet()
            let bytes = Array(text.utf8)
            _ = set.appendInput(bytes, length: bytes.count, name: "t", line: 1)
            bytes.withUnsafeBufferPointer { buffer in LineReader.forEachLine(in: buffer) { range, _ in set.spans.append(range) } }
            return set
        }
        let size = 100
        let baseline = MemoryPlan.residentBytes()
        let limit = baseline + size + MemoryPlan.compactWorkspace + (1 << 20)
        let kept = try #require(
            CompactBatches(collation: collation, sectioning: SectioningOptions(), inputSize: size, limit: limit, baseline: baseline))
        #expect(kept.add(batch("b\r\na\n\nc")))
        #expect(kept.add(batch("ö\nå")))
        // 100,000 more records take 1.6 MB of entries and 3.2 MB of spans while read: past the limit.
        #expect(!kept.add(batch(String(repeating: "x\n", count: 100_000) + String(repeating: "y", count: 200_000))))
        #expect(kept.count == 6)
        let sets = kept.recordSets()
        #expect(sets.map(\.count) == [4, 2])
        #expect(sets.flatMap { set in set.spans.map { String(decoding: set.bytes[$0], as: UTF8.self) } } == ["b", "a", "", "c", "ö", "å"])
        var csv = batch("x\n")
        csv.keySpans = [0..<1]
        #expect(!kept.add(csv), "only lines that are their own keys")
        let sections = kept.sorter.sort(keyOf: kept.keyReader)
        let order = sections.flatMap { section in section.positions.map { kept.sorter.identifier(at: $0) } }
        let text = kept.lines.bytes
        let sorted = text.withUnsafeBufferPointer { bytes in
            order.map { String(decoding: bytes[CompactLines.line(at: Int($0), in: bytes)], as: UTF8.self) }
        }
        let expected = collation.sections(of: ["b", "a", "", "c", "ö", "å"], by: { $0 }).flatMap { Array($0) }
        #expect(sorted == expected && sorted.count == 6)
    }
}
