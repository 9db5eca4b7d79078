import Foundation

/// The timings of one contender on one workload.
struct Measurement: Codable {
    var name: String
    var items: Int
    var threads: Int
    var repetitions: Int
    /// Seconds of each repetition (after the warm-up).
    var seconds: [Double]
    /// The process's peak resident memory while this contender ran, in bytes (Linux only; 0 elsewhere).
    var peakMemoryBytes: Int
    /// The contender's median time divided into the baseline's median (how many times faster), if
    /// a baseline ran in the same run.
    var speedupOverNaive: Double?

    var median: Double { let sorted = seconds.sorted(); return sorted[sorted.count / 2] }
    /// (max - min) / median: how noisy the repetitions were.
    var spread: Double { ((seconds.max() ?? 0) - (seconds.min() ?? 0)) / max(median, 1e-12) }
    var itemsPerSecond: Double { Double(items) / max(median, 1e-12) }
    var nanosecondsPerItem: Double { median / Double(max(items, 1)) * 1e9 }

    enum CodingKeys: String, CodingKey {
        case name, items, threads, repetitions, seconds, peakMemoryBytes, speedupOverNaive
        case medianSeconds, spread, itemsPerSecond, nanosecondsPerItem
    }

    init(name: String, items: Int, threads: Int, repetitions: Int, seconds: [Double], peakMemoryBytes: Int) {
        self.name = name
        self.items = items
        self.threads = threads
        self.repetitions = repetitions
        self.seconds = seconds
        self.peakMemoryBytes = peakMemoryBytes
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        items = try container.decode(Int.self, forKey: .items)
        threads = try container.decode(Int.self, forKey: .threads)
        repetitions = try container.decode(Int.self, forKey: .repetitions)
        seconds = try container.decode([Double].self, forKey: .seconds)
        peakMemoryBytes = try container.decode(Int.self, forKey: .peakMemoryBytes)
        speedupOverNaive = try container.decodeIfPresent(Double.self, forKey: .speedupOverNaive)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(items, forKey: .items)
        try container.encode(threads, forKey: .threads)
        try container.encode(repetitions, forKey: .repetitions)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(peakMemoryBytes, forKey: .peakMemoryBytes)
        try container.encodeIfPresent(speedupOverNaive, forKey: .speedupOverNaive)
        try container.encode(median, forKey: .medianSeconds)
        try container.encode(spread, forKey: .spread)
        try container.encode(itemsPerSecond, forKey: .itemsPerSecond)
        try container.encode(nanosecondsPerItem, forKey: .nanosecondsPerItem)
    }
}

/// Times closures: one warm-up run, then repetitions, each on a monotonic clock.
enum Stopwatch {
    /// - Parameter minimumSeconds: repeat past `repetitions` until the repetitions took this long
    ///   (at most 20 times as many): a median of five runs of a few milliseconds is as noisy as the
    ///   machine, one of a hundred is not.
    static func measure<Result>(
        _ name: String, items: Int, threads: Int, repetitions: Int, minimumSeconds: Double = 0,
        _ body: () throws -> Result
    ) rethrows -> (Measurement, Result) {
        PeakMemory.reset()
        var result = try body()  // warm-up; also the output that is checked
        var seconds: [Double] = []
        while seconds.count < repetitions || (seconds.reduce(0, +) < minimumSeconds && seconds.count < 20 * repetitions) {
            let start = ContinuousClock.now
            let next = try body()
            let elapsed = ContinuousClock.now - start
            seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            // The result before is freed here, outside the time: each contender is timed up to
            // its result, not with the freeing of the one before.
            result = next
        }
        let measurement = Measurement(
            name: name, items: items, threads: threads, repetitions: seconds.count,
            seconds: seconds, peakMemoryBytes: PeakMemory.current())
        return (measurement, result)
    }
}

/// The peak resident set size of this process, from `getrusage`.
enum PeakMemory {
    /// Starts a new peak where the system allows it (Linux's clear_refs, which `getrusage` then
    /// reflects); elsewhere the peak stays the process's peak so far.
    static func reset() {
        #if os(Linux)
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        #endif
    }

    static func current() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }
}
