/// A text that the collation checks key with both the runtime and ICU: its UTF-8 bytes, which may
/// be ill-formed, and when they are not, the same text in UTF-16 (ICU's fastest key path). The
/// buffers are kept between texts.
struct CollationCheckText {
    var utf8: [UInt8] = []
    var utf16: [UInt16] = []
    /// False once a byte sequence that is not UTF-8 was appended: ICU then reads `utf8` itself.
    var isWellFormed = true

    mutating func removeAll() {
        utf8.removeAll(keepingCapacity: true)
        utf16.removeAll(keepingCapacity: true)
        isWellFormed = true
    }

    mutating func append(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            utf8.append(UInt8(value))
        case 0x80..<0x800:
            utf8.append(0xC0 | UInt8(value >> 6))
            utf8.append(0x80 | UInt8(value & 0x3F))
        case 0x800..<0x10000:
            utf8.append(0xE0 | UInt8(value >> 12))
            utf8.append(0x80 | UInt8(value >> 6 & 0x3F))
            utf8.append(0x80 | UInt8(value & 0x3F))
        default:
            utf8.append(0xF0 | UInt8(value >> 18))
            utf8.append(0x80 | UInt8(value >> 12 & 0x3F))
            utf8.append(0x80 | UInt8(value >> 6 & 0x3F))
            utf8.append(0x80 | UInt8(value & 0x3F))
        }
        if value < 0x10000 {
            utf16.append(UInt16(value))
        } else {
            utf16.append(UInt16(0xD800 + (value - 0x10000) >> 10))
            utf16.append(UInt16(0xDC00 + (value & 0x3FF)))
        }
    }

    mutating func append(_ scalars: [Unicode.Scalar]) {
        for scalar in scalars { append(scalar) }
    }

    mutating func append(code value: UInt32) {
        if let scalar = Unicode.Scalar(value) {
            append(scalar)
        } else {
            // A surrogate: its three bytes in the UTF-8 pattern, which UTF-8 does not allow.
            appendIllFormed([0xE0 | UInt8(value >> 12), 0x80 | UInt8(value >> 6 & 0x3F), 0x80 | UInt8(value & 0x3F)])
        }
    }

    mutating func appendIllFormed(_ bytes: [UInt8]) {
        utf8.append(contentsOf: bytes)
        isWellFormed = false
    }

    /// The code points as ICU reads the bytes ("U+0061 U+FFFD"), and the bytes themselves when
    /// they are ill-formed.
    var codePoints: String {
        let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars.map { "U+" + hex($0.value, digits: 4) }
        let text = scalars.isEmpty ? "(empty)" : scalars.joined(separator: " ")
        return isWellFormed ? text : text + " (ill-formed UTF-8: " + utf8.map { hex(UInt32($0), digits: 2) }.joined(separator: " ") + ")"
    }
}

/// Upper-case hexadecimal of `value`, at least `digits` digits.
func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// Bytes as upper-case hexadecimal pairs.
func hex(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.map { hex(UInt32($0), digits: 2) }.joined(separator: " ")
}
