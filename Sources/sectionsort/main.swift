import Foundation

// The entry point only: `run()` (Modes/Run.swift) does the work; errors end the program here.
do {
    try await run()
} catch {
    // Interrupted: the signal handler is removing the runs and ends the program itself.
    while TemporaryDirectory.interrupted.load(ordering: .sequentiallyConsistent) { pause() }
    FileHandle.standardError.write(Data("sectionsort: \(error.message)\n".utf8))
    if error.code == .usage { FileHandle.standardError.write(Data("Try 'sectionsort --help' for more information.\n".utf8)) }
    exit(error.code.rawValue)
}
