import Foundation

/// How much memory sorting may take before sorted runs go to temporary files.
///
/// Sorting in memory takes about 100 bytes a record beside the input, five to eight times the
/// input for short lines. So, as GNU sort sizes its buffer from its inputs' sizes, the default is
/// sized from the input: as much as the input itself, which keeps the peak near the process's own
/// 23 MiB plus 1.3 times the input (2.7 times the input for 1M names, 1.5 times for 10M). Inputs
/// of unknown size (pipes) get half of physical memory.
enum MemoryBudget {
    /// The smallest default: inputs up to a few megabytes are always sorted in memory.
    static let minimumDefault = 8 << 20

    /// `--memory-limit` if given, else the default for `inputs` (paths, "-" for standard input).
    static func resolve(limit: Int?, inputs: [String]) -> Int {
        if let limit { return limit }
        let halfOfMemory = Int(ProcessInfo.processInfo.physicalMemory / 2)
        guard let size = totalSize(of: inputs) else { return halfOfMemory }
        return min(halfOfMemory, max(minimumDefault, size))
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
