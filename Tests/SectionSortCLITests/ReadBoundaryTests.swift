import Foundation
import Testing

/// Lines are read in blocks (64 KiB under `-S 64K`) and large blocks are checked in pieces on
/// several threads: a line, a character, a CR LF or an invalid byte cut by a block's or a piece's
/// end must read as it does in one piece, and an error must name the same place.
@Suite struct ReadBoundaryTests {
    /// The size of a read under `-S 64K` (the smallest reads the tool makes).
    static let blockSize = 1 << 16

    /// ASCII filler lines up to `position`, then `special`, then more lines: `special` starts
    /// exactly `position` bytes into the input. By default the input ends a quarter of a block
    /// after the first block's end, where the specials are placed: the reads after that one are
    /// cut as it is, and every test runs the tool dozens of times on it.
    static func input(placing special: [UInt8], at position: Int, total: Int = blockSize + blockSize / 4) -> [UInt8] {
        var bytes: [UInt8] = []
        var number = 0
        while bytes.count < position {
            let line = Array("Name\(number) Berg\n".utf8)
            number += 1
            if bytes.count + line.count <= position - 1 || bytes.count + line.count == position {
                bytes += line
            } else {
                // Pads the last filler line so that it ends just before `position`.
                bytes += [UInt8](repeating: 0x61, count: position - bytes.count - 1) + [0x0A]
            }
        }
        bytes += special
        while bytes.count < total {
            bytes += Array("After\(number) Lund\n".utf8)
            number += 1
        }
        return bytes
    }

    static func run(_ arguments: [String], _ bytes: [UInt8]) throws -> SectionSortCommand.Result {
        try withScratchDirectory { directory in
            try SectionSortCommand.run(["-l", "sv_SE", "-T", directory.path] + arguments, stdinBytes: bytes)
        }
    }

    /// What one read of the whole input gives, against 64 KiB reads.
    static func expectSameAsOneRead(_ bytes: [UInt8], _ arguments: [String] = [], _ comment: String) throws -> SectionSortCommand.Result {
        let whole = try run(["-S", "50%"] + arguments, bytes)
        let blocks = try run(["-S", "64K"] + arguments, bytes)
        #expect(blocks.status == whole.status, "\(comment): \(blocks.stderr)")
        #expect(blocks.stdout == whole.stdout, "\(comment)")
        #expect(blocks.stderr == whole.stderr, "\(comment)")
        return whole
    }

    @Test func charactersAndLineEndsCutByABlockEnd() throws {
        let specials: [(String, [UInt8])] = [
            ("two-byte", Array("Öberg Åsa\n".utf8)), ("three-byte", Array("林 Lin\n".utf8)), ("four-byte", Array("😀 Emoji\n".utf8)),
            ("CR LF", Array("Crlf\r\n".utf8)), ("long line", Array((String(repeating: "Ä", count: 40_000) + "\n").utf8)),
            ("mid-input mark", Array("\u{FEFF}Mark\n".utf8)),
        ]
        for (name, special) in specials {
            for shift in -4...2 {
                let bytes = Self.input(placing: special, at: Self.blockSize + shift)
                let result = try Self.expectSameAsOneRead(bytes, [], "\(name) at \(shift)")
                #expect(result.status == 0, "\(name) at \(shift): \(result.stderr)")
                // The record: the special line's bytes without its line ending.
                var record = special.prefix { $0 != 0x0A }
                if record.last == 0x0D { record.removeLast() }
                #expect(
                    result.stdout.contains("  " + String(decoding: record, as: UTF8.self) + "\n"),
                    "\(name) at \(shift): the record is whole, without its CR")
                #expect(!result.stdout.contains("\r"), "\(name) at \(shift)")
            }
        }
    }

    @Test func invalidBytesCutByABlockEndAreFoundWhereTheyAre() throws {
        // Each special line is line 1 + the number of filler lines; the column is the bad byte's.
        let specials: [(name: String, bytes: [UInt8], column: Int)] = [
            ("lone continuation", Array("ab".utf8) + [0x80] + Array("c\n".utf8), 3),
            ("truncated two-byte", Array("ab".utf8) + [0xC3, 0x41] + Array("\n".utf8), 3),
            ("truncated three-byte", [0xE6, 0x9E] + Array("x\n".utf8), 1),
            ("lead at line end", Array("abc".utf8) + [0xC3] + Array("\n".utf8), 4),
            ("overlong", Array("a".utf8) + [0xC0, 0xAF] + Array("\n".utf8), 2),
            ("surrogate", Array("a".utf8) + [0xED, 0xA0, 0x80] + Array("\n".utf8), 2),
        ]
        for special in specials {
            for shift in -4...2 {
                let bytes = Self.input(placing: special.bytes, at: Self.blockSize + shift)
                let line = bytes[..<(Self.blockSize + shift)].count { $0 == 0x0A } + 1
                let result = try Self.expectSameAsOneRead(bytes, [], "\(special.name) at \(shift)")
                #expect(result.status == 65 && result.stdout.isEmpty, "\(special.name) at \(shift)")
                #expect(
                    result.stderr.contains("<stdin>:\(line):\(special.column): invalid UTF-8"),
                    "\(special.name) at \(shift): \(result.stderr)")
                let lossy = try Self.expectSameAsOneRead(bytes, ["--lossy"], "\(special.name) at \(shift), lossy")
                #expect(lossy.status == 0, "\(special.name) at \(shift), lossy: \(lossy.stderr)")
            }
        }
    }

    /// A file that ends within an eighth of a read past the first one is read in one read, and
    /// one that ends further in two: either way a character or an invalid byte at the first
    /// read's end reads as it does in one read of the whole file, and an error names the file.
    @Test func filesEndingJustPastAReadReadAsOneRead() throws {
        try withScratchDirectory { directory in
            for total in [Self.blockSize + 1, Self.blockSize + Self.blockSize / 8, Self.blockSize + Self.blockSize / 8 + 1] {
                for (name, special) in [("three-byte", Array("林 Lin\n".utf8)), ("invalid", Array("ab".utf8) + [0xE6, 0x41] + [0x0A])] {
                    let bytes = Self.input(placing: special, at: Self.blockSize - 2, total: total)
                    let path = directory.appendingPathComponent("names-\(total).txt").path
                    try Data(bytes).write(to: URL(fileURLWithPath: path))
                    let arguments = ["-l", "sv_SE", "-T", directory.path, path]
                    let whole = try SectionSortCommand.run(["-S", "50%"] + arguments)
                    let reads = try SectionSortCommand.run(["-S", "64K"] + arguments)
                    #expect(reads.stdout == whole.stdout && reads.stderr == whole.stderr, "\(name), \(total) bytes")
                    #expect(reads.status == whole.status, "\(name), \(total) bytes: \(reads.stderr)")
                    if name == "invalid" {
                        #expect(reads.status == 65 && reads.stderr.contains("names-\(total).txt:"), "\(reads.stderr)")
                    } else {
                        #expect(reads.status == 0 && reads.stdout.contains("  林 Lin\n"), "\(total) bytes: \(reads.stderr)")
                    }
                }
            }
        }
    }

    /// One read of more than a MiB is cut into pieces checked on several threads: the first
    /// invalid byte in input order is the one named, wherever the pieces end.
    @Test func theFirstInvalidByteOfALargeReadIsNamed() throws {
        let size = 3 << 20
        var bytes = Self.input(placing: Array("Öst\n".utf8), at: 1000, total: size)
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }.dropLast()
        for (first, second) in [(0.1, 0.9), (0.5, 0.55), (0.3, 0.31), (0.93, 0.99)] {
            var broken = bytes
            let firstLine = lineStarts.firstIndex { $0 >= Int(Double(size) * first) }!
            let secondLine = lineStarts.firstIndex { $0 >= Int(Double(size) * second) }!
            broken[lineStarts[secondLine] + 1] = 0xFF
            broken[lineStarts[firstLine] + 2] = 0xBF
            for threads in ["1", "2", "3"] {
                let result = try Self.run(["-S", "50%", "-j", threads], broken)
                #expect(result.status == 65 && result.stdout.isEmpty)
                #expect(result.stderr.contains("<stdin>:\(firstLine + 1):3: invalid UTF-8"), "\(first), -j \(threads): \(result.stderr)")
            }
        }
        bytes += Array("Last without a line feed".utf8)
        let whole = try Self.run(["-S", "50%"], bytes)
        #expect(whole.status == 0 && whole.stdout.contains("  Last without a line feed\n"), "\(whole.stderr)")
        let records = whole.stdout.split(separator: "\n").count { $0.hasPrefix("  ") }
        #expect(records == bytes.count { $0 == 0x0A } + 1, "every line is one record, the last one too")
    }
}
