import Foundation

/// Byte strings of one chunk of a live list, one after another in one array: one allocation per
/// chunk instead of one per item.
struct PackedKeys: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Key `i` ends at `ends[i]` and starts where key `i - 1` ends.
    private(set) var ends: [UInt32] = []

    var count: Int { ends.count }

    func start(_ index: Int) -> Int { index == 0 ? 0 : Int(ends[index - 1]) }

    /// The bytes of key `index`.
    subscript(index: Int) -> ArraySlice<UInt8> { bytes[start(index)..<Int(ends[index])] }

    mutating func append<Bytes: Collection<UInt8>>(_ key: Bytes) {
        bytes.append(contentsOf: key)
        ends.append(UInt32(bytes.count))
    }

    /// Appends one entry whose bytes `write` appends.
    mutating func appendEntry(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
        ends.append(UInt32(bytes.count))
    }

    /// - Complexity: O(c) for c bytes in the chunk.
    mutating func insert(_ key: [UInt8], at index: Int) {
        bytes.insert(contentsOf: key, at: start(index))
        ends.insert(UInt32(start(index) + key.count), at: index)
        for later in index + 1..<ends.count { ends[later] += UInt32(key.count) }
    }

    /// - Complexity: O(c) for c bytes in the chunk.
    mutating func remove(at index: Int) {
        let range = start(index)..<Int(ends[index])
        bytes.removeSubrange(range)
        ends.remove(at: index)
        for later in index..<ends.count { ends[later] -= UInt32(range.count) }
    }

    mutating func replace(at index: Int, with key: [UInt8]) {
        remove(at: index)
        insert(key, at: index)
    }

    /// Keys `range` as a new value (for splitting a chunk).
    func extracting(_ range: Range<Int>) -> PackedKeys {
        var result = PackedKeys()
        result.bytes = Array(bytes[start(range.lowerBound)..<(range.isEmpty ? start(range.lowerBound) : Int(ends[range.upperBound - 1]))])
        let base = UInt32(start(range.lowerBound))
        result.ends = ends[range].map { $0 - base }
        return result
    }

    /// Byte order of key `index` against `key`: negative, zero or positive.
    func compare(_ index: Int, with key: [UInt8]) -> Int {
        let start = start(index), length = Int(ends[index]) - start
        return bytes.withUnsafeBufferPointer { stored in
            key.withUnsafeBufferPointer { other in
                let shared = min(length, other.count)
                if shared > 0 {
                    let order = memcmp(stored.baseAddress! + start, other.baseAddress!, shared)
                    if order != 0 { return Int(order) }
                }
                return length - other.count
            }
        }
    }
}
