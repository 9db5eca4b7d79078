import Foundation

/// The bytes of one input (a file or standard input), read whole.
struct InputData {
    /// The name used in messages: the path, or "<stdin>".
    let name: String
    let bytes: [UInt8]

    /// Reads `path` ("-" for standard input).
    static func read(_ path: String) throws(CLIError) -> InputData {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return InputData(name: "<stdin>", bytes: [UInt8](data))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noInput("\(path): no such file")
        }
        if isDirectory.boolValue { throw .noInput("\(path): is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .noInput("\(path): cannot open (permission denied?)") }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            return InputData(name: path, bytes: [UInt8](data))
        } catch {
            throw .io("\(path): read failed: \(error.localizedDescription)")
        }
    }
}
