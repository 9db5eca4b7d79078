import Foundation
import Testing

@testable import SectionSortCLI

/// Rendering hands every position over once, in order, in pieces cut only where the caller
/// allows (the compact layout's tie groups are put in order by the piece that holds them whole).
@Suite struct ParallelRenderingTests {
    @Test(arguments: [1, 2, 5])
    func piecesCoverEveryPositionInOrderAndCutOnlyWhereAllowed(threads: Int) throws {
        // Runs of 1 to 40,000 positions that must stay whole: windows (65,536 positions) and
        // pieces are cut at the next run's start, and a run longer than a piece makes it larger.
        var runStarts: [Int] = [], position = 10, state: UInt64 = 3
        while position < 300_000 {
            runStarts.append(position)
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            position += (state >> 33) % 20 == 0 ? 40_000 : Int((state >> 40) % 300) + 1
        }
        let positions = 10..<300_000
        let allowed = Set(runStarts + [positions.upperBound])
        func cut(_ position: Int) -> Int { runStarts.first { $0 >= position } ?? positions.upperBound }
        let rendered = RenderedRanges()
        var written: [Range<Int>] = []
        try ParallelRendering.forEachPiece(of: positions, threads: threads, cuttingAt: cut) { range in
            rendered.append(range)
            return range
        } write: { piece, range in
            #expect(piece == range)
            written.append(range)
        }
        #expect(written.first?.lowerBound == positions.lowerBound && written.last?.upperBound == positions.upperBound)
        #expect(zip(written, written.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(written.allSatisfy { allowed.contains($0.upperBound) }, "every cut is at a run's start")
        #expect(written.filter { !$0.isEmpty }.count > 300_000 / ParallelRendering.window, "several windows")
        let byBounds: (Range<Int>, Range<Int>) -> Bool = { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
        #expect(rendered.all.sorted(by: byBounds) == written.sorted(by: byBounds), "each piece rendered once")
    }
}

/// The ranges the rendering threads were given, under an `NSLock`, which ThreadSanitizer sees (the
/// Synchronization module's `Mutex` locks in code it does not instrument). `@unchecked Sendable`:
/// `ranges` is only touched under `lock`.
private final class RenderedRanges: @unchecked Sendable {
    private let lock = NSLock()
    private var ranges: [Range<Int>] = []
    func append(_ range: Range<Int>) { lock.withLock { ranges.append(range) } }
    var all: [Range<Int>] { lock.withLock { ranges } }
}
