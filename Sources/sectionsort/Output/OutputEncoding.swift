/// Escaping for the output formats.
enum OutputEncoding {
    /// `bytes` as a JSON string literal, quotes included. Invalid UTF-8 (possible with --lossy)
    /// becomes U+FFFD so that the document stays valid JSON.
    static func jsonString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return jsonString(text)
    }

    static func jsonString(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` as one CSV field, quoted when it has to be.
    static func csvField(_ text: String, delimiter: Character = ",") -> String {
        guard text.contains(where: { $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var result = "\""
        for character in text {
            result.append(character)
            if character == "\"" { result.append("\"") }
        }
        return result + "\""
    }

    /// Appends `bytes` in lowercase hexadecimal: byte order of keys is text order of their hex in
    /// the C locale.
    static func appendHex(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { digits in
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
        }
    }
}
