/// Sorts every section of an entry buffer: small sections whole, one job each; large ones in
/// pieces sorted in parallel, then merged pairwise, each merge itself split across threads at
/// merge-path split points.
struct ParallelSectionSorter {
    let pool: WorkerPool
    let entries: SharedMutableBuffer<SortEntry>
    /// Same size as `entries`; holds merge output between rounds.
    let scratch: SharedMutableBuffer<SortEntry>
    let minimumPieceSize: Int
    let control: EngineControl?

    /// A section sorted in pieces: piece `p` is `bounds[p]..<bounds[p + 1]`.
    private struct SplitSection {
        var bounds: [Int]
        var pieceCount: Int { bounds.count - 1 }
    }

    /// One merge job: output positions `output` of the merge of `left` and `right`.
    private struct MergeSegment {
        var left: Range<Int>
        var right: Range<Int>
        var output: Range<Int>
    }

    func sort(sectionStarts: [Int]) {
        let total = entries.count
        var pieces: [Range<Int>] = []
        var splits: [SplitSection] = []
        for section in 0..<(sectionStarts.count - 1) {
            let range = sectionStarts[section]..<sectionStarts[section + 1]
            guard range.count > 1 else { continue }
            let pieceCount = self.pieceCount(size: range.count, total: total)
            if pieceCount == 1 {
                pieces.append(range)
            } else {
                let bounds = (0...pieceCount).map { range.lowerBound + range.count * $0 / pieceCount }
                splits.append(SplitSection(bounds: bounds))
                for piece in 0..<pieceCount { pieces.append(bounds[piece]..<bounds[piece + 1]) }
            }
        }
        // Largest first, so that the last job to start is a small one.
        pieces.sort { ($0.count, $1.lowerBound) > ($1.count, $0.lowerBound) }
        let entries = self.entries, scratch = self.scratch
        let control = self.control
        let jobs = pieces
        pool.run(jobs.count) { job in
            if control?.isCancelled == true { return }
            EntrySorting.sort(entries.slice(jobs[job]), scratch: scratch.slice(jobs[job]))
        }
        guard !splits.isEmpty else { return }
        mergePieces(of: splits)
    }

    /// Pieces for a section of `size` entries out of `total`: a power of two no larger than the
    /// thread count, and only for a section big enough to keep a thread busy on its own.
    private func pieceCount(size: Int, total: Int) -> Int {
        guard pool.threads > 1, size >= 2 * minimumPieceSize, size * pool.threads > total else { return 1 }
        var count = 1
        while count * 2 <= pool.threads && size / (count * 2) >= minimumPieceSize { count *= 2 }
        return count
    }

    private func mergePieces(of splits: [SplitSection]) {
        let rounds = splits.map { $0.pieceCount.trailingZeroBitCount }
        for round in 0..<(rounds.max() ?? 0) {
            let (source, destination) = round % 2 == 0 ? (entries, scratch) : (scratch, entries)
            var segments: [MergeSegment] = []
            for (split, splitRounds) in zip(splits, rounds) where round < splitRounds {
                let width = 1 << round
                for group in stride(from: 0, to: split.pieceCount, by: 2 * width) {
                    let low = split.bounds[group], middle = split.bounds[group + width], high = split.bounds[group + 2 * width]
                    segments += self.segments(left: low..<middle, right: middle..<high, source: source)
                }
            }
            let jobs = segments
            pool.run(jobs.count) { job in
                let segment = jobs[job]
                EntrySorting.merge(source.slice(segment.left), source.slice(segment.right), into: destination.slice(segment.output))
            }
            // A split section whose last round this was and whose result is in scratch: copy back.
            let finished = zip(splits, rounds).filter { $0.1 == round + 1 && round % 2 == 0 }.map(\.0)
            let copies = finished.map { $0.bounds[0]..<$0.bounds[$0.pieceCount] }
            let entries = self.entries, scratch = self.scratch
            pool.run(copies.count) { job in
                let range = copies[job]
                _ = entries.slice(range).update(fromContentsOf: scratch.slice(range))
            }
        }
    }

    /// Splits the merge of `left` and `right` into independent jobs at merge-path points.
    private func segments(left: Range<Int>, right: Range<Int>, source: SharedMutableBuffer<SortEntry>) -> [MergeSegment] {
        let size = left.count + right.count
        let parts = max(1, min(pool.threads, size / minimumPieceSize))
        let a = source.slice(left), b = source.slice(right)
        var result: [MergeSegment] = []
        var previousOutput = 0, previousA = 0
        for part in 1...parts {
            let output = size * part / parts
            let fromA = part == parts ? a.count : EntrySorting.splitPoint(outputCount: output, a, b)
            let fromB = output - fromA
            result.append(
                MergeSegment(
                    left: left.lowerBound + previousA..<left.lowerBound + fromA,
                    right: right.lowerBound + (previousOutput - previousA)..<right.lowerBound + fromB,
                    output: left.lowerBound + previousOutput..<left.lowerBound + output))
            previousOutput = output
            previousA = fromA
        }
        return result
    }
}
