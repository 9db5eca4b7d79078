import Foundation
import Testing

/// A regular file is read to the size it had when opened: one cut while it is read is an I/O
/// error naming it (it once ended with exit 0 and a record made of the cut line's first bytes),
/// and a file that standard input has partly read already is read from where it stands.
@Suite struct InputSizeTests {
    /// Key records of `count` names, as `--emit-keys` writes them, sorted by bytes.
    static func keyRecords(count: Int, part: Int) throws -> [UInt8] {
        let names = (0..<count).map { "Name\($0) Berg" }.joined(separator: "\n") + "\n"
        let result = try SectionSortCommand.run(["--emit-keys", "--part", "\(part)"], stdin: names)
        #expect(result.status == 0, "\(result.stderr)")
        let records = result.stdoutBytes.split(separator: 0x0A).sorted { $0.lexicographicallyPrecedes($1) }
        return Array(records.map { Array($0) + [0x0A] }.joined())
    }

    @Test func aFileCutWhileItIsReadIsAnIOError() throws {
        try withScratchDirectory { directory in
            // --from-keys opens every part before it reads any: once the second part, a FIFO, is
            // open, the first has been opened and its size taken, and not a byte of it read.
            let first = directory.appendingPathComponent("first.keys").path
            let records = try Self.keyRecords(count: 20_000, part: 0)
            try Data(records).write(to: URL(fileURLWithPath: first))
            let fifo = directory.appendingPathComponent("second.keys").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let second = try Self.keyRecords(count: 10, part: 1)
            let (process, input, output, error) = try SectionSortCommand.launch(
                SectionSortCommand.executable, ["--from-keys", first, fifo])
            try input.fileHandleForWriting.close()
            let errors = ErrorCollector(error.fileHandleForReading)
            let writer = open(fifo, O_WRONLY)
            #expect(writer >= 0)
            // Cut in the middle of a record.
            let cut = records.count / 2 + 3
            #expect(truncate(first, off_t(cut)) == 0)
            _ = second.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            close(writer)
            let written = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let message = errors.value()
            #expect(process.terminationStatus == 74, "\(message)")
            #expect(
                message.contains("\(first): the file ended after \(cut) bytes, before the \(records.count) it had when opened"),
                "\(message)")
            // --from-keys writes as it reads, but not a record made of the cut one's first bytes.
            #expect(!String(decoding: written, as: UTF8.self).contains("Name\(cut)"))
        }
    }

    @Test func standardInputIsReadFromWhereItStands() throws {
        try withScratchDirectory { directory in
            let path = try write("skipped\nb\na\n", to: "input.txt", in: directory)
            let handle = try #require(FileHandle(forReadingAtPath: path))
            try handle.seek(toOffset: 8)
            let process = Process()
            process.executableURL = SectionSortCommand.executable
            process.arguments = ["--format", "jsonl"]
            let output = Pipe()
            let (errorPipe) = SectionSortCommand.whileLaunching { () -> Pipe in
                let errorPipe = Pipe()
                process.standardInput = handle
                process.standardOutput = output
                process.standardError = errorPipe
                try? process.run()
                return errorPipe
            }
            let errors = ErrorCollector(errorPipe.fileHandleForReading)
            let written = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(errors.value())")
            #expect(written == "{\"section\": \"A\", \"record\": \"a\"}\n{\"section\": \"B\", \"record\": \"b\"}\n")
        }
    }
}
