/// A run of consecutive entries of one section of a ``LiveSectionedList``, at most
/// ``KeyChunk/maximumCount`` of them: each entry's ordering key, search keys and the slot where its
/// item and identifier are stored. Sections are arrays of chunks, so an insertion moves at most
/// that many entries, not the list.
///
/// Items stay in their slots while entries move: the chunks hold only bytes and numbers, so
/// binary searches, insertions and searches run in code compiled for these types, whatever the
/// list's item type, and move a few bytes per entry.
struct KeyChunk: Sendable {
    /// A fuller chunk splits in two.
    static let maximumCount = 128
    /// How full chunks are when a list is built, leaving room to insert.
    static let initialCount = 96

    /// The engine's ordering key of each item (``IndexedCollation/orderingKey(primary:secondary:options:)``).
    var keys = PackedKeys()
    /// Each item's search keys (``LiveKeys/search``).
    var searchKeys = SearchKeys()
    /// Where each entry's item and identifier are (``LiveSectionedList``'s storage).
    var slots: [Int32] = []

    /// From the keys' own array, which a search reads next: the slots stay out of the cache.
    var count: Int { keys.count }

    mutating func append(slot: Int32, key: UnsafeBufferPointer<UInt8>) {
        keys.append(key)
        slots.append(slot)
    }

    mutating func insert(_ entry: LiveKeys, slot: Int32, at index: Int) {
        keys.insert(entry.ordering, at: index)
        searchKeys.insert(entry.search, at: index)
        slots.insert(slot, at: index)
    }

    mutating func remove(at index: Int) {
        keys.remove(at: index)
        searchKeys.remove(at: index)
        slots.remove(at: index)
    }

    /// The entries from `middle` on, removed from this chunk.
    mutating func split(at middle: Int) -> KeyChunk {
        let second = KeyChunk(
            keys: keys.extracting(middle..<count), searchKeys: searchKeys.extracting(middle..<count),
            slots: Array(slots[middle...]))
        keys = keys.extracting(0..<middle)
        searchKeys = searchKeys.extracting(0..<middle)
        slots.removeSubrange(middle...)
        return second
    }

    /// The first position whose key is not before `key` (`upper`: after `key`).
    func boundary(of key: [UInt8], upper: Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            let order = keys.compare(middle, with: key)
            if order < 0 || (upper && order == 0) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
