import Foundation

/// A sorted run on disk: records with their ordering keys, in order. Each entry is the key's
/// length (4 bytes, little-endian), the key, the record's length, and the record's bytes.
enum SortedRun {
    /// Writes entries to a new file.
    final class Writer {
        let path: String
        private let descriptor: Int32
        private let output: BufferedOutput

        init(path: String) throws(CLIError) {
            self.path = path
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else { throw .io("\(path): cannot create: \(String(cString: strerror(errno)))") }
            output = BufferedOutput(descriptor: descriptor, name: path)
        }

        deinit { close(descriptor) }

        func append(key: UnsafeBufferPointer<UInt8>, record: UnsafeBufferPointer<UInt8>) throws(CLIError) {
            try writeLength(key.count)
            try output.write(key)
            try writeLength(record.count)
            try output.write(record)
        }

        func finish() throws(CLIError) { try output.flush() }

        private func writeLength(_ length: Int) throws(CLIError) {
            var value = UInt32(length).littleEndian
            try withUnsafeBytes(of: &value) { (bytes) throws(CLIError) in try output.write(bytes.assumingMemoryBound(to: UInt8.self)) }
        }
    }

    /// Reads a run's entries one at a time through a buffer.
    final class Reader {
        let path: String
        private let descriptor: Int32
        private var buffer: [UInt8]
        private var position = 0
        private var filled = 0
        /// The current entry's key and record, valid until the next ``advance()``.
        private(set) var key: [UInt8] = []
        private(set) var record: [UInt8] = []

        init(path: String, bufferSize: Int) throws(CLIError) {
            self.path = path
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw .io("\(path): cannot open: \(String(cString: strerror(errno)))") }
            buffer = [UInt8](repeating: 0, count: max(4096, bufferSize))
        }

        deinit { close(descriptor) }

        /// Loads the next entry; false at the end of the run.
        func advance() throws(CLIError) -> Bool {
            var length: UInt32 = 0
            guard try fill(4) else { return false }
            length = readLength()
            try read(Int(length), into: &key)
            guard try fill(4) else { throw truncated() }
            length = readLength()
            try read(Int(length), into: &record)
            return true
        }

        private func readLength() -> UInt32 {
            let value = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt32.self) }
            position += 4
            return UInt32(littleEndian: value)
        }

        private func read(_ count: Int, into destination: inout [UInt8]) throws(CLIError) {
            destination.removeAll(keepingCapacity: true)
            var left = count
            while left > 0 {
                if position == filled, try !fill(1) { throw truncated() }
                let take = min(left, filled - position)
                destination.append(contentsOf: buffer[position..<position + take])
                position += take
                left -= take
            }
        }

        /// Makes at least `count` (≤ buffer size) bytes available; false at a clean end of file.
        private func fill(_ count: Int) throws(CLIError) -> Bool {
            if filled - position >= count { return true }
            let kept = filled - position
            buffer.withUnsafeMutableBytes { raw in
                if kept > 0 { raw.baseAddress!.copyMemory(from: raw.baseAddress! + position, byteCount: kept) }
            }
            position = 0
            filled = kept
            while filled < count {
                let got = buffer.withUnsafeMutableBytes { raw in Foundation.read(descriptor, raw.baseAddress! + filled, raw.count - filled) }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw .io("\(path): read failed: \(String(cString: strerror(errno)))")
                }
                if got == 0 {
                    if filled == 0 { return false }
                    throw truncated()
                }
                filled += got
            }
            return true
        }

        private func truncated() -> CLIError { .io("\(path): sorted run is truncated") }
    }
}
