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
}
