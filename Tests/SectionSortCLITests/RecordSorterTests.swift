import Foundation
import SectionSort
import Testing

@testable import SectionSortCLI

/// The three sorters of the alphabetical mode give the library's order for the same records.
@Suite struct RecordSorterTests {
    /// Lines in several scripts, with repeats, in an order unlike the sorted one.
    static let lines: [String] = (0..<3_000).map { number in
        let names = ["Åsa", "Ørjan", "Zoë", "émile", "Anna", "Ängel", "Björn", "Øyvind", "Пётр", "李", "", "a", "Z"]
        return "\(names[number * 7 % names.count]) \(number * 7_919 % 1_000)"
    }

    /// The lines as batches of `size` records, as the line reader makes them.
    static func batches(of size: Int) -> [RecordSet] { batches(lines, of: size) }

    /// `lines` as batches of `size` records, as the line reader makes them.
    static func batches(_ lines: [String], of size: Int) -> [RecordSet] {
        stride(from: 0, to: lines.count, by: size).map { start in
            var set = RecordSet()
            let bytes = Array(lines[start..<min(lines.count, start + size)].map { $0 + "\n" }.joined().utf8)
            _ = set.appendInput(bytes, length: bytes.count, name: "t", line: start + 1)
            bytes.withUnsafeBufferPointer { buffer in LineReader.forEachLine(in: buffer) { range, _ in set.spans.append(range) } }
            return set
        }
    }

    /// What `sorter` writes (the text format) for `batches`.
    static func output(
        of batches: [RecordSet], options: CommandLineOptions = CommandLineOptions(), _ makeSorter: (SortingContext) -> (any RecordSorter)?
    ) throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sorters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        var options = options
        options.temporaryDirectory = directory.path
        let collation = try IndexedCollation(locale: "sv_SE")
        let context = SortingContext(
            options: options, collation: collation, sectioning: SectioningOptions(),
            // Room for the compact layout beyond the process, whatever it takes now.
            plan: MemoryPlan(memoryLimit: nil, inputSize: 1 << 20, physicalMemory: 1 << 40, threads: 2, testRoom: 64 << 20),
            output: BufferedOutput(descriptor: descriptor, name: path), progress: ProgressLine(enabled: false),
            phases: PhaseTimes(enabled: false))
        guard let sorter = makeSorter(context) else {
            close(descriptor)
            return nil
        }
        for (index, batch) in batches.enumerated() {
            #expect(try sorter.add(batch, isLast: index == batches.count - 1), "batch \(index) taken")
        }
        try sorter.write(header: nil)
        close(descriptor)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The text format of the library's sections of the lines.
    static func expected() throws -> String {
        let sections = try IndexedCollation(locale: "sv_SE").sections(of: lines, by: { $0 })
        return sections.filter { !$0.isEmpty }.map { section in
            section.title + "\n" + section.map { "  \($0)\n" }.joined()
        }.joined(separator: "\n")
    }

    @Test func inMemoryCompactAndRunsGiveTheLibrarysOrder() throws {
        let expected = try Self.expected()
        let inMemory = try Self.output(of: Self.batches(of: Self.lines.count)) { InMemorySorter($0) }
        #expect(inMemory == expected)
        let compact = try Self.output(of: Self.batches(of: 700)) { CompactLayoutSorter($0) }
        #expect(compact == expected, "the compact layout")
        let runs = try Self.output(of: Self.batches(of: 700)) { SortedRunsSorter($0) }
        #expect(runs == expected, "five sorted runs")
        let distinct = try Self.output(of: Self.batches(of: 700)) { DistinctLinesSorter($0) }
        #expect(distinct == expected, "distinct lines")
    }

    @Test func theInMemorySorterTakesOnlyTheWholeInput() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let context = SortingContext(
            options: CommandLineOptions(), collation: collation, sectioning: SectioningOptions(),
            plan: MemoryPlan(memoryLimit: 1 << 20, inputSize: nil, physicalMemory: 1 << 34), output: BufferedOutput(),
            progress: ProgressLine(enabled: false), phases: PhaseTimes(enabled: false))
        let batches = Self.batches(of: 1_000)
        let first = InMemorySorter(context)
        #expect(try !first.add(batches[0], isLast: false), "a batch that is not the last means more than one")
        #expect(first.handOver().isEmpty)
        let only = InMemorySorter(context)
        #expect(try only.add(batches[0], isLast: true))
        #expect(only.handOver().map(\.count) == [1_000])
    }
}
