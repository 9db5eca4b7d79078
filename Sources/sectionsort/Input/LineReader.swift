import Dispatch
import Foundation
@_spi(CommandLine) import SectionSort

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
    /// Large inputs are cut at line ends into pieces that are split and checked in parallel; the
    /// records and the first error (in input order) are the same as a sequential pass would give.
    static func read(
        _ data: [UInt8], isFinal: Bool, name: String, line: Int, decoder: KeyDecoder, threads: Int?,
        into set: inout RecordSet
    ) throws(CLIError) -> Int {
        let length = completeLength(of: data, isFinal: isFinal)
        let base = set.appendInput(data, length: length, name: name, line: line)
        let pieces = set.bytes.withUnsafeBufferPointer { bytes in
            cut(
                UnsafeBufferPointer(rebasing: bytes[base...]),
                into: length < 1 << 20 ? 1 : max(1, threads ?? AvailableProcessors.count) * 4)
        }
        let slots = ResultSlots<Result<[Range<Int>], PieceError>>(count: pieces.count, repeating: .success([]))
        let all = set.bytes
        DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
            slots[index] = all.withUnsafeBufferPointer { bytes in
                readPiece(UnsafeBufferPointer(rebasing: bytes[base...]), pieces[index], decoder: decoder)
            }
        }
        let results = slots.elements
        set.spans.reserveCapacity(set.spans.count + results.reduce(0) { $0 + ((try? $1.get())?.count ?? 0) })
        for (result, range) in zip(results, pieces) {
            switch result {
            case .failure(let failure):
                throw KeyDecoder.invalid(at: set.location(ofByte: base + range.lowerBound + failure.offset))
            case .success(let spans):
                let shift = base + range.lowerBound
                for span in spans { set.spans.append(span.lowerBound + shift..<span.upperBound + shift) }
            }
        }
        return length
    }

    private struct PieceError: Error {
        /// Where the first invalid byte is, from the piece's start.
        var offset: Int
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

    private static func readPiece(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, decoder: KeyDecoder) -> Result<
        [Range<Int>], PieceError
    > {
        let local = UnsafeBufferPointer(rebasing: bytes[range])
        if !decoder.lossy, let offset = UTF8Decoding.firstInvalidOffset(local) { return .failure(PieceError(offset: offset)) }
        var spans: [Range<Int>] = []
        spans.reserveCapacity(local.count / 16)
        forEachLine(in: local) { span, _ in spans.append(span) }
        return .success(spans)
    }
}
