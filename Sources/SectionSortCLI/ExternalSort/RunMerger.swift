import Foundation

/// Merges sorted runs, GNU sort style: at most `fanIn` runs at a time, so that open files and
/// read buffers stay within bounds; more runs are first merged into fewer on disk.
///
/// Entries order by key bytes, then by run number: runs hold consecutive parts of the input, so
/// equal keys keep their input order and the result is the in-memory sort's, byte for byte.
struct RunMerger {
    let directory: TemporaryDirectory
    let fanIn: Int
    let bufferSize: Int
    /// `--compress-program`: what the runs merged on disk are written through.
    var compressProgram: String?

    /// The most runs merged at once: `maximum`, or fewer where the open-file limit
    /// (`RLIMIT_NOFILE`, `ulimit -n`) leaves room for fewer, as GNU sort does; then more runs are
    /// merged in more passes, instead of failing with "Too many open files".
    static func fanIn(maximum: Int = 32) -> Int {
        max(2, min(maximum, openFileRoom() - 1))
    }

    /// How many sections may be merged at once from `runs` runs (each merge opens every run),
    /// at most `maximum`, at least one.
    static func concurrentMerges(of runs: Int, maximum: Int) -> Int {
        max(1, min(maximum, openFileRoom() / max(1, runs)))
    }

    /// Descriptors this process may still open: the soft limit less those open now (standard
    /// streams, the output, Dispatch's own), counted below the limit.
    static func openFileRoom() -> Int {
        var limit = rlimit()
        #if os(Linux)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        // No limit (RLIM_INFINITY) reads as the largest value.
        guard getrlimit(resource, &limit) == 0 else { return 1 << 20 }
        let soft = Int(clamping: limit.rlim_cur)
        // Counting the open ones costs one fcntl a descriptor: bounded, for a merge that opens
        // files by the dozen.
        var open = 0
        for descriptor in 0..<Int32(min(soft, 1 << 16)) where fcntl(descriptor, F_GETFD) != -1 { open += 1 }
        return max(0, soft - open)
    }

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
        var readers: [SortedRun.Reader] = []
        for run in parts { readers.append(try SortedRun.Reader(parts: run, bufferSize: bufferSize)) }
        let count = readers.count
        guard count > 0 else { return }
        // Each run's current key, and its first 8 bytes as a big-endian number that decides most
        // comparisons; nil once the run is exhausted (it then loses to every other).
        var keys = [UnsafeBufferPointer<UInt8>?](repeating: nil, count: count)
        var prefixes = [UInt64](repeating: 0, count: count)
        func advance(_ run: Int) throws(CLIError) {
            guard try readers[run].advance() else { keys[run] = nil; return }
            let key = readers[run].key
            keys[run] = key
            var prefix: UInt64 = 0
            for index in 0..<8 { prefix = prefix << 8 | UInt64(index < key.count ? key[index] : 0) }
            prefixes[run] = prefix
        }
        func precedes(_ a: Int, _ b: Int) -> Bool {
            guard let x = keys[a] else { return false }
            guard let y = keys[b] else { return true }
            if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
            let shared = min(x.count, y.count)
            let bytes = shared == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, shared)
            let order = bytes != 0 ? Int(bytes) : x.count - y.count
            return order != 0 ? order < 0 : a < b
        }
        for run in 0..<count { try advance(run) }
        var tree = LoserTree(count: count, precedes: precedes)
        while let key = keys[tree.winner] {
            try body(key, readers[tree.winner].record)
            try advance(tree.winner)
            tree.replayWinner(precedes: precedes)
        }
    }
}
