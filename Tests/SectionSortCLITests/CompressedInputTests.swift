import Foundation
import Testing

/// Compressed input files are read through the system's decompressor, recognised by their first
/// bytes.
struct CompressedInputTests {
    static func program(_ name: String) -> URL? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)", "/opt/homebrew/bin/\(name)"].map(URL.init(fileURLWithPath:))
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sectionsort-compressed-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let text = (0..<20_000).map { "Name \($0 % 997) Åkesson \($0)" }.joined(separator: "\n") + "\n"

    @Test func everyFormatReadsAsItsText() throws {
        let directory = try Self.scratch("formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("names.txt")
        try Self.text.write(to: plain, atomically: true, encoding: .utf8)
        let expected = try SectionSortCommand.run(["-l", "sv_SE", plain.path])
        #expect(expected.status == 0)
        var tried = 0
        for program in ["gzip", "bzip2", "xz", "zstd"] {
            guard let path = Self.program(program) else { continue }
            let compressed = try SectionSortCommand.runProcess(path, ["-c"], input: Array(Self.text.utf8))
            #expect(compressed.status == 0 && compressed.stdoutBytes.count < Self.text.utf8.count / 2, "\(program) compresses")
            // No suffix: the first bytes decide.
            let file = directory.appendingPathComponent("names-\(program)")
            try Data(compressed.stdoutBytes).write(to: file)
            let result = try SectionSortCommand.run(["-l", "sv_SE", file.path])
            #expect(result.status == 0, "\(program): \(result.stderr)")
            #expect(result.stdoutBytes == expected.stdoutBytes, "\(program)")
            tried += 1
        }
        #expect(tried > 0, "at least gzip is installed")
    }

    @Test func aDamagedFileOrAMissingProgramIsAnIOError() throws {
        let directory = try Self.scratch("errors")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gzip = try #require(Self.program("gzip"))
        let compressed = try SectionSortCommand.runProcess(gzip, ["-c"], input: Array(Self.text.utf8))
        let cut = directory.appendingPathComponent("cut.gz")
        try Data(compressed.stdoutBytes.prefix(compressed.stdoutBytes.count / 2)).write(to: cut)
        let damaged = try SectionSortCommand.run([cut.path])
        #expect(damaged.status == 74 && damaged.stdout.isEmpty)
        #expect(damaged.stderr.hasPrefix("sectionsort: \(cut.path): 'gzip' failed (exit status "), "\(damaged.stderr)")
        let whole = directory.appendingPathComponent("whole.gz")
        try Data(compressed.stdoutBytes).write(to: whole)
        let missing = try SectionSortCommand.run([whole.path], environment: ["PATH": directory.path])
        #expect(missing.status == 74 && missing.stdout.isEmpty)
        #expect(missing.stderr.contains("\(whole.path): the file is gzip-compressed, and no 'gzip' program was found"), "\(missing.stderr)")
    }

    /// `--compress-program`: runs written through the program and read back with `-d` give the
    /// output that sorting in memory gives, through a merge in passes too (more than 32 runs).
    @Test func compressedRunsGiveTheSameOutput() throws {
        let directory = try Self.scratch("runs")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gzip = try #require(Self.program("gzip"))
        // A wrapper that notes each call, so that the test sees the program was used both ways.
        let log = directory.appendingPathComponent("calls.log").path
        let wrapper = directory.appendingPathComponent("noting-gzip")
        try "#!/bin/sh\necho \"x $*\" >> '\(log)'\nexec '\(gzip.path)' \"$@\"\n".write(to: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper.path, 0o755)
        let runs = directory.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        let input = (0..<150_000).map { "Name \(($0 * 7919) % 150_001) Åkesson" }.joined(separator: "\n")
        let inMemory = try SectionSortCommand.run(["-l", "sv_SE"], stdin: input)
        let compressed = try SectionSortCommand.run(
            ["-l", "sv_SE", "-S", "64K", "-T", runs.path, "--compress-program", wrapper.path, "-v"], stdin: input)
        #expect(compressed.status == 0, "\(compressed.stderr)")
        let same = compressed.stdoutBytes == inMemory.stdoutBytes
        #expect(same)
        #expect(compressed.stderr.contains("merging"), "\(compressed.stderr)")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(calls.contains("x ") && calls.contains("x -d"), "compressed and decompressed: \(Set(calls))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runs.path).isEmpty, "runs are removed")
        let failing = try SectionSortCommand.run(["-S", "64K", "-T", runs.path, "--compress-program", "false"], stdin: input)
        #expect(failing.status == 74 && failing.stdout.isEmpty && failing.stderr.contains("'false' failed"), "\(failing.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runs.path).isEmpty)
    }
}
