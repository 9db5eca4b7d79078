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

        /// Appends entries made by ``SortedRun/encode(rank:key:record:at:)``.
        func append(encoded entries: [UInt8]) throws(CLIError) {
            try entries.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
        }

        /// Appends an entry read from another run.
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

    /// The bytes an entry takes: two lengths, the rank and the key, and the record.
    static func encodedSize(keyCount: Int, recordCount: Int) -> Int { 10 + keyCount + recordCount }

    /// Writes at `start` the entry whose key is `rank` (2 bytes, big-endian) followed by `key`, and
    /// returns where the next entry goes. Runs are encoded by several threads, each into its own
    /// bytes sized with ``encodedSize(keyCount:recordCount:)``, and written in order.
    static func encode(rank: Int, key: UnsafeBufferPointer<UInt8>, record: UnsafeBufferPointer<UInt8>,
                       at start: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        start.storeBytes(of: UInt32(key.count + 2).littleEndian, as: UInt32.self)
        start.storeBytes(of: UInt16(rank).bigEndian, toByteOffset: 4, as: UInt16.self)
        var next = start + 6
        if let base = key.baseAddress { next.copyMemory(from: base, byteCount: key.count) }
        next += key.count
        next.storeBytes(of: UInt32(record.count).littleEndian, as: UInt32.self)
        next += 4
        if let base = record.baseAddress { next.copyMemory(from: base, byteCount: record.count) }
        return next + record.count
    }

    /// Reads a run's entries one at a time through a buffer that always holds the current entry
    /// whole, so that its key and record are handed out in place.
    final class Reader {
        let path: String
        private let descriptor: Int32
        // One owner thread and a per-entry hot path: no dynamic exclusivity checks needed.
        @exclusivity(unchecked) private var buffer: UnsafeMutableRawBufferPointer
        @exclusivity(unchecked) private var position = 0
        @exclusivity(unchecked) private var filled = 0
        /// The current entry's key and record, valid until the next ``advance()``.
        @exclusivity(unchecked) private(set) var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        @exclusivity(unchecked) private(set) var record = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

        init(path: String, bufferSize: Int) throws(CLIError) {
            self.path = path
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw .io("\(path): cannot open: \(String(cString: strerror(errno)))") }
            buffer = .allocate(byteCount: max(4096, bufferSize), alignment: 16)
        }

        deinit {
            close(descriptor)
            buffer.deallocate()
        }

        /// Loads the next entry; false at the end of the run.
        func advance() throws(CLIError) -> Bool {
            guard try fill(4) else { return false }
            let keyLength = length(at: position)
            guard try fill(4 + keyLength + 4) else { throw truncated() }
            let recordLength = length(at: position + 4 + keyLength)
            guard try fill(8 + keyLength + recordLength) else { throw truncated() }
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + position
            key = UnsafeBufferPointer(start: base + 4, count: keyLength)
            record = UnsafeBufferPointer(start: base + 8 + keyLength, count: recordLength)
            position += 8 + keyLength + recordLength
            return true
        }

        private func length(at offset: Int) -> Int {
            Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }

        /// Makes `count` bytes from `position` available, moving them to the buffer's start and
        /// growing it when needed; false at a clean end of the file before any of them.
        private func fill(_ count: Int) throws(CLIError) -> Bool {
            if filled - position >= count { return true }
            let kept = filled - position
            if count > buffer.count {
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 2 * buffer.count), alignment: 16)
                larger.baseAddress!.copyMemory(from: buffer.baseAddress! + position, byteCount: kept)
                buffer.deallocate()
                buffer = larger
            } else if kept > 0 {
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + position, byteCount: kept)
            }
            position = 0
            filled = kept
            while filled < count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
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
