import Foundation
import Testing

@testable import SectionSortCLI

/// The run format: keys front coded against the entry before in the same section.
@Suite struct SortedRunTests {
    private static func entries(of file: SortedRun.File, bytes: Range<Int>? = nil) throws -> [([UInt8], [UInt8])] {
        let reader = try SortedRun.Reader(path: file.path, bytes: bytes, bufferSize: 4096)
        var entries: [([UInt8], [UInt8])] = []
        while try reader.advance() { entries.append((Array(reader.key), Array(reader.record))) }
        return entries
    }

    @Test func keysAreWrittenAfterTheStartTheyShareWithThePreviousEntryOfTheirSection() throws {
        let directory = try TemporaryDirectory(parent: nil)
        defer { directory.remove() }
        let writer = try SortedRun.Writer(in: directory)
        // Section 1: a first key, one sharing 4 bytes (rank included), a repeat; section 2 starts
        // over although its rank's first byte is the same.
        let written: [([UInt8], [UInt8])] = [
            ([0, 1, 0x41, 0x42, 0x43, 0], Array("abc".utf8)), ([0, 1, 0x41, 0x42, 0x44, 0], Array("abd".utf8)),
            ([0, 1, 0x41, 0x42, 0x44, 0], Array("abd".utf8)), ([0, 2, 0x41, 0], Array("a".utf8)), ([0, 2, 0x41, 0, 7], []),
        ]
        for (key, record) in written {
            try key.withUnsafeBufferPointer { key throws(CLIError) in
                try record.withUnsafeBufferPointer { record throws(CLIError) in try writer.append(key: key, record: record) }
            }
        }
        let file = try writer.finish()
        // Each entry: 4 + 2 + 4 bytes of lengths, the key's bytes after the shared start, the record.
        let shared = [0, 4, 6, 0, 4]
        let expectedSize = zip(written, shared).reduce(0) { $0 + 10 + $1.0.0.count - $1.1 + $1.0.1.count }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size == expectedSize)
        #expect(try Self.entries(of: file).map(\.0) == written.map(\.0))
        #expect(try Self.entries(of: file).map(\.1) == written.map(\.1))
        // A section read alone starts from a whole key.
        let second = try #require(file.bytes(ofSection: 2))
        #expect(try Self.entries(of: file, bytes: second).map(\.0) == written.suffix(2).map(\.0))
    }

    /// An entry encoded for several copies is written once after a marker and read back as
    /// many times, the entries around it front coded as ever; through a buffer far smaller than
    /// the entries, so that refills fall between a marker and its entry and between the copies.
    @Test(arguments: [1, 300, 5000])
    func repeatedEntriesAreWrittenOnceAndReadAsOftenAsTheyCame(recordLength: Int) throws {
        let directory = try TemporaryDirectory(parent: nil)
        defer { directory.remove() }
        let record = Array(repeating: UInt8(ascii: "r"), count: recordLength)
        let other = Array(repeating: UInt8(ascii: "s"), count: recordLength)
        // (key after the rank, record, copies)
        let groups: [([UInt8], [UInt8], Int)] = [
            ([0x41, 0x42, 0], record, 1), ([0x41, 0x42, 0], other, 3), ([0x41, 0x43, 0], record, 2), ([0x41, 0x43, 0], record, 1),
            ([0x50, 0], other, 1000),
        ]
        let size = groups.reduce(0) { $0 + $1.2 * SortedRun.maximumEncodedSize(keyCount: $1.0.count, recordCount: $1.1.count) }
        var bytes = [UInt8](repeating: 0, count: size)
        let end = bytes.withUnsafeMutableBytes { buffer in
            var next = buffer.baseAddress!
            for (index, group) in groups.enumerated() {
                group.0.withUnsafeBufferPointer { key in
                    group.1.withUnsafeBufferPointer { record in
                        groups[max(0, index - 1)].0.withUnsafeBufferPointer { previous in
                            next = SortedRun.encode(
                                rank: 3, key: key, previousKey: index > 0 ? previous : nil, record: record, copies: group.2, at: next)
                        }
                    }
                }
            }
            return buffer.baseAddress!.distance(to: next)
        }
        let markers = groups.filter { $0.2 > 1 }.count
        // Key bytes after the shared starts: whole (rank and 3), none, 2, none, 2.
        let entries = groups.reduce(0) { $0 + 10 + $1.1.count } + 5 + 0 + 2 + 0 + 2
        #expect(end == markers * SortedRun.repeatMarkerSize + entries, "each group once, a marker before the repeated")
        let writer = try SortedRun.Writer(in: directory)
        try writer.beginSection(rank: 3)
        try writer.append(encoded: Array(bytes[0..<end]), unrepeatedSize: size)
        let file = try writer.finish()
        #expect(file.sections.map(\.unrepeatedSize) == [size], "the size with the repeats written out")
        let read = try Self.entries(of: file)
        let expected: [([UInt8], [UInt8])] = groups.flatMap { group in
            Array(repeating: ([0, 3] + group.0, group.1), count: group.2)
        }
        #expect(read.count == expected.count)
        #expect(read.map(\.0) == expected.map(\.0) && read.map(\.1) == expected.map(\.1))
    }

    @Test func aMarkerOfFewerThanTwoCopiesIsDamage() throws {
        let directory = try TemporaryDirectory(parent: nil)
        defer { directory.remove() }
        var bytes = [UInt8](repeating: 0, count: 64)
        let end = bytes.withUnsafeMutableBytes { buffer in
            [UInt8]([0x41, 0]).withUnsafeBufferPointer { key in
                [UInt8]([0x61]).withUnsafeBufferPointer { record in
                    buffer.baseAddress!.distance(
                        to: SortedRun.encode(rank: 1, key: key, previousKey: nil, record: record, copies: 2, at: buffer.baseAddress!))
                }
            }
        }
        bytes[4] = 1  // one copy
        let writer = try SortedRun.Writer(in: directory)
        try writer.beginSection(rank: 1)
        try writer.append(encoded: Array(bytes[0..<end]), unrepeatedSize: 24)
        let file = try writer.finish()
        #expect(throws: CLIError.self) { try Self.entries(of: file) }
    }

    @Test func encodedPiecesStartWithAWholeKeyAndShareAfterThat() throws {
        // Three keys of 3 bytes, one after another in one array.
        let keys: [UInt8] = [0x41, 0x42, 0, 0x41, 0x42, 0, 0x41, 0x43, 0]
        let record = Array("x".utf8)
        var bytes = [UInt8](repeating: 0, count: 3 * SortedRun.maximumEncodedSize(keyCount: 3, recordCount: 1))
        let end = bytes.withUnsafeMutableBytes { buffer in
            keys.withUnsafeBufferPointer { keys in
                record.withUnsafeBufferPointer { record in
                    var next = buffer.baseAddress!
                    for index in 0..<3 {
                        let key = UnsafeBufferPointer(rebasing: keys[3 * index..<3 * index + 3])
                        let previous = index > 0 ? UnsafeBufferPointer(rebasing: keys[3 * index - 3..<3 * index]) : nil
                        next = SortedRun.encode(rank: 3, key: key, previousKey: previous, record: record, at: next)
                    }
                    return buffer.baseAddress!.distance(to: next)
                }
            }
        }
        // Whole (2 + 3 key bytes), all shared (0), all but the last two (2 bytes).
        #expect(end == 3 * 10 + 5 + 0 + 2 + 3 * record.count)
        #expect(Array(bytes[4..<6]) == [0, 0] && Array(bytes[6..<8]) == [0, 3], "no shared start, then the rank")
    }
}
