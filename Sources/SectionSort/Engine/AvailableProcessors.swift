import Foundation

/// How many processors this process may run on: the default number of worker threads.
///
/// On Linux, Foundation's `activeProcessorCount` counts the machine's online processors even when
/// the process is confined to fewer (`taskset`, a container's CPU set), and threads beyond those
/// only take turns on them. Like GNU `nproc` (and so `sort --parallel`'s default), this counts the
/// processors in the process's affinity mask, read from `/proc/self/status` because Swift cannot
/// call glibc's `sched_getaffinity` (a GNU extension the Glibc module leaves out).
package enum AvailableProcessors {
    /// The processors this process may run on; at least 1.
    package static let count: Int = {
        #if os(Linux)
        if let allowed = processorCount(inStatus: (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? "") {
            return allowed
        }
        #endif
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()

    /// The number of processors in the `Cpus_allowed:` line of a `/proc/PID/status` text (a hex
    /// mask in comma-separated groups of 32 bits), or nil when there is none.
    static func processorCount(inStatus status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        var count = 0
        for character in line.dropFirst("Cpus_allowed:".count) where character != "," && !character.isWhitespace {
            guard let digit = character.hexDigitValue else { return nil }
            count += digit.nonzeroBitCount
        }
        return count > 0 ? count : nil
    }
}
