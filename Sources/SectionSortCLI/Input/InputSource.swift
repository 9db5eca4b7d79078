import Foundation

/// One input, a file or standard input, read in blocks.
final class InputSource {
    /// The name used in messages: the path, or "<stdin>".
    let name: String
    private var descriptor: Int32
    private let ownsDescriptor: Bool
    /// Bytes left in a regular file, to size reads and to tell a file cut while it is read from
    /// its end; nil for pipes and terminals.
    private var remaining: Int?
    /// The bytes read so far, and the size the file had when opened (its part past where reading started).
    private var bytesRead = 0
    private var openedSize: Int?
    private(set) var isAtEnd = false
    /// The bytes left to read from a regular file; nil for pipes, terminals and compressed files.
    var bytesLeft: Int? { remaining }
    /// Whether the last read that stopped at a line feed (``read(upTo:after:stoppingAtLineFeed:)``) did.
    private(set) var stoppedAtLineFeed = false

    /// The child that decompresses a compressed file; ``descriptor`` is then its output.
    private var decompressor: ChildProcess?

    /// Opens `path` ("-" for standard input).
    init(path: String) throws(CLIError) {
        if path == "-" {
            name = "<stdin>"
            descriptor = 0
            ownsDescriptor = false
        } else {
            name = path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noInput("\(path): no such file") }
            if isDirectory.boolValue { throw .noInput("\(path): is a directory") }
            let opened = open(path, O_RDONLY)
            guard opened >= 0 else { throw .noInput("\(path): cannot open: \(String(cString: strerror(errno)))") }
            descriptor = opened
            ownsDescriptor = true
        }
        if let child = try Decompressor.start(reading: descriptor, name: name) {
            // The child has the file now; the size of the text it writes is not known.
            if ownsDescriptor { close(descriptor) }
            descriptor = child.pipeEnd
            decompressor = child
        }
        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG {
            // Standard input may be a file that the shell or a parent has already read a part of.
            let start = max(0, Int(lseek(descriptor, 0, SEEK_CUR)))
            remaining = max(0, Int(status.st_size) - start)
            openedSize = remaining
        }
    }

    deinit { if ownsDescriptor && decompressor == nil { close(descriptor) } }

    /// How many bytes from the read position on make up the rest of the current line, its line
    /// feed included (or the rest of the file where no line feed follows), found by scanning
    /// ahead without reading the bytes for the caller; nil for pipes and compressed files. A
    /// record longer than a read is then read whole in one array of its size, instead of in ever
    /// larger reads that each copy what was carried.
    ///
    /// - Complexity: O(m) for the m bytes scanned, read in blocks of `block` bytes.
    func bytesThroughNextLineFeed(block: Int = 1 << 20) -> Int? {
        guard let remaining, decompressor == nil else { return nil }
        let start = lseek(descriptor, 0, SEEK_CUR)
        guard start >= 0 else { return nil }
        var scanned = 0
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
        defer { buffer.deallocate() }
        while scanned < remaining {
            let got = pread(descriptor, buffer, min(block, remaining - scanned), start + off_t(scanned))
            if got < 0 && errno == EINTR { continue }
            // Reading will report the error, or the end.
            guard got > 0 else { return nil }
            if let found = memchr(buffer, 0x0A, got) { return scanned + buffer.distance(to: found) + 1 }
            scanned += got
        }
        return scanned
    }

    /// Reads up to `limit` bytes: fewer only at the end of the input.
    func read(upTo limit: Int) throws(CLIError) -> [UInt8] { try read(upTo: limit, after: []) }

    /// `prefix` followed by up to `limit` bytes read: fewer only at the end of the input, or with
    /// `stoppingAtLineFeed` once a read brings a line feed. The bytes are read straight into the
    /// array returned, which starts as a copy of the prefix.
    ///
    /// `stoppingAtLineFeed` is for a record longer than a read from an input that cannot be
    /// scanned ahead (a pipe): its end is then read with little of what follows it, instead of
    /// as much again as is carried, which beside a long record held the records after it too.
    func read(upTo limit: Int, after prefix: [UInt8], stoppingAtLineFeed: Bool = false) throws(CLIError) -> [UInt8] {
        var result = prefix
        // A regular file's size is known: read straight into an array of that size (one more
        // byte, to see the end). Pipes grow the array as data comes, each growth a copy, except
        // after a long prefix (a record longer than a read, carried): then the array has room for
        // all of `limit` at once, whose pages take memory only as the data fills them.
        var capacity = min(limit, (remaining ?? (prefix.count >= 1 << 20 ? limit : 1 << 20)) + 1)
        var sawLineFeed = false
        while result.count < prefix.count + limit && !isAtEnd && !sawLineFeed {
            if result.count - prefix.count == capacity { capacity = min(limit, capacity * 2) }
            var failure: CLIError?
            let before = result.count
            result = [UInt8](unsafeUninitializedCapacity: prefix.count + capacity) { buffer, count in
                if before > 0 { _ = buffer.initialize(fromContentsOf: result) }
                let (got, error, lineFeed) = readBlocks(
                    into: buffer.baseAddress! + before, count: prefix.count + capacity - before, stoppingAtLineFeed: stoppingAtLineFeed)
                count = before + got
                failure = error
                sawLineFeed = lineFeed
            }
            bytesRead += result.count - before
            if let failure { throw failure }
            if let left = remaining { remaining = max(0, left - (result.count - before)) }
            if isAtEnd { try decompressor?.wait(name: name) }
        }
        stoppedAtLineFeed = sawLineFeed
        return result
    }

    /// Reads up to `count` bytes into `destination`, fewer only at the end of the input, and
    /// returns how many: for a reader with a buffer of its own, so that nothing is read into an
    /// array first and copied.
    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(CLIError) -> Int {
        guard !isAtEnd else { return 0 }
        let (got, failure, _) = readBlocks(into: destination, count: count)
        bytesRead += got
        if let failure { throw failure }
        if let left = remaining { remaining = max(0, left - got) }
        if isAtEnd { try decompressor?.wait(name: name) }
        return got
    }

    /// Reads until `count` bytes are in `destination` or the input ends (then ``isAtEnd``), or
    /// with `stoppingAtLineFeed` until a read brings a line feed; the bytes read, the error that
    /// stopped reading, and whether a line feed stopped it.
    private func readBlocks(
        into destination: UnsafeMutablePointer<UInt8>, count: Int, stoppingAtLineFeed: Bool = false
    ) -> (Int, CLIError?, Bool) {
        var got = 0
        while got < count {
            let read = Foundation.read(descriptor, destination + got, count - got)
            if read < 0 {
                if errno == EINTR { continue }
                return (got, .io("\(name): read failed: \(String(cString: strerror(errno)))"), false)
            }
            if read == 0 {
                isAtEnd = true
                // A regular file that ends before the size it had when opened was cut while it was
                // read (truncated, or replaced in place): what is left of its last record is not a
                // record, and the rest is lost.
                if let openedSize, bytesRead + got < openedSize {
                    return (
                        got,
                        .io(
                            "\(name): the file ended after \(bytesRead + got) bytes, before the \(openedSize) it had "
                                + "when opened: it was cut while being read"),
                        false
                    )
                }
                return (got, nil, false)
            }
            // A pipe's read brings what is there, a block or less: the line feed's is the last.
            if stoppingAtLineFeed && memchr(destination + got, 0x0A, read) != nil { return (got + read, nil, true) }
            got += read
        }
        return (got, nil, false)
    }
}
