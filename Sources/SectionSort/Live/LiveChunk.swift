/// A run of consecutive items of one section of a ``LiveSectionedList``, in order, with their
/// identifiers, ordering keys and search keys. Sections are arrays of chunks of at most
/// ``LiveChunk/maximumCount`` items, so an insertion moves at most that many items, not the list.
struct LiveChunk<Item, ID: Hashable> {
    /// A full chunk splits in two.
    static var maximumCount: Int { 1024 }
    /// How full chunks are when a list is built, leaving room to insert.
    static var initialCount: Int { 768 }

    var items: [Item] = []
    var ids: [ID] = []
    /// The engine's ordering key of each item (``IndexedCollation/orderingKey(primary:secondary:options:)``).
    var keys = PackedKeys()
    /// Each item's search keys (``LiveKeyWorker/appendSearchKeys(of:to:)``).
    var searchKeys = PackedKeys()

    var count: Int { items.count }

    mutating func insert(_ item: Item, id: ID, keys entry: LiveKeys, at index: Int) {
        items.insert(item, at: index)
        ids.insert(id, at: index)
        keys.insert(entry.ordering, at: index)
        searchKeys.insert(entry.search, at: index)
    }

    mutating func remove(at index: Int) {
        items.remove(at: index)
        ids.remove(at: index)
        keys.remove(at: index)
        searchKeys.remove(at: index)
    }

    /// The second half, removed from this chunk.
    mutating func splitOffSecondHalf() -> LiveChunk {
        let middle = count / 2
        var second = LiveChunk()
        second.items = Array(items[middle...])
        second.ids = Array(ids[middle...])
        second.keys = keys.extracting(middle..<count)
        second.searchKeys = searchKeys.extracting(middle..<count)
        items.removeSubrange(middle...)
        ids.removeSubrange(middle...)
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

extension LiveChunk: Sendable where Item: Sendable, ID: Sendable {}

/// One section of a ``LiveSectionedList``: its chunks and the number of items in them.
struct LiveSection<Item, ID: Hashable> {
    var chunks: [LiveChunk<Item, ID>] = []
    var count = 0
}

extension LiveSection: Sendable where Item: Sendable, ID: Sendable {}
