import Foundation
import SectionSort

/// How the C allocator keeps large blocks once they are freed.
///
/// glibc serves large blocks from their own mappings, returned to the system when freed, but
/// raises that threshold to the size of each such block freed, up to 32 MiB: after a long record's
/// buffers are freed, the next buffers of its size come from the heap and stay there when freed,
/// so that the record was held beside copies of it that were no longer used (from a pipe, whose
/// record is read into a buffer larger than it, more than from a file).
///
/// Sorted runs want the opposite: each batch allocates the same large buffers as the batch before
/// it (entries, keys, the read buffer), and a block returned to the system comes back as pages the
/// kernel must fault in and zero again, a third of the time of writing runs. While runs are written
/// the allocator keeps freed blocks for the next batch (``keepFreedBlocks()``), and gives them back
/// before the merge (``releaseFreedBlocks()``).
enum LargeBlocks {
    /// Keeps blocks of ``MemoryPlan/longRecord`` bytes or more out of the heap from now on: called
    /// when a long record is met, so that inputs without one keep the allocator's reuse of large
    /// blocks (fewer page faults). Blocks kept by ``keepFreedBlocks()`` go back to the system now.
    static func returnToTheSystemWhenFreed() {
        state.withLock { state in
            if state.meetLongRecord() {
                _ = mallopt(mmapMax, defaultMmapMax)
                _ = mallopt(trimThreshold, defaultTrimThreshold)
                trimHeap()
            }
            _ = mallopt(mmapThreshold, Int32(MemoryPlan.longRecord))
        }
    }

    /// The smallest batch budget for which sorted runs keep freed blocks: glibc keeps blocks up to
    /// 32 MiB in the heap anyway once one of their size was freed, which covers the batches of
    /// smaller budgets.
    static let smallestKeepingBudget = 64 << 20

    /// Keeps freed blocks in the heap, however large, until ``releaseFreedBlocks()``; nothing once a
    /// long record was met (its copies are not to stay).
    static func keepFreedBlocks() {
        state.withLock { state in
            guard state.keep() else { return }
            // No block gets a mapping of its own, and the heap's free top is never trimmed.
            _ = mallopt(mmapMax, 0)
            _ = mallopt(trimThreshold, Int32.max)
        }
    }

    /// Gives the blocks kept since ``keepFreedBlocks()`` back to the system and lets the allocator
    /// return freed blocks again, with the thresholds glibc would have raised them to by then
    /// (setting any of them stops its raising): blocks up to 32 MiB from the heap, which is
    /// trimmed past twice that, so that the merge's buffers are reused as before.
    static func releaseFreedBlocks() {
        state.withLock { state in
            guard state.release() else { return }
            _ = mallopt(mmapMax, defaultMmapMax)
            _ = mallopt(mmapThreshold, largestHeapBlock)
            _ = mallopt(trimThreshold, 2 * largestHeapBlock)
            trimHeap()
        }
    }

    /// Whether this platform's allocator takes the settings (glibc's `mallopt` and `malloc_trim`
    /// are found); elsewhere every call here does nothing.
    static var isSupported: Bool {
        #if canImport(Glibc)
        return symbol("mallopt") != nil && symbol("malloc_trim") != nil
        #else
        return false
        #endif
    }

    /// When the allocator's settings change: each method says whether they do.
    struct State {
        private(set) var keeping = false
        private(set) var longRecordMet = false

        /// Starts keeping, unless already keeping or a long record was met.
        mutating func keep() -> Bool {
            guard !longRecordMet, !keeping else { return false }
            keeping = true
            return true
        }

        /// Stops keeping; false when not keeping.
        mutating func release() -> Bool {
            defer { keeping = false }
            return keeping
        }

        /// Stops keeping for good; whether blocks were being kept.
        mutating func meetLongRecord() -> Bool {
            longRecordMet = true
            return release()
        }
    }
    private static let state = Locked(State())

    // glibc's stable ABI: mallopt's parameters M_TRIM_THRESHOLD, M_MMAP_THRESHOLD, M_MMAP_MAX, the
    // defaults of the first and the last, and the most its sliding mmap threshold reaches, on
    // 64-bit systems.
    private static let trimThreshold: Int32 = -1
    private static let mmapThreshold: Int32 = -3
    private static let mmapMax: Int32 = -4
    private static let defaultTrimThreshold: Int32 = 128 << 10
    private static let defaultMmapMax: Int32 = 65536
    private static let largestHeapBlock: Int32 = 32 << 20

    #if canImport(Glibc)
    /// `mallopt` and `malloc_trim` are declared in <malloc.h>, which the Glibc module does not
    /// import: looked up by name.
    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
    }
    #endif

    /// Calls glibc's `mallopt`.
    private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32 {
        #if canImport(Glibc)
        // Sound: glibc defines it as `int mallopt(int param, int value)`.
        guard let function = symbol("mallopt") else { return 0 }
        return unsafeBitCast(function, to: (@convention(c) (Int32, Int32) -> Int32).self)(parameter, value)
        #else
        return 0
        #endif
    }

    /// Calls glibc's `malloc_trim(0)`: every free page of every arena back to the system.
    private static func trimHeap() {
        #if canImport(Glibc)
        // Sound: glibc defines it as `int malloc_trim(size_t pad)`.
        guard let function = symbol("malloc_trim") else { return }
        _ = unsafeBitCast(function, to: (@convention(c) (Int) -> Int32).self)(0)
        #endif
    }
}
