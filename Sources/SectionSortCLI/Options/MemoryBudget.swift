import Foundation
import SectionSort

#if canImport(Darwin)
// Darwin declares mach_task_self_ as a mutable C global, which Swift 6 refuses to read unless
// its module is imported as predating concurrency; the kernel never changes it.
@preconcurrency import Darwin
#endif

/// How much memory sorting may take before sorted runs go to temporary files.
///
/// The default rule: sort in memory while the peak stays within three times the input or
/// 128 MiB, whichever is more (a 15 MB file is not worth spilling runs to save 80 MiB), and at
/// most half of physical memory; past that, spill sorted runs. Without `--memory-limit`, lines from
/// regular files are first tried in the compact layout (``CompactSorter``: a copy of the input and
/// 24 bytes a record), whose projected peak of the whole process is held to that
/// (``compactLimit(limit:inputs:baseline:testRoom:)``); other inputs are sorted by the full-key
/// engine, whose estimated sorting memory (``RecordSet/estimatedSortingMemory``) is. Inputs of
/// unknown size (pipes) get half of physical memory.
enum MemoryBudget {
    /// The peak that is always allowed by default, whatever the input's size.
    static let defaultFloor = 128 << 20
    /// The full-key default's floor under `SECTIONSORT_TEST_COMPACT_ROOM` (tests only), so that
    /// small test inputs still spill runs: the rule before the 128 MiB floor.
    static let testFloor = 8 << 20

    /// `--memory-limit` if given, else the default for `inputs` (paths, "-" for standard input).
    static func resolve(limit: Int?, inputs: [String], testRoom: Int? = nil) -> Int {
        if let limit { return limit }
        let halfOfMemory = Int(ProcessInfo.processInfo.physicalMemory / 2)
        guard let size = totalSize(of: inputs) else { return halfOfMemory }
        if testRoom != nil { return min(halfOfMemory, max(testFloor, size)) }
        return min(halfOfMemory, max(defaultFloor, compactFactor * size))
    }

    /// How many times the input the compact in-memory sort may take at its peak.
    static let compactFactor = 3
    /// Bytes the compact sort takes beside the input copy and its entries: output buffers, the
    /// tie groups' keys, collator clones.
    static let compactWorkspace = 6 << 20

    /// The peak the compact in-memory sort may reach: `compactFactor` times the inputs' size or
    /// ``defaultFloor``, whichever is more, when no `--memory-limit` is given, the inputs are
    /// regular files, and that is at most half of physical memory; nil when the compact sort is not
    /// to be tried. `testRoom` (tests only: the `SECTIONSORT_TEST_COMPACT_ROOM` variable) takes
    /// the floor's place with that many bytes beyond `baseline`, the process's memory before
    /// reading, so that tests can put small inputs on either side of the limit.
    static func compactLimit(limit: Int?, inputs: [String], baseline: Int, testRoom: Int?) -> Int? {
        guard limit == nil, let size = totalSize(of: inputs) else { return nil }
        return compactLimit(
            inputSize: size, baseline: baseline, physicalMemory: Int(ProcessInfo.processInfo.physicalMemory), testRoom: testRoom)
    }

    static func compactLimit(inputSize: Int, baseline: Int, physicalMemory: Int, testRoom: Int? = nil) -> Int? {
        let limit = max(compactFactor * inputSize, testRoom.map { baseline + $0 } ?? defaultFloor)
        return limit <= physicalMemory / 2 ? limit : nil
    }

    /// The compact sort's expected peak for `records` records in `inputBytes` bytes, on top of
    /// `baseline` (what the process takes before reading): the input copy, one entry a record, a
    /// batch being read (its bytes and 32 bytes a record of spans while it is split), and the
    /// workspace.
    static func compactPeak(baseline: Int, inputBytes: Int, records: Int, batchBytes: Int, batchRecords: Int) -> Int {
        baseline + inputBytes + records * CompactSorter.bytesPerItem + batchBytes + batchRecords * 32 + compactWorkspace
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
