/// Decoding UTF-8 bytes that may be ill-formed, the way Swift's `String(decoding:as:)` does: each
/// maximal ill-formed subsequence becomes one U+FFFD.
///
/// The engine reads keys straight from input bytes (no `String` per item), so the bytes it sees
/// may not have been validated; decoding them this way keeps every read in bounds and gives a
/// lossy key the same characters a lossy `String` would have.
@_spi(CommandLine)
public enum UTF8Decoding {
    /// The offset of the first byte of `bytes` that does not begin a well-formed UTF-8 sequence,
    /// or nil when all of `bytes` is well-formed.
    ///
    /// - Complexity: O(n).
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = 0
        while offset < bytes.count {
            // Eight ASCII bytes at a time: the common case of names and identifiers.
            while offset + 8 <= bytes.count,
                UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                offset += 8
            }
            guard offset < bytes.count else { return nil }
            let sequence = decode(bytes, at: offset)
            if !sequence.isValid { return offset }
            offset += sequence.length
        }
        return nil
    }

    /// Writes the UTF-16 form of `bytes` to `destination`, which must have room for `bytes.count`
    /// units (UTF-16 never needs more units than UTF-8 has bytes, U+FFFD included), and returns
    /// the number of units written.
    ///
    /// - Complexity: O(n).
    static func transcodeToUTF16(_ bytes: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt16>) -> Int {
        var count = 0, offset = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            if lead < 0x80 {
                destination[count] = UInt16(lead); count += 1; offset += 1
                continue
            }
            let sequence = decode(bytes, at: offset)
            offset += sequence.length
            let scalar = sequence.isValid ? sequence.scalar : 0xFFFD
            if scalar < 0x10000 {
                destination[count] = UInt16(scalar); count += 1
            } else {
                let high = scalar - 0x10000
                destination[count] = UInt16(0xD800 | (high >> 10)); destination[count + 1] = UInt16(0xDC00 | (high & 0x3FF))
                count += 2
            }
        }
        return count
    }

    /// The sequence starting at `offset`: its scalar and length when well-formed; otherwise the
    /// length of the maximal ill-formed subpart to replace (at least 1).
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: UInt32, length: Int, isValid: Bool) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, 1, true) }
        // The allowed range of the second byte depends on the lead (no overlongs, no surrogates,
        // nothing past U+10FFFF); later bytes are plain continuation bytes.
        let length: Int, secondLow: UInt8, secondHigh: UInt8
        switch lead {
        case 0xC2...0xDF: (length, secondLow, secondHigh) = (2, 0x80, 0xBF)
        case 0xE0: (length, secondLow, secondHigh) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondLow, secondHigh) = (3, 0x80, 0xBF)
        case 0xED: (length, secondLow, secondHigh) = (3, 0x80, 0x9F)
        case 0xF0: (length, secondLow, secondHigh) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, secondLow, secondHigh) = (4, 0x80, 0xBF)
        case 0xF4: (length, secondLow, secondHigh) = (4, 0x80, 0x8F)
        default: return (0, 1, false)
        }
        var scalar = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for position in 1..<length {
            guard offset + position < bytes.count else { return (0, position, false) }
            let byte = bytes[offset + position]
            let (low, high) = position == 1 ? (secondLow, secondHigh) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= low && byte <= high else { return (0, position, false) }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return (scalar, length, true)
    }
}
