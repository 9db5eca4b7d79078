import Dispatch
import SectionSort

/// Sorts inputs larger than memory: each batch is sorted and written as a run in a temporary
/// directory (``SortedRun``), and the runs are merged into the output (``RunMerger``), section by
/// section, several sections at once where they fit the memory plan.
final class SortedRunsSorter: RecordSorter {
    private let context: SortingContext
    private var directory: TemporaryDirectory?
    private var runs: [SortedRun.File] = []

    init(_ context: SortingContext) {
        self.context = context
    }

    /// Sorts `batch` into a new run; always takes it.
    func add(_ batch: RecordSet, isLast: Bool) throws(CLIError) -> Bool {
        guard !batch.isEmpty else { return true }
        if directory == nil {
            directory = try TemporaryDirectory(parent: context.options.temporaryDirectory)
            if context.plan.budget >= LargeBlocks.smallestKeepingBudget { LargeBlocks.keepFreedBlocks() }
        }
        context.phases.enter("sorting runs")
        runs.append(try writeRun(batch, in: directory!))
        context.phases.enter("reading")
        return true
    }

    /// Runs stay on disk: nothing is handed over.
    func handOver() -> [RecordSet] { [] }

    func write(header: [UInt8]?) throws(CLIError) {
        defer { directory?.remove() }
        LargeBlocks.releaseFreedBlocks()
        guard let directory, !runs.isEmpty else {
            let writer = try context.makeWriter(header: header)
            return try writer.finish()
        }
        let progress = context.progress
        context.phases.enter("merging \(runs.count) runs and writing")
        progress.update("merging \(runs.count) runs", done: 0, total: nil)
        let merge = context.plan.merge()
        let merger = RunMerger(directory: directory, plan: merge, compressProgram: context.options.compressProgram)
        try writeMerged(try merger.reduce(runs), bufferSize: merge.bufferSize, header: header, in: directory)
        progress.finish()
    }

    /// The final merge, section by section: groups of sections that together take at most the
    /// plan's ``MemoryPlan/renderedSectionsLimit`` are merged by several threads at once, each
    /// section rendered into memory, and written in order; a section larger than that is merged
    /// straight into the output.
    private func writeMerged(
        _ runs: [SortedRun.File], bufferSize: Int, header: [UInt8]?, in directory: TemporaryDirectory
    ) throws(CLIError) {
        let titles = context.collation.sectionTitlesInDisplayOrder(context.sectioning)
        let unique = context.options.unique, progress = context.progress
        let limit = context.plan.renderedSectionsLimit
        var sizes: [Int: Int] = [:]
        // A section's repeats are rendered as often as they come, however small their run.
        for run in runs { for section in run.sections { sizes[section.rank, default: 0] += section.unrepeatedSize } }
        let ranks = sizes.keys.sorted()
        let writer = try context.makeWriter(header: header)
        let parallelMerges = context.plan.concurrentSectionMerges(of: runs.count)
        var next = 0, written = 0
        while next < ranks.count {
            if sizes[ranks[next]]! > limit {
                try writer.startSection(title: titles[ranks[next]])
                // -u: a long key is compared from a file, not held a second time in memory.
                let previous = PreviousKey(spillingTo: directory)
                try RunMerger.mergeSection(ranks[next], of: runs, bufferSize: bufferSize) { (key, record) throws(CLIError) in
                    if unique, try previous.isRepeated(key) { return }
                    try writer.write(record: record)
                    written += 1
                    if written & 0xFFFF == 0 { progress.update("merging", done: written, total: nil) }
                }
                next += 1
                continue
            }
            var group = [ranks[next]], groupSize = sizes[ranks[next]]!
            next += 1
            while next < ranks.count && group.count < parallelMerges && groupSize + sizes[ranks[next]]! <= limit {
                group.append(ranks[next])
                groupSize += sizes[ranks[next]]!
                next += 1
            }
            let members = group, renderers = group.map { writer.renderer(forSectionTitled: titles[$0]) }
            let merged = ResultSlots<Result<(text: [UInt8], count: Int), CLIError>>(count: members.count, repeating: .success(([], 0)))
            DispatchQueue.concurrentPerform(iterations: members.count) { member in
                var text: [UInt8] = [], count = 0
                let previous = PreviousKey(spillingTo: nil)
                do throws(CLIError) {
                    try RunMerger.mergeSection(members[member], of: runs, bufferSize: bufferSize) { (key, record) throws(CLIError) in
                        if unique, try previous.isRepeated(key) { return }
                        renderers[member].append(record, isFirstInSection: count == 0, to: &text)
                        count += 1
                    }
                    merged[member] = .success((text, count))
                } catch {
                    merged[member] = .failure(error)
                }
            }
            for (member, result) in merged.elements.enumerated() {
                let section = try result.get()
                try writer.startSection(title: titles[members[member]])
                try writer.write(rendered: section.text, count: section.count)
                written += section.count
            }
            progress.update("merging", done: written, total: nil)
        }
        try writer.finish()
    }

    /// Sorts `batch` and writes it as a run whose keys start with the section's rank (2 bytes).
    private func writeRun(_ batch: RecordSet, in directory: TemporaryDirectory) throws(CLIError) -> SortedRun.File {
        let writer = try SortedRun.Writer(in: directory, compressProgram: context.options.compressProgram)
        let phases = context.phases, threads = context.threads
        var failure: CLIError?
        do {
            _ = try context.collation.sectionedOrder(
                of: batch.utf8Keys, options: context.sectioning, progress: context.reportEngineProgress
            ) { sorted, keyAt in
                phases.enter("writing runs to disk")
                let order = sorted.order
                // Looked for section by section (in sorted order, a cache miss a record) only in
                // a batch that has a long record at all.
                let hasLongRecord = batch.spans.longestCount >= MemoryPlan.longRecord
                for section in sorted.sections where failure == nil {
                    do throws(CLIError) {
                        try writer.beginSection(rank: section.rank)
                        // A section with a long record (``MemoryPlan/longRecord``) is written entry
                        // by entry from where the records are, not encoded into a copy first.
                        if hasLongRecord
                            && section.positions.contains(where: { batch.spans[order[$0]].count >= MemoryPlan.longRecord })
                        {
                            try batch.bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
                                for position in section.positions {
                                    try writer.append(
                                        rank: section.rank, key: keyAt(position),
                                        previousKey: position > section.positions.lowerBound ? keyAt(position - 1) : nil,
                                        record: UnsafeBufferPointer(rebasing: bytes[batch.spans[order[position]]]))
                                }
                            }
                            continue
                        }
                        try ParallelRendering.forEachPiece(of: section.positions, threads: threads) { range in
                            // Records and keys are read in sorted order, scattered over the batch:
                            // each record's span is hinted while the sizes are summed and kept in
                            // order for the encoding (read again from the batch, most would miss
                            // the cache a second time), and each key and record is hinted while
                            // the ones before it are encoded.
                            let distance = ParallelRendering.prefetchDistance, spanDistance = ParallelRendering.sizingPrefetchDistance
                            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: range.count) { spans in
                                var size = 0
                                for (offset, position) in range.enumerated() {
                                    if position + spanDistance < range.upperBound { batch.spans.prefetch(order[position + spanDistance]) }
                                    let span = batch.spans[order[position]]
                                    spans.initializeElement(at: offset, to: span)
                                    size += SortedRun.maximumEncodedSize(keyCount: keyAt(position).count, recordCount: span.count)
                                }
                                // With its repeats written out, the piece would take about
                                // `size` bytes: what merging it renders, which the merge plans by.
                                let encoded = batch.bytes.withUnsafeBufferPointer { bytes in
                                    [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                                        let start = UnsafeMutableRawPointer(buffer.baseAddress!)
                                        var next = start
                                        // Entries that repeat the one before (key and record) are
                                        // counted, and written once when the next differs.
                                        var copies = 0
                                        var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0), record = key
                                        var previousKey: UnsafeBufferPointer<UInt8>? = nil
                                        for (offset, position) in range.enumerated() {
                                            if offset + distance < range.count, let base = bytes.baseAddress {
                                                if let key = keyAt(position + distance).baseAddress { MemoryHints.prefetch(key) }
                                                MemoryHints.prefetch(base + spans[offset + distance].lowerBound)
                                            }
                                            let nextKey = keyAt(position), nextRecord = UnsafeBufferPointer(rebasing: bytes[spans[offset]])
                                            if copies > 0 && SortedRun.isRepeat(key: nextKey, record: nextRecord, of: key, record) {
                                                copies += 1
                                                continue
                                            }
                                            if copies > 0 {
                                                next = SortedRun.encode(
                                                    rank: section.rank, key: key, previousKey: previousKey, record: record, copies: copies,
                                                    at: next)
                                                previousKey = key
                                            }
                                            (key, record, copies) = (nextKey, nextRecord, 1)
                                        }
                                        if copies > 0 {
                                            next = SortedRun.encode(
                                                rank: section.rank, key: key, previousKey: previousKey, record: record, copies: copies,
                                                at: next)
                                        }
                                        count = start.distance(to: next)
                                    }
                                }
                                return (encoded, size)
                            }
                        } write: { (piece, _) throws(CLIError) in
                            try writer.append(encoded: piece.0, unrepeatedSize: piece.1)
                        }
                    } catch {
                        failure = error
                    }
                }
            }
        } catch {
            throw CLIError(code: .software, message: "sectioning failed: \(error)")
        }
        if let failure { throw failure }
        return try writer.finish()
    }
}
