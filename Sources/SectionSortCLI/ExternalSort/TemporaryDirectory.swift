import Foundation

/// A private directory for sorted runs (and `--emit-keys`'s spool), removed with everything in it
/// when the program ends: normally, on an error, on a broken pipe, or on a fatal signal
/// (``TemporaryFiles`` and ``FatalSignals`` say how that is race-free).
final class TemporaryDirectory {
    let path: String
    private var nextNumber = 0
    private var isRemoved = false

    /// Creates a new directory under `parent` (default: TMPDIR, else /tmp).
    init(parent: String?) throws(CLIError) {
        let base = parent ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        path = try TemporaryFiles.createDirectory(in: base)
    }

    deinit { remove() }

    /// Creates a new file in the directory and returns its path and open descriptor.
    func createFile() throws(CLIError) -> (path: String, descriptor: Int32) {
        nextNumber += 1
        return try TemporaryFiles.createFile("run\(nextNumber)", in: path)
    }

    /// Removes a file made by ``createFile()`` that is no longer needed.
    func removeFile(_ file: String) {
        TemporaryFiles.removeFile(file, in: path)
    }

    /// Removes the directory and its files.
    func remove() {
        guard !isRemoved else { return }
        isRemoved = true
        TemporaryFiles.removeDirectory(path)
    }
}
