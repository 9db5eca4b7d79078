import Testing

@testable import SectionSortCLI

/// The compact layout keeps a batch's lines only where every record is a whole line, each line's
/// end found again where the reader's span says it is.
@Suite struct CompactLinesTests {
    private static func batch(_ text: String) -> RecordSet {
        var set = RecordSet()
        let bytes = Array(text.utf8)
        _ = set.appendInput(bytes, length: bytes.count, name: "t", line: 1)
        bytes.withUnsafeBufferPointer { buffer in LineReader.forEachLine(in: buffer) { range, _ in set.spans.append(range) } }
        return set
    }

    @Test(arguments: [10, 100_000])
    func keepsWholeLinesAndRefusesSpansThatAreNot(count: Int) throws {
        // Lines of 1 to 12 bytes, some ending in CR LF; the last without a line ending.
        let text = (0..<count).map { String(repeating: "ab", count: $0 % 6) + ($0 % 7 == 0 ? "x\r" : "x") }.joined(separator: "\n")
        var lines = CompactLines(capacity: 1 << 20)
        let whole = Self.batch(text)
        let added = lines.add(whole)
        let offsets = try #require(added)
        #expect(offsets.count == count)
        let kept = lines.bytes
        #expect(kept.count == text.utf8.count + 1, "a line feed after the piece's last line")
        let read = kept.withUnsafeBufferPointer { bytes in
            offsets.map { String(decoding: bytes[CompactLines.line(at: Int($0), in: bytes)], as: UTF8.self) }
        }
        #expect(read == whole.spans.map { String(decoding: whole.bytes[$0], as: UTF8.self) })
        // A record that is not its whole line (the last one, or one early on), the rest as they
        // were: nothing of the batch is kept.
        for cut in [count - 1, count / 9] {
            var partial = Self.batch(text)
            let spans = partial.spans
            partial.spans = RecordSpans(spans.indices.map { $0 == cut ? spans[$0].lowerBound..<spans[$0].upperBound - 1 : spans[$0] })
            #expect(lines.add(partial) == nil, "record \(cut) of \(count)")
            #expect(lines.bytes == kept)
        }
    }
}
