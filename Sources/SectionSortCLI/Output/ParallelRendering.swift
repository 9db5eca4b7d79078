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

    /// Renders `positions` with `render` (called with a range of them and the bytes to fill, by up
    /// to `2 × threads` threads at once) and calls `write` with each piece's bytes in order and
    /// the number of positions it covers.
    ///
    /// - Complexity: O(n) calls of `render`'s work, where n is the number of positions.
    static func forEachPiece(
        of positions: Range<Int>, threads: Int, render: @Sendable (_ range: Range<Int>, _ bytes: inout [UInt8]) -> Void,
        write: (_ bytes: [UInt8], _ count: Int) throws(CLIError) -> Void
    ) throws(CLIError) {
        for windowStart in stride(from: positions.lowerBound, to: positions.upperBound, by: window) {
            let current = windowStart..<min(positions.upperBound, windowStart + window)
            let pieceCount = current.count < smallestShared ? 1 : max(1, threads) * 2
            let pieces = ResultSlots<[UInt8]>(count: pieceCount, repeating: [])
            DispatchQueue.concurrentPerform(iterations: pieceCount) { piece in
                let range =
                    current.lowerBound + current.count * piece / pieceCount..<current.lowerBound + current.count * (piece + 1) / pieceCount
                var bytes: [UInt8] = []
                render(range, &bytes)
                pieces[piece] = bytes
            }
            for (piece, bytes) in pieces.elements.enumerated() {
                try write(bytes, current.count * (piece + 1) / pieceCount - current.count * piece / pieceCount)
            }
        }
    }
}
