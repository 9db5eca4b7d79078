import Foundation
import SectionSort

/// Reads JSON Lines: one JSON object a line, sectioned by one of its string fields. Blank lines
/// (only spaces and tabs) may end an input, as GNU tools and jq allow, but not come between
/// records. Invalid UTF-8 is an error, or with `--lossy` read as U+FFFD (the record's bytes stay
/// as they are).
struct JSONLinesReader {
    let keyField: String
    let secondaryField: String?
    /// The field of each record's reading: absent, null or "" means none.
    let readingField: String?
    let decoder: KeyDecoder
    /// The first blank line not yet followed by a record: an error if one follows.
    private var pendingBlankLine: SourceLocation?

    init(keyField: String, secondaryField: String?, readingField: String? = nil, decoder: KeyDecoder) {
        self.keyField = keyField
        self.secondaryField = secondaryField
        self.readingField = readingField
        self.decoder = decoder
    }

    /// Adds the whole lines at the start of `data` (which starts on line `line` of `name`) and
    /// returns how many bytes they took.
    mutating func read(_ data: [UInt8], isFinal: Bool, name: String, line: Int, into set: inout RecordSet) throws(CLIError) -> Int {
        let length = LineReader.completeLength(of: data, isFinal: isFinal)
        var records: [(bytes: Range<Int>, key: String, secondary: String?, reading: String?)] = []
        try data.withUnsafeBufferPointer { (bytes) throws(CLIError) in
            try LineReader.forEachLine(in: UnsafeBufferPointer(rebasing: bytes[0..<length])) { (range, number) throws(CLIError) in
                let location = SourceLocation(file: name, line: line + number, column: 1)
                let text = UnsafeBufferPointer(rebasing: bytes[range])
                if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    if pendingBlankLine == nil { pendingBlankLine = location }
                    return
                }
                if let blank = pendingBlankLine {
                    throw .data("blank line between records (JSON Lines allows blank lines only at the end)", at: blank)
                }
                // JSONSerialization skips a byte order mark, which would then be written into JSON
                // output; one is stripped at the start of an input, and is not JSON elsewhere.
                if text.starts(with: RecordBatches.byteOrderMark) {
                    throw .data("a byte order mark inside the input (it may only start it)", at: location)
                }
                // Checks UTF-8 first, so that an encoding error is reported as one.
                try decoder.validate(text, at: location)
                let object: Any
                do {
                    var json = Data(buffer: text)
                    if decoder.lossy && UTF8Decoding.firstInvalidOffset(text) != nil {
                        json = Data(String(decoding: text, as: UTF8.self).utf8)
                    }
                    object = try JSONSerialization.jsonObject(with: json, options: [])
                } catch {
                    throw .data("not valid JSON: \(Echo.bounded(Self.reason(error)))", at: Self.location(of: error, in: location))
                }
                guard let dictionary = object as? [String: Any] else {
                    throw .data("expected a JSON object", at: location)
                }
                func field(_ name: String) throws(CLIError) -> String {
                    guard let value = dictionary[name] else { throw .data("no field '\(Echo.bounded(name))'", at: location) }
                    if let string = value as? String { return string }
                    if value is NSNull { throw .data("field '\(Echo.bounded(name))' is null", at: location) }
                    if let number = value as? NSNumber { return number.stringValue }
                    throw .data("field '\(Echo.bounded(name))' is not a string or number", at: location)
                }
                // A record without a reading is read by its key.
                let reading = try readingField.map { (name) throws(CLIError) in
                    dictionary[name] == nil || dictionary[name] is NSNull ? "" : try field(name)
                }
                records.append((range, try field(keyField), try secondaryField.map { (name) throws(CLIError) in try field(name) }, reading))
            }
        }
        let base = set.appendInput(data, length: length, name: name, line: line)
        if set.keySpans == nil { set.keySpans = [] }
        if secondaryField != nil && set.secondarySpans == nil { set.secondarySpans = [] }
        if readingField != nil && set.readingSpans == nil { set.readingSpans = [] }
        for record in records {
            set.spans.append(base + record.bytes.lowerBound..<base + record.bytes.upperBound)
            var key = record.key
            set.keySpans!.append(key.withUTF8 { set.appendKey($0) })
            if var secondary = record.secondary { set.secondarySpans!.append(secondary.withUTF8 { set.appendKey($0) }) }
            if var reading = record.reading { set.readingSpans!.append(reading.withUTF8 { set.appendKey($0) }) }
        }
        return length
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
