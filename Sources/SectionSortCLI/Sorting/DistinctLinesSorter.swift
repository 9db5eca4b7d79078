import SectionSort

/// Sorts lines that repeat by their distinct lines: each batch's lines are collapsed as they come
/// (``DistinctLines``), the distinct lines alone are keyed and sorted in memory, and each is
/// written as many times as it came. The output is the one the other sorters write: copies of a
/// line are the same bytes, and distinct lines whose keys are equal are written in the order
/// their records came.
///
/// ``AlphabeticalSort`` starts it where the first batch's lines repeat often
/// (``repeatsOften(_:expectedRecords:threads:)``). Batches are taken while the distinct lines and their
/// sort fit the memory plan's budget and while no more than ``largestDistinctShare`` of the
/// records are distinct; past that, the records go to sorted runs.
final class DistinctLinesSorter: RecordSorter {
    private let context: SortingContext
    private let lines: DistinctLines
    /// How many records each batch taken had, to turn them back into the same batches.
    private var batchCounts: [Int] = []

    /// How many of a first batch's lines ``repeatsOften(_:expectedRecords:threads:)`` looks at.
    static let sampleSize = 1 << 18
    /// The share of the records, once there are ``sampleSize`` of them, that may be distinct.
    static let largestDistinctShare = 0.75
    /// The share of the input's records that its distinct lines may be expected to be.
    static let largestExpectedDistinctShare = 0.25

    init(_ context: SortingContext) {
        self.context = context
        lines = DistinctLines(shards: context.threads)
    }

    /// Whether the options let lines be collapsed: lines that are their own keys, with nothing
    /// else read from them.
    static func suits(_ options: CommandLineOptions) -> Bool {
        options.inputFormat == .lines && options.reading == nil && !options.keepsRepeatedLines
    }

    /// Whether the input whose first batch is `batch`, and which is expected to have
    /// `expectedRecords` records (nil: unknown, as many as the batch), is expected to have no more
    /// distinct lines than ``largestExpectedDistinctShare`` of its records; the sample is hashed by
    /// `threads` threads.
    ///
    /// The number of distinct lines is estimated from the batch's first ``sampleSize`` lines by
    /// ``DistinctLines/estimatedDistinctCount(in:sampleSize:records:threads:)``: a sample of lines
    /// drawn from a small set repeats many of them twice or more, one with many lines seen once and
    /// few seen twice comes from a large set.
    ///
    /// - Complexity: O(m) for the m bytes of the sample.
    static func repeatsOften(_ batch: RecordSet, expectedRecords: Int?, threads: Int = 1) -> Bool {
        guard takes(batch), batch.count > 1 else { return false }
        let records = max(expectedRecords ?? batch.count, batch.count)
        let estimate = DistinctLines.estimatedDistinctCount(in: batch, sampleSize: sampleSize, records: records, threads: threads)
        return min(estimate, Double(records)) <= largestExpectedDistinctShare * Double(records)
    }

    /// Whether `batch` is lines that are their own keys, none of them long
    /// (``MemoryPlan/longRecord``): a long line is not copied to be collapsed.
    static func takes(_ batch: RecordSet) -> Bool {
        batch.keySpans == nil && batch.thenSpans.isEmpty && batch.readingSpans == nil && batch.spans.longestCount < MemoryPlan.longRecord
    }

    func add(_ batch: RecordSet, isLast: Bool) throws(CLIError) -> Bool {
        guard Self.takes(batch) else { return false }
        let records = lines.recordCount + batch.count
        guard records < DistinctLines.recordLimit else { return false }
        if lines.recordCount >= Self.sampleSize && Double(lines.distinctCount) > Self.largestDistinctShare * Double(lines.recordCount) {
            return false
        }
        context.phases.enter("collapsing repeated lines")
        defer { context.phases.enter("reading") }
        // Beside what is kept: the batch, its hashes and each shard's list of its records, and
        // the bytes of its lines should they all be new; the table may grow into what is left.
        let budget = context.plan.budget, kept = lines.memoryBytes
        let batchBytes = 2 * batch.bytes.count + 28 * batch.count
        guard kept + batchBytes < budget else { return false }
        let mark = lines.mark()
        let added = lines.add(batch, positions: 0..<batch.count, threads: context.threads, slotBytes: budget - kept - batchBytes)
        // What the distinct lines take then: beside the batch while it is collapsed; without the
        // hash table, with their sort (``RecordSet/estimatedSortingMemory``) and its order of every
        // record; or, handed over to sorted runs, with their bytes copied and a span a record.
        let sorting = 3 * lines.distinctByteCount + 80 * lines.distinctCount + 4 * lines.recordCount
        let handing = lines.distinctByteCount + 8 * lines.recordCount
        let collapsing = lines.memoryBytes + batch.bytes.count + 16 * batch.count
        guard added, max(collapsing, lines.memoryBytes - lines.tableBytes + max(sorting, handing)) <= budget else {
            lines.rollBack(to: mark, keepingTable: false)
            return false
        }
        batchCounts.append(batch.count)
        return true
    }

    func handOver() -> [RecordSet] {
        batchCounts.isEmpty ? [] : lines.records(inBatchesOf: batchCounts)
    }

    func write(header: [UInt8]?) throws(CLIError) {
        let unique = context.options.unique
        context.phases.enter("sorting distinct lines")
        let collapsed = lines.distinct(releasingTable: true), distinct = collapsed.records, counts = collapsed.counts
        // Distinct lines in sorted order, each as often as it came (once with -u); the records of
        // distinct lines with equal keys are placed after the sort, in the order they came.
        var order: [UInt32] = []
        var sections: [(title: String, positions: Range<Int>)] = []
        var ties: [(start: Int, members: ArraySlice<Int>)] = []
        let total = unique ? distinct.count : lines.recordCount
        do {
            _ = try context.collation.sectionedOrder(
                of: distinct.utf8Keys, options: context.sectioning, progress: context.reportEngineProgress
            ) { sorted, keyAt in
                guard total > 0 else { return }
                order = [UInt32](unsafeUninitializedCapacity: total) { buffer, initialized in
                    var next = buffer.baseAddress!
                    for section in sorted.sections {
                        let start = buffer.baseAddress!.distance(to: next)
                        var position = section.positions.lowerBound
                        while position < section.positions.upperBound {
                            var end = position + 1
                            while end < section.positions.upperBound && ByteOrder.compare(keyAt(end), keyAt(end - 1)) == 0 { end += 1 }
                            let members = sorted.order[position..<end]
                            if unique {
                                // The one whose record came first.
                                next.initialize(to: UInt32(members.min { collapsed.firstRecords[$0] < collapsed.firstRecords[$1] }!))
                                next += 1
                            } else {
                                if members.count > 1 { ties.append((buffer.baseAddress!.distance(to: next), members)) }
                                for member in members {
                                    next.initialize(repeating: UInt32(member), count: counts[member])
                                    next += counts[member]
                                }
                            }
                            position = end
                        }
                        sections.append((section.title, start..<buffer.baseAddress!.distance(to: next)))
                    }
                    initialized = buffer.baseAddress!.distance(to: next)
                }
            }
        } catch {
            throw CLIError(code: .software, message: "sectioning failed: \(error)")
        }
        if !ties.isEmpty { Self.placeTies(ties, of: lines, in: &order) }
        let spans = distinct.spans, sortedOrder = order
        try context.writeSections(sections, of: distinct.bytes, header: header) { position, _ in spans[Int(sortedOrder[position])] }
    }

    /// Puts the records of each group of distinct lines with equal keys (`ties`: where the group's
    /// records start in `order`, and its members) in the order they came, in one pass over the
    /// records.
    private static func placeTies(_ ties: [(start: Int, members: ArraySlice<Int>)], of lines: DistinctLines, in order: inout [UInt32]) {
        var group = [Int32](repeating: -1, count: lines.distinctCount)
        var next = ties.map(\.start)
        for (index, tie) in ties.enumerated() { for member in tie.members { group[member] = Int32(index) } }
        lines.forEachRecord { distinct in
            let index = group[distinct]
            guard index >= 0 else { return }
            order[next[Int(index)]] = UInt32(distinct)
            next[Int(index)] += 1
        }
    }
}
