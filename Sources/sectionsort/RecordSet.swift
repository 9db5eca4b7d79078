/// The records of all inputs: the inputs' bytes one after another, where each record's bytes
/// are, and the strings it is sorted by (in parallel arrays, so that writing records out touches no
/// key strings).
struct RecordSet: Sendable {
    /// Every input's bytes, concatenated in reading order.
    var bytes: [UInt8] = []
    /// The bytes of record `i`, unchanged from its input: `bytes[spans[i]]`.
    var spans: [Range<Int>] = []
    var keys: [String] = []
    /// Present when a secondary key was asked for.
    var secondaryKeys: [String]?
    /// The header row of csv and tsv inputs (from the first input).
    var header: [UInt8]?
    /// Each input's name and where its bytes start in `bytes`, to name places in errors.
    var inputStarts: [(name: String, offset: Int)] = []

    var count: Int { spans.count }

    mutating func append(_ span: Range<Int>, key: String, secondary: String?) {
        spans.append(span)
        keys.append(key)
        if let secondary {
            if secondaryKeys == nil { secondaryKeys = [] }
            secondaryKeys!.append(secondary)
        }
    }

    /// Appends an input's bytes and returns the offset its records' spans start from.
    mutating func appendInput(_ input: InputData) -> Int {
        let base = bytes.count
        inputStarts.append((input.name, base))
        if bytes.isEmpty { bytes = input.bytes } else { bytes += input.bytes }
        return base
    }

    /// Where record `index` starts: its input, line and column (counted on this error path only).
    func location(ofRecord index: Int, column: Int = 1) -> SourceLocation {
        let start = spans[index].lowerBound
        let input = inputStarts.last { $0.offset <= start } ?? ("?", 0)
        let line = 1 + bytes[input.offset..<start].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return SourceLocation(file: input.name, line: line, column: column)
    }
}

/// Turning bytes into key strings: strict (an error names the first invalid byte) or lossy.
struct KeyDecoder {
    let lossy: Bool
    let file: String

    /// The string of `bytes`, which start at `location` in the input.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>, at location: SourceLocation) throws(CLIError) -> String {
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        if lossy { return String(decoding: bytes, as: UTF8.self) }
        var where_ = location
        where_.column += Self.firstInvalidOffset(bytes)
        throw .data("invalid UTF-8 (use --lossy to replace it with U+FFFD in keys)", at: where_)
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return offset
            case .error:
                return offset
            }
        }
    }
}
