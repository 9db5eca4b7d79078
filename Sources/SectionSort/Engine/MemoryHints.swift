import SectionSortMemoryHints

/// Hints to the processor about memory that a sort reads soon.
package enum MemoryHints {
    /// Asks for the cache line holding `address` to be loaded, so that a read of it a few records
    /// later does not wait on memory: for reads scattered over a large block, in an order known
    /// ahead (records in sorted order). A hint only: any address may be given (one outside the
    /// process's memory is ignored), nothing is read into the program and nothing can fault.
    @inline(__always)
    package static func prefetch(_ address: UnsafeRawPointer) {
        ssmh_prefetch(address)
    }
}
