/// ICU's 32-bit collation element values (CE32s) as its binary data stores them, and the 64-bit
/// collation elements (CEs) they stand for: primary weight in bits 63–32, secondary in 31–16,
/// tertiary (with case bits 15–14 and quaternary bits 7–6) in 15–0.
///
/// A CE32 whose low byte is 0xC0 or more is special: its low 4 bits are a tag saying where the
/// CEs come from (ICU's collation.h documents the layout; the values are fixed by the data format).
package enum CE32 {
    package static let fallback: UInt32 = 0xC0
    package static let unassigned: UInt32 = 0xFFFF_FFFF
    package static let noCE32: UInt32 = 1
    /// The CE32 of U+FFFD and of ill-formed UTF-8.
    package static let fffd: UInt32 = 0xFFFD_0505
    /// The end of the text: ICU's NO_CE (primary 1, secondary and tertiary 0x0100).
    package static let noCE: UInt64 = 0x1_0100_0100
    package static let commonSecondaryAndTertiary: UInt64 = 0x0500_0500

    package enum Tag: UInt32 {
        case fallback = 0, longPrimary, longSecondary, reserved3, latinExpansion, expansion32, expansion,
            builderData, prefix, contraction, digit, u0000, hangul, leadSurrogate, offset, implicit
    }

    package static let contractSingleCodePointNoMatch: UInt32 = 0x100
    package static let contractNextCCC: UInt32 = 0x200
    package static let contractTrailingCCC: UInt32 = 0x400
    package static let hangulNoSpecialJamo: UInt32 = 0x100

    @inline(__always) package static func isSpecial(_ ce32: UInt32) -> Bool { ce32 & 0xFF >= 0xC0 }
    /// Without `Tag(rawValue:)`, which is not inlined. Sound because `Tag` has no payloads and
    /// 16 cases, declared in the order of their raw values 0...15: its in-memory value is one
    /// byte holding the case's position, which is the raw value, and every 4-bit value is a case.
    @inline(__always) package static func tag(_ ce32: UInt32) -> Tag {
        unsafeBitCast(UInt8(truncatingIfNeeded: ce32 & 0xF), to: Tag.self)
    }
    @inline(__always) package static func hasTag(_ ce32: UInt32, _ tag: Tag) -> Bool {
        isSpecial(ce32) && ce32 & 0xF == tag.rawValue
    }
    @inline(__always) package static func index(_ ce32: UInt32) -> Int { Int(ce32 >> 13) }
    @inline(__always) package static func length(_ ce32: UInt32) -> Int { Int((ce32 >> 8) & 31) }

    /// The CE of a CE32 that is not special.
    @inline(__always) package static func simpleCE(_ ce32: UInt32) -> UInt64 {
        UInt64(ce32 & 0xFFFF_0000) << 32 | UInt64(ce32 & 0xFF00) << 16 | UInt64(ce32 & 0xFF) << 8
    }

    /// The CE of a simple, long-primary or long-secondary CE32 (what expansions hold).
    @inline(__always) package static func ce(_ ce32: UInt32) -> UInt64 {
        let tagBits = ce32 & 0xFF
        if tagBits < 0xC0 { return simpleCE(ce32) }
        if tagBits == 0xC0 | Tag.longPrimary.rawValue {
            return UInt64(ce32 & 0xFFFF_FF00) << 32 | commonSecondaryAndTertiary
        }
        // Long secondary.
        return UInt64(ce32 & 0xFFFF_FF00)
    }

    /// A CE with this primary weight and common secondary and tertiary weights.
    @inline(__always) package static func ce(primary: UInt32) -> UInt64 {
        UInt64(primary) << 32 | commonSecondaryAndTertiary
    }

    /// The implicit primary weight of an unassigned code point (after all assigned ones, in code
    /// point order, lead byte 0xFE).
    package static func unassignedPrimary(_ codePoint: UInt32) -> UInt32 {
        // A gap before U+0000 (ICU uses -1 for [first unassigned]).
        var c = codePoint &+ 1
        var primary = 2 + (c % 18) * 14
        c /= 18
        primary |= (2 + c % 254) << 8
        c /= 254
        primary |= (4 + c % 251) << 16
        return primary | 0xFE00_0000
    }

    /// The primary weight `offset` steps of three-byte primaries after `base` (ICU's
    /// incThreeBytePrimaryByOffset): byte values 2–255 in the third byte, and 4–254 (compressible)
    /// or 2–255 in the second.
    package static func threeBytePrimary(_ base: UInt32, isCompressible: Bool, offset: Int) -> UInt32 {
        var offset = offset + Int((base >> 8) & 0xFF) - 2
        var primary = UInt32(offset % 254 + 2) << 8
        offset /= 254
        if isCompressible {
            offset += Int((base >> 16) & 0xFF) - 4
            primary |= UInt32(offset % 251 + 4) << 16
            offset /= 251
        } else {
            offset += Int((base >> 16) & 0xFF) - 2
            primary |= UInt32(offset % 254 + 2) << 16
            offset /= 254
        }
        return primary | ((base & 0xFF00_0000) &+ UInt32(offset << 24))
    }
}
