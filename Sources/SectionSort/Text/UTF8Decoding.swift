/// Decoding UTF-8 bytes that may be ill-formed, the way Swift's `String(decoding:as:)` does: each
/// maximal ill-formed subsequence becomes one U+FFFD.
///
/// The engine reads keys straight from input bytes (no `String` per item), so the bytes it sees
/// may not have been validated; decoding them this way keeps every read in bounds and gives a
/// lossy key the same characters a lossy `String` would have.
package enum UTF8Decoding {
    /// The offset of the first byte of `bytes` that does not begin a well-formed UTF-8 sequence,
    /// or nil when all of `bytes` is well-formed.
    ///
    /// - Complexity: O(n).
    package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        lineFeedsAndFirstInvalidOffset(bytes, validating: true).firstInvalid
    }

    /// The number of line feeds (0x0A) in `bytes` and, when `validating`, the offset of the first
    /// byte that does not begin a well-formed UTF-8 sequence (nil when all is well-formed): one
    /// pass over the bytes, eight at a time (``checkWord(_:carry:afterE0:afterED:)``), for reading
    /// lines.
    ///
    /// The count covers all of `bytes` only when the offset is nil; after an invalid byte it stops.
    ///
    /// - Complexity: O(n).
    package static func lineFeedsAndFirstInvalidOffset(
        _ bytes: UnsafeBufferPointer<UInt8>, validating: Bool
    ) -> (lineFeeds: Int, firstInvalid: Int?) {
        guard let base = bytes.baseAddress else { return (0, nil) }
        let raw = UnsafeRawPointer(base)
        var offset = 0, lineFeeds = 0
        // Everything before `checked` is well-formed, up to a sequence's end; or, when
        // `pendingStart` is not nil, everything before it, and the sequence that starts there (a
        // lead in the last two bytes of the word before `offset`) is well-formed in its bytes
        // before `offset`, and needs the continuation bytes of `carry` (bit 7 of each byte) at the
        // start of the next word, with bit 5 set (`carryAfterE0`) or clear (`carryAfterED`).
        var checked = 0, pendingStart: Int? = nil
        var carry: UInt64 = 0, carryAfterE0: UInt64 = 0, carryAfterED: UInt64 = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lineFeeds += lineFeedMask(word).nonzeroBitCount
            guard validating else {
                offset += 8
                continue
            }
            if checked <= offset, let words = checkWord(word, carry: carry, afterE0: carryAfterE0, afterED: carryAfterED) {
                // A word of whole sequences and the starts of sequences that go on in the next one.
                (carry, carryAfterE0, carryAfterED) = (words.carry, words.afterE0, words.afterED)
                pendingStart = carry == 0 ? nil : offset + (words.leadAtByte7 ? 7 : 6)
                offset += 8
                continue
            }
            // Any other word: sequence by sequence, from the first byte not yet checked.
            let sequences = checkSequences(bytes, from: pendingStart ?? max(offset, checked), to: offset + 8)
            if let invalid = sequences.invalid { return (lineFeeds, invalid) }
            pendingStart = nil
            (carry, carryAfterE0, carryAfterED) = (0, 0, 0)
            checked = sequences.end
            offset += 8
        }
        let position = pendingStart ?? max(offset, checked)
        while offset < bytes.count {
            if base[offset] == 0x0A { lineFeeds += 1 }
            offset += 1
        }
        if validating, let invalid = checkSequences(bytes, from: position, to: bytes.count).invalid { return (lineFeeds, invalid) }
        return (lineFeeds, nil)
    }

    /// Checks a word of ASCII, two- and three-byte sequences (accented Latin, Cyrillic, Greek,
    /// Arabic, and the BMP's other scripts: Thai, Devanagari, kana, Han, Hangul) as a whole, the
    /// bytes of sequences begun in the word before given by `carry`, `afterE0` and `afterED` (see
    /// ``lineFeedsAndFirstInvalidOffset(_:validating:)``): the same for the next word, and whether
    /// the last byte is a lead; nil for a word with anything else (a four-byte lead, an ill-formed
    /// byte), which is then checked sequence by sequence.
    ///
    /// Bits 6, 5 and 4 of each byte, moved to bit 7, tell leads (11xxxxxx) from continuations
    /// (10xxxxxx), and two-byte leads (110xxxxx) from three-byte (1110xxxx) and four-byte ones.
    /// Each lead must be followed by its continuation bytes and each continuation byte must follow
    /// a lead; C0 and C1 (overlong) are no leads, E0 takes a second byte from A0 and ED (a
    /// surrogate past it) one up to 9F.
    @inline(__always)
    private static func checkWord(
        _ word: UInt64, carry: UInt64, afterE0: UInt64, afterED: UInt64
    ) -> (carry: UInt64, afterE0: UInt64, afterED: UInt64, leadAtByte7: Bool)? {
        let high = word & highBits
        let bit6 = (word << 1) & highBits, bit5 = (word << 2) & highBits, bit4 = (word << 3) & highBits
        let leads = high & bit6, continuations = high & ~bit6
        let twoByteLeads = leads & ~bit5, threeByteLeads = leads & bit5
        guard threeByteLeads & bit4 == 0 else { return nil }
        // C0 and C1 have bits 1...4 clear.
        guard twoByteLeads & ~nonzeroBytes(word & 0x1E1E_1E1E_1E1E_1E1E) == 0 else { return nil }
        let expected = twoByteLeads << 8 | threeByteLeads << 8 | threeByteLeads << 16 | carry
        guard continuations == expected else { return nil }
        // E0 and ED among the three-byte leads: the low four bits 0 or D.
        let lowNibbles = word & 0x0F0F_0F0F_0F0F_0F0F
        let e0 = threeByteLeads & ~nonzeroBytes(lowNibbles), ed = threeByteLeads & ~nonzeroBytes(lowNibbles ^ 0x0D0D_0D0D_0D0D_0D0D)
        let mustHaveBit5 = e0 << 8 | afterE0, mustNotHaveBit5 = ed << 8 | afterED
        guard mustHaveBit5 & ~bit5 == 0 && mustNotHaveBit5 & bit5 == 0 else { return nil }
        return (
            twoByteLeads >> 56 | threeByteLeads >> 56 | threeByteLeads >> 48, e0 >> 56, ed >> 56,
            leads >> 63 != 0
        )
    }

    /// Bit 7 of each byte of `bytes` (whose bytes are all below 0x80) that is not zero, and no
    /// other bit: adding 0x7F carries into bit 7 from any other value, and never past the byte.
    @inline(__always)
    private static func nonzeroBytes(_ bytes: UInt64) -> UInt64 { (bytes &+ 0x7F7F_7F7F_7F7F_7F7F) & highBits }

    /// Checks the sequences that start from `start` up to `end`, one by one: where the last one
    /// checked ends (at or past `end`), or the offset of the first byte that begins no well-formed
    /// sequence.
    @inline(__always)
    private static func checkSequences(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (end: Int, invalid: Int?) {
        var position = start
        while position < end {
            if bytes[position] < 0x80 {
                position += 1
                continue
            }
            let length = validSequenceLength(bytes, at: position)
            if length == 0 { return (position, position) }
            position += length
        }
        return (position, nil)
    }

    @usableFromInline static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` (read little-endian) that is a line feed, and no other bit (exact: no
    /// carry crosses bytes, since each byte's low seven bits plus 0x7F stay below 0x100).
    @inlinable @inline(__always)
    package static func lineFeedMask(_ word: UInt64) -> UInt64 {
        let difference = word ^ 0x0A0A_0A0A_0A0A_0A0A
        return ~(((difference & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | difference) & highBits
    }

    /// Writes the UTF-16 form of `bytes` to `destination`, which must have room for `bytes.count`
    /// units (UTF-16 never needs more units than UTF-8 has bytes, U+FFFD included), and returns
    /// the number of units written.
    ///
    /// - Complexity: O(n).
    package static func transcodeToUTF16(_ bytes: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt16>) -> Int {
        var count = 0, offset = 0
        guard let base = bytes.baseAddress else { return 0 }
        while offset < bytes.count {
            // Eight ASCII bytes at a time, widened in a register (most of a name is ASCII).
            while offset + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                if word & highBits != 0 { break }
                for byte in 0..<8 { destination[count + byte] = UInt16((word >> (8 * UInt64(byte))) & 0xFF) }
                count += 8
                offset += 8
            }
            guard offset < bytes.count else { break }
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

    /// The length of the well-formed sequence starting at `offset`, or 0 when it is ill-formed.
    @inline(__always)
    private static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        // Two-byte sequences (Latin letters with accents, Cyrillic, Greek) first.
        let lead = bytes[offset]
        if lead >= 0xC2 && lead <= 0xDF && offset + 1 < bytes.count && bytes[offset + 1] & 0xC0 == 0x80 { return 2 }
        let sequence = decode(bytes, at: offset)
        return sequence.isValid ? sequence.length : 0
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
