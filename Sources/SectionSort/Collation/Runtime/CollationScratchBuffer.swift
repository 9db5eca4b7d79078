/// Growable scratch memory of the collation element iterator (the code points read so far and the
/// collation elements not yet returned), kept from text to text.
///
/// An array would check its uniqueness on every write and its bounds on every read, on the path
/// that runs once per character. Unsafe for that speed, and sound because every write is at
/// `count` after `append` made room for it (or below `count`), every read is below `count` (checked
/// in debug builds), the memory is owned by this object alone and never handed out beyond a call,
/// and its iterator, like the collator that holds it, is confined to one thread and never copied
/// while in use.
final class CollationScratchBuffer<Element: BitwiseCopyable> {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool {
        @inline(__always) get { count == 0 }
    }

    @inline(__always)
    func removeAll() { count = 0 }

    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    func append(contentsOf elements: [Element]) {
        guard !elements.isEmpty else { return }
        if count + elements.count > capacity { grow(to: max(capacity * 2, count + elements.count)) }
        elements.withUnsafeBufferPointer { (base + count).initialize(from: $0.baseAddress!, count: $0.count) }
        count += elements.count
    }

    /// Replaces the elements in `range` (below `count`) by `elements`; the ones after it move.
    func replaceSubrange(_ range: Range<Int>, with elements: [Element]) {
        assert(range.lowerBound >= 0 && range.upperBound <= count)
        let tail = (range.upperBound..<count).map { base[$0] }
        count = range.lowerBound
        append(contentsOf: elements)
        append(contentsOf: tail)
    }

    private func grow(to newCapacity: Int) {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }

    /// The elements' memory, valid until the next ``append(_:)`` or ``append(contentsOf:)``
    /// (which may move it) or until the buffer is freed.
    var elements: UnsafePointer<Element> { UnsafePointer(base) }

    @inline(__always)
    subscript(index: Int) -> Element {
        assert(index >= 0 && index < count)
        return base[index]
    }
}
