import Foundation
import Synchronization

/// A private directory for sorted runs, removed with everything in it when the program ends:
/// normally, on an error, or on SIGINT, SIGTERM or SIGHUP.
final class TemporaryDirectory {
    /// Set by a signal handler before it removes the directory: the main thread may then fail on
    /// the missing directory, and must leave the exit to the handler instead of reporting that.
    static let interrupted = Atomic<Bool>(false)

    let path: String
    private var nextNumber = 0
    private let signalSources: [any DispatchSourceSignal]

    /// Creates a new directory under `parent` (default: TMPDIR, else /tmp).
    init(parent: String?) throws(CLIError) {
        let base = parent ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/sectionsort.XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw .io("cannot create a temporary directory in \(base): \(String(cString: strerror(errno)))")
        }
        let path = String(cString: created)
        self.path = path
        // On a signal: remove the runs, then die of the same signal's usual exit status.
        signalSources = [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                TemporaryDirectory.interrupted.store(true, ordering: .sequentiallyConsistent)
                try? FileManager.default.removeItem(atPath: path)
                _exit(128 + signalNumber)
            }
            source.resume()
            return source
        }
    }

    deinit { remove() }

    /// A path for a new file in the directory.
    func newFilePath() -> String {
        nextNumber += 1
        return "\(path)/run\(nextNumber)"
    }

    /// Removes the directory and its files; later signals go back to their defaults.
    func remove() {
        for source in signalSources { source.cancel() }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, SIG_DFL) }
        try? FileManager.default.removeItem(atPath: path)
    }
}
