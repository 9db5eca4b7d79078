import Foundation

/// A sorted run on disk: records with their ordering keys, in order. Each entry is the key's
/// length (4 bytes, little-endian), how many of its first bytes are the previous entry's (2
/// bytes), the rest of the key, the record's length (4 bytes), and the record's bytes. Keys start
/// with the section's display rank (2 bytes, big-endian), so each section's entries are
/// contiguous; the writer notes where each starts, so that sections can be merged separately.
///
/// Sorted neighbours share long key starts (names with a common start, repeated lines), so
/// writing only the rest of each key (front coding) takes about half of the key bytes off the disk
/// (10,000,000 generated names: 476 MB of runs became 352 MB). The first entry of each section, and of each piece that threads encode separately,
/// shares nothing, so a reader can start at any section; so does a key longer than a shared start
/// can be (``sharesNothing(keyCount:)``), which a reader then hands out without a copy.
///
/// An entry that repeats (the same key and record, one after another: a line repeated in the
/// input) may be written once, after a marker that no entry starts with: a key length of 0 (a key
/// holds the rank at least), then how many times it comes (4 bytes, little-endian, at least 2).
enum SortedRun {
    /// A finished run: its path and the bytes of each of its sections, in rank order, with what
    /// each would take with its repeated entries written out (``unrepeatedSize``, about what
    /// merging it renders). A run compressed by `--compress-program` has a file per section
    /// instead (its byte ranges are then those of the text, which is read from the start of each
    /// file).
    struct File: Sendable {
        let path: String
        let sections: [(rank: Int, bytes: Range<Int>, unrepeatedSize: Int)]
        /// `--compress-program`: the program, and each section's file.
        var compressed: (program: String, paths: [String])?

        /// The bytes of section `rank`'s entries, nil when the run has none.
        func bytes(ofSection rank: Int) -> Range<Int>? {
            sections.first { $0.rank == rank }?.bytes
        }

        /// What a reader reads for section `rank`'s entries, nil when the run has none.
        func part(ofSection rank: Int) -> Part? {
            guard let index = sections.firstIndex(where: { $0.rank == rank }) else { return nil }
            guard let compressed else { return Part(path: path, bytes: sections[index].bytes, compressor: nil) }
            return Part(path: compressed.paths[index], bytes: nil, compressor: compressed.program)
        }

        /// What a reader reads for all entries, in order.
        var parts: [Part] {
            guard compressed != nil else { return [Part(path: path, bytes: nil, compressor: nil)] }
            return sections.compactMap { part(ofSection: $0.rank) }
        }

        /// Every file of the run.
        var paths: [String] { compressed?.paths ?? [path] }
    }

    /// A file, or a range of its bytes, that holds consecutive entries; read through
    /// `compressor -d` when it is compressed.
    struct Part: Sendable {
        let path: String
        let bytes: Range<Int>?
        let compressor: String?
    }

    /// Writes entries to a new file (with `--compress-program`, a file per section, each written
    /// through the program).
    final class Writer {
        let path: String
        private let descriptor: Int32
        private var output: BufferedOutput
        private var written = 0
        private var sectionStarts: [(rank: Int, offset: Int, repeatsLeftOut: Int)] = []
        /// The bytes that the repeated entries written so far would add written out.
        private var repeatsLeftOut = 0
        /// The key of the last entry that ``append(key:record:)`` wrote in the current section.
        private var previousKey: [UInt8] = []
        private let directory: TemporaryDirectory
        /// `--compress-program`: the program, the current section's compressor, and the files.
        private let compressProgram: String?
        private var compressor: ChildProcess?
        private var compressedPaths: [String] = []

        /// Writes to a new file of `directory`, or through `compressProgram` to a file a section.
        init(in directory: TemporaryDirectory, compressProgram: String? = nil) throws(CLIError) {
            (path, descriptor) = try directory.createFile()
            output = BufferedOutput(descriptor: descriptor, name: path)
            self.directory = directory
            self.compressProgram = compressProgram
        }

        deinit { close(descriptor) }

        /// Notes that section `rank`'s entries start here (ranks come in increasing order).
        func beginSection(rank: Int) throws(CLIError) {
            if sectionStarts.last?.rank != rank {
                if let program = compressProgram {
                    // A new file, written through a new compressor, so that each section can be
                    // read alone.
                    try finishCompressor()
                    let (file, fileDescriptor) = try directory.createFile()
                    defer { close(fileDescriptor) }
                    let child = try ChildProcess(program, [], .toChild(output: fileDescriptor), name: "--compress-program")
                    compressor = child
                    compressedPaths.append(file)
                    output = BufferedOutput(descriptor: child.pipeEnd, name: "the pipe to \(program)")
                }
                sectionStarts.append((rank, written, repeatsLeftOut))
                previousKey.removeAll(keepingCapacity: true)
            }
        }

        /// Flushes the current section into its compressor, and waits for the compressor to end.
        private func finishCompressor() throws(CLIError) {
            guard let child = compressor else { return }
            compressor = nil
            do {
                try output.flush()
            } catch  where error.code == .brokenPipe {
                // The compressor ended before reading all: its status says why.
            }
            try child.wait(name: "--compress-program")
        }

        /// Writes `bytes`; a compressor that ended early is an I/O error, not a broken output.
        private func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(CLIError) {
            do {
                try output.write(bytes)
            } catch  where error.code == .brokenPipe {
                throw .io("--compress-program: '\(compressProgram ?? "")' ended before reading all of a sorted run")
            }
        }

        /// Appends entries of the current section made by ``SortedRun/encode(rank:key:previousKey:record:copies:at:)``,
        /// which would take `unrepeatedSize` bytes with each repeat written out.
        func append(encoded entries: [UInt8], unrepeatedSize: Int) throws(CLIError) {
            try entries.withUnsafeBufferPointer { (bytes) throws(CLIError) in try write(bytes) }
            written += entries.count
            repeatsLeftOut += max(0, unrepeatedSize - entries.count)
        }

        /// Appends the entry that ``SortedRun/encode(rank:key:previousKey:record:copies:at:)`` would
        /// encode, writing the key and the record from where they are (a large record is not copied).
        func append(
            rank: Int, key: UnsafeBufferPointer<UInt8>, previousKey: UnsafeBufferPointer<UInt8>?, record: UnsafeBufferPointer<UInt8>
        ) throws(CLIError) {
            let shared =
                SortedRun.sharesNothing(keyCount: key.count + 2)
                ? 0 : previousKey.map { 2 + SortedRun.sharedLength(key, $0, maximum: Int(UInt16.max) - 2) } ?? 0
            let keyShared = max(0, shared - 2)
            var header = [UInt8](repeating: 0, count: shared == 0 ? 8 : 6)
            header.withUnsafeMutableBytes { bytes in
                bytes.storeBytes(of: UInt32(key.count + 2).littleEndian, as: UInt32.self)
                bytes.storeBytes(of: UInt16(shared).littleEndian, toByteOffset: 4, as: UInt16.self)
                if shared == 0 { bytes.storeBytes(of: UInt16(rank).bigEndian, toByteOffset: 6, as: UInt16.self) }
            }
            try header.withUnsafeBufferPointer { (bytes) throws(CLIError) in try write(bytes) }
            try write(UnsafeBufferPointer(rebasing: key[keyShared...]))
            try writeLength(record.count)
            try write(record)
            written += header.count + key.count - keyShared + 4 + record.count
        }

        /// Appends an entry read from another run.
        func append(key: UnsafeBufferPointer<UInt8>, record: UnsafeBufferPointer<UInt8>) throws(CLIError) {
            try beginSection(rank: Int(key[0]) << 8 | Int(key[1]))
            let shared =
                SortedRun.sharesNothing(keyCount: key.count) ? 0 : previousKey.withUnsafeBufferPointer { SortedRun.sharedLength(key, $0) }
            var header = (UInt32(key.count).littleEndian, UInt16(shared).littleEndian)
            try withUnsafeBytes(of: &header.0) { (bytes) throws(CLIError) in try write(bytes.assumingMemoryBound(to: UInt8.self)) }
            try withUnsafeBytes(of: &header.1) { (bytes) throws(CLIError) in try write(bytes.assumingMemoryBound(to: UInt8.self)) }
            try write(UnsafeBufferPointer(rebasing: key[shared...]))
            try writeLength(record.count)
            try write(record)
            written += 10 + key.count - shared + record.count
            previousKey.removeAll(keepingCapacity: true)
            // The next entry shares at most this much: a long key is not copied whole.
            previousKey.append(contentsOf: key.prefix(Int(UInt16.max)))
        }

        func finish() throws(CLIError) -> File {
            if compressProgram == nil { try output.flush() } else { try finishCompressor() }
            let ends = sectionStarts.dropFirst().map { ($0.offset, $0.repeatsLeftOut) } + [(written, repeatsLeftOut)]
            var file = File(
                path: path,
                sections: zip(sectionStarts, ends).map { start, end in
                    (start.rank, start.offset..<end.0, end.0 - start.offset + end.1 - start.repeatsLeftOut)
                })
            if let program = compressProgram {
                // The run's own file stays empty: the sections are in theirs.
                directory.removeFile(path)
                file.compressed = (program, compressedPaths)
            }
            return file
        }

        private func writeLength(_ length: Int) throws(CLIError) {
            var value = UInt32(length).littleEndian
            try withUnsafeBytes(of: &value) { (bytes) throws(CLIError) in try write(bytes.assumingMemoryBound(to: UInt8.self)) }
        }
    }

    /// The most bytes an entry takes: two lengths, the shared length, the rank and the key, and
    /// the record. (An entry repeated `n` times takes one entry and a marker of 8 bytes, less than
    /// `n` times this.)
    static func maximumEncodedSize(keyCount: Int, recordCount: Int) -> Int { 12 + keyCount + recordCount }

    /// Bytes of the marker before an entry written once for `copies` entries.
    static let repeatMarkerSize = 8

    /// The most bytes an entry shares with the key before it (the field's range).
    static let sharedLimit = Int(UInt16.max)

    /// Whether an entry whose key (rank included) is `keyCount` bytes long is written sharing
    /// nothing with the key before it: one longer than ``sharedLimit`` (a record of megabytes) is
    /// then handed out by ``Reader`` where it is in its buffer, not built again from the key
    /// before it, which would hold it twice; whatever pass of a merge wrote it.
    static func sharesNothing(keyCount: Int) -> Bool { keyCount > sharedLimit }

    /// Whether the entry of `key` and `record` repeats the one of `previousKey` and
    /// `previousRecord`: the same bytes in both.
    @inline(__always)
    static func isRepeat(
        key: UnsafeBufferPointer<UInt8>, record: UnsafeBufferPointer<UInt8>, of previousKey: UnsafeBufferPointer<UInt8>,
        _ previousRecord: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        record.count == previousRecord.count && key.count == previousKey.count
            && sharedLength(key, previousKey, maximum: key.count) == key.count
            && sharedLength(record, previousRecord, maximum: record.count) == record.count
    }

    /// How many first bytes `key` and `previous` have in common, at most `maximum` (by default
    /// 65,535: the field's range).
    @inline(__always)
    static func sharedLength(
        _ key: UnsafeBufferPointer<UInt8>, _ previous: UnsafeBufferPointer<UInt8>, maximum: Int = Int(UInt16.max)
    ) -> Int {
        let limit = min(key.count, previous.count, maximum)
        guard limit > 0, let a = key.baseAddress, let b = previous.baseAddress else { return 0 }
        var shared = 0
        // Eight bytes at a time: the first differing byte is the lowest set byte of the XOR.
        while shared + 8 <= limit {
            let difference =
                UnsafeRawPointer(a + shared).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(b + shared).loadUnaligned(as: UInt64.self)
            if difference != 0 { return shared + UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
            shared += 8
        }
        while shared < limit && a[shared] == b[shared] { shared += 1 }
        return shared
    }

    /// Writes at `entryStart` the entry whose key is `rank` (2 bytes, big-endian) followed by `key`,
    /// `copies` times over (once, after a repeat marker, where `copies` is 2 or more), and returns
    /// where the next entry goes. `previousKey` is the key (after the rank) of the entry just
    /// before it in the same section and piece, or nil for the first. Runs are encoded by several
    /// threads, each into its own bytes sized with ``maximumEncodedSize(keyCount:recordCount:)``
    /// for each copy, and written in order.
    static func encode(
        rank: Int, key: UnsafeBufferPointer<UInt8>, previousKey: UnsafeBufferPointer<UInt8>?, record: UnsafeBufferPointer<UInt8>,
        copies: Int = 1, at entryStart: UnsafeMutableRawPointer
    ) -> UnsafeMutableRawPointer {
        precondition(copies >= 1 && copies <= Int(UInt32.max), "copies out of range")
        var start = entryStart
        if copies > 1 {
            start.storeBytes(of: UInt32(0), as: UInt32.self)
            start.storeBytes(of: UInt32(copies).littleEndian, toByteOffset: 4, as: UInt32.self)
            start += repeatMarkerSize
        }
        // The rank (2 bytes) is shared too when there is a previous entry: the same section's.
        let shared =
            sharesNothing(keyCount: key.count + 2) ? 0 : previousKey.map { 2 + sharedLength(key, $0, maximum: Int(UInt16.max) - 2) } ?? 0
        let keyShared = max(0, shared - 2)
        start.storeBytes(of: UInt32(key.count + 2).littleEndian, as: UInt32.self)
        start.storeBytes(of: UInt16(shared).littleEndian, toByteOffset: 4, as: UInt16.self)
        var next = start + 6
        if shared == 0 {
            next.storeBytes(of: UInt16(rank).bigEndian, as: UInt16.self)
            next += 2
        }
        if let base = key.baseAddress, key.count > keyShared {
            next.copyMemory(from: base + keyShared, byteCount: key.count - keyShared)
        }
        next += key.count - keyShared
        next.storeBytes(of: UInt32(record.count).littleEndian, as: UInt32.self)
        next += 4
        if let base = record.baseAddress { next.copyMemory(from: base, byteCount: record.count) }
        return next + record.count
    }

    /// Reads a run's entries (or those in a range of its bytes) one at a time through a buffer that
    /// always holds the current entry whole, so that its key and record are handed out in place.
    final class Reader {
        private(set) var path: String
        private var descriptor: Int32
        /// The next byte of the file to read, and where reading stops.
        private var fileOffset: Int
        private var end: Int
        /// The parts after the current one, and the current one's decompressor.
        private var nextParts: ArraySlice<Part>
        private var decompressor: ChildProcess?
        // One owner thread and a per-entry hot path: no dynamic exclusivity checks needed.
        @exclusivity(unchecked) private var buffer: UnsafeMutableRawBufferPointer
        @exclusivity(unchecked) private var position = 0
        @exclusivity(unchecked) private var filled = 0
        /// The current entry's key and record, valid until the next ``advance()``.
        @exclusivity(unchecked) private(set) var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        /// The current key, put together from the previous one's shared start and its own rest.
        @exclusivity(unchecked) private var keyStorage: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) private var keyCapacity = 256
        /// The current key's length, for checking the next entry's shared length.
        @exclusivity(unchecked) private var keyLength = 0
        @exclusivity(unchecked) private(set) var record = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        /// How many more times the current entry comes (a repeated entry, read once).
        @exclusivity(unchecked) private var repeatsLeft = 0

        convenience init(path: String, bytes: Range<Int>? = nil, bufferSize: Int) throws(CLIError) {
            try self.init(parts: [Part(path: path, bytes: bytes, compressor: nil)], bufferSize: bufferSize)
        }

        /// Reads the entries of `parts`, one after the other (each starts a section, or a run).
        init(parts: [Part], bufferSize: Int) throws(CLIError) {
            path = ""
            descriptor = -1
            fileOffset = 0
            end = 0
            nextParts = parts[...]
            buffer = .allocate(byteCount: max(4096, bufferSize), alignment: 16)
            keyStorage = .allocate(capacity: keyCapacity)
            _ = try openNextPart()
        }

        deinit {
            if decompressor == nil && descriptor >= 0 { close(descriptor) }
            buffer.deallocate()
            keyStorage.deallocate()
        }

        /// Starts reading the next part; false when there is none.
        private func openNextPart() throws(CLIError) -> Bool {
            if decompressor == nil && descriptor >= 0 { close(descriptor) }
            decompressor = nil
            descriptor = -1
            guard let part = nextParts.popFirst() else { return false }
            path = part.path
            fileOffset = part.bytes?.lowerBound ?? 0
            end = part.bytes?.upperBound ?? .max
            let file = open(path, O_RDONLY)
            guard file >= 0 else { throw .io("\(path): cannot open: \(String(cString: strerror(errno)))") }
            guard let program = part.compressor else {
                descriptor = file
                return true
            }
            defer { close(file) }
            let child = try ChildProcess(program, ["-d"], .fromChild(input: file), name: "--compress-program")
            decompressor = child
            descriptor = child.pipeEnd
            return true
        }

        /// Loads the next entry; false at the end of the run.
        func advance() throws(CLIError) -> Bool {
            if advanceToRepeat() { return true }
            guard try fill(6) else { return false }
            var newLength = length(at: position)
            if newLength == 0 {
                // A repeat marker, then the entry it repeats.
                guard try fill(SortedRun.repeatMarkerSize + 6) else { throw truncated() }
                let copies = length(at: position + 4)
                guard copies >= 2 else { throw .io("\(path): sorted run is damaged") }
                position += SortedRun.repeatMarkerSize
                newLength = length(at: position)
                guard newLength > 0 else { throw .io("\(path): sorted run is damaged") }
                repeatsLeft = copies - 1
            }
            let shared = Int(UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: position + 4, as: UInt16.self)))
            // A shared start longer than the key, or than the key before it, is not one this
            // program wrote.
            guard shared <= newLength, shared <= keyLength || shared == 0 else { throw .io("\(path): sorted run is damaged") }
            let rest = newLength - shared
            guard try fill(6 + rest + 4) else { throw truncated() }
            let recordLength = length(at: position + 6 + rest)
            guard try fill(10 + rest + recordLength) else { throw truncated() }
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + position
            if shared == 0 && newLength > SortedRun.sharedLimit {
                // A long key that shares nothing (a record of megabytes) is handed out where it
                // is, not copied; the next entry shares at most its first 65,535 bytes, which are
                // kept.
                if SortedRun.sharedLimit > keyCapacity {
                    keyStorage.deallocate()
                    keyStorage = .allocate(capacity: SortedRun.sharedLimit)
                    keyCapacity = SortedRun.sharedLimit
                }
                keyStorage.update(from: base + 6, count: SortedRun.sharedLimit)
                keyLength = newLength
                key = UnsafeBufferPointer(start: base + 6, count: newLength)
                record = UnsafeBufferPointer(start: base + 10 + rest, count: recordLength)
                position += 10 + rest + recordLength
                return true
            }
            if newLength > keyCapacity {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(newLength, 2 * keyCapacity))
                larger.update(from: keyStorage, count: shared)
                keyStorage.deallocate()
                keyStorage = larger
                keyCapacity = max(newLength, 2 * keyCapacity)
            }
            (keyStorage + shared).update(from: base + 6, count: rest)
            keyLength = newLength
            key = UnsafeBufferPointer(start: keyStorage, count: newLength)
            record = UnsafeBufferPointer(start: base + 10 + rest, count: recordLength)
            position += 10 + rest + recordLength
            return true
        }

        /// Moves on to the next entry and returns true where it repeats the one in hand (whose
        /// key and record then stay where they are); false, without moving, where it does not.
        @inline(__always)
        func advanceToRepeat() -> Bool {
            guard repeatsLeft > 0 else { return false }
            repeatsLeft -= 1
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
                // Twice what is needed: an entry's key is read before its record, which is about as
                // long, and pages not written to take no memory. A long entry is then copied into
                // a larger buffer once, not twice.
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: max(2 * count, 2 * buffer.count), alignment: 16)
                larger.baseAddress!.copyMemory(from: buffer.baseAddress! + position, byteCount: kept)
                buffer.deallocate()
                buffer = larger
            } else if kept > 0 {
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + position, byteCount: kept)
            }
            position = 0
            filled = kept
            while filled < count {
                let space = min(buffer.count - filled, end - fileOffset)
                // A decompressor's pipe is read as it comes; a file at the part's offsets.
                let got =
                    decompressor != nil
                    ? read(descriptor, buffer.baseAddress! + filled, space)
                    : pread(descriptor, buffer.baseAddress! + filled, space, off_t(fileOffset))
                if got < 0 {
                    if errno == EINTR { continue }
                    throw .io("\(path): read failed: \(String(cString: strerror(errno)))")
                }
                if got == 0 {
                    try decompressor?.wait(name: "--compress-program (reading \(path))")
                    // The next part starts with a whole entry.
                    if filled == 0 { return try openNextPart() ? try fill(count) : false }
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
