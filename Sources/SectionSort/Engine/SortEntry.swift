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

    /// An entry whose whole key is `prefix` (an 8-byte number, such as an instant's order-preserving
    /// bits). Its key has length 0, so comparisons never read through `key`, which points nowhere.
    init(prefix: UInt64, index: Int) {
        self.prefix = prefix
        self.key = UnsafePointer(bitPattern: 1)!
        self.length = 0
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
    /// Sorts `entries` in place, using `scratch` (as many entries) as working space.
    ///
    /// A most-significant-byte radix sort over the 8-byte prefixes: each level distributes by one
    /// byte, the first where the entries differ (skipping those all share, such as the letter of a
    /// section). A large group that still ties after eight bytes (names with a common start) loads
    /// the next eight key bytes into its prefixes and goes on by radix; small groups, and groups
    /// past ``radixKeyBytes``, finish with comparison sorts on the rest of the key.
    ///
    /// - Complexity: O(n · d) for d distinguishing key bytes (at most ``radixKeyBytes``), plus
    ///   comparison sorts of small groups and of groups that tie that far.
    static func sort(_ entries: UnsafeMutableBufferPointer<SortEntry>, scratch: UnsafeMutableBufferPointer<SortEntry>) {
        precondition(scratch.count >= entries.count, "scratch must hold every entry")
        radixSort(
            entries, UnsafeMutableBufferPointer(rebasing: scratch[0..<entries.count]), dataInScratch: false, keyOffset: 0,
            keysHinted: false)
    }

    private static let insertionSortLimit = 32
    /// The most entries whose key bytes past the prefix are hinted before they are sorted (the
    /// whole input, or the first bucket of the radix passes that is this small): about as many
    /// keys as a core's cache holds, so that the first hinted are not evicted by the last.
    private static let prefetchedKeysLimit = 16384
    /// How far into keys the radix passes go before comparison sorts take over.
    private static let radixKeyBytes = 48

    /// Key bytes `offset..<offset + 8` of `entry`, big-endian, zero-padded past its end.
    @inline(__always)
    private static func keyWord(_ entry: SortEntry, at offset: Int) -> UInt64 {
        let length = Int(entry.length)
        if offset + 8 <= length { return UnsafeRawPointer(entry.key + offset).loadUnaligned(as: UInt64.self).bigEndian }
        var word: UInt64 = 0
        for position in offset..<offset + 8 {
            word <<= 8
            if position < length { word |= UInt64(entry.key[position]) }
        }
        return word
    }

    /// Sorts the entries that are in `entries` (or, with `dataInScratch`, in `scratch`) by their
    /// prefixes, leaving the result in `entries`. Each level distributes from the buffer that holds
    /// the data into the other one, so no level copies back.
    ///
    /// Prefixes hold key bytes `keyOffset..<keyOffset + 8`; all entries share the bytes before.
    /// Comparisons stay valid at any offset: they compare prefixes, then key bytes from 8 on.
    ///
    /// Each level distributes by the first prefix byte where the entries differ, and only over the
    /// buckets from its lowest value to its highest: one pass finds both from the lowest and the
    /// highest prefix, which differ first at that byte and hold its extremes there. Skipping the
    /// bytes a group shares (a section's letter, names with a common start) then costs no pass of
    /// their own, and a byte that takes few values no walk over 256 buckets.
    ///
    /// Entries whose prefixes tie (names with a common start) compare the key bytes after them,
    /// scattered over the key buffers. Unless `keysHinted`, those bytes are hinted for all the
    /// entries at once where they are few enough: their loads then wait on memory together, not
    /// one comparison after another.
    private static func radixSort(
        _ entries: UnsafeMutableBufferPointer<SortEntry>, _ scratch: UnsafeMutableBufferPointer<SortEntry>,
        dataInScratch: Bool, keyOffset: Int, keysHinted: Bool
    ) {
        let count = entries.count
        let source = dataInScratch ? scratch : entries
        let hintsKeys = !keysHinted && count <= prefetchedKeysLimit
        if hintsKeys {
            for entry in source where Int(entry.length) > keyOffset + 8 { MemoryHints.prefetch(entry.key + keyOffset + 8) }
        }
        let keysHinted = keysHinted || hintsKeys
        if count <= insertionSortLimit {
            source.insertionSort(by: SortEntry.precedes)
            if dataInScratch { _ = entries.update(fromContentsOf: source) }
            return
        }
        var lowest = source[0].prefix, highest = lowest
        for entry in source {
            lowest = min(lowest, entry.prefix)
            highest = max(highest, entry.prefix)
        }
        if lowest == highest {
            // Every entry has the same prefix.
            if keyOffset + 8 < radixKeyBytes && source.contains(where: { Int($0.length) > keyOffset + 8 }) {
                // Go on by radix over the next eight key bytes; put the prefix back once sorted.
                for index in source.indices { source[index].prefix = keyWord(source[index], at: keyOffset + 8) }
                radixSort(entries, scratch, dataInScratch: dataInScratch, keyOffset: keyOffset + 8, keysHinted: keysHinted)
                for index in entries.indices { entries[index].prefix = lowest }
            } else {
                var data = source
                data.sort(by: SortEntry.precedes)
                if dataInScratch { _ = entries.update(fromContentsOf: data) }
            }
            return
        }
        let shift = UInt64(56 - (lowest ^ highest).leadingZeroBitCount / 8 * 8)
        let firstBucket = Int((lowest >> shift) & 0xFF), bucketCount = Int((highest >> shift) & 0xFF) - firstBucket + 1
        let destination = dataInScratch ? entries : scratch
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * bucketCount) { table in
            let counts = UnsafeMutableBufferPointer(rebasing: table[0..<bucketCount])
            let next = UnsafeMutableBufferPointer(rebasing: table[bucketCount...])
            counts.initialize(repeating: 0)
            for entry in source { counts[Int((entry.prefix >> shift) & 0xFF) - firstBucket] += 1 }
            var running = 0
            for bucket in 0..<bucketCount {
                next[bucket] = running
                running += counts[bucket]
            }
            for entry in source {
                let bucket = Int((entry.prefix >> shift) & 0xFF) - firstBucket
                destination[next[bucket]] = entry
                next[bucket] += 1
            }
            var start = 0
            for bucket in 0..<bucketCount where counts[bucket] > 0 {
                let range = start..<start + counts[bucket]
                start = range.upperBound
                radixSort(
                    UnsafeMutableBufferPointer(rebasing: entries[range]), UnsafeMutableBufferPointer(rebasing: scratch[range]),
                    dataInScratch: !dataInScratch, keyOffset: keyOffset, keysHinted: keysHinted)
            }
        }
    }

    /// How many of the first `outputCount` entries of the merge of `a` and `b` come from `a`.
    ///
    /// - Complexity: O(log min(a.count, b.count)) comparisons.
    static func splitPoint(outputCount: Int, _ a: UnsafeMutableBufferPointer<SortEntry>, _ b: UnsafeMutableBufferPointer<SortEntry>) -> Int
    {
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
    static func merge(
        _ a: UnsafeMutableBufferPointer<SortEntry>, _ b: UnsafeMutableBufferPointer<SortEntry>,
        into output: UnsafeMutableBufferPointer<SortEntry>
    ) {
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
