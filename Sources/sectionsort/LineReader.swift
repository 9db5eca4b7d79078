import Dispatch
import Foundation

/// Splits an input into lines: LF or CRLF ends a line, and a final line ending does not make an
/// extra, empty record.
enum LineReader {
    /// Calls `body` with each line's byte range (without its line ending) and 1-based number.
    static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) throws(CLIError) -> Void) throws(CLIError) {
        var start = 0, number = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var contentEnd = end
            if contentEnd > start && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            try body(start..<contentEnd, number)
            start = end + 1
            number += 1
        }
    }

    /// Adds every line of `input` as a record keyed by its text.
    ///
    /// Large inputs are cut at line ends into pieces that are split and decoded in parallel; the
    /// records and the first error (in input order) are the same as a sequential pass would give.
    static func read(_ input: InputData, decoder: KeyDecoder, threads: Int?, into set: inout RecordSet) throws(CLIError) {
        let base = set.appendInput(input)
        let pieces = input.bytes.withUnsafeBufferPointer { bytes in
            cut(bytes, into: input.bytes.count < 1 << 20 ? 1 : max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount) * 4)
        }
        var results = [Result<Piece, PieceError>](repeating: .success(Piece()), count: pieces.count)
        input.bytes.withUnsafeBufferPointer { bytes in
            results.withUnsafeMutableBufferPointer { slots in
                let shared = UncheckedSendableBuffers(bytes: bytes, slots: slots)
                DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
                    shared.slots[index] = readPiece(shared.bytes, pieces[index], decoder: decoder, file: input.name)
                }
            }
        }
        var linesBefore = 0
        for (result, range) in zip(results, pieces) {
            switch result {
            case .failure(let failure):
                var error = failure.location
                error.line += linesBefore
                throw .data(failure.message, at: error)
            case .success(let piece):
                set.spans += piece.spans.map { base + range.lowerBound + $0.lowerBound..<base + range.lowerBound + $0.upperBound }
                set.keys += piece.keys
                linesBefore += piece.spans.count
            }
        }
    }

    private struct Piece {
        var spans: [Range<Int>] = []
        var keys: [String] = []
    }

    private struct PieceError: Error {
        var message: String
        var location: SourceLocation
    }

    /// Cuts `bytes` into up to `count` ranges that each end just after a line feed (or at the end).
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>, into count: Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        for index in 1...count {
            guard start < bytes.count else { break }
            var end = index == count ? bytes.count : max(start, bytes.count * index / count)
            while end < bytes.count && end > 0 && bytes[end - 1] != 0x0A { end += 1 }
            if end > start { pieces.append(start..<end) }
            start = end
        }
        return pieces.isEmpty ? [0..<0] : pieces
    }

    private static func readPiece(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, decoder: KeyDecoder, file: String) -> Result<Piece, PieceError> {
        var piece = Piece()
        let local = UnsafeBufferPointer(rebasing: bytes[range])
        do throws(CLIError) {
            try forEachLine(in: local) { (span, line) throws(CLIError) in
                piece.keys.append(try decoder.decode(UnsafeBufferPointer(rebasing: local[span]), at: SourceLocation(file: file, line: line, column: 1)))
                piece.spans.append(span)
            }
        } catch {
            // Decoding errors carry "file:line:column: message"; keep the parts to renumber lines.
            return .failure(PieceError(message: error.detail ?? error.message, location: error.location ?? SourceLocation(file: file, line: 1, column: 1)))
        }
        return .success(piece)
    }
}

/// The input bytes and result slots handed to the parallel line readers.
///
/// Sendability: `@unchecked`; the jobs read `bytes`, which nobody writes during the reading, and each
/// writes only its own slot, while the caller waits in `concurrentPerform`.
private struct UncheckedSendableBuffers<Slot>: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let slots: UnsafeMutableBufferPointer<Slot>
}
