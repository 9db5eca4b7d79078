import Foundation
import SectionSort

/// Reads CSV and TSV with a header row (or, with `--no-header`, without one, columns numbered from 1): RFC 4180 quoting ("a ""quoted"" field", delimiters and
/// line breaks inside quotes), LF or CRLF record endings.
///
/// The rules, each a data error naming the place when broken: every record has as many fields as
/// the header (RFC 4180); a CR outside quotes ends a record only before an LF (old Mac line
/// endings, lone CRs, are refused rather than read as one long record); after a closing quote
/// comes a delimiter or the end of the record; every byte is UTF-8 unless `--lossy`; an input
/// needs its header row, so an empty one is refused.
///
/// One reader reads one input, batch by batch: the first record is the header, and only the key
/// columns' fields are decoded; every record's bytes stay as they are.
struct DelimitedReader {
    let delimiter: UInt8
    let keyColumn: String
    /// The `--then` columns, in their order.
    let thenColumns: [String]
    /// The column of each record's reading (an empty field: none).
    let readingColumn: String?
    let decoder: KeyDecoder
    /// Whether the first record is a header row (`--no-header`: it is data, and the columns are
    /// named by their numbers).
    let hasHeader: Bool
    /// The key columns' positions, once the header has been read.
    private var columns: (key: Int, then: [Int], reading: Int?, count: Int)?
    /// The header row's bytes, once read.
    private(set) var header: [UInt8]?
    /// The header's column names, once read.
    private(set) var columnNames: [String]?

    init(
        delimiter: UInt8, keyColumn: String, thenColumns: [String] = [], readingColumn: String? = nil, decoder: KeyDecoder,
        hasHeader: Bool = true
    ) {
        self.hasHeader = hasHeader
        self.delimiter = delimiter
        self.keyColumn = keyColumn
        self.thenColumns = thenColumns
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
        /// A record, whose fields the parser left in the array it was given.
        case record(bytes: Range<Int>, next: Int)
        /// The record runs past the end of the data, which is not final.
        case incomplete
    }

    /// Adds the whole records at the start of `data` (which starts on line `line` of `name`) and
    /// returns how many bytes they took; with `isFinal`, all of `data`.
    mutating func read(_ data: [UInt8], isFinal: Bool, name: String, line: Int, into set: inout RecordSet) throws(CLIError) -> Int {
        // Key ranges are in `set.keyBytes`, where the fields are decoded straight into, or in
        // `data` for a key read in place (listed in `inPlace`).
        var records: [(bytes: Range<Int>, key: Range<Int>, reading: Range<Int>?)] = []
        // The --then keys of the records, column after column: record r's are at r * thenColumns.count.
        var thenKeys: [Range<Int>] = []
        // The keys read in place (long fields): the record's number in `records`, the key's (0 the
        // primary key, 1 + n the nth --then key), and whether it has doubled quotes to undo.
        var inPlace: [InPlaceKeys.Placed] = []
        var consumed = 0
        try data.withUnsafeBufferPointer { (bytes) throws(CLIError) in
            func location(_ offset: Int) -> SourceLocation {
                var current = line, lineStart = 0
                for position in 0..<offset where bytes[position] == 0x0A { current += 1; lineStart = position + 1 }
                return SourceLocation(file: name, line: current, column: offset - lineStart + 1)
            }
            // Whole records are checked, not only their keys: the policy is the same for every
            // format. Whole lines hold whole characters (a line feed is never inside one).
            if !decoder.lossy {
                let complete = isFinal ? bytes.count : LineReader.completeLength(of: data, isFinal: false)
                if let offset = UTF8Decoding.firstInvalidOffset(UnsafeBufferPointer(rebasing: bytes[0..<complete])) {
                    throw KeyDecoder.invalid(at: location(offset))
                }
            }
            if isFinal && bytes.isEmpty && columns == nil && hasHeader {
                throw .data("the input is empty: no header row, so no column '\(Echo.bounded(keyColumn))'", at: location(0))
            }
            var position = 0
            // One array of fields for every record: no allocation per record.
            var fields: [Field] = []
            while position < bytes.count {
                let outcome = try parseRecord(bytes, from: position, isFinal: isFinal, location: location, fields: &fields)
                guard case .record(let range, let next) = outcome else { break }
                position = next
                consumed = next
                if columns == nil {
                    if hasHeader {
                        try readHeader(fields, bytes: bytes, range: range, location: location)
                        continue
                    }
                    try numberColumns(count: fields.count, at: location(range.lowerBound))
                }
                let columns = self.columns!
                guard fields.count == columns.count else {
                    throw .data(
                        "the record has \(fields.count) field\(fields.count == 1 ? "" : "s"), the header \(columns.count) "
                            + "(every record needs one field per column)", at: location(range.lowerBound))
                }
                func decoded(_ column: Int) -> Range<Int> {
                    set.reserveKeyBytes(fields[column].range.count)
                    let start = set.keyBytes.count
                    Self.appendContent(of: fields[column], in: bytes, to: &set.keyBytes)
                    return start..<set.keyBytes.count
                }
                // Key `key` of this record: in place when it is long, and then whether it is
                // escaped (nil: decoded into the keys). It leaves `records` and `inPlace` to the
                // caller: captured, they would be checked for exclusive access at every use.
                func key(_ column: Int, _ key: Int) -> (range: Range<Int>, escaped: Bool?) {
                    guard key < InPlaceKeys.limit, let content = Self.contentInPlace(of: fields[column], in: bytes) else {
                        return (decoded(column), nil)
                    }
                    return content
                }
                let primary = key(columns.key, 0)
                if let escaped = primary.escaped { inPlace.append((records.count, 0, escaped)) }
                for (index, column) in columns.then.enumerated() {
                    let then = key(column, 1 + index)
                    if let escaped = then.escaped { inPlace.append((records.count, 1 + index, escaped)) }
                    thenKeys.append(then.range)
                }
                records.append((range, primary.range, columns.reading.map(decoded)))
            }
        }
        let base = set.appendInput(data, length: consumed, name: name, line: line)
        if set.keySpans == nil { set.keySpans = [] }
        if set.thenSpans.isEmpty { set.thenSpans = thenColumns.map { _ in [] } }
        if readingColumn != nil && set.readingSpans == nil { set.readingSpans = [] }
        let first = set.count
        for (number, record) in records.enumerated() {
            set.spans.append(base + record.bytes.lowerBound..<base + record.bytes.upperBound)
            set.keySpans!.append(record.key)
            for field in thenColumns.indices { set.thenSpans[field].append(thenKeys[number * thenColumns.count + field]) }
            if let reading = record.reading { set.readingSpans!.append(reading) }
        }
        set.placeKeys(inPlace, ofRecordsFrom: first, at: base, unescape: Self.unescapeQuoted)
        return consumed
    }

    /// Reads the header row from the start of `data`, which comes from `name` (`--header` or
    /// `--header-file`): the inputs then have none, and their first records are data.
    mutating func readHeader(from data: [UInt8], isFinal: Bool, name: String) throws(CLIError) {
        try data.withUnsafeBufferPointer { (bytes) throws(CLIError) in
            func location(_ offset: Int) -> SourceLocation {
                var current = 1, lineStart = 0
                for position in 0..<offset where bytes[position] == 0x0A { current += 1; lineStart = position + 1 }
                return SourceLocation(file: name, line: current, column: offset - lineStart + 1)
            }
            var fields: [Field] = []
            guard case .record(let range, _) = try parseRecord(bytes, from: 0, isFinal: isFinal, location: location, fields: &fields)
            else {
                throw .data("the header row does not end within its first \(data.count) bytes", at: location(0))
            }
            try readHeader(fields, bytes: bytes, range: range, location: location)
        }
    }

    private mutating func readHeader(
        _ fields: [Field], bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>,
        location: (Int) -> SourceLocation
    ) throws(CLIError) {
        var names: [String] = []
        for field in fields {
            var content: [UInt8] = []
            Self.appendContent(of: field, in: bytes, to: &content)
            names.append(
                try content.withUnsafeBufferPointer { (text) throws(CLIError) in
                    try decoder.decode(text, at: location(field.range.lowerBound))
                })
        }
        func missing(_ column: String) -> CLIError {
            .data(
                "no column '\(Echo.bounded(column))' in the header (columns: \(Echo.bounded(names.joined(separator: ", "))))",
                at: location(range.lowerBound))
        }
        // A name, else a 1-based number (a column named "2" is found by its name first).
        func column(_ name: String?) throws(CLIError) -> Int? {
            guard let name else { return nil }
            guard let column = names.firstIndex(of: name) ?? Self.number(name, columns: names.count) else { throw missing(name) }
            return column
        }
        columns = (
            try column(keyColumn)!, try thenColumns.map { (name) throws(CLIError) in try column(name)! }, try column(readingColumn),
            names.count
        )
        columnNames = names
        header = Array(bytes[range])
    }

    /// `--no-header`: the key columns by number, from the first record's `count` fields.
    private mutating func numberColumns(count: Int, at location: SourceLocation) throws(CLIError) {
        func column(_ name: String?) throws(CLIError) -> Int? {
            guard let name else { return nil }
            guard let column = Self.number(name, columns: count) else {
                throw .data(
                    "no column \(Echo.bounded(name)): the record has \(count) field\(count == 1 ? "" : "s") (without a header row, "
                        + "columns are numbered from 1)", at: location)
            }
            return column
        }
        columns = (
            try column(keyColumn)!, try thenColumns.map { (name) throws(CLIError) in try column(name)! }, try column(readingColumn), count
        )
    }

    /// The index of column `name` when it is a number from 1 to `columns`.
    private static func number(_ name: String, columns: Int) -> Int? {
        guard name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(name), (1...columns).contains(number) else {
            return nil
        }
        return number - 1
    }

    /// Where a long field's text is in `bytes`, to be keyed in place (``RecordSet/keysInBytes``):
    /// unquoted, or between its quotes, with doubled quotes to undo (`escaped`) or none; nil for
    /// a short field, which is copied.
    private static func contentInPlace(of field: Field, in bytes: UnsafeBufferPointer<UInt8>) -> (range: Range<Int>, escaped: Bool)? {
        guard field.range.count >= MemoryPlan.longRecord else { return nil }
        guard field.isQuoted else { return (field.range, false) }
        let content = field.range.lowerBound + 1..<field.range.upperBound - 1
        return (content, memchr(bytes.baseAddress! + content.lowerBound, 0x22, content.count) != nil)
    }

    /// The text of a quoted field's content (``KeyUnescaping/Unescape``): its doubled quotes single.
    static let unescapeQuoted: KeyUnescaping.Unescape = { escaped, position, output in
        var written = 0
        while position < escaped.count && written < output.count {
            output[written] = escaped[position]
            written += 1
            // The content of a field that parsed has its quotes doubled.
            position += escaped[position] == 0x22 ? 2 : 1
        }
        return written
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

    /// The record starting at `start`; its fields replace those in `fields`.
    private func parseRecord(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool,
        location: (Int) -> SourceLocation, fields: inout [Field]
    ) throws(CLIError) -> Outcome {
        fields.removeAll(keepingCapacity: true)
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
                while position < bytes.count && bytes[position] != delimiter && bytes[position] != 0x0A && bytes[position] != 0x0D {
                    position += 1
                }
                fields.append(Field(range: fieldStart..<position, isQuoted: false))
            }
            // A CR outside quotes must start a CR LF.
            if position < bytes.count && bytes[position] == 0x0D {
                if position + 1 == bytes.count && !isFinal { return .incomplete }
                if position + 1 == bytes.count || bytes[position + 1] != 0x0A {
                    throw .data(
                        "a carriage return not followed by a line feed (records end with LF or CR LF; "
                            + "old Mac line endings can be converted with tr '\\r' '\\n')", at: location(position))
                }
            }
            if position < bytes.count && bytes[position] == delimiter { position += 1; continue }
            // The end of the record: CR LF, LF, or the end of the data.
            if position >= bytes.count && !isFinal { return .incomplete }
            let recordEnd = position
            if position < bytes.count && bytes[position] == 0x0D { position += 1 }
            if position < bytes.count && bytes[position] == 0x0A { position += 1 }
            return .record(bytes: start..<recordEnd, next: position)
        }
    }
}
