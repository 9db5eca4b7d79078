import Testing

@testable import SectionSort

/// The key buffer grows in place and takes a long key's level over instead of copying it.
@Suite struct KeyBufferTests {
    @Test func aLevelTakenOverFollowsTheBytesHeldBefore() {
        let buffer = KeyBuffer(capacity: 16)
        for byte: UInt8 in [1, 2, 3] { buffer.append(byte) }
        let level = SortKeyLevel()
        let count = SortKeyLevel.takeOverSize + 5
        for index in 0..<count { level.append(UInt8(truncatingIfNeeded: index &* 7)) }
        buffer.append(takingOver: level)
        buffer.append(4)
        let expected = [1, 2, 3] + (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) } + [4]
        #expect(buffer.count == expected.count)
        #expect(buffer.bytes(at: 0, length: buffer.count) == expected)
        #expect(level.isEmpty, "the level starts again in memory of its own")
        level.append(9)
        #expect(level.count == 1 && level[0] == 9)
        let empty = KeyBuffer(capacity: 16)
        level.removeAll()
        for index in 0..<count { level.append(UInt8(truncatingIfNeeded: index)) }
        empty.append(takingOver: level)
        #expect(empty.bytes(at: 0, length: empty.count) == (0..<count).map { UInt8(truncatingIfNeeded: $0) })
    }

    /// The key of a text of megabytes, which the writer hands over instead of copying, is the
    /// key written into an array, after another key already in the buffer.
    @Test func aLongKeyInTheBufferIsTheKeyInAnArray() throws {
        let collator = try LocaleCollator(canonicalLocale: LocaleIdentifier.canonical("sv_SE"), attributes: CollatorAttributes())
        let alphabet = Array("abcåäöxyz")
        let text = String((0..<(1 << 20)).map { alphabet[$0 % alphabet.count] })
        let buffer = KeyBuffer()
        collator.appendSortKey(of: "Åsa", to: buffer)
        let first = buffer.count
        collator.appendSortKey(of: text, to: buffer)
        #expect(buffer.bytes(at: 0, length: first) == collator.sortKey(of: "Åsa"))
        #expect(buffer.bytes(at: first, length: buffer.count - first) == collator.sortKey(of: text))
        #expect(buffer.count - first >= SortKeyLevel.takeOverSize, "a key long enough to be taken over")
    }
}
