import Foundation
import SectionSort

#if canImport(Darwin)
// Darwin declares mach_task_self_ as a mutable C global, which Swift 6 refuses to read unless
// its module is imported as predating concurrency; the kernel never changes it.
@preconcurrency import Darwin
#endif

/// Every memory decision of the commands that sort, made in one place from the options, the
/// inputs' sizes (read once, here) and the environment: physical memory, the process's resident
/// memory, and the open-file limit that bounds a merge.
///
/// The default rule: sort in memory while the peak stays within three times the input or
/// 128 MiB, whichever is more (a 15 MB file is not worth spilling runs to save 80 MiB), and at
/// most half of physical memory; past that, spill sorted runs. Without `--memory-limit`, lines from
/// regular files whose full-key sort is projected to fit that for the whole input
/// (``fullKeyPeak(inputBytes:lines:)``, the lines projected from the first input's start) are
/// sorted by the full-key engine, the fastest in-memory sort; larger ones are first tried in the
/// compact layout (``CompactSorter``: a copy of the input and 24 bytes a record), whose projected
/// peak of the whole process is held to that (``compactLimit(baseline:)``); other inputs are
/// sorted by the full-key engine, whose estimated sorting memory
/// (``RecordSet/estimatedSortingMemory``) is. Inputs of unknown size (pipes) get half of physical
/// memory. An explicit `--memory-limit` never picks the full-key sort ahead of the compact layout:
/// it bounds the batches, which the full-key sort takes whole.
struct MemoryPlan {
    /// The most a batch may take to sort in memory (``RecordSet/estimatedSortingMemory``):
    /// `--memory-limit` if given, else the default for the inputs.
    let budget: Int
    /// The inputs' total size in bytes; nil when one of them is not a regular file.
    let inputSize: Int?
    /// The inputs (paths, "-" for standard input), to project their lines from their start.
    let inputs: [String]
    /// Whether the options let the compact layout take the records (the collation decides too).
    let allowsCompactLayout: Bool
    /// Whether lines that the compact layout could take are sorted by the full-key engine instead,
    /// the whole input in one batch: without `--memory-limit` (or the tests' room), when the
    /// inputs are regular files whose projected full-key peak fits ``budget``.
    let prefersFullKeySort: Bool
    /// Threads that merge or render at once.
    let threads: Int
    private let memoryLimit: Int?
    private let physicalMemory: Int
    private let testRoom: Int?

    /// The peak that is always allowed by default, whatever the input's size.
    static let defaultFloor = 128 << 20
    /// The full-key default's floor under `SECTIONSORT_TEST_COMPACT_ROOM` (tests only), so that
    /// small test inputs still spill runs: the rule before the 128 MiB floor.
    static let testFloor = 8 << 20
    /// How many times the input the compact in-memory sort may take at its peak.
    static let compactFactor = 3
    /// Bytes the compact sort takes beside the input copy and its entries: output buffers, the
    /// tie groups' keys, collator clones.
    static let compactWorkspace = 6 << 20

    /// The plan for `options`, with the inputs' sizes read now.
    init(options: CommandLineOptions) {
        let inputSize = Self.totalSize(of: options.inputs)
        // -u needs each record's key beside the one before it, which the compact layout drops;
        // csv, tsv, jsonl and readings have keys apart from their records.
        let allowsCompactLayout = options.inputFormat == .lines && options.reading == nil && !options.unique
        // Projected (one read of the first input's start) only where it may decide the sorter.
        let lines =
            allowsCompactLayout && options.memoryLimit == nil && options.compactTestRoom == nil
            ? inputSize.flatMap { Self.projectedLines(of: options.inputs, totalSize: $0) } : nil
        self.init(
            memoryLimit: options.memoryLimit, inputs: options.inputs, inputSize: inputSize,
            physicalMemory: Int(ProcessInfo.processInfo.physicalMemory), threads: options.threads,
            allowsCompactLayout: allowsCompactLayout, testRoom: options.compactTestRoom, projectedLines: lines)
    }

    /// The plan for inputs of `inputSize` bytes (nil: not all regular files) on a machine with
    /// `physicalMemory` bytes; `testRoom` is `SECTIONSORT_TEST_COMPACT_ROOM` (tests only);
    /// `projectedLines` is how many lines the inputs are expected to hold (nil: unknown).
    init(
        memoryLimit: Int?, inputs: [String] = [], inputSize: Int?, physicalMemory: Int, threads: Int? = nil,
        allowsCompactLayout: Bool = true, testRoom: Int? = nil, projectedLines: Int? = nil
    ) {
        self.memoryLimit = memoryLimit
        self.inputs = inputs
        self.inputSize = inputSize
        self.physicalMemory = physicalMemory
        self.threads = max(1, threads ?? AvailableProcessors.count)
        self.allowsCompactLayout = allowsCompactLayout
        self.testRoom = testRoom
        let halfOfMemory = physicalMemory / 2
        if let memoryLimit {
            budget = memoryLimit
        } else if let inputSize {
            budget = min(
                halfOfMemory, testRoom != nil ? max(Self.testFloor, inputSize) : max(Self.defaultFloor, Self.compactFactor * inputSize))
        } else {
            budget = halfOfMemory
        }
        // The tests' room stands for the compact layout's tests, which need it tried.
        if memoryLimit == nil, testRoom == nil, allowsCompactLayout, let inputSize, let projectedLines {
            prefersFullKeySort = Self.fullKeyPeak(inputBytes: inputSize, lines: projectedLines) <= budget
        } else {
            prefersFullKeySort = false
        }
    }

    /// What the full-key in-memory sort of `lines` lines in `inputBytes` bytes is expected to
    /// take: ``RecordSet/estimatedSortingMemory`` of them as one batch.
    static func fullKeyPeak(inputBytes: Int, lines: Int) -> Int {
        3 * inputBytes + 80 * lines
    }

    /// Records of this many bytes or more (one longer than the limit, perhaps) are written into
    /// runs and into the output from where they are, never copied into encoded or rendered bytes.
    static let longRecord = 1 << 20

    // MARK: Reading

    /// The budget of each batch read: an eighth of ``budget`` while the records may go to the
    /// compact layout (`compactLayout`), which copies kept batches (smaller ones keep the copy's
    /// peak low), else all of it.
    func batchBudget(compactLayout: Bool) -> Int {
        compactLayout ? budget / 8 : budget
    }

    /// The budget of the first batch, read before the collation says whether the compact layout
    /// can take it: no larger than the layout's later batches where the options allow it.
    var firstBatchBudget: Int { batchBudget(compactLayout: allowsCompactLayout && !prefersFullKeySort) }

    // MARK: The compact layout

    /// The peak the compact in-memory sort may reach: `compactFactor` times the inputs' size or
    /// ``defaultFloor``, whichever is more, when no `--memory-limit` is given, the inputs are
    /// regular files, and that is at most half of physical memory; nil when the compact sort is not
    /// to be tried. The test room (`SECTIONSORT_TEST_COMPACT_ROOM`) takes the floor's place with
    /// that many bytes beyond `baseline`, the process's memory before reading, so that tests can
    /// put small inputs on either side of the limit.
    func compactLimit(baseline: Int) -> Int? {
        guard memoryLimit == nil, let inputSize else { return nil }
        let limit = max(Self.compactFactor * inputSize, testRoom.map { baseline + $0 } ?? Self.defaultFloor)
        return limit <= physicalMemory / 2 ? limit : nil
    }

    /// The compact layout for these inputs, with the process's memory measured now as its
    /// baseline; nil where the options, the inputs or `collation` rule it out, the full-key sort is
    /// preferred (``prefersFullKeySort``), or the records projected from the inputs' start would
    /// not fit.
    func compactLayout(collation: IndexedCollation, sectioning: SectioningOptions) -> CompactBatches? {
        guard allowsCompactLayout, !prefersFullKeySort, CompactSorter.supports(collation), let inputSize else { return nil }
        // Measured only where the layout may be used.
        let baseline = Self.residentBytes()
        guard let limit = compactLimit(baseline: baseline) else { return nil }
        let inputs = self.inputs
        return CompactBatches(
            collation: collation, sectioning: sectioning, inputSize: inputSize, limit: limit, baseline: baseline,
            expectedRecords: { Self.projectedLines(of: inputs, totalSize: inputSize) })
    }

    /// The compact sort's expected peak for `records` records in `inputBytes` bytes, on top of
    /// `baseline` (what the process takes before reading): the input copy, one entry a record, a
    /// batch being read (its bytes and 32 bytes a record of spans while it is split), the whole
    /// key of its longest record (about as long as the record; computed before the entry keeps its
    /// start), and the workspace.
    static func compactPeak(
        baseline: Int, inputBytes: Int, records: Int, batchBytes: Int, batchRecords: Int, longestRecord: Int = 0
    ) -> Int {
        baseline + inputBytes + records * CompactSorter.bytesPerItem + batchBytes + batchRecords * 32 + longestRecord
            + compactWorkspace
    }

    // MARK: Merging

    /// How sorted runs are merged.
    struct Merge: Equatable {
        /// The most runs merged at once; more are merged in passes.
        var fanIn: Int
        /// Each run's read buffer.
        var bufferSize: Int
    }

    /// How runs are merged when `openFiles` more files may be opened: 32 runs at once, or fewer
    /// under a low open-file limit (as GNU sort does, instead of failing with "Too many open
    /// files"), each read through a buffer that a quarter of the budget pays for, for every run
    /// that the threads merge at once.
    func merge(openFiles: Int = Self.openFileRoom()) -> Merge {
        let fanIn = max(2, min(32, openFiles - 1))
        return Merge(fanIn: fanIn, bufferSize: min(1 << 22, max(1 << 14, budget / (4 * fanIn * threads))))
    }

    /// How many sections of `runs` runs may be merged at once (each merge opens every run): four
    /// for each thread, fewer where the open-file limit leaves room for fewer, at least one.
    func concurrentSectionMerges(of runs: Int, openFiles: Int = Self.openFileRoom()) -> Int {
        max(1, min(4 * threads, openFiles / max(1, runs)))
    }

    /// The most bytes of sections that are merged by several threads at once and held rendered
    /// before they are written; a larger section is merged straight into the output.
    var renderedSectionsLimit: Int { budget / 2 }

    // MARK: The environment

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

    /// How many lines inputs of `totalSize` bytes hold, projected from the line feeds in the first
    /// `sampleBytes` of the first input (read where it stands, without moving a standard input's
    /// offset); nil where that cannot be read. The compact sort checks this before its first batch,
    /// so that an input that will not fit is read in the full budget's batches from the start.
    static func projectedLines(of inputs: [String], totalSize: Int, sampleBytes: Int = 1 << 20) -> Int? {
        guard let first = inputs.first else { return nil }
        let isStandardInput = first == "-"
        let descriptor = isStandardInput ? 0 : open(first, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { if !isStandardInput { close(descriptor) } }
        let start = isStandardInput ? max(0, lseek(0, 0, SEEK_CUR)) : 0
        var sample = [UInt8](repeating: 0, count: sampleBytes)
        let count = sample.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, sampleBytes, start) }
        guard count > 0 else { return nil }
        var lines = 0
        for byte in sample[..<count] where byte == 0x0A { lines += 1 }
        return Int((Double(max(lines, 1)) * Double(max(totalSize, count)) / Double(count)).rounded(.up))
    }

    /// The process's resident memory now, in bytes (24 MiB where it cannot be read).
    static func residentBytes() -> Int {
        #if canImport(Darwin)
        // Darwin has no /proc: the kernel reports the task's resident size through Mach.
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        guard result == KERN_SUCCESS else { return 24 << 20 }
        return Int(info.resident_size)
        #else
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 24 << 20 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 24 << 20 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #endif
    }

    /// The most memory the process has had resident so far, in bytes: on Linux the high-water
    /// mark of its memory since it was executed (`VmHWM` of `/proc/self/status`), elsewhere
    /// `getrusage`'s maximum resident set size.
    ///
    /// On Linux `getrusage` also counts the memory of the process it was forked from, up to the
    /// `exec`: run from a large process (a test runner), it reported that process's peak.
    static func peakResidentBytes() -> Int {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kibibytes = Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        {
            return kibibytes * 1024
        }
        #endif
        var usage = rusage()
        #if os(Linux)
        let who = RUSAGE_SELF.rawValue
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// The inputs' total size in bytes, or nil when one of them is not a regular file.
    static func totalSize(of inputs: [String]) -> Int? {
        var total = 0
        for path in inputs {
            var status = stat()
            let found = path == "-" ? fstat(0, &status) == 0 : stat(path, &status) == 0
            guard found, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
            total += Int(status.st_size)
        }
        return total
    }
}
