import Foundation

/// A program run as a child process with a pipe on one side (the decompressor of an input, the
/// `--compress-program` of sorted runs).
///
/// Pipes are made and children started under one lock, and every pipe end is close-on-exec: a
/// child started by another thread between a pipe's creation and its flag would otherwise keep
/// that pipe's write end open, and the reader on the other side would wait for an end that does
/// not come. Children get the default signal handling, not this process's blocked and ignored
/// signals (``FatalSignals``), so that a child whose pipe closes dies of SIGPIPE.
final class ChildProcess {
    /// Which of the child's standard streams is the pipe to this process.
    enum Direction {
        /// This process writes the child's standard input; its standard output is a file.
        case toChild(output: Int32)
        /// This process reads the child's standard output; its standard input is a file.
        case fromChild(input: Int32)
    }

    /// This process's end of the pipe.
    let pipeEnd: Int32
    let program: String
    private let process: pid_t
    /// The read end of the child's standard error, for its message when it fails.
    private let errors: Int32
    private var isWaited = false
    /// Whether this process writes to the child (and closes its end before waiting).
    private let writesToChild: Bool
    private var isPipeClosed = false

    private static let spawnLock = NSLock()

    /// Starts `program` with `arguments`; throws with `describe`'s message when it cannot.
    init(_ program: String, _ arguments: [String], _ direction: Direction, name: String) throws(CLIError) {
        self.program = program
        if case .toChild = direction { writesToChild = true } else { writesToChild = false }
        let started: Result<(pid_t, Int32, Int32), CLIError> = Self.spawnLock.withLock {
            var data: [Int32] = [0, 0], messages: [Int32] = [0, 0]
            guard pipe(&data) == 0 else { return .failure(.io("\(name): cannot make a pipe: \(String(cString: strerror(errno)))")) }
            guard pipe(&messages) == 0 else {
                close(data[0])
                close(data[1])
                return .failure(.io("\(name): cannot make a pipe: \(String(cString: strerror(errno)))"))
            }
            for end in data + messages { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            var actions = Self.makeActions()
            defer { posix_spawn_file_actions_destroy(&actions) }
            switch direction {
            case .toChild(let output):
                posix_spawn_file_actions_adddup2(&actions, data[0], 0)
                posix_spawn_file_actions_adddup2(&actions, output, 1)
            case .fromChild(let input):
                posix_spawn_file_actions_adddup2(&actions, input, 0)
                posix_spawn_file_actions_adddup2(&actions, data[1], 1)
            }
            posix_spawn_file_actions_adddup2(&actions, messages[1], 2)
            var attributes = Self.makeAttributes()
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let argv = ([program] + arguments).map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            var child: pid_t = 0
            let status = posix_spawnp(&child, program, &actions, &attributes, argv, Self.environment)
            // The child's ends are the child's alone.
            if case .toChild = direction { close(data[0]) } else { close(data[1]) }
            close(messages[1])
            let ours: Int32
            if case .toChild = direction { ours = data[1] } else { ours = data[0] }
            guard status == 0 else {
                close(ours)
                close(messages[0])
                return .failure(
                    status == ENOENT
                        ? .io("\(name): no program '\(program)' was found")
                        : .io("\(name): cannot start \(program): \(String(cString: strerror(status)))"))
            }
            return .success((child, ours, messages[0]))
        }
        (process, pipeEnd, errors) = try started.get()
    }

    deinit {
        if !isPipeClosed { close(pipeEnd) }
        // Closed early (an error elsewhere): the child ends on its broken pipe, or at its end.
        if !isWaited {
            var status: Int32 = 0
            while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        }
        close(errors)
    }

    /// Closes this process's end of the pipe when it is the writing end, waits for the child, and
    /// throws an I/O error naming `name` with the child's first line of complaint when it failed.
    func wait(name: String) throws(CLIError) {
        guard !isWaited else { return }
        isWaited = true
        if writesToChild {
            close(pipeEnd)
            isPipeClosed = true
        }
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard !exited || code != 0 else { return }
        var message = [UInt8](repeating: 0, count: 512)
        let got = max(0, read(errors, &message, message.count))
        let line = String(decoding: message[0..<got], as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let reason = exited ? "exit status \(code)" : "signal \(status & 0x7F)"
        throw .io("\(name): '\(program)' failed (\(reason))\(line.isEmpty ? "" : ": \(Echo.bounded(line))")")
    }

    #if canImport(Darwin)
    // Darwin's spawn types are pointers, which Swift imports as optionals; environ is not declared
    // there, _NSGetEnviron is.
    private static func makeActions() -> posix_spawn_file_actions_t? {
        var actions: posix_spawn_file_actions_t?
        posix_spawn_file_actions_init(&actions)
        return actions
    }
    private static func makeAttributes() -> posix_spawnattr_t? {
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        return attributes
    }
    private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { _NSGetEnviron().pointee }
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
    private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { environ }
    #endif
}
