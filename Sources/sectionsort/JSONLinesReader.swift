import Foundation

/// Reads JSON Lines: one JSON object a line, sectioned by one of its string fields.
struct JSONLinesReader {
    let keyField: String
    let secondaryField: String?
    let decoder: KeyDecoder

    func read(_ input: InputData, into set: inout RecordSet) throws(CLIError) {
        let base = set.appendInput(input)
        var records = RecordSet()
        try input.bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
            try LineReader.forEachLine(in: bytes) { (range, line) throws(CLIError) in
                let location = SourceLocation(file: input.name, line: line, column: 1)
                let text = UnsafeBufferPointer(rebasing: bytes[range])
                // Validates UTF-8 first, so that an encoding error is reported as one.
                _ = try decoder.decode(text, at: location)
                let object: Any
                do {
                    object = try JSONSerialization.jsonObject(with: Data(buffer: text), options: [])
                } catch {
                    throw .data("not valid JSON: \(Self.reason(error))", at: Self.location(of: error, in: location))
                }
                guard let dictionary = object as? [String: Any] else {
                    throw .data("expected a JSON object", at: location)
                }
                func field(_ name: String) throws(CLIError) -> String {
                    guard let value = dictionary[name] else { throw .data("no field '\(name)'", at: location) }
                    if let string = value as? String { return string }
                    if value is NSNull { throw .data("field '\(name)' is null", at: location) }
                    if let number = value as? NSNumber { return number.stringValue }
                    throw .data("field '\(name)' is not a string or number", at: location)
                }
                records.append(base + range.lowerBound..<base + range.upperBound, key: try field(keyField),
                               secondary: try secondaryField.map { (name) throws(CLIError) in try field(name) })
            }
        }
        set.spans += records.spans
        set.keys += records.keys
        if let secondary = records.secondaryKeys { set.secondaryKeys = (set.secondaryKeys ?? []) + secondary }
    }

    private static func reason(_ error: any Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return text.split(separator: "\n").first.map(String.init) ?? text
    }

    /// Foundation's messages say "around line L, column C" or "character N"; take the column.
    private static func location(of error: any Error, in line: SourceLocation) -> SourceLocation {
        let text = reason(error)
        var result = line
        for marker in ["column ", "character "] {
            if let range = text.range(of: marker) {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let value = Int(digits) { result.column = marker == "character " ? value + 1 : value; break }
            }
        }
        return result
    }
}
