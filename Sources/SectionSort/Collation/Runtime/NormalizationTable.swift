import SectionSortCollationData

/// The normalization properties the collation runtime needs, generated from ICU's NFD data:
/// canonical combining classes, ICU's FCD values (the combining class of the first and of the
/// last character of each code point's canonical decomposition) and the decompositions.
///
/// Layout (written by SectionSortDataGenerator): a header of four 32-bit counts (blocks,
/// decompositions, pool length, 0); one 16-bit block number per 256 code points; the blocks of 256
/// 32-bit values (bits 0–15 the FCD value, 16–23 the combining class, bit 24 set when the code point
/// has a decomposition); the decomposed code points in ascending order, for each its offset << 8 |
/// length in the pool, and the pool of code points. Hangul syllables decompose algorithmically.
package struct NormalizationTable: Sendable {
    private let blockNumbers: CollationBytes
    private let blocks: CollationBytes
    private let keys: CollationBytes
    private let values: CollationBytes
    private let pool: CollationBytes
    private let decompositionCount: Int

    /// The table compiled into the library.
    package static let shared = NormalizationTable(CollationBytes(sscd_normalization()))

    init(_ bytes: CollationBytes) {
        let blockCount = Int(bytes.uint32(0))
        decompositionCount = Int(bytes.uint32(1))
        let poolCount = Int(bytes.uint32(2))
        var offset = 16
        blockNumbers = bytes.slice(offset, count: 0x1100 * 2)
        offset += 0x1100 * 2
        blocks = bytes.slice(offset, count: blockCount * 256 * 4)
        offset += blockCount * 256 * 4
        keys = bytes.slice(offset, count: decompositionCount * 4)
        offset += decompositionCount * 4
        values = bytes.slice(offset, count: decompositionCount * 4)
        offset += decompositionCount * 4
        pool = bytes.slice(offset, count: poolCount * 4)
    }

    @inline(__always) private func properties(_ c: UInt32) -> UInt32 {
        guard c < 0x110000 else { return 0 }
        return blocks.uint32(Int(blockNumbers.uint16(Int(c >> 8))) << 8 | Int(c & 0xFF))
    }

    /// ICU's FCD value: the lead combining class << 8 | the trail combining class.
    @inline(__always) package func fcd16(_ c: UInt32) -> UInt16 {
        c < 0xC0 ? 0 : UInt16(truncatingIfNeeded: properties(c))
    }

    /// The canonical combining class.
    @inline(__always) package func combiningClass(_ c: UInt32) -> UInt8 {
        c < 0x300 ? 0 : UInt8(truncatingIfNeeded: properties(c) >> 16)
    }

    /// Appends the full canonical decomposition of `c` (itself if it has none).
    package func appendDecomposition(of c: UInt32, to result: inout [UInt32]) {
        if c >= 0xAC00 && c <= 0xD7A3 {
            // Hangul syllables: L V (T), computed.
            let index = c - 0xAC00
            result.append(0x1100 + index / 588)
            result.append(0x1161 + (index % 588) / 28)
            if index % 28 != 0 { result.append(0x11A7 + index % 28) }
            return
        }
        guard c >= 0xC0, properties(c) & 0x100_0000 != 0 else {
            result.append(c)
            return
        }
        var low = 0
        var high = decompositionCount
        while low < high {
            let middle = (low + high) / 2
            if keys.uint32(middle) < c { low = middle + 1 } else { high = middle }
        }
        let value = values.uint32(low)
        let start = Int(value >> 8)
        for index in start..<start + Int(value & 0xFF) { result.append(pool.uint32(index)) }
    }

    /// Replaces `text` by its NFD: full canonical decomposition, then each run of non-starters put
    /// in canonical order (a stable sort by combining class).
    package func normalizeToNFD(_ text: inout [UInt32]) {
        var decomposed: [UInt32] = []
        decomposed.reserveCapacity(text.count + 4)
        for c in text { appendDecomposition(of: c, to: &decomposed) }
        canonicalOrder(&decomposed)
        text = decomposed
    }

    /// Calls `body` with the NFD of the text whose code points `next` gives (nil at its end), in
    /// pieces of about `pieceSize` code points: a piece ends only before a code point whose
    /// decomposition starts with a starter, which canonical ordering never moves anything across,
    /// so the pieces joined are the NFD of the whole text. Only a run of non-starters longer than
    /// `pieceSize` makes a longer piece.
    ///
    /// - Complexity: O(n) for n code points (and the length of the longest run of non-starters).
    package func forEachNFDPiece(
        pieceSize: Int = 4096, next: () -> UInt32?, _ body: (UnsafeBufferPointer<UInt32>) -> Void
    ) {
        var piece: [UInt32] = []
        piece.reserveCapacity(pieceSize + 32)
        while let c = next() {
            if piece.count >= pieceSize && fcd16(c) >> 8 == 0 {
                canonicalOrder(&piece)
                piece.withUnsafeBufferPointer(body)
                piece.removeAll(keepingCapacity: true)
            }
            appendDecomposition(of: c, to: &piece)
        }
        canonicalOrder(&piece)
        piece.withUnsafeBufferPointer(body)
    }

    /// Canonical ordering: an insertion sort by combining class within each run of non-starters.
    package func canonicalOrder(_ text: inout [UInt32]) {
        guard text.count > 1 else { return }
        for index in 1..<text.count {
            let c = text[index]
            let cc = combiningClass(c)
            if cc == 0 { continue }
            var at = index
            while at > 0 {
                let previous = combiningClass(text[at - 1])
                if previous <= cc || previous == 0 { break }
                text[at] = text[at - 1]
                at -= 1
            }
            text[at] = c
        }
    }
}
