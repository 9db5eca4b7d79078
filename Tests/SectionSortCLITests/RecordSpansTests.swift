import Testing

@testable import SectionSortCLI

/// Spans packed into words, and the longest of them, which decides whether a batch is written
/// record by record from where its records are.
@Suite struct RecordSpansTests {
    @Test func spansReadBackAsAppended() {
        var spans = RecordSpans()
        let ranges = [
            0..<0, 0..<5, 5..<6, 1_000..<1_000 + (1 << 24) - 2, 3..<3 + (1 << 24) - 1, 7..<7 + (1 << 24), 9..<9 + (1 << 26),
        ]
        for range in ranges { spans.append(range) }
        #expect(Array(spans) == ranges)
    }

    @Test func theLongestCountIsTheLongestSpansWhereverItsLengthIsKept() {
        #expect(RecordSpans().longestCount == 0)
        #expect(RecordSpans([3..<3]).longestCount == 0)
        // Lengths that fit the word: the longest anywhere in the batch, first or last.
        #expect(RecordSpans([0..<40, 40..<45, 45..<47]).longestCount == 40)
        #expect(RecordSpans([0..<2, 2..<9, 9..<100]).longestCount == 91)
        #expect(RecordSpans([0..<(1 << 24) - 2, 0..<3]).longestCount == (1 << 24) - 2)
        // Lengths of 2^24 - 1 (the word's all-ones mark) and more are kept beside the words, and
        // are longer than any in them.
        #expect(RecordSpans([0..<5, 5..<5 + (1 << 24) - 1]).longestCount == (1 << 24) - 1)
        #expect(RecordSpans([0..<5, 5..<5 + (1 << 24)]).longestCount == 1 << 24)
        #expect(RecordSpans([0..<(1 << 25), 5..<5 + (1 << 24), 0..<7]).longestCount == 1 << 25)
    }

    @Test func spansWrittenInPlaceKeepTheirLongLengths() {
        var spans = RecordSpans([0..<4])
        spans.append(count: 3) { slots in
            var long: [(index: Int, length: Int)] = []
            for (index, range) in [4..<10, 10..<10 + (1 << 24), 20..<21].enumerated() where !slots.write(range, at: index) {
                long.append((index, range.count))
            }
            return long
        }
        #expect(Array(spans) == [0..<4, 4..<10, 10..<10 + (1 << 24), 20..<21])
        #expect(spans.longestCount == 1 << 24)
    }
}
