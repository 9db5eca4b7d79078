/// A mutable buffer that parallel jobs write to at disjoint positions.
///
/// Sendability: `@unchecked` because it wraps a raw buffer pointer. It is sound under the rule every
/// use in the engine follows: during a parallel phase each position is written by at most one job
/// and read by no other job (or, in a read-only phase, written by none), and the phase ends with
/// the join of its ``WorkerPool`` run (a full barrier) before anyone reads what was written. The
/// buffer's owner keeps the memory alive for the whole phase (the phase runs inside the owner's
/// `withUnsafeMutableBufferPointer`).
struct SharedMutableBuffer<Element>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<Element>

    init(_ base: UnsafeMutableBufferPointer<Element>) { self.base = base }

    var count: Int { base.count }

    subscript(position: Int) -> Element {
        get { base[position] }
        nonmutating set { base[position] = newValue }
    }

    /// The sub-buffer `range`, for a job that owns that range.
    func slice(_ range: Range<Int>) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(rebasing: base[range])
    }
}
