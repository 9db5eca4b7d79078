import Foundation

/// Compressed input files, read through the system's decompressor as a child process
/// (``ChildProcess``): gzip, bzip2, xz or zstd, recognised by the file's first bytes (not its
/// name), so that `names.txt.gz` and a compressed file without a suffix both read as their text.
///
/// Only regular files are looked at: the first bytes of a pipe cannot be read without taking them
/// from the pipe, and whoever makes a pipe can decompress into it.
enum Decompressor {
    /// A compression format: its magic bytes and the program that reads it (with `-dc`).
    struct Format {
        let name: String
        let magic: [UInt8]
        let program: String
    }

    static let formats = [
        Format(name: "gzip", magic: [0x1F, 0x8B], program: "gzip"),
        Format(name: "bzip2", magic: Array("BZh".utf8), program: "bzip2"),
        Format(name: "xz", magic: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], program: "xz"),
        Format(name: "zstd", magic: [0x28, 0xB5, 0x2F, 0xFD], program: "zstd"),
    ]

    /// Starts the decompressor of `file` (open for reading, at its start) when it is a regular file
    /// whose first bytes are a compression format's; nil when it is not. Its ``ChildProcess/pipeEnd``
    /// is the text.
    static func start(reading file: Int32, name: String) throws(CLIError) -> ChildProcess? {
        var status = stat()
        guard fstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 8)
        let got = pread(file, &head, head.count, 0)
        guard got > 0, let format = formats.first(where: { head[0..<got].starts(with: $0.magic) }) else { return nil }
        do {
            return try ChildProcess(format.program, ["-dc"], .fromChild(input: file), name: name)
        } catch  where error.message.hasSuffix("no program '\(format.program)' was found") {
            throw .io(
                "\(name): the file is \(format.name)-compressed, and no '\(format.program)' program was found to read it "
                    + "(install \(format.program), or decompress the file first)")
        }
    }
}
