/// Copies items into their output order in parallel.
enum PermutedCopy {
    /// Returns the items `items[order[p]]` for every permutation position `p` of each of `ranges`,
    /// the positions of each range written from its output offset on.
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
        // would write its count while other threads read it (ThreadSanitizer reported it).
        guard count > 0 else { return [] }
        let jobSize = 16_384
        var jobs: [(source: Range<Int>, outputStart: Int)] = []
        for (source, outputStart) in ranges {
            for start in stride(from: source.lowerBound, to: source.upperBound, by: jobSize) {
                let end = min(start + jobSize, source.upperBound)
                jobs.append((start..<end, outputStart + start - source.lowerBound))
            }
        }
        let pool = WorkerPool(threads: count < 2 * jobSize ? 1 : threads)
        return items.withUnsafeBufferPointer { itemsBuffer in
            order.withUnsafeBufferPointer { orderBuffer in
                let source = UncheckedSendable(itemsBuffer), permutation = UncheckedSendable(orderBuffer)
                let work = jobs
                return Array(unsafeUninitializedCapacity: count) { output, initialized in
                    let destination = SharedMutableBuffer(output)
                    pool.run(work.count) { job in
                        let (range, outputStart) = work[job]
                        for (offset, position) in range.enumerated() {
                            (destination.base.baseAddress! + outputStart + offset).initialize(to: source.value[permutation.value[position]])
                        }
                    }
                    initialized = count
                }
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
