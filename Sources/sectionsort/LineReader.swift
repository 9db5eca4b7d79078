/// Splits an input into lines: LF or CRLF ends a line, and a final line ending does not make an
/// extra, empty record.
enum LineReader {
    /// Calls `body` with each line's byte range (without its line ending) and 1-based number.
    static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) throws(CLIError) -> Void) throws(CLIError) {
        var start = 0, number = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var contentEnd = end
            if contentEnd > start && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            try body(start..<contentEnd, number)
            start = end + 1
            number += 1
        }
    }

    /// Adds every line of `input` as a record keyed by its text.
    static func read(_ input: InputData, decoder: KeyDecoder, into set: inout RecordSet) throws(CLIError) {
        let base = set.appendInput(input.bytes)
        var spans: [Range<Int>] = [], keys: [String] = []
        try input.bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
            try forEachLine(in: bytes) { (range, line) throws(CLIError) in
                let key = try decoder.decode(UnsafeBufferPointer(rebasing: bytes[range]),
                                             at: SourceLocation(file: input.name, line: line, column: 1))
                spans.append(base + range.lowerBound..<base + range.upperBound)
                keys.append(key)
            }
        }
        set.spans += spans
        set.keys += keys
    }
}
