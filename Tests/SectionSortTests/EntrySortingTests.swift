import Foundation
import Testing

@testable import SectionSort

/// The radix sort skips the prefix bytes that a group's entries share, reloads prefixes from deeper
/// key bytes for large groups that tie, and sorts small groups by comparisons: whatever the
/// entries share, it must give the order of a comparison sort by key bytes, then input position.
@Suite struct EntrySortingTests {
    /// `count` keys that all start with `shared` bytes, then a few bytes of a small alphabet (so
    /// that many tie), some of them ending early.
    static func keys(count: Int, shared: Int, using generator: inout some RandomNumberGenerator) -> [[UInt8]] {
        let start = (0..<shared).map { _ in UInt8.random(in: 0x02...0xFF, using: &generator) }
        return (0..<count).map { _ in
            start + (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 0x05...0x08, using: &generator) }
        }
    }

    /// The input positions of `keys` in the order the radix sort gives their entries.
    static func sortedOrder(_ keys: [[UInt8]]) -> [Int] {
        let storage: [UInt8] = keys.flatMap { $0 } + [0]  // never empty, so it has an address
        return storage.withUnsafeBufferPointer { bytes in
            var start = 0
            let entries = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: keys.count)
            let scratch = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: keys.count)
            defer { entries.deallocate(); scratch.deallocate() }
            for (index, key) in keys.enumerated() {
                entries[index] = SortEntry(key: bytes.baseAddress! + start, length: key.count, index: index)
                start += key.count
            }
            EntrySorting.sort(entries, scratch: scratch)
            return entries.map { Int($0.index) }
        }
    }

    /// The input positions of `keys` by a comparison sort of their bytes, then their positions.
    static func expectedOrder(_ keys: [[UInt8]]) -> [Int] {
        keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) || (keys[$0] == keys[$1] && $0 < $1) }
    }

    @Test(arguments: [0, 1, 2, 7, 8, 9, 16, 41, 60])
    func sortsAsComparisonsDoWhateverTheKeysShare(shared: Int) {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 32, 33, 500, 5000] {
            let keys = Self.keys(count: count, shared: shared, using: &generator)
            #expect(firstDifference(Self.sortedOrder(keys), Self.expectedOrder(keys)) == nil, "\(count) keys sharing \(shared) bytes")
        }
    }

    /// Keys of any bytes, 0x00 and 0xFF included, so that a level's byte spans up to all 256
    /// buckets, with its lowest and highest values in the first and last; ties among short keys.
    @Test func sortsKeysOfEveryByteValue() {
        var generator = SystemRandomNumberGenerator()
        for count in [33, 300, 3000] {
            let keys = (0..<count).map { _ in
                (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                    [0x00, 0xFF, UInt8.random(in: 0...0xFF, using: &generator)].randomElement(using: &generator)!
                }
            }
            #expect(firstDifference(Self.sortedOrder(keys), Self.expectedOrder(keys)) == nil, "\(count) keys of every byte value")
        }
    }

    /// Entries that are only their 8-byte prefix (instants): ordered by prefix, then position.
    @Test func sortsEntriesOfPrefixesOnly() {
        var generator = SystemRandomNumberGenerator()
        for count in [33, 1000] {
            // Few distinct values, so that many tie; spread over all eight bytes.
            let values = (0..<8).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
            let prefixes = (0..<count).map { _ in values.randomElement(using: &generator)! >> UInt64.random(in: 0...63, using: &generator) }
            let expected = prefixes.indices.sorted { (prefixes[$0], $0) < (prefixes[$1], $1) }
            let entries = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: count)
            let scratch = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: count)
            defer { entries.deallocate(); scratch.deallocate() }
            for (index, prefix) in prefixes.enumerated() { entries[index] = SortEntry(prefix: prefix, index: index) }
            EntrySorting.sort(entries, scratch: scratch)
            #expect(firstDifference(entries.map { Int($0.index) }, expected) == nil, "\(count) prefixes")
            #expect(entries.map(\.prefix) == expected.map { prefixes[$0] })
        }
    }
}
