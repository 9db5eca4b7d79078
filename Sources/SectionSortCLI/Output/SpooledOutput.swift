import Foundation

/// Output held back until the whole input has been read, so that a data error in a later batch
/// leaves standard output empty, as it does in the other modes: kept in memory up to a limit,
/// past it in a file of a private temporary directory, and copied to standard output by
/// ``finish()``. Used by `--emit-keys`, which would otherwise write each batch as it goes.
final class SpooledOutput {
    private let memoryLimit: Int
    private let temporaryParent: String?
    private var memory: [UInt8] = []
    private var spool: (directory: TemporaryDirectory, path: String, descriptor: Int32, output: BufferedOutput)?

    /// - Parameters:
    ///   - memoryLimit: the bytes kept in memory before they go to a file.
    ///   - temporaryParent: where the file's directory goes (`-T`; default TMPDIR, else /tmp).
    init(memoryLimit: Int, temporaryParent: String?) {
        self.memoryLimit = memoryLimit
        self.temporaryParent = temporaryParent
    }

    deinit {
        if let spool { close(spool.descriptor) }
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(CLIError) {
        if spool == nil {
            if memory.count + bytes.count <= memoryLimit { return memory.append(contentsOf: bytes) }
            let directory = try TemporaryDirectory(parent: temporaryParent)
            let (path, descriptor) = try directory.createFile()
            let output = BufferedOutput(descriptor: descriptor, name: path)
            spool = (directory, path, descriptor, output)
            try memory.withUnsafeBufferPointer { (held) throws(CLIError) in try output.write(held) }
            memory = []
        }
        try spool!.output.write(bytes)
    }

    /// Writes everything to `output`, then removes the file.
    func finish(to output: BufferedOutput) throws(CLIError) {
        guard let spool else {
            try memory.withUnsafeBufferPointer { (held) throws(CLIError) in try output.write(held) }
            return try output.flush()
        }
        defer { spool.directory.remove() }
        try spool.output.flush()
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer { buffer.deallocate() }
        var offset = 0
        while true {
            let got = pread(spool.descriptor, buffer.baseAddress!, buffer.count, off_t(offset))
            if got < 0 {
                if errno == EINTR { continue }
                throw .io("\(spool.path): read failed: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            try output.write(UnsafeBufferPointer(rebasing: buffer[0..<got]))
            offset += got
        }
        try output.flush()
    }
}
