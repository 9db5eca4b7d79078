/// Sorting prefix entries in place, without a second buffer of the same size: the compact
/// sorter's memory is its entries and nothing proportional beside them.
enum PrefixEntrySorting {
    private static let insertionSortLimit = 32

    /// Distributes `entries` in place by their first two radix bytes (the section and the first
    /// key byte) in one American-flag pass, where a pass per byte would move every entry twice,
    /// and returns the range of each non-empty bucket, in order.
    ///
    /// - Complexity: O(n) moves, plus O(2¹⁶) to go through the buckets.
    static func distributeByFirstTwoBytes(_ entries: UnsafeMutableBufferPointer<PrefixEntry>) -> [Range<Int>] {
        let bucketCount = 1 << 16
        @inline(__always) func bucket(_ entry: PrefixEntry) -> Int { Int(truncatingIfNeeded: entry.high >> 48) }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * bucketCount) { table in
            let next = UnsafeMutableBufferPointer(rebasing: table[0..<bucketCount])
            let ends = UnsafeMutableBufferPointer(rebasing: table[bucketCount...])
            next.initialize(repeating: 0)
            for entry in entries { next[bucket(entry)] += 1 }
            var buckets: [Range<Int>] = [], running = 0
            for index in 0..<bucketCount {
                let count = next[index]
                if count > 0 { buckets.append(running..<running + count) }
                next[index] = running
                running += count
                ends[index] = running
            }
            guard buckets.count > 1 else { return buckets }
            permute(entries, next: next, ends: ends, bucket: bucket)
            return buckets
        }
    }

    /// Distributes `entries` by radix byte `byte` (an American-flag pass) and leaves each
    /// bucket's size in `counts` (256).
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
            permute(entries, next: next, ends: ends) { $0.radixByte(byte) }
        }
    }

    /// Moves each entry into its bucket in place (`bucket` gives it; `next` holds each bucket's
    /// first place, `ends` where it ends, in order): an American-flag pass, each entry moved once.
    @inline(__always)
    private static func permute(
        _ entries: UnsafeMutableBufferPointer<PrefixEntry>, next: UnsafeMutableBufferPointer<Int>,
        ends: UnsafeMutableBufferPointer<Int>, bucket: (PrefixEntry) -> Int
    ) {
        for index in next.indices {
            while next[index] < ends[index] {
                // Carry the entry at the bucket's next free place to where it belongs, and the
                // one found there onwards, until one that belongs here comes back.
                var carried = entries[next[index]]
                var target = bucket(carried)
                while target != index {
                    swap(&carried, &entries[next[target]])
                    next[target] += 1
                    target = bucket(carried)
                }
                entries[next[index]] = carried
                next[index] += 1
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
            if counts[entries[0].radixByte(byte)] == entries.count {
                // All in one bucket (a tie group, or names that start alike): on from the first
                // byte they do not all share, found in one pass, rather than a pass per byte.
                sort(entries, fromByte: firstDifferingByte(of: entries, after: byte))
                return
            }
            var start = 0
            for bucket in 0..<256 where counts[bucket] > 0 {
                sort(UnsafeMutableBufferPointer(rebasing: entries[start..<start + counts[bucket]]), fromByte: byte + 1)
                start += counts[bucket]
            }
        }
    }

    /// The first radix byte after `byte` where not all of `entries` are equal
    /// (``PrefixEntry/orderBytes`` where they all are, which distinct identifiers rule out).
    ///
    /// - Complexity: O(n).
    static func firstDifferingByte(of entries: UnsafeMutableBufferPointer<PrefixEntry>, after byte: Int) -> Int {
        let first = entries[0]
        var high: UInt64 = 0, middle: UInt64 = 0, low: UInt32 = 0, identifier: UInt32 = 0
        for entry in entries {
            high |= entry.high ^ first.high
            middle |= entry.middle ^ first.middle
            low |= entry.low ^ first.low
            identifier |= entry.identifier ^ first.identifier
        }
        let differing: Int
        if high != 0 {
            differing = high.leadingZeroBitCount / 8
        } else if middle != 0 {
            differing = 8 + middle.leadingZeroBitCount / 8
        } else if low != 0 {
            differing = 16 + low.leadingZeroBitCount / 8
        } else {
            differing = identifier != 0 ? 20 + identifier.leadingZeroBitCount / 8 : PrefixEntry.orderBytes
        }
        return max(byte + 1, differing)
    }
}
