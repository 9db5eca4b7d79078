/// Sorting prefix entries in place, without a second buffer of the same size: the compact
/// sorter's memory is its entries and nothing proportional beside them.
enum PrefixEntrySorting {
    private static let insertionSortLimit = 32

    /// Distributes `entries` in place by radix byte `byte` (an American-flag pass) and returns the
    /// range of each non-empty bucket, in order.
    ///
    /// - Complexity: O(n) moves.
    static func distribute(_ entries: UnsafeMutableBufferPointer<PrefixEntry>, byte: Int) -> [Range<Int>] {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            distribute(entries, byte: byte, counts: counts)
            var buckets: [Range<Int>] = [], start = 0
            for bucket in 0..<256 where counts[bucket] > 0 {
                buckets.append(start..<start + counts[bucket])
                start += counts[bucket]
            }
            return buckets
        }
    }

    /// Distributes `entries` by radix byte `byte` and leaves each bucket's size in `counts` (256).
    private static func distribute(
        _ entries: UnsafeMutableBufferPointer<PrefixEntry>, byte: Int, counts: UnsafeMutableBufferPointer<Int>
    ) {
        counts.initialize(repeating: 0)
        for entry in entries { counts[entry.radixByte(byte)] += 1 }
        guard let first = entries.first, counts[first.radixByte(byte)] < entries.count else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 512) { table in
            let next = UnsafeMutableBufferPointer(rebasing: table[0..<256])
            let ends = UnsafeMutableBufferPointer(rebasing: table[256..<512])
            var running = 0
            for bucket in 0..<256 {
                next[bucket] = running
                running += counts[bucket]
                ends[bucket] = running
            }
            for bucket in 0..<256 {
                while next[bucket] < ends[bucket] {
                    // Carry the entry at the bucket's next free place to where it belongs, and the
                    // one found there onwards, until one that belongs here comes back.
                    var carried = entries[next[bucket]]
                    var target = carried.radixByte(byte)
                    while target != bucket {
                        swap(&carried, &entries[next[target]])
                        next[target] += 1
                        target = carried.radixByte(byte)
                    }
                    entries[next[bucket]] = carried
                    next[bucket] += 1
                }
            }
        }
    }

    /// Sorts `entries`, which share radix bytes before `byte`, by `(high, middle, low)` and then by
    /// identifier, in place: a large tie group is put in input order by radix passes over its
    /// identifiers' bytes too, with no buffer beside it.
    ///
    /// - Complexity: O(n · d) for d distinguishing bytes (at most ``PrefixEntry/orderBytes``),
    ///   plus insertion sorts of groups of at most 32 entries.
    static func sort(_ entries: UnsafeMutableBufferPointer<PrefixEntry>, fromByte byte: Int) {
        // Identifiers are distinct: no two entries share all the bytes.
        precondition(byte < PrefixEntry.orderBytes || entries.count <= 1, "entries with the same identifier")
        if entries.count <= insertionSortLimit {
            entries.insertionSort(by: PrefixEntry.precedes)
            return
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            distribute(entries, byte: byte, counts: counts)
            var start = 0
            for bucket in 0..<256 where counts[bucket] > 0 {
                sort(UnsafeMutableBufferPointer(rebasing: entries[start..<start + counts[bucket]]), fromByte: byte + 1)
                start += counts[bucket]
            }
        }
    }
}
