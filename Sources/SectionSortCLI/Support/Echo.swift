/// Input text echoed in a message, bounded: a 1 MB bad timestamp or header is not printed whole.
enum Echo {
    /// The most characters of input a message repeats.
    static let limit = 80

    /// `text`, cut to ``limit`` characters with "…" after, and with control characters (line
    /// breaks, escapes) shown as `\u{…}` so that the message stays one line.
    static func bounded(_ text: some StringProtocol) -> String {
        var result = ""
        for (index, character) in text.enumerated() {
            if index == limit { return result + "…" }
            for scalar in character.unicodeScalars {
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
