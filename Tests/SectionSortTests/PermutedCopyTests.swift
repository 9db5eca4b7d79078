import Testing

@testable import SectionSort

/// The copy into output order writes each item where the permutation puts it, for ranges laid out
/// in any order (sections in display order, reversed letters), on one thread and on several, and
/// holds each reference exactly once more: nothing leaked, nothing released twice.
@Suite struct PermutedCopyTests {
    final class Item {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// A random permutation of `count` items cut into `pieces` ranges, laid out in reverse.
    static func layout(count: Int, pieces: Int, using generator: inout some RandomNumberGenerator) -> (
        order: [Int], ranges: [(source: Range<Int>, outputStart: Int)]
    ) {
        let order = Array(0..<count).shuffled(using: &generator)
        var cuts = (0..<max(0, pieces - 1)).map { _ in Int.random(in: 0...count, using: &generator) } + [0, count]
        cuts.sort()
        return (order, reversedRanges(cuts))
    }

    /// The ranges between `cuts` (from 0 to the count), laid out in reverse.
    static func reversedRanges(_ cuts: [Int]) -> [(source: Range<Int>, outputStart: Int)] {
        var ranges: [(source: Range<Int>, outputStart: Int)] = []
        var outputStart = 0
        for source in zip(cuts, cuts.dropFirst()).map({ $0..<$1 }).reversed() {
            ranges.append((source, outputStart))
            outputStart += source.count
        }
        return ranges
    }

    @Test(arguments: [1, 2, 4])
    func writesEachItemWhereThePermutationPutsIt(threads: Int) {
        var generator = SeededGenerator(seed: 0x5EC7_1035 &+ UInt64(threads))
        // Above two jobs of 16,384, so that several threads take part; and a small list. The
        // fixed cuts give ranges of several jobs that start inside the permutation, and one
        // range of one item.
        let layouts: [(count: Int, cuts: [Int]?, pieces: Int)] = [
            (1, nil, 1), (7, nil, 3), (50_000, nil, 30), (50_000, [0, 100, 40_000, 40_001, 50_000], 0),
        ]
        for (count, cuts, pieces) in layouts {
            var items = (0..<count).map { Item($0) }
            var (order, ranges) = Self.layout(count: count, pieces: pieces, using: &generator)
            if let cuts { ranges = Self.reversedRanges(cuts) }
            var output = PermutedCopy.copy(items, order: order, ranges: ranges, threads: threads)
            var expected: [Int] = Array(repeating: -1, count: count)
            for (source, outputStart) in ranges {
                for (offset, position) in source.enumerated() { expected[outputStart + offset] = order[position] }
            }
            #expect(output.map(\.value) == expected, "\(count) items on \(threads) threads")
            #expect(zip(output, expected).allSatisfy { $0 === items[$1] })
            output = []
            let unique = items.indices.allSatisfy { isKnownUniquelyReferenced(&items[$0]) }
            #expect(unique, "each item held once by the input after the output is gone")
        }
    }

    #if os(Linux)
    /// An order that names one item twice leaves another without a place: the copy stops
    /// rather than leave an output slot unwritten.
    @Test func stopsWhereThePermutationLeavesAnItemOut() async {
        await #expect(processExitsWith: .failure) {
            _ = PermutedCopy.copy(["a", "b", "c"], order: [0, 0, 1], ranges: [(0..<3, 0)], threads: 1)
        }
    }
    #endif

    @Test func copiesNothingForAnEmptyPermutation() {
        // A run that stops after its keys gives no order for its items.
        let output = PermutedCopy.copy(["a", "b"], order: [], ranges: [(0..<0, 0)], threads: 2)
        #expect(output.isEmpty)
    }
}
