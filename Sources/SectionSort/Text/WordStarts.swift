/// Where words start in UTF-8 text, for word-start search: at the first letter or digit of the
/// text and at each letter or digit that follows something else (a space, a hyphen, an
/// apostrophe, punctuation). Combining marks belong to the letter before them. Scripts written
/// without spaces (Japanese, Chinese) are one word up to the next space or punctuation.
enum WordStarts {
    /// The byte offsets of the word starts in `utf8`, ascending. Ill-formed bytes count as
    /// separators.
    ///
    /// - Complexity: O(n) for n bytes.
    static func offsets(in utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts: [Int] = []
        var inWord = false
        var offset = 0
        while offset < utf8.count {
            let lead = utf8[offset]
            if lead < 0x80 {
                // ASCII: letters and digits are word characters, everything else separates.
                let isWord = (lead >= 0x30 && lead <= 0x39) || ((lead | 0x20) >= 0x61 && (lead | 0x20) <= 0x7A)
                if isWord && !inWord { starts.append(offset) }
                inWord = isWord
                offset += 1
                continue
            }
            let (scalar, length) = decode(utf8, at: offset)
            if let scalar {
                let properties = scalar.properties
                switch properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    break  // part of the character before it
                default:
                    let isWord = properties.isAlphabetic || properties.numericType != nil
                    if isWord && !inWord { starts.append(offset) }
                    inWord = isWord
                }
            } else {
                inWord = false
            }
            offset += length
        }
        return starts
    }

    /// The scalar at `offset` and its length in bytes; nil and 1 for an ill-formed byte.
    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar?, Int) {
        let lead = utf8[offset]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        guard length > 0, offset + length <= utf8.count else { return (nil, 1) }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for position in offset + 1..<offset + length {
            let byte = utf8[position]
            guard byte & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
        return (scalar, length)
    }
}
