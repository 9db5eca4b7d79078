import Foundation

/// The bytes of one level of a sort key while the key is written (the secondary, case, tertiary or
/// quaternary level, which follow the primary level once all collation elements are read).
///
/// A growable buffer that keeps its memory from key to key. Unsafe for speed, and sound because
/// every write is at `count`, after `reserve` made room for it, every read and the in-place
/// reversal stay below `count` (a ``Cursor`` writes only where ``reserve(_:)`` made room,
/// checked in debug builds), the memory is owned by this object alone (never handed out beyond
/// a call, except whole by ``takeStorage()``, after which the level has new memory of its own)
/// and a writer, like its collator, is confined to one thread. The memory is `malloc`'s, so that
/// a ``KeyBuffer`` can take it over.
final class SortKeyLevel {
    @exclusivity(unchecked) fileprivate var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) fileprivate(set) var count = 0
    @exclusivity(unchecked) fileprivate var capacity = 64

    init() { base = Self.reallocate(nil, capacity: 64) }
    deinit { free(base) }

    /// `realloc`, which keeps the bytes below the smaller of the old and new capacities.
    private static func reallocate(_ base: UnsafeMutablePointer<UInt8>?, capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = realloc(base, capacity) else { fatalError("out of memory for \(capacity) bytes of a sort key") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Levels of at least this many bytes are taken over by a key buffer rather than copied.
    static let takeOverSize = 1 << 20

    /// Hands over the level's memory (`malloc`'s, to be freed with `free`) with its bytes, and
    /// starts again empty in new memory: a key of hundreds of megabytes is then not copied into
    /// the key buffer beside itself, nor kept here after it is written.
    func takeStorage() -> (base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) {
        let storage = (base, count, capacity)
        capacity = 64
        base = Self.reallocate(nil, capacity: capacity)
        count = 0
        return storage
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func removeAll() { count = 0 }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow() }
        base[count] = byte
        count += 1
    }

    /// A write position in a level kept in a local variable (so in registers) by a loop that
    /// appends a few bytes per collation element: the level's own count is stored only at
    /// ``finish()``, and a byte written does not make the loop reload the level's fields.
    ///
    /// Sound as the level is: ``appendReserved(_:)`` writes only below `limit`, which
    /// ``reserve(_:)`` keeps at the end of the level's memory, and nothing else writes to the
    /// level between the cursor's creation and ``finish()``.
    struct Cursor {
        /// Unowned: a cursor lives within one call of the writer that holds the level, so the
        /// level outlives it, and a reference count per key is saved.
        private unowned(unsafe) let level: SortKeyLevel
        private var end: UnsafeMutablePointer<UInt8>
        private var limit: UnsafeMutablePointer<UInt8>

        /// A cursor at the end of `level`.
        @inline(__always)
        init(_ level: SortKeyLevel) {
            self.level = level
            end = level.base + level.count
            limit = level.base + level.capacity
        }

        /// Makes room for `extra` more bytes.
        @inline(__always)
        mutating func reserve(_ extra: Int) {
            if limit - end < extra { grow(extra) }
        }

        @inline(never)
        private mutating func grow(_ extra: Int) {
            level.count = end - level.base
            level.reserve(extra)
            end = level.base + level.count
            limit = level.base + level.capacity
        }

        /// Appends a byte where ``reserve(_:)`` made room for it.
        @inline(__always)
        mutating func appendReserved(_ byte: UInt8) {
            assert(end < limit)
            end.pointee = byte
            end += 1
        }

        /// Appends the first `count` bytes of `word` (most significant first) where ``reserve(_:)``
        /// made room for all four.
        @inline(__always)
        mutating func appendReserved(bytesOf word: UInt32, count: Int) {
            assert(limit - end >= 4 && count <= 4)
            UnsafeMutableRawPointer(end).storeBytes(of: word.bigEndian, as: UInt32.self)
            end += count
        }

        /// Appends the first `length` bytes of `other` where ``reserve(_:)`` made room for them.
        @inline(__always)
        mutating func appendReserved(contentsOf other: SortKeyLevel, length: Int) {
            assert(length <= other.count && limit - end >= length)
            // A loop: the levels after the primary one are a few bytes, less than a call costs.
            var index = 0
            while index < length {
                end[index] = other.base[index]
                index += 1
            }
            end += length
        }

        /// Stores the count of bytes written in the level.
        @inline(__always)
        func finish() { level.count = end - level.base }
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toAtLeast: count + extra) }
    }

    @inline(never)
    private func grow(toAtLeast minimum: Int = 0) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        // Grown in place, or moved by remapping its pages where the block is large: not held
        // twice while it is copied.
        base = Self.reallocate(base, capacity: newCapacity)
        capacity = newCapacity
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
