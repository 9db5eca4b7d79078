/// Decoding UTF-8 as ICU's collation iterators do (ICU's U8_NEXT_OR_FFFD): each maximal subpart of
/// an ill-formed sequence becomes one U+FFFD, as in Unicode's recommended practice and Swift's
/// `String(decoding:as:)`.
enum CollationUTF8 {
    /// The code point starting at `position` (which must be before the end); moves `position`
    /// past it.
    @inline(__always) static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UInt32 {
        // Not empty, as `position` is before the end.
        let start = bytes.baseAddress.unsafelyUnwrapped
        var current = start + position
        let c = decode(at: &current, end: start + bytes.count)
        position = current - start
        return c
    }

    /// The code point at `position` (before `end`); moves `position` past it. For loops that keep
    /// a pointer into the text rather than an index and its start; ``decode(_:at:)`` for the
    /// others.
    @inline(__always) static func decode(at position: inout UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> UInt32 {
        let lead = UInt32(position.pointee)
        if lead < 0x80 {
            position += 1
            return lead
        }
        if lead >= 0xC2 && lead <= 0xDF && end - position > 1 {
            let t1 = UInt32(position[1]) ^ 0x80
            if t1 <= 0x3F {
                position += 2
                return (lead & 0x1F) << 6 | t1
            }
        } else if lead >= 0xE0 && lead <= 0xEF && end - position > 2 {
            let t1 = UInt32(position[1]) ^ 0x80
            let t2 = UInt32(position[2]) ^ 0x80
            if t1 <= 0x3F && t2 <= 0x3F && (lead != 0xE0 || t1 >= 0x20) && (lead != 0xED || t1 < 0x20) {
                position += 3
                return (lead & 0xF) << 12 | t1 << 6 | t2
            }
        }
        var index = 1
        let c = decodeMultibyte(UnsafeBufferPointer(start: position, count: end - position), lead, at: &index)
        position += index
        return c
    }

    private static func decodeMultibyte(_ bytes: UnsafeBufferPointer<UInt8>, _ lead: UInt32, at position: inout Int) -> UInt32 {
        let end = bytes.count
        @inline(__always) func trail(_ low: UInt32 = 0x80, _ high: UInt32 = 0xBF) -> UInt32? {
            guard position < end else { return nil }
            let byte = UInt32(bytes[position])
            guard byte >= low && byte <= high else { return nil }
            position += 1
            return byte & 0x3F
        }
        switch lead {
        case 0xC2...0xDF:
            guard let t1 = trail() else { return 0xFFFD }
            return (lead & 0x1F) << 6 | t1
        case 0xE0...0xEF:
            let low: UInt32 = lead == 0xE0 ? 0xA0 : 0x80
            let high: UInt32 = lead == 0xED ? 0x9F : 0xBF
            guard let t1 = trail(low, high), let t2 = trail() else { return 0xFFFD }
            return (lead & 0xF) << 12 | t1 << 6 | t2
        case 0xF0...0xF4:
            let low: UInt32 = lead == 0xF0 ? 0x90 : 0x80
            let high: UInt32 = lead == 0xF4 ? 0x8F : 0xBF
            guard let t1 = trail(low, high), let t2 = trail(), let t3 = trail() else { return 0xFFFD }
            return (lead & 0x7) << 18 | t1 << 12 | t2 << 6 | t3
        default:
            return 0xFFFD
        }
    }
}

extension NormalizationTable {
    /// Calls `body` with the NFD of UTF-8 text (ill-formed parts as U+FFFD) in pieces of about
    /// `pieceSize` code points (``forEachNFDPiece(pieceSize:next:_:)``), so that the NFD of a
    /// long text is never held whole.
    ///
    /// - Complexity: O(m) for m bytes of text.
    package func forEachNFDPiece(
        utf8 bytes: UnsafeBufferPointer<UInt8>, pieceSize: Int = 4096, _ body: (UnsafeBufferPointer<UInt32>) -> Void
    ) {
        var position = 0
        forEachNFDPiece(
            pieceSize: pieceSize,
            next: { position < bytes.count ? CollationUTF8.decode(bytes, at: &position) : nil }, body)
    }
}
