import Foundation

/// Where the output goes: standard output, or (`-o FILE`) a file in a private directory beside
/// FILE that replaces FILE by a rename once everything is written, so that FILE may also be an
/// input (as `sort -o f f` allows) and is never left half written. On an error or a signal the
/// directory is removed with the other temporary files (``TemporaryFiles``) and FILE is unchanged.
final class OutputTarget {
    let output: BufferedOutput
    private let pending: (directory: TemporaryDirectory, path: String, descriptor: Int32, destination: String)?

    /// - Parameter path: the file to replace; nil (or "-") for standard output.
    init(path: String?) throws(CLIError) {
        guard let path, path != "-" else {
            output = BufferedOutput()
            pending = nil
            return
        }
        let directory = try TemporaryDirectory(parent: Self.directory(of: path))
        let (file, descriptor) = try directory.createFile()
        output = BufferedOutput(descriptor: descriptor, name: path)
        pending = (directory, file, descriptor, path)
    }

    /// The folder that holds `path` ("." for a bare name, "/" for a file at the root), without
    /// NSString, whose bridging from String needs Objective-C interop on Apple platforms.
    static func directory(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    deinit {
        if let pending { close(pending.descriptor) }
    }

    /// Puts the written file in FILE's place, with FILE's permissions if it exists (else those a
    /// new file gets), after the output has been flushed.
    func commit() throws(CLIError) {
        guard let pending else { return }
        var status = stat()
        let mode: mode_t
        if stat(pending.destination, &status) == 0 {
            mode = status.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        fchmod(pending.descriptor, mode)
        guard fsync(pending.descriptor) == 0 || errno == EINVAL else {
            throw .io("write to \(pending.destination) failed: \(String(cString: strerror(errno)))")
        }
        guard rename(pending.path, pending.destination) == 0 else {
            throw .io("cannot replace \(pending.destination): \(String(cString: strerror(errno)))")
        }
        pending.directory.remove()
    }
}
