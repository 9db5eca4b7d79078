/// One result slot per parallel job, each written by its own job alone and read once all jobs
/// have finished.
///
/// Sendability: `@unchecked`. Jobs write disjoint slots, and `DispatchQueue.concurrentPerform`
/// returns only after every job has, which orders their writes before the caller's reads. (A
/// `Mutex` would also be correct, but its contended path waits in the kernel, where
/// ThreadSanitizer cannot see the ordering, and reports races that are not there.)
final class ResultSlots<Element>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Element>

    init(count: Int, repeating value: Element) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: value)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    subscript(slot: Int) -> Element {
        get { storage[slot] }
        set { storage[slot] = newValue }
    }

    /// Every slot's value, in slot order.
    var elements: [Element] { Array(storage) }
}
