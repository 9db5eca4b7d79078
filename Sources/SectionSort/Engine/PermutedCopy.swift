/// Copies items into their output order in parallel.
enum PermutedCopy {
    /// Returns the items `items[order[p]]` for every permutation position `p` of each of `ranges`,
    /// the positions of each range written from its output offset on. The ranges cover every
    /// position of `order`, a permutation of the items' indices, and their outputs fill
    /// `0..<items.count` (or they cover none, for no output).
    ///
    /// Items are copied in their own order, each to its output position: read in output order, each
    /// copy waited on memory twice, for the item (scattered over the input) and for the storage its
    /// reference counts live in (a retain is an atomic write, which on x86-64 lets no later load
    /// start before it); read in input order, both lie one after another. The output positions
    /// come first, from the permutation, in a table of one number for each item.
    ///
    /// Items may be of a non-`Sendable` type: each is only copied (a retain for a reference), never
    /// used, and every output slot is written by one job, so no item is touched by two threads at
    /// once beyond the copy.
    ///
    /// - Complexity: O(n), spread over the threads.
    @_specialize(where Item == Int)
    @_specialize(where Item == String)
    static func copy<Item>(_ items: [Item], order: [Int], ranges: [(source: Range<Int>, outputStart: Int)], threads: Int?) -> [Item] {
        let count = ranges.reduce(0) { $0 + $1.source.count }
        // An empty array is the runtime's one shared empty storage: initializing it "in place"
        // would write its count while other threads read it (ThreadSanitizer reported it). (A run
        // that stops after its keys has an empty permutation.)
        guard count > 0 else { return [] }
        precondition(count == items.count && order.count == count, "the ranges cover the permutation of every item")
        precondition(count < UInt32.max, "output positions fit 32 bits")
        let jobSize = 16_384
        var positionJobs: [(source: Range<Int>, outputStart: Int)] = []
        for (source, outputStart) in ranges {
            for start in stride(from: source.lowerBound, to: source.upperBound, by: jobSize) {
                let end = min(start + jobSize, source.upperBound)
                positionJobs.append((start..<end, outputStart + start - source.lowerBound))
            }
        }
        let pool = WorkerPool(threads: count < 2 * jobSize ? 1 : threads)
        let targets = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count)
        defer { targets.deallocate() }
        // Marks an item that no position names: one the permutation left out (and then another
        // named twice), which would leave an output slot unwritten.
        let unplaced = UInt32.max
        targets.initialize(repeating: unplaced)
        let outputPositions = SharedMutableBuffer(targets)
        order.withUnsafeBufferPointer { orderBuffer in
            let permutation = UncheckedSendable(orderBuffer)
            let work = positionJobs
            pool.run(work.count) { job in
                let (range, outputStart) = work[job]
                for (offset, position) in range.enumerated() {
                    let item = permutation.value[position]
                    precondition(UInt(bitPattern: item) < UInt(bitPattern: count), "the permutation names an item")
                    outputPositions[item] = UInt32(truncatingIfNeeded: outputStart + offset)
                }
            }
        }
        return items.withUnsafeBufferPointer { itemsBuffer in
            let source = UncheckedSendable(itemsBuffer)
            return Array(unsafeUninitializedCapacity: count) { output, initialized in
                let destination = SharedMutableBuffer(output)
                pool.run((count + jobSize - 1) / jobSize) { job in
                    for item in job * jobSize..<min(count, (job + 1) * jobSize) {
                        let target = outputPositions[item]
                        precondition(target != unplaced, "every item has an output position")
                        (destination.base.baseAddress! + Int(target)).initialize(to: source.value[item])
                    }
                }
                initialized = count
            }
        }
    }
}

/// A value handed to parallel jobs that only read it.
///
/// Sendability: `@unchecked`; used only for buffers of the caller's array that the jobs read (and
/// copy from) while the caller waits for them inside `withUnsafeBufferPointer`.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
