import Foundation

/// Reads the key records of one input (``KeyRecord``) one at a time, each whole in a buffer that
/// grows to hold the longest, handed out in place.
///
/// The input is read straight into the buffer, which is `malloc`'s and grows with `realloc`: a
/// record of hundreds of megabytes (one longer than the memory limit) is then held about once, as
/// `realloc` moves a large block's pages rather than copying them, or grows it in place.
final class KeyRecordReader {
    private let input: InputSource
    private let terminator: UInt8
    // One owner thread and a per-record hot path: no dynamic exclusivity checks needed.
    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var filled = 0
    /// The current record without its terminator, valid until the next ``advance()``.
    @exclusivity(unchecked) private(set) var record = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The current record's number, from 1 (its line with line-feed framing).
    private(set) var number = 0

    var name: String { input.name }

    init(path: String, framing: KeyRecord.Framing, bufferSize: Int = 1 << 20) throws(CLIError) {
        input = try InputSource(path: path)
        terminator = framing.terminator
        capacity = bufferSize
        buffer = Self.reallocate(nil, capacity: capacity)
    }

    deinit { free(buffer) }

    private static func reallocate(_ base: UnsafeMutablePointer<UInt8>?, capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = realloc(base, capacity) else { fatalError("out of memory for \(capacity) bytes of a key record") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Loads the next record; false at the end of the input. A last record without a terminator counts.
    func advance() throws(CLIError) -> Bool {
        while true {
            if let found = memchr(buffer + position, Int32(terminator), filled - position) {
                let end = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
                record = UnsafeBufferPointer(start: buffer + position, count: end - position)
                position = end + 1
                number += 1
                return true
            }
            if input.isAtEnd {
                guard position < filled else { return false }
                record = UnsafeBufferPointer(start: buffer + position, count: filled - position)
                position = filled
                number += 1
                return true
            }
            try refill()
        }
    }

    /// Moves the unread bytes to the buffer's start (growing it when they fill it) and reads more.
    private func refill() throws(CLIError) {
        let kept = filled - position
        if kept == capacity {
            // The buffer is full from its start (`position` is 0).
            buffer = Self.reallocate(buffer, capacity: capacity * 2)
            capacity *= 2
        } else if position > 0 {
            memmove(buffer, buffer + position, kept)
        }
        position = 0
        filled = kept
        filled += try input.read(into: buffer + kept, count: capacity - kept)
    }

    /// Where byte `offset` of the current record is.
    func location(column offset: Int = 0) -> SourceLocation {
        SourceLocation(file: name, line: number, column: offset + 1)
    }
}
