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
        var cuts = (0..<pieces - 1).map { _ in Int.random(in: 0...count, using: &generator) } + [0, count]
        cuts.sort()
        let sources = zip(cuts, cuts.dropFirst()).map { $0..<$1 }
        var ranges: [(source: Range<Int>, outputStart: Int)] = []
        var outputStart = 0
        for source in sources.reversed() {
            ranges.append((source, outputStart))
            outputStart += source.count
        }
        return (order, ranges)
    }

    @Test(arguments: [1, 2, 4])
    func writesEachItemWhereThePermutationPutsIt(threads: Int) {
        var generator = SystemRandomNumberGenerator()
        // Above two jobs of 16,384, so that several threads take part; and a small list.
        for (count, pieces) in [(1, 1), (7, 3), (50_000, 30)] {
            var items = (0..<count).map { Item($0) }
            let (order, ranges) = Self.layout(count: count, pieces: pieces, using: &generator)
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

    @Test func copiesNothingForAnEmptyPermutation() {
        // A run that stops after its keys gives no order for its items.
        let output = PermutedCopy.copy(["a", "b"], order: [], ranges: [(0..<0, 0)], threads: 2)
        #expect(output.isEmpty)
    }
}
