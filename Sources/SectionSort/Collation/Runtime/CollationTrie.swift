/// The code point → CE32 map of ICU's collation data: a serialized UTrie2 with 32-bit values,
/// read in place.
///
/// Layout (ICU's utrie2.h): a 16-byte header (signature "Tri2", options, index length, data length
/// >> 2, null offsets, high start >> 11), the 16-bit index, then the 32-bit data. BMP code points
/// find their 32-value data block through one index entry (lead surrogates as code points through
/// a separate range); supplementary ones through two; those from the high start on share one value.
struct CollationTrie: Sendable {
    private let index: CollationBytes
    private let data: CollationBytes
    /// The first code point of the range at the end whose code points all share one value.
    let highStart: UInt32
    private let highValueIndex: Int

    /// Reads the trie's header; nil if `bytes` is not a 32-bit UTrie2.
    init?(_ bytes: CollationBytes) {
        guard bytes.count >= 16, bytes.uint32(0) == 0x5472_6932, bytes.uint16(2) & 0xF == 1 else { return nil }
        let indexLength = Int(bytes.uint16(3))
        let dataLength = Int(bytes.uint16(4)) << 2
        guard 16 + indexLength * 2 + dataLength * 4 <= bytes.count else { return nil }
        index = bytes.slice(16, count: indexLength * 2)
        data = bytes.slice(16 + indexLength * 2, count: dataLength * 4)
        highStart = UInt32(bytes.uint16(7)) << 11
        highValueIndex = dataLength - 4
    }

    /// The CE32 of a code point (0...0x10FFFF).
    @inline(__always) func get(_ c: UInt32) -> UInt32 {
        if c < 0xD800 {
            return data.uint32(Int(index.uint16(Int(c >> 5))) << 2 + Int(c & 31))
        }
        return getSlow(c)
    }

    private func getSlow(_ c: UInt32) -> UInt32 {
        if c <= 0xFFFF {
            // Lead surrogate code points have index entries of their own after the BMP's.
            let slot = c <= 0xDBFF ? 0x140 + Int(c >> 5) : Int(c >> 5)
            return data.uint32(Int(index.uint16(slot)) << 2 + Int(c & 31))
        }
        if c >= highStart { return data.uint32(highValueIndex) }
        let index1 = Int(index.uint16(0x820 + Int(c >> 11)))
        let index2 = Int(index.uint16(index1 + Int((c >> 5) & 0x3F)))
        return data.uint32(index2 << 2 + Int(c & 31))
    }
}
