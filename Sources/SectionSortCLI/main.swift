import Foundation

// The entry point only: `run()` (Modes/Run.swift) does the work; errors end the program here.
// Synchronous on purpose: the fatal signals are blocked on this thread before any other exists.
FatalSignals.install()
do {
    try run()
} catch {
    // A fatal signal may have removed the temporary files under a thread that then failed:
    // the signal's thread ends the program, without a message.
    TemporaryFiles.waitIfExiting()
    if error.code == .brokenPipe { FatalSignals.die(of: SIGPIPE) }
    // One line, usage errors included (GNU tools add a second line; the README promises one).
    StandardError.write("sectionsort: \(error.message)\(error.code == .usage ? " (see 'sectionsort --help')" : "")\n")
    exit(error.code.rawValue)
}
