import Foundation
import SectionSort

/// The alphabetical mode: a batch that fits the memory budget is sorted in memory and written;
/// larger inputs become sorted runs in a temporary directory, merged into the output.
struct AlphabeticalSort {
    let options: CommandLineOptions
    let collation: IndexedCollation
    let sectioning: SectioningOptions
    let budget: Int
    /// Where the sections go.
    let output: BufferedOutput
    let progress: ProgressLine
    let phases: PhaseTimes

    init(context: CommandContext, collation: IndexedCollation, budget: Int, output: BufferedOutput) {
        options = context.options
        self.collation = collation
        sectioning = context.sectioning
        self.budget = budget
        progress = context.progress
        phases = context.phases
        self.output = output
    }

    /// The batches of the inputs, none read yet, or only the first (``RecordBatches/peek(progress:)``).
    /// It is read at the compact layout's size where the layout may take it, so that it is not
    /// larger than the layout's later batches.
    static func batches(_ options: CommandLineOptions, budget: Int) -> RecordBatches {
        RecordBatches(options: options, budget: mayBeCompact(options) ? budget / 8 : budget)
    }

    /// Whether the options allow the compact layout (the collation and the inputs decide too).
    private static func mayBeCompact(_ options: CommandLineOptions) -> Bool {
        // -u needs each record's key beside the one before it, which the compact layout drops.
        options.inputFormat == .lines && options.reading == nil && !options.unique
    }

    /// Sorts the records of `batches` (from ``batches(_:budget:)``) and writes their sections.
    func run(_ batches: RecordBatches) throws(CLIError) {
        var compact = makeCompactBatches()
        // Kept batches are copied into the compact layout: smaller ones keep the copy's peak low.
        var batches = batches
        batches.budget = compact == nil ? budget : budget / 8
        var runs: [SortedRun.File] = []
        var directory: TemporaryDirectory?
        defer { directory?.remove() }
        var inputHeader: [UInt8]?
        phases.enter("reading")
        try batches.forEach(progress: progress) { (batch, isLast, header) throws(CLIError) in
            let batch = try matching(batch)
            inputHeader = header
            if let kept = compact {
                if kept.add(batch) {
                    if isLast { try writeCompact(kept, header: header) }
                    return
                }
                // Past the compact layout's limit: what it kept becomes sorted runs, as every
                // batch from here on does.
                compact = nil
                if kept.count > 0 {
                    if directory == nil { directory = try TemporaryDirectory(parent: options.temporaryDirectory) }
                    phases.enter("sorting runs")
                    for set in kept.recordSets() { runs.append(try writeRun(set, in: directory!)) }
                    phases.enter("reading")
                }
            }
            if isLast && runs.isEmpty { return try writeInMemory(batch, header: header) }
            guard !batch.isEmpty else { return }
            if directory == nil { directory = try TemporaryDirectory(parent: options.temporaryDirectory) }
            phases.enter("sorting runs")
            runs.append(try writeRun(batch, in: directory!))
            phases.enter("reading")
        }
        guard let directory, !runs.isEmpty else { return }
        phases.enter("merging \(runs.count) runs and writing")
        progress.update("merging \(runs.count) runs", done: 0, total: nil)
        // Runs merged at once (more are merged in passes): 32, or fewer under a low open-file limit.
        let fanIn = RunMerger.fanIn()
        // Read buffers: a quarter of the budget for every run that threads merge at once.
        let bufferSize = min(1 << 22, max(1 << 14, budget / (4 * fanIn * threads)))
        let merger = RunMerger(directory: directory, fanIn: fanIn, bufferSize: bufferSize, compressProgram: options.compressProgram)
        try writeMerged(try merger.reduce(runs), bufferSize: bufferSize, header: inputHeader)
        progress.finish()
    }

    /// For `-u`: whether `key` equals the key before it in its section (`previous`, which
    /// becomes `key`): the record is then left out.
    private static func isRepeated(_ key: UnsafeBufferPointer<UInt8>, after previous: inout [UInt8]?) -> Bool {
        if let previous, previous.elementsEqual(key) { return true }
        previous = Array(key)
        return false
    }

    /// The records of `batch` that `--grep` keeps (all of them without it).
    private func matching(_ batch: RecordSet) throws(CLIError) -> RecordSet {
        guard let query = options.grep else { return batch }
        return batch.keeping(
            collation.positions(
                matching: query, in: batch.utf8Keys, readsChineseNames: options.chineseNames, threads: options.threads))
    }

    private var threads: Int { max(1, options.threads ?? AvailableProcessors.count) }

    /// The final merge, section by section: groups of sections that together take at most half
    /// the budget are merged by several threads at once, each section rendered into memory, and
    /// written in order; a section larger than that is merged straight into the output.
    private func writeMerged(_ runs: [SortedRun.File], bufferSize: Int, header: [UInt8]?) throws(CLIError) {
        let titles = collation.sectionTitlesInDisplayOrder(sectioning)
        let unique = options.unique
        var sizes: [Int: Int] = [:]
        for run in runs { for section in run.sections { sizes[section.rank, default: 0] += section.bytes.count } }
        let ranks = sizes.keys.sorted()
        let writer = try makeWriter(header: header)
        // Each section's merge opens every run: as many at once as the open-file limit allows.
        let parallelMerges = RunMerger.concurrentMerges(of: runs.count, maximum: 4 * threads)
        var next = 0, written = 0
        while next < ranks.count {
            if sizes[ranks[next]]! > budget / 2 {
                try writer.startSection(title: titles[ranks[next]])
                var previous: [UInt8]?
                try RunMerger.mergeSection(ranks[next], of: runs, bufferSize: bufferSize) { (key, record) throws(CLIError) in
                    if unique && Self.isRepeated(key, after: &previous) { return }
                    try writer.write(record: record)
                    written += 1
                    if written & 0xFFFF == 0 { progress.update("merging", done: written, total: nil) }
                }
                next += 1
                continue
            }
            var group = [ranks[next]], groupSize = sizes[ranks[next]]!
            next += 1
            while next < ranks.count && group.count < parallelMerges && groupSize + sizes[ranks[next]]! <= budget / 2 {
                group.append(ranks[next])
                groupSize += sizes[ranks[next]]!
                next += 1
            }
            let members = group, renderers = group.map { writer.renderer(forSectionTitled: titles[$0]) }
            let merged = ResultSlots<Result<(text: [UInt8], count: Int), CLIError>>(count: members.count, repeating: .success(([], 0)))
            DispatchQueue.concurrentPerform(iterations: members.count) { member in
                var text: [UInt8] = [], count = 0, previous: [UInt8]?
                do throws(CLIError) {
                    try RunMerger.mergeSection(members[member], of: runs, bufferSize: bufferSize) { (key, record) in
                        if unique && Self.isRepeated(key, after: &previous) { return }
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

    /// The engine's progress on the progress line: keys computed, then sorting.
    private var reportEngineProgress: @Sendable (SectioningProgress) -> Void {
        let progress = self.progress
        return { report in
            switch report.phase {
            case .computingKeys: progress.update("computing keys", done: report.completed, total: report.total)
            case .sorting: progress.update("sorting", done: report.completed, total: report.total)
            case .finished: break
            }
        }
    }

    private func makeWriter(header: [UInt8]?) throws(CLIError) -> SectionWriter {
        try SectionWriter(
            output: output, format: options.outputFormat, inputFormat: options.inputFormat,
            context: .alphabetical(locale: collation.locale, indexTitles: collation.sectionTitles), header: header)
    }

    private func writeInMemory(_ batch: RecordSet, header: [UInt8]?) throws(CLIError) {
        phases.enter("sorting")
        var order: [Int] = [], sections: [(title: String, positions: Range<Int>)] = []
        do {
            // -u: the first of each run of equal keys, found while the keys are at hand.
            let sorted = try collation.sectionedOrder(
                of: batch.utf8Keys, options: sectioning, progress: reportEngineProgress,
                sortedKeys: !options.unique
                    ? nil
                    : { sorted, keyAt in
                        for section in sorted.sections {
                            let start = order.count
                            for position in section.positions
                            where position == section.positions.lowerBound || !keyAt(position).elementsEqual(keyAt(position - 1)) {
                                order.append(sorted.order[position])
                            }
                            sections.append((section.title, start..<order.count))
                        }
                    })
            if !options.unique {
                order = sorted.order
                sections = sorted.sections.map { ($0.title, $0.positions) }
            }
        } catch {
            throw CLIError(code: .software, message: "sectioning failed: \(error)")
        }
        progress.finish()
        phases.enter("writing")
        let writer = try makeWriter(header: header)
        for section in sections {
            try writer.startSection(title: section.title)
            try writeRecords(section.positions, of: order, from: batch, to: writer)
        }
        try writer.finish()
    }

    /// Writes the records at `positions` of `order`.
    private func writeRecords(_ positions: Range<Int>, of order: [Int], from batch: RecordSet, to writer: SectionWriter) throws(CLIError) {
        let renderer = writer.renderer
        let startsSection = writer.isAtSectionStart
        try forEachRenderedPiece(of: positions) { range, text in
            batch.bytes.withUnsafeBufferPointer { bytes in
                if renderer.format == .text {
                    // The default format: sized first, then copied without growing an array.
                    let size = range.reduce(0) { $0 + RecordRenderer.textSize(ofRecord: batch.spans[order[$1]].count) }
                    text = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                        var next = buffer.baseAddress!
                        for position in range {
                            next = RecordRenderer.writeText(UnsafeBufferPointer(rebasing: bytes[batch.spans[order[position]]]), at: next)
                        }
                        count = size
                    }
                    return
                }
                text.reserveCapacity(range.count * 48)
                for position in range {
                    renderer.append(
                        UnsafeBufferPointer(rebasing: bytes[batch.spans[order[position]]]),
                        isFirstInSection: startsSection && position == positions.lowerBound, to: &text)
                }
            }
        } write: { (text, count) throws(CLIError) in
            try writer.write(rendered: text, count: count)
        }
    }

    /// Renders `positions` a window at a time, each window in pieces by several threads, and hands
    /// the pieces to `write` in order with the number of positions each covers. Records are read
    /// in sorted order, scattered over the input, so most of the time goes to waiting on memory,
    /// which threads overlap.
    private func forEachRenderedPiece(
        of positions: Range<Int>, render: @Sendable (_ range: Range<Int>, _ text: inout [UInt8]) -> Void,
        write: (_ text: [UInt8], _ count: Int) throws(CLIError) -> Void
    ) throws(CLIError) {
        for windowStart in stride(from: positions.lowerBound, to: positions.upperBound, by: 1 << 16) {
            let window = windowStart..<min(positions.upperBound, windowStart + (1 << 16))
            let pieceCount = window.count < 4096 ? 1 : threads * 2
            let pieces = ResultSlots<[UInt8]>(count: pieceCount, repeating: [])
            DispatchQueue.concurrentPerform(iterations: pieceCount) { piece in
                let range =
                    window.lowerBound + window.count * piece / pieceCount..<window.lowerBound + window.count * (piece + 1) / pieceCount
                var text: [UInt8] = []
                render(range, &text)
                pieces[piece] = text
            }
            for (piece, text) in pieces.elements.enumerated() {
                try write(text, window.count * (piece + 1) / pieceCount - window.count * piece / pieceCount)
            }
        }
    }

    /// Sorts `batch` and writes it as a run whose keys start with the section's rank (2 bytes).
    private func writeRun(_ batch: RecordSet, in directory: TemporaryDirectory) throws(CLIError) -> SortedRun.File {
        let writer = try SortedRun.Writer(in: directory, compressProgram: options.compressProgram)
        var failure: CLIError?
        do {
            _ = try collation.sectionedOrder(of: batch.utf8Keys, options: sectioning, progress: reportEngineProgress) { sorted, keyAt in
                phases.enter("writing runs to disk")
                let order = sorted.order
                for section in sorted.sections where failure == nil {
                    do throws(CLIError) {
                        try writer.beginSection(rank: section.rank)
                        // A section with a record of a mebibyte or more (one longer than the limit,
                        // perhaps) is written entry by entry from where the records are, not
                        // encoded into a copy first.
                        if section.positions.contains(where: { batch.spans[order[$0]].count >= 1 << 20 }) {
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
                        try forEachRenderedPiece(of: section.positions) { range, entries in
                            let size = range.reduce(0) {
                                $0 + SortedRun.maximumEncodedSize(keyCount: keyAt($1).count, recordCount: batch.spans[order[$1]].count)
                            }
                            entries = batch.bytes.withUnsafeBufferPointer { bytes in
                                [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                                    let start = UnsafeMutableRawPointer(buffer.baseAddress!)
                                    var next = start
                                    for position in range {
                                        next = SortedRun.encode(
                                            rank: section.rank, key: keyAt(position),
                                            previousKey: position > range.lowerBound ? keyAt(position - 1) : nil,
                                            record: UnsafeBufferPointer(rebasing: bytes[batch.spans[order[position]]]), at: next)
                                    }
                                    count = start.distance(to: next)
                                }
                            }
                        } write: { (entries, _) throws(CLIError) in
                            try writer.append(encoded: entries)
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

extension AlphabeticalSort {
    /// The compact in-memory sort, when the inputs are lines of regular files, no
    /// `--memory-limit` is given, and the collation's sections fit it.
    fileprivate func makeCompactBatches() -> CompactBatches? {
        guard Self.mayBeCompact(options), CompactSorter.supports(collation) else {
            return nil
        }
        // Read only where the compact layout may be used: csv, tsv, jsonl and readings never need it.
        let baseline = MemoryBudget.residentBytes()
        guard
            let limit = MemoryBudget.compactLimit(
                limit: options.memoryLimit, inputs: options.inputs, baseline: baseline, testRoom: options.compactTestRoom),
            let size = MemoryBudget.totalSize(of: options.inputs)
        else { return nil }
        return CompactBatches(
            collation: collation, sectioning: sectioning, inputSize: size, limit: limit, baseline: baseline,
            expectedRecords: { MemoryBudget.projectedLines(of: options.inputs, totalSize: size) })
    }

    /// Sorts the kept batches and writes them.
    fileprivate func writeCompact(_ kept: CompactBatches, header: [UInt8]?) throws(CLIError) {
        phases.enter("sorting in the compact layout")
        progress.update("sorting", done: 0, total: kept.count)
        let sections = kept.sorter.sort(keyOf: kept.keyReader)
        progress.finish()
        phases.enter("writing")
        let writer = try makeWriter(header: header)
        let sorter = kept.sorter, lines = kept.lines
        for section in sections {
            try writer.startSection(title: section.title)
            let renderer = writer.renderer
            let startsSection = writer.isAtSectionStart
            let positions = section.positions
            try forEachRenderedPiece(of: positions) { range, text in
                lines.bytes.withUnsafeBufferPointer { bytes in
                    func record(_ position: Int) -> UnsafeBufferPointer<UInt8> {
                        UnsafeBufferPointer(rebasing: bytes[CompactLines.line(at: Int(sorter.identifier(at: position)), in: bytes)])
                    }
                    if renderer.format == .text {
                        // Each line's end is found once: sized first, then copied without growing an array.
                        let records = range.map(record)
                        let size = records.reduce(0) { $0 + RecordRenderer.textSize(ofRecord: $1.count) }
                        text = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                            var next = buffer.baseAddress!
                            for line in records { next = RecordRenderer.writeText(line, at: next) }
                            count = size
                        }
                        return
                    }
                    text.reserveCapacity(range.count * 48)
                    for position in range {
                        renderer.append(record(position), isFirstInSection: startsSection && position == positions.lowerBound, to: &text)
                    }
                }
            } write: { (text, count) throws(CLIError) in
                try writer.write(rendered: text, count: count)
            }
        }
        try writer.finish()
    }
}
