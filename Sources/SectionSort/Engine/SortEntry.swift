import Foundation

/// One item as the sorter sees it: where its key is, the key's first eight bytes as a number, and
/// the item's input position.
///
/// Entries order by key bytes, then by input position. That makes the order total, so any sorting
/// or merging algorithm, on any number of threads, produces the same sequence, and items with
/// equal keys keep their input order (the sort is stable).
///
/// `key` points into a ``KeyBuffer`` that outlives every entry referring to it.
struct SortEntry {
    /// Bytes 0..<8 of the key, big-endian, zero-padded: comparing prefixes compares those bytes.
    var prefix: UInt64
    var key: UnsafePointer<UInt8>
    var length: UInt32
    var index: UInt32

    init(key: UnsafePointer<UInt8>, length: Int, index: Int) {
        var prefix: UInt64 = 0
        for position in 0..<8 {
            prefix <<= 8
            if position < length { prefix |= UInt64(key[position]) }
        }
        self.prefix = prefix
        self.key = key
        self.length = UInt32(length)
        self.index = UInt32(index)
    }

    /// Whether `a` goes before `b`.
    @inline(__always)
    static func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool {
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        // Past the prefix, compare eight bytes at a time as big-endian numbers, then byte by byte.
        let shared = Int(min(a.length, b.length))
        var offset = 8
        while offset + 8 <= shared {
            let x = UnsafeRawPointer(a.key + offset).loadUnaligned(as: UInt64.self).bigEndian
            let y = UnsafeRawPointer(b.key + offset).loadUnaligned(as: UInt64.self).bigEndian
            if x != y { return x < y }
            offset += 8
        }
        while offset < shared {
            if a.key[offset] != b.key[offset] { return a.key[offset] < b.key[offset] }
            offset += 1
        }
        if a.length != b.length { return a.length < b.length }
        return a.index < b.index
    }
}

/// Sorting and merging runs of entries.
enum EntrySorting {
    /// Sorts `entries` in place.
    ///
    /// - Complexity: O(n log n) comparisons; most are decided by the 8-byte prefix alone.
    static func sort(_ entries: UnsafeMutableBufferPointer<SortEntry>) {
        var entries = entries
        entries.sort(by: SortEntry.precedes)
    }

    /// How many of the first `outputCount` entries of the merge of `a` and `b` come from `a`.
    ///
    /// - Complexity: O(log min(a.count, b.count)) comparisons.
    static func splitPoint(outputCount: Int, _ a: UnsafeMutableBufferPointer<SortEntry>, _ b: UnsafeMutableBufferPointer<SortEntry>) -> Int {
        var low = max(0, outputCount - b.count), high = min(outputCount, a.count)
        while low < high {
            let fromA = (low + high) / 2
            let fromB = outputCount - fromA
            if fromB > 0 && fromA < a.count && SortEntry.precedes(a[fromA], b[fromB - 1]) {
                low = fromA + 1
            } else {
                high = fromA
            }
        }
        return low
    }

    /// Merges the sorted runs `a` and `b` into `output` (whose count is their sum).
    static func merge(_ a: UnsafeMutableBufferPointer<SortEntry>, _ b: UnsafeMutableBufferPointer<SortEntry>, into output: UnsafeMutableBufferPointer<SortEntry>) {
        var i = 0, j = 0, k = 0
        while i < a.count && j < b.count {
            if SortEntry.precedes(b[j], a[i]) {
                output[k] = b[j]; j += 1
            } else {
                output[k] = a[i]; i += 1
            }
            k += 1
        }
        while i < a.count { output[k] = a[i]; i += 1; k += 1 }
        while j < b.count { output[k] = b[j]; j += 1; k += 1 }
    }
}
