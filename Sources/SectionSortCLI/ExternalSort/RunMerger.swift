import Foundation

/// Merges sorted runs, GNU sort style: at most `fanIn` runs at a time, so that open files and
/// read buffers stay within bounds; more runs are first merged into fewer on disk.
///
/// Entries order by key bytes, then by run number: runs hold consecutive parts of the input, so
/// equal keys keep their input order and the result is the in-memory sort's, byte for byte.
struct RunMerger {
    let directory: TemporaryDirectory
    /// How many runs are merged at once and the read buffer of each (``MemoryPlan/merge(openFiles:)``).
    let plan: MemoryPlan.Merge
    var fanIn: Int { plan.fanIn }
    var bufferSize: Int { plan.bufferSize }
    /// `--compress-program`: what the runs merged on disk are written through.
    var compressProgram: String?

    /// Merges `runs` (in input order) on disk, `fanIn` at a time, until at most `fanIn` are left.
    func reduce(_ runs: [SortedRun.File]) throws(CLIError) -> [SortedRun.File] {
        var runs = runs
        while runs.count > fanIn {
            var merged: [SortedRun.File] = []
            for start in stride(from: 0, to: runs.count, by: fanIn) {
                let group = runs[start..<min(runs.count, start + fanIn)]
                let writer = try SortedRun.Writer(in: directory, compressProgram: compressProgram)
                try Self.merge(group.map(\.parts), bufferSize: bufferSize) { (key, record) throws(CLIError) in
                    try writer.append(key: key, record: record)
                }
                merged.append(try writer.finish())
                for run in group { for path in run.paths { directory.removeFile(path) } }
            }
            runs = merged
        }
        return runs
    }

    /// Merges the entries of section `rank` of each of `runs` (at most `fanIn`, in input order) and
    /// calls `body` with each in order; the bytes are valid during the call. Sections are merged
    /// independently, so several threads may merge different ones at once.
    static func mergeSection(
        _ rank: Int, of runs: [SortedRun.File], bufferSize: Int,
        _ body: (_ key: UnsafeBufferPointer<UInt8>, _ record: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Void
    ) throws(CLIError) {
        let parts = runs.compactMap { run in run.part(ofSection: rank).map { [$0] } }
        try merge(parts, bufferSize: bufferSize, body)
    }

    /// Merges up to `fanIn` runs (or parts of them) through a ``LoserTree``.
    private static func merge(
        _ parts: [[SortedRun.Part]], bufferSize: Int,
        _ body: (_ key: UnsafeBufferPointer<UInt8>, _ record: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Void
    ) throws(CLIError) {
        var opened: [SortedRun.Reader] = []
        for run in parts { opened.append(try SortedRun.Reader(parts: run, bufferSize: bufferSize)) }
        // Read through references that are not counted: `opened` holds every reader until the
        // merge returns, and a counted reference read from it cost a retain and a release for
        // each use, three a record.
        let readers = opened.map(UncountedReader.init), count = readers.count
        guard count > 0 else { return }
        defer { withExtendedLifetime(opened) {} }
        // Each run's current key, and its first 8 bytes as a big-endian number that decides most
        // comparisons; nil once the run is exhausted. In buffers that the functions below capture
        // as constants: arrays captured as variables are boxed, and every access to them, on the
        // path of each record, was checked for exclusivity at run time.
        let keys = UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>?>.allocate(capacity: count)
        let prefixes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
        keys.initialize(repeating: nil)
        prefixes.initialize(repeating: 0)
        defer {
            keys.deallocate()
            prefixes.deallocate()
        }
        func advance(_ run: Int) throws(CLIError) {
            guard try readers[run].advance() else { keys[run] = nil; return }
            let key = readers[run].key
            keys[run] = key
            var prefix: UInt64 = 0
            for index in 0..<8 { prefix = prefix << 8 | UInt64(index < key.count ? key[index] : 0) }
            prefixes[run] = prefix
        }
        func compare(_ a: Int, _ b: Int) -> Int {
            if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] ? -1 : 1 }
            return ByteOrder.compare(keys[a]!, keys[b]!)
        }
        for run in 0..<count { try advance(run) }
        try LoserTree.merge(count: count, isExhausted: { keys[$0] == nil }, compare: compare) { (run) throws(CLIError) in
            try body(keys[run]!, readers[run].record)
            // A run's repeats of the entry that won win too (equal keys go by run number), one
            // after another, without the tree.
            while readers[run].advanceToRepeat() { try body(keys[run]!, readers[run].record) }
            try advance(run)
        }
    }

    /// A reader that the merge holds elsewhere, used without reference counting.
    private struct UncountedReader {
        private let reader: Unmanaged<SortedRun.Reader>

        init(_ reader: SortedRun.Reader) { self.reader = .passUnretained(reader) }

        func advance() throws(CLIError) -> Bool {
            try reader._withUnsafeGuaranteedRef { reader in Result { () throws(CLIError) in try reader.advance() } }.get()
        }

        func advanceToRepeat() -> Bool { reader._withUnsafeGuaranteedRef { $0.advanceToRepeat() } }

        var key: UnsafeBufferPointer<UInt8> { reader._withUnsafeGuaranteedRef(\.key) }
        var record: UnsafeBufferPointer<UInt8> { reader._withUnsafeGuaranteedRef(\.record) }
    }
}
