import Foundation
import SectionSort

/// The benchmark's steps: the seeds' sizes, the headline comparison, thread and size scaling.
struct BenchmarkRun {
    let arguments: Arguments
    let cores = AvailableProcessors.count

    func run() throws -> Report {
        let collation = try IndexedCollation(locale: arguments.locale)
        if collation.isFallback { throw BenchmarkFailure(message: "ICU has no data for locale '\(arguments.locale)'") }
        let foundationLocale = Locale(identifier: arguments.locale)
        let workload = NameWorkload(seed: 20261122)
        var report = Report(
            date: ISO8601DateFormatter().string(from: Date()), mode: arguments.quick ? "quick" : "full",
            locale: arguments.locale, machine: MachineInfo.current())
        let repetitions = arguments.quick ? 3 : 5
        let readingSize = arguments.size ?? (arguments.quick ? 100_000 : 1_000_000)
        if arguments.readingsOnly {
            try ReadingComparison.run(
                size: readingSize, rounds: arguments.quick ? 2 : 5, sample: arguments.quick ? 2_000 : 20_000,
                threads: arguments.threads?.first, report: &report)
            return report
        }

        // The seeds' sizes: 500 and 900 items in one section (UILocalizedIndexedCollation took 1 s and 3 s).
        let seedRepetitions = arguments.seedsOnly ? arguments.rounds : repetitions
        for size in [500, 900] {
            let names = workload.names(size).map { "Al" + $0.lowercased() }
            guard Set(names.map(collation.section(for:))).count == 1 else {
                throw BenchmarkFailure(message: "the \(size) generated names are not all in one section")
            }
            let (naive, naiveOutput) = Stopwatch.measure(
                "naive, \(size) in one section", items: size, threads: 1, repetitions: seedRepetitions
            ) {
                Contenders.naive(names, collation: collation, locale: foundationLocale)
            }
            var seedContenders = [("engine, \(size) in one section", nil as Int?)]
            if arguments.seedsOnly {
                seedContenders.append(("engine, \(size) in one section, 1 thread", 1))
                var (comparator, comparatorOutput) = Stopwatch.measure(
                    "ICU comparator, \(size) in one section", items: size, threads: 1, repetitions: seedRepetitions * 4
                ) {
                    Contenders.icuComparator(names, collation: collation)
                }
                try requireIdentical(comparatorOutput, naiveOutput, "ICU comparator and naive, \(size) items")
                comparator.speedupOverNaive = naive.median / comparator.median
                report.seedSizes += [naive, comparator]
            } else {
                report.seedSizes.append(naive)
            }
            for (name, threads) in seedContenders {
                var (engine, engineOutput) = Stopwatch.measure(
                    name, items: size, threads: threads ?? cores, repetitions: seedRepetitions * 4
                ) {
                    Contenders.engine(names, collation: collation, threads: threads)
                }
                try requireIdentical(SectionedOutput(engineOutput), naiveOutput, "\(name) and naive")
                engine.speedupOverNaive = naive.median / engine.median
                report.seedSizes.append(engine)
                report.ratios["seed\(size)_engine\(threads == 1 ? "_1_thread" : "")_vs_naive"] = engine.speedupOverNaive
            }
        }
        if arguments.seedsOnly { return report }

        // The headline: n names in the locale, every contender.
        let size = arguments.size ?? (arguments.quick ? 20_000 : 100_000)
        let names = workload.names(size)
        let (naive, naiveOutput) = Stopwatch.measure(
            "naive (Foundation compare per comparison)", items: size, threads: 1,
            repetitions: arguments.quick ? 1 : 3
        ) {
            Contenders.naive(names, collation: collation, locale: foundationLocale)
        }
        report.headline.append(naive)
        // Each contender is timed up to its own result; the engine's, a SectionedList, is turned into
        // the naive sort's arrays of sections for the check only.
        var contenders: [(String, Int, () -> ContenderOutput)] = [
            (
                "ICU comparator (ucol_strcollUTF8 per comparison)", 1,
                { .sections(Contenders.icuComparator(names, collation: collation)) }
            ),
            ("engine, 1 thread", 1, { .list(Contenders.engine(names, collation: collation, threads: 1)) }),
            ("engine, all cores", cores, { .list(Contenders.engine(names, collation: collation, threads: nil)) }),
            (
                "engine, runtime keys only (no key table), all cores", cores,
                { .list(Contenders.engine(names, collation: collation, threads: nil, keyMethod: .runtime)) }
            ),
            (
                "floor: keys and sections only, 1 thread", 1,
                {
                    Contenders.keysOnly(names, collation: collation, threads: 1); return .none
                }
            ),
            (
                "floor: keys and sections only, all cores", cores,
                {
                    Contenders.keysOnly(names, collation: collation, threads: nil); return .none
                }
            ),
            (
                "floor with runtime keys only, all cores", cores,
                {
                    Contenders.keysOnly(names, collation: collation, threads: nil, keyMethod: .runtime); return .none
                }
            ),
        ]
        if cores == 1 { contenders.remove(at: 2) }
        for (name, threads, body) in contenders {
            var (measurement, output) = Stopwatch.measure(
                name, items: size, threads: threads, repetitions: repetitions, minimumSeconds: arguments.quick ? 0 : 1, body)
            if let output = output.sections { try requireIdentical(output, naiveOutput, "\(name) and naive") }
            measurement.speedupOverNaive = naive.median / measurement.median
            report.headline.append(measurement)
        }
        let byName = Dictionary(report.headline.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        report.ratios["engine_all_cores_vs_naive"] = byName["engine, all cores"]?.speedupOverNaive
        report.ratios["engine_1_thread_vs_naive"] = byName["engine, 1 thread"]?.speedupOverNaive
        if let comparator = byName["ICU comparator (ucol_strcollUTF8 per comparison)"] {
            report.ratios["icu_comparator_vs_naive"] = comparator.speedupOverNaive
            if let engine = byName["engine, all cores"] {
                report.ratios["engine_all_cores_vs_icu_comparator"] = comparator.median / engine.median
            }
            if let engine = byName["engine, 1 thread"] {
                report.ratios["engine_1_thread_vs_icu_comparator"] = comparator.median / engine.median
            }
        }

        // Thread scaling on the largest headline-like size.
        let scalingSize = arguments.quick ? 100_000 : 1_000_000
        let scalingNames = scalingSize == size ? names : workload.names(scalingSize)
        let threadCounts = arguments.threads ?? Array(1...max(1, cores))
        // Rounds interleaved across the thread counts, so that the machine's load changes the same
        // way for each: their ratios are what the series is for.
        var reference: SectionedOutput?
        for threads in threadCounts {
            let output = SectionedOutput(Contenders.engine(scalingNames, collation: collation, threads: threads))  // warm-up
            if let reference {
                try requireIdentical(output, reference, "\(threads) threads and \(threadCounts[0])")
            } else {
                reference = output
            }
        }
        var seconds = [[Double]](repeating: [], count: threadCounts.count)
        var peaks = [Int](repeating: 0, count: threadCounts.count)
        for _ in 0..<(arguments.quick ? 2 : 7) {
            for (position, threads) in threadCounts.enumerated() {
                PeakMemory.reset()
                let start = ContinuousClock.now
                let sectioned = Contenders.engine(scalingNames, collation: collation, threads: threads)
                let elapsed = ContinuousClock.now - start
                withExtendedLifetime(sectioned) {}
                seconds[position].append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
                peaks[position] = max(peaks[position], PeakMemory.current())
            }
        }
        for (position, threads) in threadCounts.enumerated() {
            report.threadScaling.append(
                Measurement(
                    name: "engine, \(scalingSize) items, \(threads) threads", items: scalingSize, threads: threads,
                    repetitions: seconds[position].count, seconds: seconds[position], peakMemoryBytes: peaks[position]))
        }
        if let single = report.threadScaling.first(where: { $0.threads == 1 }) {
            for measurement in report.threadScaling where measurement.threads > 1 {
                report.ratios["parallel_speedup_\(measurement.threads)_threads"] = single.median / measurement.median
            }
        }

        // Size scaling, ×10 each step, all cores.
        let maxSize = arguments.maxSize ?? (arguments.quick ? 100_000 : 10_000_000)
        var scaled = 1_000
        while scaled <= maxSize {
            let scaledNames = scaled == scalingSize ? scalingNames : workload.names(scaled)
            let (measurement, _) = Stopwatch.measure(
                "engine, \(scaled) items, all cores", items: scaled, threads: cores,
                repetitions: scaled >= 10_000_000 ? 2 : (scaled >= 1_000_000 ? 3 : repetitions)
            ) {
                Contenders.engine(scaledNames, collation: collation, threads: nil).itemCount
            }
            report.sizeScaling.append(measurement)
            scaled *= 10
        }

        // Date grouping: timestamps by day in Europe/Stockholm.
        let dateCount = arguments.quick ? 100_000 : 1_000_000
        let instants = DateContenders.timestamps(dateCount, seed: 4)
        let sectioning = DateSectioning(
            unit: .day, locale: Locale(identifier: "sv_SE"), timeZone: TimeZone(identifier: "Europe/Stockholm")!)
        let (naiveDates, naiveDatesOutput) = Stopwatch.measure(
            "naive: start of day per event, dictionary, sort", items: dateCount,
            threads: 1, repetitions: arguments.quick ? 1 : 3
        ) {
            DateContenders.naive(instants, calendar: sectioning.calendar)
        }
        var (engineDates, engineDatesOutput) = Stopwatch.measure(
            "DateSectioning by day, all cores", items: dateCount, threads: cores,
            repetitions: repetitions
        ) {
            DateContenders.engine(instants, sectioning: sectioning)
        }
        guard engineDatesOutput == naiveDatesOutput else {
            throw BenchmarkFailure(message: "date outputs differ (DateSectioning and naive); not timing a wrong result")
        }
        engineDates.speedupOverNaive = naiveDates.median / engineDates.median
        report.dateGrouping = [naiveDates, engineDates]
        report.ratios["dates_by_day_vs_naive"] = engineDates.speedupOverNaive

        try ReadingComparison.run(
            size: arguments.quick ? 100_000 : 1_000_000, rounds: arguments.quick ? 2 : 5,
            sample: arguments.quick ? 2_000 : 20_000, threads: nil, report: &report)
        return report
    }

    /// Only the live-list benchmark.
    func runLive() throws -> Report {
        let collation = try IndexedCollation(locale: arguments.locale)
        if collation.isFallback { throw BenchmarkFailure(message: "ICU has no data for locale '\(arguments.locale)'") }
        var report = Report(
            date: ISO8601DateFormatter().string(from: Date()), mode: "live", locale: arguments.locale,
            machine: MachineInfo.current())
        try LiveBenchmark(collation: collation, size: arguments.liveSize, rounds: arguments.rounds).run(into: &report)
        return report
    }

    private func requireIdentical(_ output: SectionedOutput, _ expected: SectionedOutput, _ what: String) throws {
        guard output == expected else {
            let section =
                zip(output.items, expected.items).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(output.items.count, expected.items.count)
            let rows =
                section < min(output.items.count, expected.items.count)
                ? zip(output.items[section], expected.items[section]).enumerated().first { $0.element.0 != $0.element.1 }
                    .map { " row \($0.offset): \($0.element.0.debugDescription) vs \($0.element.1.debugDescription)" } ?? ""
                : ""
            throw BenchmarkFailure(message: "outputs differ (\(what)), first in section \(section)\(rows); not timing a wrong result")
        }
    }
}
