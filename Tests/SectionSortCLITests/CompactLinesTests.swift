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

    @Test func lineIsTextExactlyWhereTheLineReadThereIsIt() {
        // Every offset of lines ending in LF, CR LF and CR CR LF (whose line keeps one CR), empty
        // lines and prefixes of one another, against every line's text: the same answer as
        // reading the line and comparing, without finding its end.
        let bytes = Array("ab\nab\r\nab\r\r\nabc\n\n\r\na\nab".utf8) + [0x0A]
        bytes.withUnsafeBufferPointer { buffer in
            let texts = Set((0..<buffer.count).map { Array(buffer[CompactLines.line(at: $0, in: buffer)]) })
            #expect(texts.contains(Array("ab\r".utf8)) && texts.contains([]))
            for text in texts {
                text.withUnsafeBufferPointer { text in
                    for offset in 0..<buffer.count {
                        let read = Array(buffer[CompactLines.line(at: offset, in: buffer)])
                        #expect(
                            CompactLines.line(at: offset, in: buffer, is: text) == (read == Array(text)), "offset \(offset), \(Array(text))"
                        )
                    }
                }
            }
        }
    }
}
