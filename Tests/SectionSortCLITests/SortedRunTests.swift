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
