/// A failure that ends the program with a sysexits-style code and one line on standard error.
struct CLIError: Error {
    /// sysexits.h codes.
    enum Code: Int32 {
        /// `--check` found a record out of order (as `sort -c` exits).
        case unsorted = 1
        case usage = 64
        case data = 65
        case noInput = 66
        case software = 70
        case io = 74
        /// Standard output is a closed pipe: the program removes its files and dies of SIGPIPE
        /// (status 141 in a shell), as GNU sort does, instead of exiting with this code.
        case brokenPipe = 141
    }

    let code: Code
    /// The line for standard error, without the program's name; empty for none (`-C`).
    let message: String
    /// For data errors: where, and what without the place.
    var location: SourceLocation?
    var detail: String?

    static func usage(_ message: String) -> CLIError { CLIError(code: .usage, message: message) }
    static func noInput(_ message: String) -> CLIError { CLIError(code: .noInput, message: message) }
    static func io(_ message: String) -> CLIError { CLIError(code: .io, message: message) }
    static let brokenPipe = CLIError(code: .brokenPipe, message: "broken pipe")

    /// A data error at a place in an input: "FILE:LINE:COLUMN: message".
    static func data(_ message: String, at location: SourceLocation) -> CLIError {
        CLIError(code: .data, message: "\(location): \(message)", location: location, detail: message)
    }
}

/// A place in an input, for error messages: 1-based line and column (in bytes).
struct SourceLocation: CustomStringConvertible, Equatable {
    var file: String
    var line: Int
    var column: Int

    var description: String { "\(file):\(line):\(column)" }
}
