import Foundation

/// Every temporary directory and file the program has made, in one place that the thread handling
/// fatal signals can see whole at any moment.
///
/// The design follows GNU sort and git. GNU sort (coreutils src/sort.c) creates each temporary
/// file inside a critical section that blocks the fatal signals, so that its list of files and
/// the files on disk never disagree when the handler runs. git's tempfile.c keeps each temporary
/// file in a state (inactive, active, closed) that a handler can read at any moment. Here the
/// fatal signals are blocked in every thread and taken by one ordinary thread
/// (``FatalSignals``); creating or removing a file or directory and that thread's final removal
/// are each done under one lock, so the final removal sees every file that exists and no file is
/// created after it. The states:
///
///     (none) --create directory--> active --create/remove file--> active --remove--> (none)
///        \                            \
///         `------- fatal signal: removeAllForExit() --------> exiting (nothing is created again)
///
/// Files are unlinked by name and the directory removed with rmdir: a removal never walks a
/// directory that could change under it.
enum TemporaryFiles {
    private struct State {
        /// The directories, each with the files made in it and not yet removed.
        var directories: [String: Set<String>] = [:]
        /// Set when a fatal signal has started the final removal: the program is about to end.
        var isExiting = false
    }

    /// The state under a lock. An NSLock (a pthread mutex), not Synchronization's Mutex: the
    /// signal thread and the main thread meet here, and ThreadSanitizer sees the ordering a
    /// pthread mutex gives but not a futex-based Mutex's (it reported their accesses as races).
    private final class Registry: @unchecked Sendable {
        // @unchecked Sendable is sound: `state` is read and written only while `lock` is held.
        private let lock = NSLock()
        private var state = State()

        func withLock<Value>(_ body: (inout State) -> Value) -> Value {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }
    }

    private static let state = Registry()

    /// Creates a new directory under `parent` with mkdtemp(3).
    static func createDirectory(in parent: String) throws(CLIError) -> String {
        let created: Result<String, CLIError>? = state.withLock { state in
            guard !state.isExiting else { return nil }
            var template = Array("\(parent)/sectionsort.XXXXXX".utf8CString)
            guard let path = mkdtemp(&template) else {
                return .failure(.io("cannot create a temporary directory in \(parent): \(String(cString: strerror(errno)))"))
            }
            let directory = String(cString: path)
            state.directories[directory] = []
            return .success(directory)
        }
        guard let created else { waitForExit() }
        return try created.get()
    }

    /// Creates `name` in `directory` (O_EXCL, mode 0600, open for reading and writing) and returns
    /// its path and descriptor.
    static func createFile(_ name: String, in directory: String) throws(CLIError) -> (path: String, descriptor: Int32) {
        let created: Result<(String, Int32), CLIError>? = state.withLock { state in
            guard !state.isExiting else { return nil }
            let path = "\(directory)/\(name)"
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else { return .failure(.io("\(path): cannot create: \(String(cString: strerror(errno)))")) }
            state.directories[directory, default: []].insert(path)
            return .success((path, descriptor))
        }
        guard let created else { waitForExit() }
        return try created.get()
    }

    /// Removes one file made by ``createFile(_:in:)``.
    static func removeFile(_ path: String, in directory: String) {
        state.withLock { state in
            unlink(path)
            state.directories[directory]?.remove(path)
        }
    }

    /// Removes `directory` and the files made in it.
    static func removeDirectory(_ directory: String) {
        state.withLock { state in
            guard let files = state.directories.removeValue(forKey: directory) else { return }
            remove(directory, files: files)
        }
    }

    /// Removes everything, for a fatal signal: from now on nothing is created, and a thread that
    /// tries waits for the end of the program instead.
    static func removeAllForExit() {
        state.withLock { state in
            state.isExiting = true
            for (directory, files) in state.directories { remove(directory, files: files) }
            state.directories = [:]
        }
    }

    /// When a fatal signal is ending the program, waits for that instead of returning: a thread
    /// whose files were just removed must not report their absence as an error.
    static func waitIfExiting() {
        if state.withLock({ $0.isExiting }) { waitForExit() }
    }

    private static func waitForExit() -> Never {
        while true { pause() }
    }

    private static func remove(_ directory: String, files: Set<String>) {
        for file in files { unlink(file) }
        if rmdir(directory) != 0 {
            // Something else was put there (not by this program): remove the rest too.
            try? FileManager.default.removeItem(atPath: directory)
        }
    }
}
