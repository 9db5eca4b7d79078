import Foundation

/// Writes bytes to a file descriptor through a buffer, so that output streams in large writes
/// and the whole output is never held in memory.
final class BufferedOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 20

    init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        buffer.reserveCapacity(capacity)
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(CLIError) {
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count > capacity { try writeAll(bytes); return }
        buffer.append(contentsOf: bytes)
    }

    func write(_ text: String) throws(CLIError) {
        let count = text.utf8.count
        if buffer.count + count > capacity { try flush() }
        buffer.append(contentsOf: text.utf8)
    }

    func write(byte: UInt8) throws(CLIError) {
        if buffer.count + 1 > capacity { try flush() }
        buffer.append(byte)
    }

    func flush() throws(CLIError) {
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        try pending.withUnsafeBufferPointer { (bytes) throws(CLIError) in try writeAll(bytes) }
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws(CLIError) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .io("write to standard output failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
