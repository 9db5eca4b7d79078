import Foundation
import Testing

/// `--memory-limit`: inputs past the limit are sorted in runs on disk and merged; the output must
/// be the in-memory output, byte for byte, and the runs must be gone afterwards.
@Suite struct ExternalSortTests {
    /// A fresh directory for one test's inputs and runs (its `runs` folder made), removed by the
    /// caller; the compact layout's tests use it too.
    static func scratchDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sectionsort-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.appendingPathComponent("runs"), withIntermediateDirectories: true)
        return url
    }

    private static func contents(_ directory: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? ["<unreadable>"]
    }

    /// Names in several scripts with case and accent variants and repeats, spread by a
    /// multiplicative hash so that sorted runs interleave.
    private static func name(_ index: Int) -> String {
        let given = ["Åsa", "Anna", "anna", "Örjan", "Oskar", "Émile", "Zoë", "Ängel", "Иван", "Σοφία", "さくら", "민준", "林", "42", ""]
        let family = ["Öberg", "Oberg", "Andersson", "Ekström", "Zetterlund", "Петров", "Παπαδόπουλος", "たなか", "김", "王", "#1"]
        let hash = index &* 2_654_435_761 % 1_000_003
        return "\(family[hash % family.count]) \(given[(hash / 11) % given.count]) \(hash % 997)"
    }

    @Test func hundredMegabytesUnderTenMegabytesMatchInMemory() throws {
        let directory = try Self.scratchDirectory("large")
        defer { try? FileManager.default.removeItem(at: directory) }
        // CSV whose records carry a long payload, some of it quoted with line breaks and quotes
        // inside, so that records straddle the reads and batches.
        var bytes = Array("name,given,payload\n".utf8)
        bytes.reserveCapacity(105 << 20)
        let filler = Array(repeating: UInt8(ascii: "x"), count: 400)
        var records = 0
        while bytes.count < 100 << 20 {
            let parts = Self.name(records).split(separator: " ", maxSplits: 1).map(String.init) + [""]
            bytes += Array("\"\(parts[0])\",\(parts[1]),".utf8)
            if records % 7 == 0 {
                bytes += Array("\"line one\nline \"\"two\"\" ".utf8)
                bytes += filler[0..<(records % 350)]
                bytes += Array("\"\n".utf8)
            } else {
                bytes += filler[0..<(records % 400)]
                bytes.append(0x0A)
            }
            records += 1
        }
        let input = directory.appendingPathComponent("large.csv").path
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        bytes = []
        let arguments = ["-f", "csv", "-k", "name", "--then", "given", "-l", "sv_SE", "-F", "csv", input]

        let inMemory = try SectionSortCommand.run(arguments + ["--memory-limit", "50%"])
        let limited = try SectionSortCommand.run(
            arguments + ["--memory-limit", "10M", "-T", directory.appendingPathComponent("runs").path])
        #expect(inMemory.status == 0 && limited.status == 0, "\(inMemory.stderr) \(limited.stderr)")
        #expect(limited.stdoutBytes == inMemory.stdoutBytes)
        // Every record once: the header line, then one line per record plus one embedded break in
        // every seventh.
        let lines = inMemory.stdoutBytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        #expect(lines == 1 + records + (records + 6) / 7)
        #expect(Self.contents(directory.appendingPathComponent("runs")).isEmpty, "temporary runs are removed")
    }

    @Test func manyRunsMergeInPassesInEveryFormat() throws {
        let directory = try Self.scratchDirectory("formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs").path
        // About 3 MB under a 64 KiB limit: 40-odd runs, more than are merged at once, and every
        // section merged straight into the output. Under 4 MiB: a few runs, and sections small
        // enough to be merged by several threads at once, each rendered into memory.
        let lines = (0..<180_000).map(Self.name).joined(separator: "\r\n") + "\r\n"
        let jsonLines = (0..<30_000).map { "{\"n\": \"\(Self.name($0))\", \"i\": \($0)}" }.joined(separator: "\n")
        for (flags, input) in [
            (["-l", "sv_SE"], lines),
            (["-l", "sv_SE", "-r", "-i", "-F", "json"], lines),
            (["-l", "de", "--emit-keys"], lines),
            (["-f", "jsonl", "-k", "n", "-l", "ja", "-F", "jsonl"], jsonLines),
        ] {
            let inMemory = try SectionSortCommand.run(flags, stdin: input)
            #expect(inMemory.status == 0, "\(flags): \(inMemory.stderr)")
            for limit in ["64K", "4M"] {
                let limited = try SectionSortCommand.run(flags + ["-S", limit, "-T", runs], stdin: input)
                #expect(limited.status == 0, "\(flags) \(limit): \(limited.stderr)")
                let same = limited.stdoutBytes == inMemory.stdoutBytes  // (not inside #expect, which would print megabytes)
                #expect(same, "\(flags) \(limit)")
                #expect(Self.contents(URL(fileURLWithPath: runs)).isEmpty)
            }
        }
    }

    /// Lines repeated hundreds of times go into runs once per repeat in a row; texts whose keys
    /// are equal but whose bytes are not (a precomposed and a decomposed accent, a text with and
    /// without a line's carriage return) are not repeats of each other. Whatever the order, the
    /// filters and the format, the output is the in-memory one.
    @Test func repeatedLinesMatchInMemoryThroughRuns() throws {
        let directory = try Self.scratchDirectory("repeats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs").path
        let texts = ["Émile Zola", "E\u{301}mile Zola", "Åsa", "Åsa ", "Åsa", "anna", "Anna", "林", "", "Иван", "Öberg"]
        var generator = SystemRandomNumberGenerator()
        var lines: [String] = []
        while lines.count < 60_000 {
            let text = texts.randomElement(using: &generator)!
            lines += Array(repeating: text, count: Int.random(in: 1...400, using: &generator))
        }
        let input = lines.enumerated().map { $0.offset % 5 == 0 ? $0.element + "\r\n" : $0.element + "\n" }.joined()
        for flags in [["-l", "sv_SE"], ["-l", "sv_SE", "-u"], ["-l", "fr", "-r", "-F", "json"], ["-l", "sv_SE", "-i", "--grep", "a"]] {
            let inMemory = try SectionSortCommand.run(flags, stdin: input)
            let limited = try SectionSortCommand.run(flags + ["-S", "64K", "-T", runs, "-v"], stdin: input)
            #expect(inMemory.status == 0 && limited.status == 0, "\(flags): \(inMemory.stderr) \(limited.stderr)")
            #expect(limited.stderr.contains("writing runs to disk"), "\(flags): through runs")
            let same = limited.stdoutBytes == inMemory.stdoutBytes
            #expect(same, "\(flags)")
        }
    }

    /// Under a low open-file limit (`ulimit -n 16`), fewer runs are merged at a time, in more
    /// passes, and fewer sections at once; it once failed with "Too many open files".
    @Test func aLowOpenFileLimitMergesInMorePasses() throws {
        let directory = try Self.scratchDirectory("nofile")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs").path
        let lines = (0..<180_000).map(Self.name).joined(separator: "\n") + "\n"
        let inMemory = try SectionSortCommand.run(["-l", "sv_SE"], stdin: lines)
        #expect(inMemory.status == 0, "\(inMemory.stderr)")
        for limit in ["64K", "4M"] {
            let limited = try SectionSortCommand.runProcess(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", "ulimit -n 16 && exec \"$0\" \"$@\"", SectionSortCommand.executable.path, "-l", "sv_SE", "-S", limit, "-T", runs],
                input: Array(lines.utf8))
            #expect(limited.status == 0, "-S \(limit): \(limited.stderr)")
            let same = limited.stdoutBytes == inMemory.stdoutBytes
            #expect(same, "-S \(limit)")
            #expect(Self.contents(URL(fileURLWithPath: runs)).isEmpty)
        }
    }

    /// Records of a mebibyte and more (longer than the limit) go into runs from where they are,
    /// beside short ones of the same section that share their keys' starts.
    @Test func recordsLongerThanTheLimitMatchInMemory() throws {
        let directory = try Self.scratchDirectory("long")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs").path
        let long = String(repeating: "Öberg ", count: 300_000)
        var lines = (0..<20_000).map(Self.name)
        lines.insert(long + "b", at: 5_000)
        lines.insert(long + "a", at: 15_000)
        lines.insert(String(long.prefix(1000)), at: 10_000)
        let input = lines.joined(separator: "\n") + "\n"
        let inMemory = try SectionSortCommand.run(["-l", "sv_SE"], stdin: input)
        #expect(inMemory.status == 0, "\(inMemory.stderr)")
        for flags in [["-l", "sv_SE"], ["-l", "sv_SE", "--format", "json"]] {
            let expected = flags.count == 2 ? inMemory : try SectionSortCommand.run(flags, stdin: input)
            let limited = try SectionSortCommand.run(flags + ["-S", "64K", "-T", runs], stdin: input)
            #expect(limited.status == 0, "\(flags): \(limited.stderr)")
            let same = limited.stdoutBytes == expected.stdoutBytes
            #expect(same, "\(flags)")
            #expect(Self.contents(URL(fileURLWithPath: runs)).isEmpty)
        }
    }

    @Test func dataErrorInALaterBatchWritesNothingAndRemovesRuns() throws {
        let directory = try Self.scratchDirectory("error")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs").path
        let bytes = Array((0..<50_000).map(Self.name).joined(separator: "\n").utf8) + Array("\nab".utf8) + [0xFF] + Array("\n".utf8)
        let result = try SectionSortCommand.run(["-S", "64K", "-T", runs], stdinBytes: bytes)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("<stdin>:50001:3: invalid UTF-8"), "lines are counted across batches: \(result.stderr)")
        #expect(Self.contents(URL(fileURLWithPath: runs)).isEmpty)
    }

    /// `--emit-keys` streams batch by batch; it once wrote every batch before a data error in a
    /// later one. Now nothing reaches standard output before the whole input is read, and its
    /// spool file is removed.
    @Test func emitKeysWritesNothingBeforeALateDataError() throws {
        let directory = try Self.scratchDirectory("emit")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs").path
        let good = Array((0..<50_000).map(Self.name).joined(separator: "\n").utf8) + [0x0A]
        let bad = good + Array("ab".utf8) + [0xFF] + [0x0A]
        let failed = try SectionSortCommand.run(["--emit-keys", "-S", "64K", "-T", runs], stdinBytes: bad)
        #expect(failed.status == 65 && failed.stderr.contains("<stdin>:50001:3: invalid UTF-8"), "\(failed.stderr)")
        #expect(failed.stdoutBytes.isEmpty, "\(failed.stdoutBytes.count) bytes written before the error")
        #expect(Self.contents(URL(fileURLWithPath: runs)).isEmpty)
        let spooled = try SectionSortCommand.run(["--emit-keys", "-S", "64K", "-T", runs], stdinBytes: good)
        let inMemory = try SectionSortCommand.run(["--emit-keys"], stdinBytes: good)
        #expect(spooled.status == 0 && inMemory.status == 0)
        let same = spooled.stdoutBytes == inMemory.stdoutBytes
        #expect(same && spooled.stdoutBytes.filter { $0 == 0x0A }.count == 50_001)  // the identity record and a key record each
        #expect(Self.contents(URL(fileURLWithPath: runs)).isEmpty)
    }

    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT while runs are being written, at different moments: the
    /// directory is gone every time (the handler once removed it while the main thread created
    /// the next run, which then left it behind in about half the tries), nothing is reported, and
    /// the program dies of the signal. Input keeps coming, so runs are being created when the
    /// signal arrives; no step waits for a time.
    @Test func fatalSignalsRemoveRunsWheneverTheyArrive() throws {
        ignoreBrokenPipes  // this process writes into pipes whose reader dies
        // SIGQUIT's default action dumps core: not here.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        #if canImport(Darwin)
        let core = RLIMIT_CORE
        #else
        let core = __rlimit_resource_t(RLIMIT_CORE.rawValue)
        #endif
        getrlimit(core, &noCore)
        noCore.rlim_cur = 0
        setrlimit(core, &noCore)
        let directory = try Self.scratchDirectory("interrupt")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs")
        let chunk = Array((0..<3_000).map(Self.name).joined(separator: "\n").utf8) + [0x0A]
        for attempt in 0..<12 {
            let signalNumber = [SIGINT, SIGTERM, SIGHUP, SIGQUIT][attempt % 4]
            let process = Process()
            process.executableURL = SectionSortCommand.executable
            process.arguments = ["-S", "64K", "-T", runs.path, "-q"]
            let (input, errors) = try SectionSortCommand.whileLaunching {
                let pipes = (Pipe(), Pipe())
                process.standardInput = pipes.0
                process.standardOutput = FileHandle.nullDevice
                process.standardError = pipes.1
                try process.run()
                return pipes
            }
            let messages = ErrorCollector(errors.fileHandleForReading)
            let descriptor = input.fileHandleForWriting.fileDescriptor
            let writerEnded = DispatchSemaphore(value: 0)
            let writer = Thread {
                while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
                writerEnded.signal()
            }
            writer.start()
            // The writer stops once the pipe has no reader (the child is gone and this end is
            // closed: EPIPE), and only then is its descriptor closed. Closed earlier, the number
            // went to a pipe of the next attempt while the writer, descheduled under load, still
            // wrote into it: two writers interleaved in one pipe split a line inside a UTF-8
            // sequence, and the child rightly refused its input (a loaded CI run failed so).
            func stopWriting() {
                try? input.fileHandleForReading.close()
                writerEnded.wait()
                try? input.fileHandleForWriting.close()
            }
            func runFiles() -> Int {
                Self.contents(runs).reduce(0) { $0 + Self.contents(runs.appendingPathComponent($1)).count }
            }
            // After 1 to 4 runs: the program is creating and writing runs when the signal comes.
            // Bounded by the child: one that ends before its runs appear is a failure, not a hang.
            while runFiles() < 1 + attempt % 4 && process.isRunning { usleep(1_000) }
            guard process.isRunning else {
                process.waitUntilExit()
                stopWriting()
                // A sanitizer's runtime can fail to start under load (an unexpected memory
                // mapping): that child never ran this program, so the attempt is not counted.
                if messages.value().contains("Sanitizer") { continue }
                let status = process.terminationStatus
                Issue.record("attempt \(attempt): the program ended (status \(status)) before its runs: \(messages.value().prefix(2000))")
                return
            }
            kill(process.processIdentifier, signalNumber)
            process.waitUntilExit()
            stopWriting()
            #expect(
                process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber,
                "attempt \(attempt): dies of signal \(signalNumber), not \(process.terminationStatus)")
            #expect(messages.value().isEmpty, "attempt \(attempt): a signal is not reported as an error")
            #expect(Self.contents(runs).isEmpty, "attempt \(attempt): the directory is removed")
        }
    }

    /// A signal ignored when the program starts (`nohup`, `trap '' HUP`) stays ignored: the
    /// program goes on and finishes, as GNU sort does.
    @Test func signalIgnoredAtStartStaysIgnored() throws {
        let directory = try Self.scratchDirectory("nohup")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' HUP; exec \"$0\" -S 64K -T \"$1\" -q", SectionSortCommand.executable.path, runs.path]
        let (input, output) = try SectionSortCommand.whileLaunching {
            let pipes = (Pipe(), Pipe())
            process.standardInput = pipes.0
            process.standardOutput = pipes.1
            process.standardError = FileHandle.nullDevice
            try process.run()
            return pipes
        }
        let written = ErrorCollector(output.fileHandleForReading)
        let names = (0..<30_000).map(Self.name)
        try input.fileHandleForWriting.write(contentsOf: Data(names.joined(separator: "\n").utf8))
        // Runs exist, so the program has set up its signal handling: then the hang-up comes.
        while Self.contents(runs).reduce(0, { $0 + Self.contents(runs.appendingPathComponent($1)).count }) == 0 && process.isRunning {
            usleep(1_000)
        }
        kill(process.processIdentifier, SIGHUP)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(written.value().split(separator: "\n").filter { $0.hasPrefix("  ") }.count == names.count)
        #expect(Self.contents(runs).isEmpty)
    }

    /// `sectionsort big | head -1`: the output pipe closes while runs exist. The runs are removed
    /// and the program dies of SIGPIPE, as GNU sort does (it once died at once and left them).
    @Test func brokenPipeRemovesRuns() throws {
        let directory = try Self.scratchDirectory("pipe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs")
        let input = directory.appendingPathComponent("names.txt")
        try Data((0..<60_000).map(Self.name).joined(separator: "\n").utf8).write(to: input)
        let process = Process()
        process.executableURL = SectionSortCommand.executable
        process.arguments = ["-S", "64K", "-T", runs.path, input.path]
        let (output, errors) = try SectionSortCommand.whileLaunching {
            let pipes = (Pipe(), Pipe())
            process.standardOutput = pipes.0
            process.standardError = pipes.1
            try process.run()
            return pipes
        }
        let messages = ErrorCollector(errors.fileHandleForReading)
        try output.fileHandleForReading.close()  // like `head` that has read all it wanted
        try? output.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE)
        #expect(messages.value().isEmpty, "a broken pipe is not reported")
        #expect(Self.contents(runs).isEmpty, "the runs are removed")
    }

    @Test func verboseNamesThePhases() throws {
        let input = (0..<20_000).map(Self.name).joined(separator: "\n")
        let inMemory = try SectionSortCommand.run(["-v", "-l", "sv_SE"], stdin: input)
        #expect(inMemory.status == 0)
        for phase in ["starting", "reading", "sorting", "writing", "total"] {
            #expect(inMemory.stderr.contains("sectionsort: \(phase)"), "\(phase): \(inMemory.stderr)")
        }
        let limited = try SectionSortCommand.run(["--verbose", "-S", "64K", "-l", "sv_SE"], stdin: input)
        for phase in ["sorting runs", "writing runs to disk", "merging"] {
            #expect(limited.stderr.contains("sectionsort: \(phase)"), "\(phase): \(limited.stderr)")
        }
        #expect(limited.stdout == inMemory.stdout)
    }

    /// Without --memory-limit, a file is sorted in memory while the peak stays within three times
    /// its size or 128 MiB: 100,000 names (3 MB) are, by the full-key engine, where they once went
    /// through runs to save a few megabytes. With the tests' room in place of the 128 MiB floor, the file's size sets
    /// the limit (at least 8 MiB), which they pass. A pipe's size is unknown, and gets half of
    /// physical memory.
    @Test func defaultLimitFollowsTheInputFileSize() throws {
        let directory = try Self.scratchDirectory("default")
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = (0..<100_000).map(Self.name).joined(separator: "\n") + "\n"
        let input = directory.appendingPathComponent("names.txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let arguments = ["-v", "-l", "sv_SE", "-T", directory.appendingPathComponent("runs").path, input]
        let fromFile = try SectionSortCommand.run(arguments)
        let withoutFloor = try SectionSortCommand.run(arguments, environment: ["SECTIONSORT_TEST_COMPACT_ROOM": "1"])
        let inMemory = try SectionSortCommand.run(["-v", "-l", "sv_SE", "-S", "50%", input])
        let fromPipe = try SectionSortCommand.run(["-v", "-l", "sv_SE"], stdin: text)
        #expect(fromFile.status == 0 && withoutFloor.status == 0 && inMemory.status == 0 && fromPipe.status == 0)
        #expect(!fromFile.stderr.contains("merging"), "\(fromFile.stderr)")
        #expect(
            fromFile.stderr.contains("sectionsort: sorting") && !fromFile.stderr.contains("compact layout"),
            "3 MB of names fit the full-key sort: \(fromFile.stderr)")
        #expect(withoutFloor.stderr.contains("sectionsort: merging"), "\(withoutFloor.stderr)")
        #expect(!inMemory.stderr.contains("merging") && !fromPipe.stderr.contains("merging"), "\(inMemory.stderr) \(fromPipe.stderr)")
        #expect(fromFile.stdoutBytes == inMemory.stdoutBytes && fromPipe.stdoutBytes == inMemory.stdoutBytes)
        #expect(withoutFloor.stdoutBytes == inMemory.stdoutBytes)
        #expect(Self.contents(directory.appendingPathComponent("runs")).isEmpty)
    }

    @Test func memoryLimitSizes() throws {
        for bad in ["0", "10Q", "abc", "-5M", "150%"] {
            let result = try SectionSortCommand.run(["--memory-limit", bad])
            #expect(result.status == 64 && result.stderr.contains("--memory-limit takes a size"), "\(bad)")
        }
        for good in ["1048576", "10K", "2M", "1G", "30%"] {
            let result = try SectionSortCommand.run(["-S", good], stdin: "b\na\n")
            #expect(result.status == 0 && result.stdout == "A\n  a\n\nB\n  b\n", "\(good)")
        }
        let date = try SectionSortCommand.run(["--by", "date", "-S", "1M"])
        #expect(date.status == 64 && date.stderr.contains("'-S' does not apply to --by date"))
    }
}
