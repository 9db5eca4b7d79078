import Foundation

/// Writes bytes to a file descriptor through a 1 MiB buffer, so that output streams in large
/// writes and the whole output is never held in memory.
final class BufferedOutput {
    private let descriptor: Int32
    private let capacity = 1 << 20
    // One owner thread and a per-record hot path: no dynamic exclusivity checks needed.
    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var count = 0

    /// What the descriptor is, for messages.
    private let name: String

    init(descriptor: Int32 = 1, name: String = "standard output") {
        self.descriptor = descriptor
        self.name = name
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(CLIError) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { try flush() }
        // Large pieces (rendered windows, encoded runs) go out as they are, without a copy.
        if bytes.count >= capacity / 4 {
            if count > 0 { try flush() }
            return try writeAll(source, bytes.count)
        }
        (buffer + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    func write(_ text: String) throws(CLIError) {
        var text = text
        var failure: CLIError?
        text.withUTF8 { bytes in
            do throws(CLIError) { try write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes `count` bytes that `fill` puts at the pointer it is given, straight into the buffer
    /// when they fit in it.
    func write(count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) throws(CLIError) {
        if count > capacity {
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                fill(buffer.baseAddress!)
                initialized = count
            }
            return try bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in try write(bytes) }
        }
        if self.count + count > capacity { try flush() }
        fill(buffer + self.count)
        self.count += count
    }

    func write(byte: UInt8) throws(CLIError) {
        if count == capacity { try flush() }
        buffer[count] = byte
        count += 1
    }

    func flush() throws(CLIError) {
        try writeAll(buffer, count)
        count = 0
    }

    private func writeAll(_ start: UnsafePointer<UInt8>, _ length: Int) throws(CLIError) {
        var offset = 0
        while offset < length {
            let written = Foundation.write(descriptor, start + offset, length - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw .brokenPipe }
                throw .io("write to \(name) failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
