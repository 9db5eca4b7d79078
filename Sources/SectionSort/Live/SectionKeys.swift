/// The keys of one section of a ``LiveSectionedList``: its chunks in order, with the number of
/// entries of each and the first eight bytes of each chunk's last key kept in arrays of their own.
///
/// Binary searches and row counts read those small contiguous arrays and touch a chunk's own
/// storage only where they must: every chunk's keys live in allocations of their own, and reading
/// them chunk after chunk costs a cache miss each, which would dominate an edit of a large list.
@usableFromInline
struct SectionKeys: Sendable {
    private(set) var chunks: [KeyChunk] = []
    /// The number of entries of each chunk.
    private(set) var counts: [Int] = []
    /// Bytes 0..<8 of each chunk's last key, big-endian, zero-padded.
    private var fences: [UInt64] = []
    /// The number of entries in all chunks.
    private(set) var count = 0

    /// Appends a full chunk (when a list is built).
    mutating func append(_ chunk: KeyChunk) {
        chunks.append(chunk)
        counts.append(chunk.count)
        fences.append(Self.prefix(of: chunk.keys[chunk.count - 1]))
        count += chunk.count
    }

    mutating func setSearchKeys(_ keys: SearchKeys, ofChunk chunk: Int) {
        chunks[chunk].searchKeys = keys
    }

    /// The first entry whose key is not before `key` (`upper`: after `key`); past the end, the end
    /// of the last chunk, and (0, 0) when there are no chunks.
    ///
    /// - Complexity: O(log n · m) for keys of m bytes.
    func boundary(of key: [UInt8], upper: Bool) -> (chunk: Int, index: Int) {
        guard !chunks.isEmpty else { return (0, 0) }
        let keyPrefix = Self.prefix(of: key[...])
        var low = 0, high = chunks.count
        fences.withUnsafeBufferPointer { fences in
            while low < high {
                let middle = (low + high) / 2
                // The eight-byte prefixes decide unless they are equal.
                let order =
                    fences[middle] != keyPrefix
                    ? (fences[middle] < keyPrefix ? -1 : 1)
                    : chunks[middle].keys.compare(counts[middle] - 1, with: key)
                if order < 0 || (upper && order == 0) { low = middle + 1 } else { high = middle }
            }
        }
        if low == chunks.count { return (low - 1, counts[low - 1]) }
        return (low, chunks[low].boundary(of: key, upper: upper))
    }

    /// The number of entries in the chunks before `chunk`.
    func entries(before chunk: Int) -> Int {
        counts.withUnsafeBufferPointer { counts in
            var total = 0
            for index in 0..<chunk { total += counts[index] }
            return total
        }
    }

    /// The chunk and index of entry `row`, nil past the end.
    func position(ofEntry row: Int) -> (chunk: Int, index: Int)? {
        counts.withUnsafeBufferPointer { counts in
            var remaining = row
            for chunk in counts.indices {
                if remaining < counts[chunk] { return (chunk, remaining) }
                remaining -= counts[chunk]
            }
            return nil
        }
    }

    /// The slot of the entry at `position`.
    func slot(at position: (chunk: Int, index: Int)) -> Int32 {
        chunks[position.chunk].slots[position.index]
    }

    /// The position of the entry whose key is `key` and whose slot is `slot`: the first equal key,
    /// then along the entries with equal keys, which follow one another.
    func position(of key: [UInt8], slot: Int32) -> (chunk: Int, index: Int) {
        var (chunk, index) = boundary(of: key, upper: false)
        while true {
            if index == counts[chunk] { chunk += 1; index = 0; continue }
            if chunks[chunk].slots[index] == slot { return (chunk, index) }
            index += 1
        }
    }

    /// Inserts `entry`, whose item is in `slot`, at `position` (an empty section gets its first
    /// chunk); a chunk that grows past ``KeyChunk/maximumCount`` splits in two.
    ///
    /// - Returns: where the entry is, and when its chunk split: that chunk and the index from
    ///   which its entries moved to the next chunk (an entry at `split.at + i` is now at `i` there).
    @discardableResult
    mutating func insert(_ entry: LiveKeys, slot: Int32, at position: (chunk: Int, index: Int)) -> (
        position: (chunk: Int, index: Int), split: (chunk: Int, at: Int)?
    ) {
        if chunks.isEmpty {
            chunks.append(KeyChunk())
            counts.append(0)
            fences.append(0)
        }
        chunks[position.chunk].insert(entry, slot: slot, at: position.index)
        counts[position.chunk] += 1
        count += 1
        guard counts[position.chunk] > KeyChunk.maximumCount else {
            updateFence(position.chunk)
            return (position, nil)
        }
        let middle = counts[position.chunk] / 2
        let second = chunks[position.chunk].split(at: middle)
        chunks.insert(second, at: position.chunk + 1)
        counts.insert(second.count, at: position.chunk + 1)
        counts[position.chunk] = middle
        fences.insert(0, at: position.chunk + 1)
        updateFence(position.chunk)
        updateFence(position.chunk + 1)
        let placed = position.index < middle ? position : (position.chunk + 1, position.index - middle)
        return (placed, (position.chunk, middle))
    }

    /// Removes the entry at `position`; an emptied chunk goes.
    mutating func remove(at position: (chunk: Int, index: Int)) {
        chunks[position.chunk].remove(at: position.index)
        counts[position.chunk] -= 1
        count -= 1
        if counts[position.chunk] == 0 {
            chunks.remove(at: position.chunk)
            counts.remove(at: position.chunk)
            fences.remove(at: position.chunk)
        } else {
            updateFence(position.chunk)
        }
    }

    mutating func replaceSearchKeys(at position: (chunk: Int, index: Int), with keys: [UInt8]) {
        chunks[position.chunk].searchKeys.replace(at: position.index, with: keys)
    }

    private mutating func updateFence(_ chunk: Int) {
        fences[chunk] = Self.prefix(of: chunks[chunk].keys[counts[chunk] - 1])
    }

    private static func prefix(of key: ArraySlice<UInt8>) -> UInt64 {
        var prefix: UInt64 = 0
        var index = key.startIndex
        for _ in 0..<8 {
            prefix <<= 8
            if index < key.endIndex { prefix |= UInt64(key[index]); index += 1 }
        }
        return prefix
    }
}
