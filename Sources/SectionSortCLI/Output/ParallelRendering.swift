import Dispatch

/// Renders a range of positions into bytes by several threads and hands the bytes over in order:
/// a window of positions at a time, each window cut into pieces that threads render at once.
/// Records are read in sorted order, scattered over the input, so most of the time goes to
/// waiting on memory, which threads overlap; the window bounds what is held rendered.
enum ParallelRendering {
    /// Positions rendered before their bytes are handed over.
    static let window = 1 << 16
    /// A window with fewer positions is rendered by one thread.
    static let smallestShared = 4096
    /// How many positions ahead of the one in hand a renderer hints the scattered bytes it reads
    /// next (``MemoryHints/prefetch(_:)``), within its piece.
    static let prefetchDistance = 16
    /// How far ahead a pass that only sizes the records it reads (a run's writer, summing its
    /// entries' sizes) hints them: it does so little for each that the hint must go further to
    /// come before the read.
    static let sizingPrefetchDistance = 64

    /// Renders `positions` with `render` (called with a range of them, by up to `2 × threads`
    /// threads at once) and calls `write` with each piece in order and the range it covers.
    /// Windows and pieces are cut only where `cut` allows: it is given a position and returns the
    /// first one at or after it where a cut may fall (the rendering may need to see a run of
    /// positions whole), and must not pass `positions.upperBound`.
    ///
    /// - Complexity: O(n) calls of `render`'s work, where n is the number of positions.
    static func forEachPiece<Piece>(
        of positions: Range<Int>, threads: Int, cuttingAt cut: (Int) -> Int = { $0 },
        render: @Sendable (_ range: Range<Int>) -> Piece,
        write: (_ piece: Piece, _ range: Range<Int>) throws(CLIError) -> Void
    ) throws(CLIError) {
        var windowStart = positions.lowerBound
        while windowStart < positions.upperBound {
            let windowEnd = min(positions.upperBound, cut(min(positions.upperBound, windowStart + window)))
            precondition(windowEnd > windowStart, "a cut before the position it was asked for")
            let count = windowEnd - windowStart
            let pieceCount = count < smallestShared ? 1 : max(1, threads) * 2
            var bounds = [windowStart]
            for piece in 1..<pieceCount {
                bounds.append(max(bounds[piece - 1], min(windowEnd, cut(windowStart + count * piece / pieceCount))))
            }
            bounds.append(windowEnd)
            let ranges = (0..<pieceCount).map { bounds[$0]..<bounds[$0 + 1] }
            let pieces = ResultSlots<Piece?>(count: pieceCount, repeating: nil)
            DispatchQueue.concurrentPerform(iterations: pieceCount) { piece in pieces[piece] = render(ranges[piece]) }
            for (piece, rendered) in pieces.elements.enumerated() { try write(rendered!, ranges[piece]) }
            windowStart = windowEnd
        }
    }
}
