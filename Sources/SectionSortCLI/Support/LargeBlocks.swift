import Foundation

/// How the C allocator keeps blocks of a long record's size once they are freed.
///
/// glibc serves large blocks from their own mappings, returned to the system when freed, but
/// raises that threshold to the size of each such block freed, up to 32 MiB: after a long record's
/// buffers are freed, the next buffers of its size come from the heap and stay there when freed,
/// so that the record was held beside copies of it that were no longer used (from a pipe, whose
/// record is read into a buffer larger than it, more than from a file).
enum LargeBlocks {
    /// Keeps blocks of ``MemoryPlan/longRecord`` bytes or more out of the heap from now on: called
    /// when a long record is met, so that inputs without one keep the allocator's reuse of large
    /// blocks (fewer page faults).
    static func returnToTheSystemWhenFreed() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module does not import: looked
        // up by name. Sound: glibc defines it as `int mallopt(int param, int value)`, and
        // M_MMAP_THRESHOLD is -3 in its stable ABI. Setting the threshold also stops glibc
        // from raising it.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-3, Int32(MemoryPlan.longRecord))
        #endif
    }
}
