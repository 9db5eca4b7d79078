/// The matches that one search job finds in a run of chunks of one section: the slots of the
/// matching items, in list order.
struct SearchScan: Sendable {
    /// The storage slot of each matching item, in list order.
    private(set) var slots: [Int32] = []
    /// Positions in `slots` whose stored key was cut short of the query and matches as far as it
    /// goes: the whole key must be compared, from that word on.
    private(set) var unchecked: [Int] = []

    /// Appends the matches of `query` (a primary key without its terminator) in the chunk at
    /// `chunk`.
    ///
    /// - Complexity: O(w) for w words in the chunk (see ``SearchKeys/scan(_:query:into:)``).
    mutating func scan(_ chunk: UnsafePointer<KeyChunk>, query: UnsafeBufferPointer<UInt8>) {
        guard !query.isEmpty else {
            slots.append(contentsOf: chunk.pointee.slots)
            return
        }
        SearchKeys.scan(chunk, query: query, into: &self)
    }

    mutating func append(slot: Int32, needsCheck: Bool) {
        if needsCheck { unchecked.append(slots.count) }
        slots.append(slot)
    }
}
