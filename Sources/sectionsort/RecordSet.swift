/// The records of all inputs: where each one's bytes are, and the strings it is sorted by.
struct RecordSet: Sendable {
    /// One record: a byte range of one input, and its keys.
    struct Record: Sendable {
        var input: Int
        var bytes: Range<Int>
        var key: String
        var secondary: String?
    }

    var inputs: [[UInt8]] = []
    var records: [Record] = []
    /// The column names of csv and tsv inputs (from the first input's header).
    var header: [UInt8]?

    /// The bytes of record `index`, unchanged from the input.
    func withBytes<Result, Failure: Error>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        let record = records[index]
        return try inputs[record.input].withUnsafeBufferPointer { (bytes) throws(Failure) in
            try body(UnsafeBufferPointer(rebasing: bytes[record.bytes]))
        }
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
