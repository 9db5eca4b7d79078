import Foundation

/// A sorted run on disk: records with their ordering keys, in order. Each entry is the key's
/// length (4 bytes, little-endian), the key, the record's length, and the record's bytes. Keys
/// start with the section's display rank (2 bytes, big-endian), so each section's entries are
/// contiguous; the writer notes where each starts, so that sections can be merged separately.
enum SortedRun {
    /// A finished run: its path and the bytes of each of its sections, in rank order.
    struct File: Sendable {
        let path: String
        let sections: [(rank: Int, bytes: Range<Int>)]

        /// The bytes of section `rank`'s entries, nil when the run has none.
        func bytes(ofSection rank: Int) -> Range<Int>? {
            sections.first { $0.rank == rank }?.bytes
        }
    }

    /// Writes entries to a new file.
    final class Writer {
        let path: String
        private let descriptor: Int32
        private let output: BufferedOutput
        private var written = 0
        private var sectionStarts: [(rank: Int, offset: Int)] = []

        /// Writes to a new file of `directory`.
        init(in directory: TemporaryDirectory) throws(CLIError) {
            (path, descriptor) = try directory.createFile()
            output = BufferedOutput(descriptor: descriptor, name: path)
        }

        deinit { close(descriptor) }

        /// Notes that section `rank`'s entries start here (ranks come in increasing order).
        func beginSection(rank: Int) {
            if sectionStarts.last?.rank != rank { sectionStarts.append((rank, written)) }
        }

        /// Appends entries of the current section made by ``SortedRun/encode(rank:key:record:at:)``.
        func append(encoded entries: [UInt8]) throws(CLIError) {
            try entries.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
            written += entries.count
        }

        /// Appends an entry read from another run.
        func append(key: UnsafeBufferPointer<UInt8>, record: UnsafeBufferPointer<UInt8>) throws(CLIError) {
            beginSection(rank: Int(key[0]) << 8 | Int(key[1]))
            try writeLength(key.count)
            try output.write(key)
            try writeLength(record.count)
            try output.write(record)
            written += 8 + key.count + record.count
        }

        func finish() throws(CLIError) -> File {
            try output.flush()
            let ends = sectionStarts.dropFirst().map(\.offset) + [written]
            return File(path: path, sections: zip(sectionStarts, ends).map { start, end in (start.rank, start.offset..<end) })
        }

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
    static func encode(
        rank: Int, key: UnsafeBufferPointer<UInt8>, record: UnsafeBufferPointer<UInt8>,
        at start: UnsafeMutableRawPointer
    ) -> UnsafeMutableRawPointer {
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

    /// Reads a run's entries (or those in a range of its bytes) one at a time through a buffer that
    /// always holds the current entry whole, so that its key and record are handed out in place.
    final class Reader {
        let path: String
        private let descriptor: Int32
        /// The next byte of the file to read, and where reading stops.
        private var fileOffset: Int
        private let end: Int
        // One owner thread and a per-entry hot path: no dynamic exclusivity checks needed.
        @exclusivity(unchecked) private var buffer: UnsafeMutableRawBufferPointer
        @exclusivity(unchecked) private var position = 0
        @exclusivity(unchecked) private var filled = 0
        /// The current entry's key and record, valid until the next ``advance()``.
        @exclusivity(unchecked) private(set) var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        @exclusivity(unchecked) private(set) var record = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

        init(path: String, bytes: Range<Int>? = nil, bufferSize: Int) throws(CLIError) {
            self.path = path
            fileOffset = bytes?.lowerBound ?? 0
            end = bytes?.upperBound ?? .max
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
                let got = pread(descriptor, buffer.baseAddress! + filled, min(buffer.count - filled, end - fileOffset), off_t(fileOffset))
                if got < 0 {
                    if errno == EINTR { continue }
                    throw .io("\(path): read failed: \(String(cString: strerror(errno)))")
                }
                if got == 0 {
                    if filled == 0 { return false }
                    throw truncated()
                }
                filled += got
                fileOffset += got
            }
            return true
        }

        private func truncated() -> CLIError { .io("\(path): sorted run is truncated") }
    }
}
