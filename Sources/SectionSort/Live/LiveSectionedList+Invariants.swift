extension LiveSectionedList {
    /// The first broken invariant of the list's bookkeeping, or nil when all hold:
    ///
    /// - each section's keys do not decrease, chunk after chunk, and no chunk is empty or over
    ///   ``KeyChunk/maximumCount``; its entry count is the sum of its chunks';
    /// - every entry's slot holds an item and an identifier, and that identifier's location names
    ///   this section, this slot and this key; every location is reached from one entry;
    /// - free slots hold nothing, and slots in use plus free slots are all slots;
    /// - the sections shown are the non-empty ones (all with
    ///   ``SectioningOptions/includesEmptySections``), in display order.
    ///
    /// Ties are not checked here: equal keys keep arrival order, which the list does not record;
    /// the tests compare the list with sectioning its items in arrival order instead. The tests
    /// call it after edits; builds with `SECTIONSORT_INVARIANTS` defined check it after every batch.
    ///
    /// - Complexity: O(n·m) for n items whose ordering keys have m bytes.
    package func invariantViolation() -> String? {
        var entries = 0
        for (section, keys) in keyChunks.enumerated() {
            var previous: ArraySlice<UInt8>?
            var count = 0
            for (chunkIndex, chunk) in keys.chunks.enumerated() {
                guard chunk.count > 0, chunk.count <= KeyChunk.maximumCount, chunk.slots.count == chunk.count else {
                    return "chunk \(chunkIndex) of section \(section) has \(chunk.count) entries and \(chunk.slots.count) slots"
                }
                for index in 0..<chunk.count {
                    let key = chunk.keys[index], slot = chunk.slots[index]
                    if let previous, key.lexicographicallyPrecedes(previous) {
                        return "keys decrease at entry \(index) of chunk \(chunkIndex) of section \(section)"
                    }
                    previous = key
                    guard storage.indices.contains(Int(slot)), storage[Int(slot)] != nil, let id = storedIDs[Int(slot)] else {
                        return "entry \(index) of chunk \(chunkIndex) of section \(section) refers to empty slot \(slot)"
                    }
                    guard let location = locations[id], location.section == section, location.slot == slot,
                        location.key.elementsEqual(key)
                    else { return "the location of \(id) does not name its entry in section \(section)" }
                }
                count += chunk.count
            }
            guard count == keys.count else { return "section \(section) counts \(keys.count) entries, its chunks \(count)" }
            entries += count
        }
        guard entries == locations.count else { return "\(entries) entries for \(locations.count) locations" }
        let free = Set(freeSlots)
        guard free.count == freeSlots.count, free.allSatisfy({ storage[Int($0)] == nil && storedIDs[Int($0)] == nil }),
            entries + free.count == storage.count
        else { return "\(freeSlots.count) free slots and \(entries) in use for \(storage.count) slots" }
        let expected = displayOrder.filter { options.includesEmptySections || keyChunks[$0].count > 0 }
        guard shown == expected else { return "sections shown \(shown), expected \(expected)" }
        return nil
    }

    /// Stops the program on a broken invariant in builds with `SECTIONSORT_INVARIANTS` defined;
    /// nothing otherwise.
    @usableFromInline @inline(__always)
    func checkInvariants() {
        #if SECTIONSORT_INVARIANTS
        if let violation = invariantViolation() { preconditionFailure("live list invariant: \(violation)") }
        #endif
    }
}
