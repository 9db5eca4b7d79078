/// Reads CSV and TSV with a header row: RFC 4180 quoting ("a ""quoted"" field", delimiters and
/// line breaks inside quotes), LF or CRLF record endings.
struct DelimitedReader {
    let delimiter: UInt8
    let keyColumn: String
    let secondaryColumn: String?
    let decoder: KeyDecoder

    private struct Field {
        var bytes: [UInt8]
        var line: Int
        var column: Int
    }

    private struct Row {
        var fields: [Field]
        var bytes: Range<Int>
        var line: Int
    }

    func read(_ input: InputData, into set: inout RecordSet) throws(CLIError) {
        let rows = try parse(input)
        let base = set.appendInput(input)
        guard let header = rows.first else { return }  // an empty input has no records
        let names = try header.fields.map { (field) throws(CLIError) in
            try decoder.decode(field.bytes.withUnsafeBufferPointer { UnsafeBufferPointer(start: $0.baseAddress, count: $0.count) } ,
                               at: SourceLocation(file: input.name, line: field.line, column: field.column))
        }
        let headerLocation = SourceLocation(file: input.name, line: header.line, column: 1)
        guard let key = names.firstIndex(of: keyColumn) else {
            throw .data("no column '\(keyColumn)' in the header (columns: \(names.joined(separator: ", ")))", at: headerLocation)
        }
        var secondary: Int?
        if let secondaryColumn {
            guard let column = names.firstIndex(of: secondaryColumn) else {
                throw .data("no column '\(secondaryColumn)' in the header (columns: \(names.joined(separator: ", ")))", at: headerLocation)
            }
            secondary = column
        }
        if set.header == nil { set.header = Array(input.bytes[header.bytes]) }
        for row in rows.dropFirst() {
            func text(_ column: Int, _ name: String) throws(CLIError) -> String {
                guard column < row.fields.count else {
                    throw .data("record has \(row.fields.count) fields, so no '\(name)' (column \(column + 1))",
                                at: SourceLocation(file: input.name, line: row.line, column: 1))
                }
                let field = row.fields[column]
                return try field.bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
                    try decoder.decode(bytes, at: SourceLocation(file: input.name, line: field.line, column: field.column))
                }
            }
            let keyText = try text(key, keyColumn)
            let secondaryText = try secondary.map { (column) throws(CLIError) in try text(column, secondaryColumn!) }
            set.append(base + row.bytes.lowerBound..<base + row.bytes.upperBound, key: keyText, secondary: secondaryText)
        }
    }

    private func parse(_ input: InputData) throws(CLIError) -> [Row] {
        let bytes = input.bytes
        var rows: [Row] = []
        var position = 0, line = 1, lineStart = 0
        while position < bytes.count {
            let rowStart = position, rowLine = line
            var fields: [Field] = []
            var rowEnd = position
            while true {
                var field = Field(bytes: [], line: line, column: position - lineStart + 1)
                if position < bytes.count && bytes[position] == 0x22 {  // quoted field
                    let quoteLocation = SourceLocation(file: input.name, line: line, column: position - lineStart + 1)
                    position += 1
                    while true {
                        guard position < bytes.count else { throw .data("unterminated quoted field", at: quoteLocation) }
                        let byte = bytes[position]
                        if byte == 0x22 {
                            if position + 1 < bytes.count && bytes[position + 1] == 0x22 {
                                field.bytes.append(0x22); position += 2; continue
                            }
                            position += 1
                            break
                        }
                        if byte == 0x0A { line += 1; lineStart = position + 1 }
                        field.bytes.append(byte)
                        position += 1
                    }
                    if position < bytes.count && bytes[position] != delimiter && bytes[position] != 0x0A && bytes[position] != 0x0D {
                        throw .data("unexpected character after a closing quote",
                                    at: SourceLocation(file: input.name, line: line, column: position - lineStart + 1))
                    }
                } else {
                    while position < bytes.count && bytes[position] != delimiter && bytes[position] != 0x0A {
                        field.bytes.append(bytes[position]); position += 1
                    }
                    if field.bytes.last == 0x0D && (position >= bytes.count || bytes[position] == 0x0A) { field.bytes.removeLast() }
                }
                fields.append(field)
                if position < bytes.count && bytes[position] == delimiter { position += 1; continue }
                // End of the record: skip CR LF / LF.
                rowEnd = position
                if position < bytes.count && bytes[position] == 0x0D { position += 1 }
                if position < bytes.count && bytes[position] == 0x0A { position += 1; line += 1; lineStart = position }
                break
            }
            if rowEnd > rowStart && bytes[rowEnd - 1] == 0x0D { rowEnd -= 1 }
            rows.append(Row(fields: fields, bytes: rowStart..<rowEnd, line: rowLine))
        }
        return rows
    }
}
