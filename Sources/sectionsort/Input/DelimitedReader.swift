/// Reads CSV and TSV with a header row: RFC 4180 quoting ("a ""quoted"" field", delimiters and
/// line breaks inside quotes), LF or CRLF record endings.
///
/// One reader reads one input, batch by batch: the first record is the header, and only the key
/// columns' fields are decoded; every record's bytes stay as they are.
struct DelimitedReader {
    let delimiter: UInt8
    let keyColumn: String
    let secondaryColumn: String?
    /// The column of each record's reading (an empty field: none).
    let readingColumn: String?
    let decoder: KeyDecoder
    /// The key columns' positions, once the header has been read.
    private var columns: (key: Int, secondary: Int?, reading: Int?)?
    /// The header row's bytes, once read.
    private(set) var header: [UInt8]?

    init(delimiter: UInt8, keyColumn: String, secondaryColumn: String?, readingColumn: String? = nil, decoder: KeyDecoder) {
        self.delimiter = delimiter
        self.keyColumn = keyColumn
        self.secondaryColumn = secondaryColumn
        self.readingColumn = readingColumn
        self.decoder = decoder
    }

    /// A record's fields as the parser found them.
    private struct Field {
        /// The field's bytes in the input, quotes included.
        var range: Range<Int>
        var isQuoted: Bool
    }

    private enum Outcome {
        case record(fields: [Field], bytes: Range<Int>, next: Int)
        /// The record runs past the end of the data, which is not final.
        case incomplete
    }

    /// Adds the whole records at the start of `data` (which starts on line `line` of `name`) and
    /// returns how many bytes they took; with `isFinal`, all of `data`.
    mutating func read(_ data: [UInt8], isFinal: Bool, name: String, line: Int, into set: inout RecordSet) throws(CLIError) -> Int {
        var records: [(bytes: Range<Int>, key: Range<Int>, secondary: Range<Int>?, reading: Range<Int>?)] = []
        var keyBytes: [UInt8] = []
        var consumed = 0
        try data.withUnsafeBufferPointer { (bytes) throws(CLIError) in
            func location(_ offset: Int) -> SourceLocation {
                var current = line, lineStart = 0
                for position in 0..<offset where bytes[position] == 0x0A { current += 1; lineStart = position + 1 }
                return SourceLocation(file: name, line: current, column: offset - lineStart + 1)
            }
            var position = 0
            while position < bytes.count {
                let outcome = try parseRecord(bytes, from: position, isFinal: isFinal, location: location)
                guard case .record(let fields, let range, let next) = outcome else { break }
                position = next
                consumed = next
                guard let columns else {
                    try readHeader(fields, bytes: bytes, range: range, location: location)
                    continue
                }
                func decoded(_ column: Int, _ columnName: String) throws(CLIError) -> Range<Int> {
                    guard column < fields.count else {
                        throw .data("record has \(fields.count) fields, so no '\(columnName)' (column \(column + 1))", at: location(range.lowerBound))
                    }
                    let field = fields[column]
                    let start = keyBytes.count
                    Self.appendContent(of: field, in: bytes, to: &keyBytes)
                    try keyBytes.withUnsafeBufferPointer { (key) throws(CLIError) in
                        try decoder.validate(UnsafeBufferPointer(rebasing: key[start...]), at: location(field.range.lowerBound + (field.isQuoted ? 1 : 0)))
                    }
                    return start..<keyBytes.count
                }
                let key = try decoded(columns.key, keyColumn)
                let secondary = try columns.secondary.map { (column) throws(CLIError) in try decoded(column, secondaryColumn!) }
                let reading = try columns.reading.map { (column) throws(CLIError) in try decoded(column, readingColumn!) }
                records.append((range, key, secondary, reading))
            }
        }
        let base = set.appendInput(data, length: consumed, name: name, line: line)
        let keyBase = set.keyBytes.count
        set.keyBytes += keyBytes
        if set.keySpans == nil { set.keySpans = [] }
        if secondaryColumn != nil && set.secondarySpans == nil { set.secondarySpans = [] }
        if readingColumn != nil && set.readingSpans == nil { set.readingSpans = [] }
        for record in records {
            set.spans.append(base + record.bytes.lowerBound..<base + record.bytes.upperBound)
            set.keySpans!.append(keyBase + record.key.lowerBound..<keyBase + record.key.upperBound)
            if let secondary = record.secondary { set.secondarySpans!.append(keyBase + secondary.lowerBound..<keyBase + secondary.upperBound) }
            if let reading = record.reading { set.readingSpans!.append(keyBase + reading.lowerBound..<keyBase + reading.upperBound) }
        }
        return consumed
    }

    private mutating func readHeader(_ fields: [Field], bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>,
                                     location: (Int) -> SourceLocation) throws(CLIError) {
        var names: [String] = []
        for field in fields {
            var content: [UInt8] = []
            Self.appendContent(of: field, in: bytes, to: &content)
            names.append(try content.withUnsafeBufferPointer { (text) throws(CLIError) in
                try decoder.decode(text, at: location(field.range.lowerBound))
            })
        }
        guard let key = names.firstIndex(of: keyColumn) else {
            throw .data("no column '\(keyColumn)' in the header (columns: \(names.joined(separator: ", ")))", at: location(range.lowerBound))
        }
        func column(_ name: String?) throws(CLIError) -> Int? {
            guard let name else { return nil }
            guard let column = names.firstIndex(of: name) else {
                throw .data("no column '\(name)' in the header (columns: \(names.joined(separator: ", ")))", at: location(range.lowerBound))
            }
            return column
        }
        columns = (key, try column(secondaryColumn), try column(readingColumn))
        header = Array(bytes[range])
    }

    /// A field's text: without its quotes, and with doubled quotes single.
    private static func appendContent(of field: Field, in bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard field.isQuoted else {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[field.range]))
            return
        }
        var position = field.range.lowerBound + 1
        let end = field.range.upperBound - 1
        while position < end {
            output.append(bytes[position])
            position += bytes[position] == 0x22 ? 2 : 1
        }
    }

    /// The record starting at `start`.
    private func parseRecord(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool,
                             location: (Int) -> SourceLocation) throws(CLIError) -> Outcome {
        var fields: [Field] = []
        var position = start
        while true {
            let fieldStart = position
            if position < bytes.count && bytes[position] == 0x22 {  // quoted field
                position += 1
                while true {
                    guard position < bytes.count else {
                        if !isFinal { return .incomplete }
                        throw .data("unterminated quoted field", at: location(fieldStart))
                    }
                    if bytes[position] == 0x22 {
                        if position + 1 < bytes.count && bytes[position + 1] == 0x22 { position += 2; continue }
                        if position + 1 == bytes.count && !isFinal { return .incomplete }
                        position += 1
                        break
                    }
                    position += 1
                }
                if position < bytes.count && bytes[position] != delimiter && bytes[position] != 0x0A && bytes[position] != 0x0D {
                    throw .data("unexpected character after a closing quote", at: location(position))
                }
                fields.append(Field(range: fieldStart..<position, isQuoted: true))
            } else {
                while position < bytes.count && bytes[position] != delimiter && bytes[position] != 0x0A { position += 1 }
                var end = position
                if end > fieldStart && bytes[end - 1] == 0x0D && (position >= bytes.count || bytes[position] == 0x0A) { end -= 1 }
                fields.append(Field(range: fieldStart..<end, isQuoted: false))
            }
            if position < bytes.count && bytes[position] == delimiter { position += 1; continue }
            // The end of the record: CR LF, LF, or the end of the data.
            if position >= bytes.count && !isFinal { return .incomplete }
            var recordEnd = position
            if position < bytes.count && bytes[position] == 0x0D { position += 1 }
            if position < bytes.count && bytes[position] == 0x0A { position += 1 }
            if recordEnd > start && bytes[recordEnd - 1] == 0x0D { recordEnd -= 1 }
            return .record(fields: fields, bytes: start..<recordEnd, next: position)
        }
    }
}
