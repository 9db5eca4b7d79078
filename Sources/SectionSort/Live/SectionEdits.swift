/// The edits of one batch that fall in one section of a live list, and the rows they had and
/// have: a section's keys are edited on their own, so that the sections of a batch are edited in
/// parallel (their items, identifiers and slots are taken care of before, on one thread).
@usableFromInline
struct SectionEdits: Sendable {
    /// An entry of the section: its ordering key and its slot find it.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var key: [UInt8]
        @usableFromInline var slot: Int32

        @usableFromInline
        init(key: [UInt8], slot: Int32) {
            self.key = key
            self.slot = slot
        }
    }

    /// Entries to take out: removed items, and moved items at their old place.
    @usableFromInline var leaving: [Entry] = []
    /// Items updated where they are, with their new search keys.
    @usableFromInline var updated: [(entry: Entry, search: [UInt8])] = []
    /// Entries to insert, in the batch's order, which equal keys keep.
    @usableFromInline var arriving: [(keys: LiveKeys, slot: Int32)] = []

    /// After ``SectionKeys/apply(_:)``: each leaving entry's row before the batch.
    @usableFromInline private(set) var leavingRows: [Int] = []
    /// Each updated entry's row after the batch.
    @usableFromInline private(set) var updatedRows: [Int] = []
    /// Each arriving entry's row after the batch.
    @usableFromInline private(set) var arrivingRows: [Int] = []
    /// The slot of the entry after each arriving one; nil for the section's last.
    @usableFromInline private(set) var arrivingSuccessors: [Int32?] = []

    @usableFromInline init() {}

    var isEmpty: Bool { leaving.isEmpty && updated.isEmpty && arriving.isEmpty }

    /// Applies the edits to `keys`: first the leaving entries go, then the updated ones get their
    /// search keys, then the arriving ones are inserted.
    ///
    /// Arriving entries are inserted in key order (equal keys in the batch's), which puts them
    /// where inserting them in the batch's order would, and each is placed after all that came
    /// before: a later insertion moves an earlier one only by splitting its chunk, so their
    /// positions are kept up to date instead of searched again.
    ///
    /// - Complexity: O(k·(log n + b) + c) for k edits: binary searches, moves inside chunks of b
    ///   bytes, and once the c chunks of the section for the rows.
    mutating func apply(to keys: inout SectionKeys) {
        var oldRows = RowCounts()
        let leavingPositions = leaving.map { keys.position(of: $0.key, slot: $0.slot) }
        leavingRows = leavingPositions.map { oldRows.rows(beforeChunk: $0.chunk, in: keys) + $0.index }
        for position in leavingPositions.sorted(by: { ($0.chunk, $0.index) > ($1.chunk, $1.index) }) {
            keys.remove(at: position)
        }
        for item in updated {
            keys.replaceSearchKeys(at: keys.position(of: item.entry.key, slot: item.entry.slot), with: item.search)
        }

        let order = arriving.indices.sorted { first, second in
            let (a, b) = (arriving[first].keys.ordering, arriving[second].keys.ordering)
            return a == b ? first < second : a.lexicographicallyPrecedes(b)
        }
        var positions = [(chunk: Int, index: Int)](repeating: (0, 0), count: arriving.count)
        for (done, item) in order.enumerated() {
            let entry = arriving[item]
            let (position, split) = keys.insert(
                entry.keys, slot: entry.slot, at: keys.boundary(of: entry.keys.ordering, upper: true))
            positions[item] = position
            guard let split else { continue }
            // Those inserted before are before this one, in its chunk or earlier ones, in order:
            // those in the chunk that split, from `split.at` on, are now in the next chunk.
            for earlier in order[..<done].reversed() {
                let old = positions[earlier]
                if old.chunk != split.chunk { break }
                if old.index >= split.at { positions[earlier] = (old.chunk + 1, old.index - split.at) }
            }
        }

        var newRows = RowCounts()
        arrivingRows = positions.map { newRows.rows(beforeChunk: $0.chunk, in: keys) + $0.index }
        arrivingSuccessors = positions.map { position in
            if position.index + 1 < keys.counts[position.chunk] { return keys.slot(at: (position.chunk, position.index + 1)) }
            if position.chunk + 1 < keys.counts.count { return keys.slot(at: (position.chunk + 1, 0)) }
            return nil
        }
        updatedRows = updated.map { item in
            let position = keys.position(of: item.entry.key, slot: item.entry.slot)
            return newRows.rows(beforeChunk: position.chunk, in: keys) + position.index
        }
    }
}
