import Foundation

/// The lines of every batch, kept for the compact in-memory sort with nothing stored per line: a
/// line is named by the offset where it starts in ``bytes``, and ends where ``LineReader`` ends
/// it (before the next line feed, and a carriage return before that).
///
/// The batches' bytes are copied in one after another; each read piece that does not end with a
/// line feed gets one after it here, so that no line runs into the next piece's bytes. Every
/// line's end found that way is checked against the reader's own span when the batch is added.
struct CompactLines: Sendable {
    /// The batches' bytes, one after another.
    private(set) var bytes: [UInt8] = []

    /// Room for `capacity` bytes, reserved before the first batch so that adding batches does not
    /// copy the bytes kept so far.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Copies `batch`'s bytes in and returns the offset of each record's first byte (ascending),
    /// or nil, keeping nothing, when a record is not a whole line of its piece (a format other
    /// than lines) or the offsets would not fit 32 bits.
    mutating func add(_ batch: RecordSet) -> [UInt32]? {
        guard batch.keySpans == nil, batch.thenSpans.isEmpty, batch.readingSpans == nil else { return nil }
        let start = bytes.count
        guard start + batch.bytes.count + batch.inputStarts.count < Int(UInt32.max) else { return nil }
        // Where each piece's bytes start in `batch.bytes`, and where they go here.
        var pieceStarts: [(offset: Int, copied: Int)] = []
        for (index, piece) in batch.inputStarts.enumerated() {
            let end = index + 1 < batch.inputStarts.count ? batch.inputStarts[index + 1].offset : batch.bytes.count
            pieceStarts.append((piece.offset, bytes.count))
            bytes.append(contentsOf: batch.bytes[piece.offset..<end])
            if end > piece.offset && batch.bytes[end - 1] != 0x0A { bytes.append(0x0A) }
        }
        var offsets: [UInt32] = []
        offsets.reserveCapacity(batch.count)
        var piece = 0
        let matches = bytes.withUnsafeBufferPointer { kept in
            for span in batch.spans {
                while piece + 1 < pieceStarts.count && pieceStarts[piece + 1].offset <= span.lowerBound { piece += 1 }
                guard !pieceStarts.isEmpty, span.lowerBound >= pieceStarts[piece].offset else { return false }
                let offset = span.lowerBound - pieceStarts[piece].offset + pieceStarts[piece].copied
                guard Self.line(at: offset, in: kept) == offset..<offset + span.count else { return false }
                offsets.append(UInt32(offset))
            }
            return true
        }
        guard matches else {
            bytes.removeSubrange(start...)
            return nil
        }
        return offsets
    }

    /// Whether the line that starts at `offset` of `bytes` (``line(at:in:)``) is `text` (the bytes
    /// of such a line): its bytes from `offset` are `text`'s, followed by its line ending (a line
    /// feed, or a carriage return and a line feed). A text ending in a carriage return has come
    /// from before a second one.
    @inline(__always)
    static func line(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, is text: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = offset + text.count
        guard end < bytes.count, let base = bytes.baseAddress else { return false }
        if !text.isEmpty && memcmp(base + offset, text.baseAddress!, text.count) != 0 { return false }
        switch bytes[end] {
        case 0x0A: return text.last != 0x0D
        case 0x0D: return end + 1 < bytes.count && bytes[end + 1] == 0x0A
        default: return false
        }
    }

    /// The line that starts at `offset` of `bytes`, without its line ending.
    @inline(__always)
    static func line(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var end = LineReader.endOfLine(in: bytes, from: offset)
        if end > offset && bytes[end - 1] == 0x0D { end -= 1 }
        return offset..<end
    }
}
