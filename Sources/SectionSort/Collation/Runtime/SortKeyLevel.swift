/// The bytes of one level of a sort key while the key is written (the secondary, case, tertiary or
/// quaternary level, which follow the primary level once all collation elements are read).
///
/// A growable buffer that keeps its memory from key to key. Unsafe for speed, and sound because
/// every write is at `count`, after `reserve` made room for it, every read and the in-place
/// reversal stay below `count`, the memory is owned by this object alone (never handed out beyond
/// a call) and a writer, like its collator, is confined to one thread.
final class SortKeyLevel {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity = 64

    init() { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func removeAll() { count = 0 }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow() }
        base[count] = byte
        count += 1
    }

    private func grow() {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Reverses the bytes from `start` on (a French secondary segment).
    func reverse(from start: Int) {
        var segment = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        segment.reverse()
    }

    /// The first `length` bytes (at most ``count``), for the length of `body`.
    @inline(__always)
    func withBytes<Result>(_ length: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: min(length, count)))
    }

    @inline(__always)
    subscript(index: Int) -> UInt8 { base[index] }
}
