/// The search keys of the items of one chunk of a live list (``LiveKeys/search``, one entry per
/// item) and an index of their words: for each word, its first three key bytes and its item.
///
/// A search reads the index, four bytes a word in one array. A query of up to three key bytes is
/// decided by the index alone; a longer one reads an item's keys only when one of its words starts
/// with the query's first three bytes. The keys themselves, a dozen bytes a word or more, stay out
/// of the cache for all other items, and the loop over the index has a fixed stride and no load
/// that waits for another.
struct SearchKeys: Sendable {
    private(set) var keys = PackedKeys()
    /// For each word with a non-empty key, in item order: its key's first three bytes, high byte
    /// first (0 past the key's end; key bytes are never 0), then its item's index in the chunk
    /// (a chunk has fewer than 256 items).
    private(set) var words: [UInt32] = []

    var count: Int { keys.count }

    /// Appends one item whose search keys `write` appends.
    mutating func appendEntry(_ write: (inout [UInt8]) -> Void) {
        keys.appendEntry(write)
        indexWords(ofItem: keys.count - 1, at: words.count)
    }

    /// - Complexity: O(c) for c bytes and words in the chunk.
    mutating func insert(_ key: [UInt8], at index: Int) {
        keys.insert(key, at: index)
        let position = firstWord(ofItemAtLeast: index)
        for later in position..<words.count { words[later] += 1 }
        indexWords(ofItem: index, at: position)
    }

    /// - Complexity: O(c) for c bytes and words in the chunk.
    mutating func remove(at index: Int) {
        keys.remove(at: index)
        let start = firstWord(ofItemAtLeast: index), end = firstWord(ofItemAtLeast: index + 1)
        words.removeSubrange(start..<end)
        for later in start..<words.count { words[later] -= 1 }
    }

    mutating func replace(at index: Int, with key: [UInt8]) {
        remove(at: index)
        insert(key, at: index)
    }

    /// Items `range` as a new value (for splitting a chunk).
    func extracting(_ range: Range<Int>) -> SearchKeys {
        var result = SearchKeys()
        result.keys = keys.extracting(range)
        let base = UInt32(range.lowerBound)
        result.words = words[firstWord(ofItemAtLeast: range.lowerBound)..<firstWord(ofItemAtLeast: range.upperBound)].map { $0 - base }
        return result
    }

    /// Appends the matches of `query` (a primary key without its terminator, not empty) in the
    /// chunk at `chunk` to `scan`.
    ///
    /// The chunk is read in place: copying it would retain each of its arrays, and each retain
    /// is a cache miss on an array the search does not read unless a word starts like the query.
    ///
    /// - Complexity: O(w) for w words in the chunk, plus the keys of the items whose words start
    ///   with the query's first bytes.
    static func scan(_ chunk: UnsafePointer<KeyChunk>, query: UnsafeBufferPointer<UInt8>, into scan: inout SearchScan) {
        // The index holds three key bytes of each word: up to three, it decides alone.
        let indexed = min(query.count, 3)
        var target: UInt32 = 0
        for byte in 0..<indexed { target |= UInt32(query[byte]) << (24 - 8 * byte) }
        let mask = UInt32.max << (32 - 8 * indexed)
        chunk.pointee.searchKeys.words.withUnsafeBufferPointer { words in
            var lastItem = -1
            for word in words where word & mask == target {
                let item = Int(word & 0xFF)
                guard item != lastItem else { continue }
                lastItem = item
                if query.count <= 3 {
                    scan.append(slot: chunk.pointee.slots[item], needsCheck: false)
                } else {
                    chunk.pointee.searchKeys.matchItem(item, query: query, slot: chunk.pointee.slots[item], into: &scan)
                }
            }
        }
    }

    /// Appends item `item` to `scan` if one of its words matches `query` as far as its stored key
    /// goes.
    private func matchItem(_ item: Int, query: UnsafeBufferPointer<UInt8>, slot: Int32, into scan: inout SearchScan) {
        let end = Int(keys.ends[item])
        keys.bytes.withUnsafeBufferPointer { bytes in
            // Sound: the item's keys are a sequence of length bytes each followed by as many key
            // bytes (LiveKeyWorker.appendSearchKeys), so no read passes `end`.
            var position = keys.start(item)
            while position < end {
                let header = bytes[position]
                let length = Int(header & 0x7F)
                let shared = min(length, query.count)
                if shared > 0 && (length >= query.count || header & 0x80 != 0) {
                    var same = 0
                    while same < shared && bytes[position + 1 + same] == query[same] { same += 1 }
                    if same == shared {
                        scan.append(slot: slot, needsCheck: length < query.count)
                        return
                    }
                }
                position += 1 + length
            }
        }
    }

    /// The index entries of item `item`'s words, inserted at `position` of `words`.
    private mutating func indexWords(ofItem item: Int, at position: Int) {
        var entries: [UInt32] = []
        keys.bytes.withUnsafeBufferPointer { bytes in
            var offset = keys.start(item)
            let end = Int(keys.ends[item])
            while offset < end {
                let length = Int(bytes[offset] & 0x7F)
                if length > 0 {
                    var entry = UInt32(item)
                    for byte in 0..<min(length, 3) { entry |= UInt32(bytes[offset + 1 + byte]) << (24 - 8 * byte) }
                    entries.append(entry)
                }
                offset += 1 + length
            }
        }
        words.insert(contentsOf: entries, at: position)
    }

    /// The position in `words` of the first word of an item at index `item` or after.
    private func firstWord(ofItemAtLeast item: Int) -> Int {
        var low = 0, high = words.count
        while low < high {
            let middle = (low + high) / 2
            if Int(words[middle] & 0xFF) < item { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
