import Foundation
import Testing

/// A regular file is read to the size it had when opened: one cut while it is read is an I/O
/// error naming it (it once ended with exit 0 and a record made of the cut line's first bytes),
/// and a file that standard input has partly read already is read from where it stands.
@Suite struct InputSizeTests {
    /// Key records of `count` names, as `--emit-keys` writes them. The names' numbers have six
    /// digits, so that their keys, and so their records, are in byte order as written, which
    /// `--from-keys` checks as it reads (sorting them here took seconds under a sanitizer).
    static func keyRecords(count: Int, part: Int) throws -> [UInt8] {
        let names = (0..<count).map { "Name\(String(1_000_000 + $0).dropFirst()) Berg" }.joined(separator: "\n") + "\n"
        let result = try SectionSortCommand.run(["--emit-keys", "--part", "\(part)"], stdin: names)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutBytes
    }

    @Test func aFileCutWhileItIsReadIsAnIOError() throws {
        try withScratchDirectory { directory in
            // --from-keys opens every part before it merges: once the second part, a FIFO, is open,
            // the first has been opened and its size taken, and at most its first buffer (1 MiB)
            // read. The file is several times that, and the cut lies past it, so whatever the
            // reader has read by then, the cut is met while reading.
            let first = directory.appendingPathComponent("first.keys").path
            let records = try Self.keyRecords(count: 200_000, part: 0)
            #expect(records.count > 6 << 20)
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
            let cut = records.count * 3 / 4 + 3
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
            // --from-keys writes as it reads, but not a record made of the cut one's first bytes:
            // every whole line it wrote is the section's title or a whole name (the last line may
            // be cut where its output buffer was full).
            var lines = Array(written).split(separator: 0x0A, omittingEmptySubsequences: false)
            lines.removeLast()
            let cutLine = lines.first { !($0.elementsEqual("N".utf8) || ($0.count == 17 && $0.suffix(5).elementsEqual(" Berg".utf8))) }
            #expect(cutLine == nil, "\(String(decoding: cutLine ?? [], as: UTF8.self))")
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
