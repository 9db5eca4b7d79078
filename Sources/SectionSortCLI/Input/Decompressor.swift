import Foundation

/// A compressed input file read through the system's decompressor, as a child process: gzip,
/// bzip2, xz or zstd, recognised by the file's first bytes (not its name), so that `names.txt.gz`
/// and a compressed file without a suffix both read as their text. The child reads the file and
/// writes the text into a pipe, which the input then reads as it reads any pipe.
///
/// Only regular files are looked at: the first bytes of a pipe cannot be read without taking them
/// from the pipe, and whoever makes a pipe can decompress into it.
final class Decompressor {
    /// A compression format: its magic bytes and the program that reads it.
    struct Format {
        let name: String
        let magic: [UInt8]
        let program: String
        let arguments: [String]
    }

    static let formats = [
        Format(name: "gzip", magic: [0x1F, 0x8B], program: "gzip", arguments: ["-dc"]),
        Format(name: "bzip2", magic: Array("BZh".utf8), program: "bzip2", arguments: ["-dc"]),
        Format(name: "xz", magic: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], program: "xz", arguments: ["-dc"]),
        Format(name: "zstd", magic: [0x28, 0xB5, 0x2F, 0xFD], program: "zstd", arguments: ["-dc"]),
    ]

    /// The read end of the child's standard output.
    let output: Int32
    private let process: pid_t
    private let errors: Int32
    private let format: Format
    private let name: String
    private var isFinished = false

    /// Starts the decompressor of `file` (a regular file open for reading, at its start) when its
    /// first bytes are a compression format's; nil when they are not.
    static func start(reading file: Int32, name: String) throws(CLIError) -> Decompressor? {
        var head = [UInt8](repeating: 0, count: 8)
        let got = pread(file, &head, head.count, 0)
        guard got > 0, let format = formats.first(where: { head[0..<got].starts(with: $0.magic) }) else { return nil }
        return try Decompressor(format: format, file: file, name: name)
    }

    private init(format: Format, file: Int32, name: String) throws(CLIError) {
        self.format = format
        self.name = name
        var text: [Int32] = [0, 0], messages: [Int32] = [0, 0]
        guard Self.makePipe(&text), Self.makePipe(&messages) else {
            throw .io("\(name): cannot make a pipe for \(format.program): \(String(cString: strerror(errno)))")
        }
        var actions: posix_spawn_file_actions_t = Self.makeActions()
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, file, 0)
        posix_spawn_file_actions_adddup2(&actions, text[1], 1)
        posix_spawn_file_actions_adddup2(&actions, messages[1], 2)
        // The child gets the default signal handling: this process blocks the fatal signals and
        // ignores SIGPIPE (``FatalSignals``), which a child would inherit.
        var attributes: posix_spawnattr_t = Self.makeAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([format.program] + format.arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, format.program, &actions, &attributes, argv, environ)
        close(text[1])
        close(messages[1])
        guard status == 0 else {
            close(text[0])
            close(messages[0])
            throw .io(
                status == ENOENT
                    ? "\(name): the file is \(format.name)-compressed, and no '\(format.program)' program was found to read it (install \(format.program), or decompress the file first)"
                    : "\(name): cannot start \(format.program): \(String(cString: strerror(status)))")
        }
        output = text[0]
        errors = messages[0]
        process = child
    }

    deinit {
        close(output)
        if !isFinished {
            // Closed before the end (an error elsewhere): the child stops on its broken pipe.
            var status: Int32 = 0
            waitpid(process, &status, 0)
        }
        close(errors)
    }

    /// Called at the end of the text: a decompressor that failed (a damaged or cut file) is an
    /// I/O error naming the file and the program's first line of complaint.
    func finish() throws(CLIError) {
        guard !isFinished else { return }
        isFinished = true
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard !exited || code != 0 else { return }
        var message = [UInt8](repeating: 0, count: 512)
        let got = max(0, read(errors, &message, message.count))
        let line = String(decoding: message[0..<got], as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let reason = exited ? "exit status \(code)" : "signal \(status & 0x7F)"
        throw .io("\(name): '\(format.program) -dc' failed (\(reason))\(line.isEmpty ? "" : ": \(Echo.bounded(line))")")
    }

    /// A pipe whose ends are closed in other children (close-on-exec).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    #if canImport(Darwin)
    private static func makeActions() -> posix_spawn_file_actions_t {
        var actions: posix_spawn_file_actions_t?
        posix_spawn_file_actions_init(&actions)
        return actions
    }
    private static func makeAttributes() -> posix_spawnattr_t {
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        return attributes
    }
    #else
    private static func makeActions() -> posix_spawn_file_actions_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        return actions
    }
    private static func makeAttributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        return attributes
    }
    #endif
}
