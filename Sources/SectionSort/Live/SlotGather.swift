/// Copies the items of a live list's slots into a new array, in parallel.
enum SlotGather {
    /// `storage[slots[i]]!` for every i.
    ///
    /// Items may be of a non-`Sendable` type: as in ``PermutedCopy``, each is only copied (a
    /// retain for a reference), never used, `storage` is only read while the jobs run, and every
    /// output position is written by one job, so no item is touched by two threads beyond the copy.
    ///
    /// - Complexity: O(k) for k slots, spread over the threads.
    static func items<Item>(_ storage: [Item?], at slots: [Int32], threads: Int?) -> [Item] {
        // No uninitialized-capacity array of 0: that writes the shared empty storage (see PermutedCopy).
        guard !slots.isEmpty else { return [] }
        let jobSize = 8192
        let jobs = (slots.count + jobSize - 1) / jobSize
        let pool = WorkerPool(threads: slots.count < 2 * jobSize ? 1 : threads)
        return storage.withUnsafeBufferPointer { storageBuffer in
            slots.withUnsafeBufferPointer { slotsBuffer in
                let source = UncheckedSendable(storageBuffer), positions = UncheckedSendable(slotsBuffer)
                return Array(unsafeUninitializedCapacity: slots.count) { output, initialized in
                    let destination = SharedMutableBuffer(output)
                    pool.run(jobs) { job in
                        for position in job * jobSize..<min(positions.value.count, (job + 1) * jobSize) {
                            (destination.base.baseAddress! + position).initialize(to: source.value[Int(positions.value[position])]!)
                        }
                    }
                    initialized = slots.count
                }
            }
        }
    }
}
