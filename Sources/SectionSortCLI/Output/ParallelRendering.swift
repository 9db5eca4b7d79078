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

    /// Renders `positions` with `render` (called with a range of them, by up to `2 × threads`
    /// threads at once) and calls `write` with each piece in order and the range it covers.
    ///
    /// - Complexity: O(n) calls of `render`'s work, where n is the number of positions.
    static func forEachPiece<Piece>(
        of positions: Range<Int>, threads: Int, render: @Sendable (_ range: Range<Int>) -> Piece,
        write: (_ piece: Piece, _ range: Range<Int>) throws(CLIError) -> Void
    ) throws(CLIError) {
        for windowStart in stride(from: positions.lowerBound, to: positions.upperBound, by: window) {
            let current = windowStart..<min(positions.upperBound, windowStart + window)
            let pieceCount = current.count < smallestShared ? 1 : max(1, threads) * 2
            @Sendable func range(_ piece: Int) -> Range<Int> {
                current.lowerBound + current.count * piece / pieceCount..<current.lowerBound + current.count * (piece + 1) / pieceCount
            }
            let pieces = ResultSlots<Piece?>(count: pieceCount, repeating: nil)
            DispatchQueue.concurrentPerform(iterations: pieceCount) { piece in pieces[piece] = render(range(piece)) }
            for (piece, rendered) in pieces.elements.enumerated() { try write(rendered!, range(piece)) }
        }
    }
}
