import Foundation

/// The key records of `--emit-keys` and `--from-keys`: SECTION<TAB>KEY<TAB>POSITION<TAB>RECORD,
/// each ended by a line feed (or NUL with `-z`), after an identity record (``KeyIdentity``).
///
/// A byte-order sort of the records is sectionsort's order: SECTION is the section's display rank
/// in five decimal digits; KEY the engine's ordering key in an order-preserving base-64 text (its
/// alphabet is in ASCII order, and the TAB after it sorts below every digit of it, so a key that is
/// a prefix of another sorts first); POSITION the part number (4 digits) and the record's position
/// (8 digits), fixed-width in the same alphabet, unique in the whole input, which makes the order
/// total and stable. RECORD, the input record unchanged, is never reached by a comparison. In
/// line-feed framing its backslashes, line feeds and carriage returns are escaped (`\\`, `\n`,
/// `\r`), so that any record survives line-based tools (sort, Hadoop and Spark text files); with
/// NUL framing it is written as it is, and a record holding a NUL cannot be framed.
enum KeyRecord {
    enum Framing {
        /// Records end with a line feed; RECORD is escaped.
        case lineFeed
        /// Records end with NUL; RECORD is written unchanged.
        case nul

        var terminator: UInt8 { self == .nul ? 0 : 0x0A }
    }

    /// The digits of KEY and POSITION, in ASCII order: "-", 0–9, A–Z, "_", a–z.
    static let digits: [UInt8] = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)
    /// Parts and positions fit the fixed widths of POSITION: 4 and 8 base-64 digits.
    static let partLimit = 1 << 24
    static let positionLimit = 1 << 48
    static let partWidth = 4
    static let positionWidth = 8
    static let sectionWidth = 5
    /// The identity record starts with this; "#" sorts before every SECTION digit.
    static let identityPrefix: [UInt8] = Array("#sectionsort-keys".utf8)

    /// Appends `key` in the order-preserving base 64: each 3 bytes become 4 digits; a last 1 or 2
    /// bytes become 2 or 3 digits, padded with zero bits (so the digit count tells the length, and
    /// distinct keys stay distinct).
    static func appendKey(_ key: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        var index = 0
        while index + 3 <= key.count {
            let group = UInt32(key[index]) << 16 | UInt32(key[index + 1]) << 8 | UInt32(key[index + 2])
            text.append(digits[Int(group >> 18)])
            text.append(digits[Int(group >> 12 & 63)])
            text.append(digits[Int(group >> 6 & 63)])
            text.append(digits[Int(group & 63)])
            index += 3
        }
        switch key.count - index {
        case 1:
            let group = UInt32(key[index]) << 4
            text.append(digits[Int(group >> 6)])
            text.append(digits[Int(group & 63)])
        case 2:
            let group = (UInt32(key[index]) << 8 | UInt32(key[index + 1])) << 2
            text.append(digits[Int(group >> 12)])
            text.append(digits[Int(group >> 6 & 63)])
            text.append(digits[Int(group & 63)])
        default: break
        }
    }

    /// Appends `value` in `width` base-64 digits.
    static func appendFixed(_ value: Int, width: Int, to text: inout [UInt8]) {
        for shift in stride(from: 6 * (width - 1), through: 0, by: -6) { text.append(digits[value >> shift & 63]) }
    }

    /// Appends `value` in `width` decimal digits.
    static func appendDecimal(_ value: Int, width: Int, to text: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends a whole key record; false (with nothing appended past `text`'s old end) when
    /// `record` holds a NUL that NUL framing cannot carry.
    static func append(
        rank: Int, key: UnsafeBufferPointer<UInt8>, part: Int, position: Int, record: UnsafeBufferPointer<UInt8>,
        framing: Framing, to text: inout [UInt8]
    ) -> Bool {
        appendDecimal(rank, width: sectionWidth, to: &text)
        text.append(0x09)
        appendKey(key, to: &text)
        text.append(0x09)
        appendFixed(part, width: partWidth, to: &text)
        appendFixed(position, width: positionWidth, to: &text)
        text.append(0x09)
        if framing == .nul, let base = record.baseAddress, memchr(base, 0, record.count) != nil { return false }
        appendRecord(record, framing: framing, to: &text)
        text.append(framing.terminator)
        return true
    }

    /// Hands the key record that ``append(rank:key:part:position:record:framing:to:)`` appends to
    /// `body` in pieces of about `pieceSize` bytes, so that a long record's key record is never
    /// held whole beside the record and its key; false, with nothing handed over, when `record`
    /// holds a NUL that NUL framing cannot carry.
    ///
    /// - Complexity: O(`key.count` + `record.count`), in memory O(`pieceSize`).
    static func forEachPiece<Failure: Error>(
        rank: Int, key: UnsafeBufferPointer<UInt8>, part: Int, position: Int, record: UnsafeBufferPointer<UInt8>,
        framing: Framing, pieceSize: Int = 1 << 16, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        if framing == .nul, let base = record.baseAddress, memchr(base, 0, record.count) != nil { return false }
        var text: [UInt8] = []
        // A piece ends after the slice that passes `pieceSize`: a slice of the key adds at most
        // `pieceSize` digits, one of the record at most twice `pieceSize` escaped bytes.
        text.reserveCapacity(3 * pieceSize + 64)
        func handOver() throws(Failure) {
            try text.withUnsafeBufferPointer { (piece) throws(Failure) in try body(piece) }
            text.removeAll(keepingCapacity: true)
        }
        appendDecimal(rank, width: sectionWidth, to: &text)
        text.append(0x09)
        // Whole groups of 3 bytes, so that only the last slice has the padded end of the base 64.
        let sliceOfKey = pieceSize / 4 * 3
        var start = 0
        while start < key.count {
            let end = min(key.count, start + sliceOfKey)
            appendKey(UnsafeBufferPointer(rebasing: key[start..<end]), to: &text)
            start = end
            if text.count >= pieceSize { try handOver() }
        }
        text.append(0x09)
        appendFixed(part, width: partWidth, to: &text)
        appendFixed(position, width: positionWidth, to: &text)
        text.append(0x09)
        start = 0
        while start < record.count {
            let end = min(record.count, start + pieceSize)
            appendRecord(UnsafeBufferPointer(rebasing: record[start..<end]), framing: framing, to: &text)
            start = end
            if text.count >= pieceSize { try handOver() }
        }
        text.append(framing.terminator)
        try handOver()
        return true
    }

    /// Appends RECORD: as it is with NUL framing, escaped with line-feed framing.
    private static func appendRecord(_ record: UnsafeBufferPointer<UInt8>, framing: Framing, to text: inout [UInt8]) {
        switch framing {
        case .nul:
            text.append(contentsOf: record)
        case .lineFeed:
            for byte in record {
                switch byte {
                case 0x5C: text.append(0x5C); text.append(0x5C)
                case 0x0A: text.append(0x5C); text.append(UInt8(ascii: "n"))
                case 0x0D: text.append(0x5C); text.append(UInt8(ascii: "r"))
                default: text.append(byte)
                }
            }
        }
    }

    /// A key record's fields, read in place.
    struct Fields {
        var rank: Int
        /// SECTION, KEY and POSITION with their TABs: what orders the record, unique per record.
        var prefixLength: Int
        /// Where RECORD starts.
        var recordStart: Int
    }

    /// Reads the fields of `bytes` (one record without its terminator); nil with the column of the
    /// first byte that does not fit the format.
    static func fields(of bytes: UnsafeBufferPointer<UInt8>) -> Result<Fields, FormatError> {
        var rank = 0
        for index in 0..<sectionWidth {
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
                return .failure(FormatError(offset: index, expected: "a five-digit SECTION"))
            }
            rank = rank * 10 + Int(bytes[index] - 0x30)
        }
        guard bytes.count > sectionWidth, bytes[sectionWidth] == 0x09 else {
            return .failure(FormatError(offset: sectionWidth, expected: "a TAB after SECTION"))
        }
        var position = sectionWidth + 1
        while position < bytes.count && bytes[position] != 0x09 { position += 1 }
        guard position < bytes.count else { return .failure(FormatError(offset: position, expected: "a TAB after KEY")) }
        let tieBreakerEnd = position + 1 + partWidth + positionWidth
        guard tieBreakerEnd < bytes.count, bytes[tieBreakerEnd] == 0x09 else {
            return .failure(FormatError(offset: min(bytes.count, tieBreakerEnd), expected: "a 12-digit POSITION and a TAB"))
        }
        return .success(Fields(rank: rank, prefixLength: tieBreakerEnd, recordStart: tieBreakerEnd + 1))
    }

    struct FormatError: Error {
        var offset: Int
        var expected: String
    }

    /// Undoes the line-feed framing's escapes of RECORD; nil at the offset of a bad escape.
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x5C else { output.append(byte); index += 1; continue }
            guard index + 1 < bytes.count else { return index }
            switch bytes[index + 1] {
            case 0x5C: output.append(0x5C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            default: return index
            }
            index += 2
        }
        return nil
    }
}
