import SectionSort

/// Escaping for the output formats.
enum OutputEncoding {
    /// `text` as a JSON string literal, quotes included (``appendJSONString(_:to:)``).
    static func jsonString(_ text: String) -> String {
        var literal: [UInt8] = []
        var text = text
        text.withUTF8 { appendJSONString($0, to: &literal) }
        return String(decoding: literal, as: UTF8.self)
    }

    /// Appends `bytes` as a JSON string literal, quotes included: the bytes themselves, with
    /// quotes, backslashes and control characters escaped (`\n`, `\r`, `\t`, else `\u00xx`).
    /// Invalid UTF-8 (possible with --lossy) becomes U+FFFD, so that the document stays valid
    /// JSON.
    ///
    /// - Complexity: O(n) for n bytes.
    static func appendJSONString(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        withValidUTF8(bytes) { appendWellFormedJSONString($0, to: &text) }
    }

    private static func appendWellFormedJSONString(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        text.append(0x22)
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
            switch byte {
            case 0x22: text.append(contentsOf: [0x5C, 0x22])
            case 0x5C: text.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: text.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: text.append(contentsOf: [0x5C, 0x72])
            case 0x09: text.append(contentsOf: [0x5C, 0x74])
            default: text.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
            }
            start = offset + 1
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        text.append(0x22)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `bytes` as they are where they are well-formed UTF-8, else with U+FFFD for each
    /// ill-formed sequence (as `String(decoding:as:)` makes them): for output that must stay
    /// valid (JSON, CSV) of records that --lossy let in.
    ///
    /// - Complexity: O(n) for n bytes.
    static func appendValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        withValidUTF8(bytes) { text.append(contentsOf: $0) }
    }

    /// Calls `body` with `bytes` where they are well-formed UTF-8, else with their text as
    /// `String(decoding:as:)` makes it (U+FFFD for each ill-formed sequence): the one repair of
    /// what --lossy let in, for every output format that must stay valid.
    private static func withValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard UTF8Decoding.firstInvalidOffset(bytes) != nil else { return body(bytes) }
        var repaired = String(decoding: bytes, as: UTF8.self)
        repaired.withUTF8(body)
    }

    /// `text` as one CSV field (RFC 4180): in quotes, each quote doubled, when it holds the
    /// delimiter (an ASCII character), a quote, a carriage return or a line feed. Read byte by
    /// byte, as a CSV reader reads it: a quote or delimiter followed by combining marks is one
    /// `Character` (as is CR LF), which a test of characters took for another and left unquoted.
    static func csvField(_ text: String, delimiter: Character = ",") -> String {
        var field: [UInt8] = []
        var text = text
        text.withUTF8 { appendCSVField($0, delimiter: delimiter.asciiValue ?? 0x2C, to: &field) }
        return String(decoding: field, as: UTF8.self)
    }

    /// Appends `bytes` as ``csvField(_:delimiter:)`` writes their text, without a `String` in
    /// between where they are well-formed UTF-8; invalid UTF-8 (--lossy) becomes U+FFFD first.
    ///
    /// - Complexity: O(n) for n bytes.
    static func appendCSVField(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8 = 0x2C, to text: inout [UInt8]) {
        withValidUTF8(bytes) { appendWellFormedCSVField($0, delimiter: delimiter, to: &text) }
    }

    private static func appendWellFormedCSVField(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, to text: inout [UInt8]) {
        guard bytes.contains(where: { $0 == delimiter || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return text.append(contentsOf: bytes)
        }
        text.append(0x22)
        for byte in bytes {
            text.append(byte)
            if byte == 0x22 { text.append(0x22) }
        }
        text.append(0x22)
    }
}
