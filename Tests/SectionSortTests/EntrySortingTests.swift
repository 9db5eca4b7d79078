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

    @Test(arguments: [0, 1, 2, 7, 8, 9, 16, 41, 60])
    func sortsAsComparisonsDoWhateverTheKeysShare(shared: Int) {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 32, 33, 500, 5000] {
            let keys = Self.keys(count: count, shared: shared, using: &generator)
            let expected = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) || (keys[$0] == keys[$1] && $0 < $1) }
            let storage: [UInt8] = keys.flatMap { $0 } + [0]  // never empty, so it has an address
            let order = storage.withUnsafeBufferPointer { bytes in
                var start = 0
                let entries = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: count)
                let scratch = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: count)
                defer { entries.deallocate(); scratch.deallocate() }
                for (index, key) in keys.enumerated() {
                    entries[index] = SortEntry(key: bytes.baseAddress! + start, length: key.count, index: index)
                    start += key.count
                }
                EntrySorting.sort(entries, scratch: scratch)
                return entries.map { Int($0.index) }
            }
            #expect(firstDifference(order, expected) == nil, "\(count) keys sharing \(shared) bytes")
        }
    }
}
