/// The keys of a run of consecutive items of one section of a ``LiveSectionedList``: their ordering
/// keys and search keys, at most ``KeyChunk/maximumCount`` of them. Sections are arrays of chunks
/// (with the items and identifiers in parallel arrays), so an insertion moves at most that many
/// entries, not the list.
///
/// Keys are kept apart from the generic items so that binary searches and searches run in code
/// that is compiled for these types, whatever the list's item type.
struct KeyChunk: Sendable {
    /// A fuller chunk splits in two.
    static let maximumCount = 256
    /// How full chunks are when a list is built, leaving room to insert.
    static let initialCount = 192

    /// The engine's ordering key of each item (``IndexedCollation/orderingKey(primary:secondary:options:)``).
    var keys = PackedKeys()
    /// Each item's search keys (``LiveKeys/search``).
    var searchKeys = PackedKeys()

    var count: Int { keys.count }

    mutating func insert(_ entry: LiveKeys, at index: Int) {
        keys.insert(entry.ordering, at: index)
        searchKeys.insert(entry.search, at: index)
    }

    mutating func remove(at index: Int) {
        keys.remove(at: index)
        searchKeys.remove(at: index)
    }

    /// The entries from `middle` on, removed from this chunk.
    mutating func split(at middle: Int) -> KeyChunk {
        let second = KeyChunk(keys: keys.extracting(middle..<count), searchKeys: searchKeys.extracting(middle..<count))
        keys = keys.extracting(0..<middle)
        searchKeys = searchKeys.extracting(0..<middle)
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
