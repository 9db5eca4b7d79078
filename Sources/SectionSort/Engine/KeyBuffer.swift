import Foundation

/// A growable run of bytes at a stable address: the storage of one chunk's sort keys.
///
/// One allocation holds the keys of a whole chunk of items (never one allocation per item). The
/// buffer is filled by a single worker; after that phase it is only read, through `bytes(at:)` and
/// `pointer(at:)`, by any number of threads.
///
/// Its stored properties opt out of dynamic exclusivity checks (`@exclusivity(unchecked)`): they
/// are touched once or twice per key in the engine's hottest loop, only ever by the one thread that
/// owns the buffer while it grows, and the checks' thread-local bookkeeping cost about a sixth of
/// the engine's time.
///
/// The memory is `malloc`'s and grows with `realloc`: a key of hundreds of megabytes (one record
/// longer than the memory limit) then grows in place or is moved by remapping its pages, instead
/// of being copied into a new block beside the old one, which held it twice at each doubling.
///
/// Sendability: `@unchecked` because it holds a raw pointer. It is sound because every mutation
/// (`append`, `appendBytes`, `roomForAppending`, `didAppend`) happens on the one thread that fills
/// the buffer, before the buffer is published to other threads by the end of the
/// ``WorkerPool`` run that filled it (the join of `DispatchQueue.concurrentPerform`, or of the
/// helpers under a lock in ``WorkerPool/run(_:whileCallerRuns:helpers:_:)``: each a full
/// barrier), and nothing mutates it afterwards.
final class KeyBuffer: @unchecked Sendable {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        base = Self.reallocate(nil, capacity: self.capacity)
    }

    deinit { free(base) }

    /// `realloc`, which keeps the bytes below the smaller of the old and new capacities.
    private static func reallocate(_ base: UnsafeMutablePointer<UInt8>?, capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = realloc(base, capacity) else { fatalError("out of memory for \(capacity) bytes of sort keys") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Makes room for `extra` more bytes: a compare on the path of every key, the growth out of it.
    @inline(__always)
    private func reserve(_ extra: Int) {
        let needed = count + extra
        if needed > capacity { grow(to: needed) }
    }

    @inline(never)
    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        base = Self.reallocate(base, capacity: newCapacity)
        capacity = newCapacity
    }

    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Lets `write` fill up to `limit` bytes at the end of the buffer and keeps the number it
    /// returns.
    @discardableResult
    func appendBytes(upTo limit: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) -> Int {
        let written = write(roomForAppending(upTo: limit))
        didAppend(written, upTo: limit)
        return written
    }

    /// Makes room for `limit` more bytes and returns where they go, for a writer whose code is
    /// better not a closure (``appendBytes(upTo:_:)``'s is a call of its own for each key, where
    /// the compiler does not inline it); ``didAppend(_:upTo:)`` then keeps what it wrote.
    @inline(__always)
    func roomForAppending(upTo limit: Int) -> UnsafeMutablePointer<UInt8> {
        reserve(limit)
        return base + count
    }

    /// Keeps the `written` bytes written at the address that ``roomForAppending(upTo:)`` returned
    /// for `limit` bytes, with nothing appended between.
    @inline(__always)
    func didAppend(_ written: Int, upTo limit: Int) {
        precondition(written >= 0 && written <= limit, "a writer reported more bytes than it was given")
        count += written
    }

    /// Appends the bytes of `level` by taking over its memory (``SortKeyLevel/takeStorage()``),
    /// not by copying them: the bytes held so far are put in front of them, in the same block.
    func append(takingOver level: SortKeyLevel) {
        let taken = level.takeStorage()
        guard count > 0 else {
            free(base)
            (base, count, capacity) = taken
            return
        }
        // The taken block grows by the bytes held here (in place, or by remapping its pages), its
        // bytes move up, and those held here go in front.
        let block = Self.reallocate(taken.base, capacity: max(taken.capacity, count + taken.count))
        memmove(block + count, block, taken.count)
        block.update(from: base, count: count)
        free(base)
        base = block
        count += taken.count
        capacity = max(taken.capacity, count)
    }

    /// Forgets the bytes but keeps the capacity, for a buffer reused key after key.
    func removeAll() {
        count = 0
    }

    /// Gives back the capacity that was not used; call once the buffer is full.
    func shrinkToFit() {
        guard capacity > count + 64 else { return }
        base = Self.reallocate(base, capacity: max(count, 1))
        capacity = max(count, 1)
    }

    /// The address of byte `offset`; valid while this buffer is alive and no longer growing.
    func pointer(at offset: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(base + offset)
    }

    /// A copy of `length` bytes starting at `offset`.
    func bytes(at offset: Int, length: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + offset, count: length))
    }

    /// Bytewise complement of the bytes from `offset` to the end: turns ascending key order into
    /// descending order.
    func complement(from offset: Int) {
        for index in offset..<count { base[index] = ~base[index] }
    }
}
