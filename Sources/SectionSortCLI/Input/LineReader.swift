import Dispatch
import Foundation
import SectionSort

/// Splits input into lines: LF or CRLF ends a line, and a final line ending does not make an
/// extra, empty record.
enum LineReader {
    /// Calls `body` with each line's byte range (without its line ending) and 0-based number.
    static func forEachLine<Failure: Error>(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) throws(Failure) -> Void)
        throws(Failure)
    {
        var start = 0, number = 0
        while start < bytes.count {
            let end = endOfLine(in: bytes, from: start)
            var contentEnd = end
            if contentEnd > start && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            try body(start..<contentEnd, number)
            start = end + 1
            number += 1
        }
    }

    /// The position of the next line feed at or after `start`, or the end.
    static func endOfLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The number of line feeds in `bytes`.
    static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0, position = 0
        while true {
            position = endOfLine(in: bytes, from: position)
            if position >= bytes.count { return count }
            count += 1
            position += 1
        }
    }

    /// How many bytes of `data` are whole lines: up to the last line feed, or all when `isFinal`.
    static func completeLength(of data: [UInt8], isFinal: Bool) -> Int {
        if isFinal { return data.count }
        var end = data.count
        while end > 0 && data[end - 1] != 0x0A { end -= 1 }
        return end
    }

    /// Adds the whole lines at the start of `data` (which starts on line `line` of `name`) as records
    /// keyed by their text, and returns how many bytes that took.
    ///
    /// Large inputs are cut at line ends into pieces read in parallel, in two passes over the
    /// bytes: the first checks UTF-8 and counts each piece's lines, the second writes each
    /// line's span straight into its place in the batch. The records and the first error (in
    /// input order) are the same as a sequential pass would give.
    static func read(
        _ data: [UInt8], isFinal: Bool, name: String, line: Int, decoder: KeyDecoder, threads: Int?,
        into set: inout RecordSet
    ) throws(CLIError) -> Int {
        let length = completeLength(of: data, isFinal: isFinal)
        let base = set.appendInput(data, length: length, name: name, line: line)
        let all = set.bytes
        let pieces = all.withUnsafeBufferPointer { bytes in
            cut(
                UnsafeBufferPointer(rebasing: bytes[base..<base + length]),
                into: length < 1 << 20 ? 1 : max(1, threads ?? AvailableProcessors.count) * 4
            ).map { $0.lowerBound + base..<$0.upperBound + base }
        }
        let validating = !decoder.lossy
        let scans = ResultSlots<(lineFeeds: Int, firstInvalid: Int?)>(count: pieces.count, repeating: (0, nil))
        DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
            scans[index] = all.withUnsafeBufferPointer { bytes in
                UTF8Decoding.lineFeedsAndFirstInvalidOffset(UnsafeBufferPointer(rebasing: bytes[pieces[index]]), validating: validating)
            }
        }
        // Each piece ends just after a line feed, except a final one without it: one more line.
        var firstRecords: [Int] = [], total = 0
        for (scan, piece) in zip(scans.elements, pieces) {
            if let offset = scan.firstInvalid { throw KeyDecoder.invalid(at: set.location(ofByte: piece.lowerBound + offset)) }
            firstRecords.append(total)
            total += scan.lineFeeds + (!piece.isEmpty && all[piece.upperBound - 1] != 0x0A ? 1 : 0)
        }
        let starts = firstRecords
        set.spans.append(count: total) { slots in
            let long = ResultSlots<[(index: Int, length: Int)]>(count: pieces.count, repeating: [])
            DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
                all.withUnsafeBufferPointer { bytes in
                    long[index] = writeSpans(of: bytes, pieces[index], from: starts[index], to: slots)
                }
            }
            return long.elements.flatMap { $0 }
        }
        return length
    }

    /// Writes the span of each line in `piece` of `bytes` (without its line ending) to `slots`,
    /// from slot `first` on; returns the lines too long for a slot.
    private static func writeSpans(
        of bytes: UnsafeBufferPointer<UInt8>, _ piece: Range<Int>, from first: Int, to slots: RecordSpans.Slots
    ) -> [(index: Int, length: Int)] {
        var long: [(index: Int, length: Int)] = []
        guard let base = bytes.baseAddress, !piece.isEmpty else { return long }
        var start = piece.lowerBound, index = first
        func add(endingAt end: Int) {
            let contentEnd = end > start && base[end - 1] == 0x0D ? end - 1 : end
            if !slots.write(start..<contentEnd, at: index) { long.append((index, contentEnd - start)) }
            index += 1
            start = end + 1
        }
        // Word by word: each line feed in a word ends a line, found from the word's mask without
        // loading the bytes again.
        var offset = piece.lowerBound
        while offset + 8 <= piece.upperBound {
            var lineFeeds = UTF8Decoding.lineFeedMask(
                UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            while lineFeeds != 0 {
                add(endingAt: offset + lineFeeds.trailingZeroBitCount >> 3)
                lineFeeds &= lineFeeds - 1
            }
            offset += 8
        }
        while offset < piece.upperBound {
            if base[offset] == 0x0A { add(endingAt: offset) }
            offset += 1
        }
        // A final line without a line feed.
        if start < piece.upperBound { add(endingAt: piece.upperBound) }
        return long
    }

    /// Cuts `bytes` into up to `count` ranges that each end just after a line feed (or at the end).
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>, into count: Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        for index in 1...count {
            guard start < bytes.count else { break }
            var end = index == count ? bytes.count : max(start, bytes.count * index / count)
            if end > 0 && end < bytes.count && bytes[end - 1] != 0x0A { end = min(bytes.count, endOfLine(in: bytes, from: end) + 1) }
            if end > start { pieces.append(start..<end) }
            start = end
        }
        return pieces.isEmpty ? [0..<0] : pieces
    }
}
