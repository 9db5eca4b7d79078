/// A letter that ``SortKeyTable`` writes almost as a simple one (one primary) in keys of three
/// levels: an accented letter or a capital, whose secondary or tertiary weight, or both, is one
/// byte above the common one (`ü` in Swedish, `A`), or whose primary element has common weights
/// but for case and is followed by one element of a secondary weight alone (`é`, `É`: a letter
/// and a combining accent).
///
/// What such a letter adds to each level after its primary does not depend on the text around
/// it: on the secondary level some common weights and then maybe one byte, on the tertiary level
/// some common weights, maybe one byte and maybe one more common weight. The table's entry holds
/// these with the primary, so the loop writes the letter without going through its elements.
///
/// Entry layout (bits): 32–63 the primary; 8–10 its length in bytes (after the lead where
/// ``isCompressible``, as the table's simple entries); 11–12 the common secondary
/// weights before the secondary byte; 13–14 the common tertiary weights before the tertiary byte;
/// 15 one common tertiary weight after it; 16–23 the secondary byte (0: none); 24–29 the tertiary
/// weight's lead byte without case bits (0: none). The table adds its flags in bits 0–7.
struct VariantLetter: Equatable {
    /// The entry's bits from bit 8 on, and the primary.
    let entry: UInt64
    /// Whether the primary's lead byte is compressible (runs of it written once).
    let isCompressible: Bool

    /// Shifts of the fields in `entry >> 8`.
    static let secondaryRunShift: UInt32 = 3
    static let tertiaryRunShift: UInt32 = 5
    static let tertiaryRunAfterShift: UInt32 = 7
    static let secondaryShift: UInt32 = 8
    static let tertiaryShift: UInt32 = 16

    /// The variant letter whose collation elements are `elements` (the table's: flags in the
    /// quaternary bits, `compressibleFlag` where the primary's lead byte is compressible), or nil
    /// where they do not have that shape, or have the shape of a simple letter.
    init?(_ elements: [UInt64], compressibleFlag: UInt64) {
        let common: UInt32 = 0x0500
        guard let first = elements.first, elements.count <= 2 else { return nil }
        isCompressible = first & compressibleFlag != 0
        let primary = UInt32(truncatingIfNeeded: first >> 32)
        guard primary > 2 else { return nil }
        /// The secondary weight and the tertiary weight without case bits.
        func weights(_ element: UInt64) -> (secondary: UInt32, tertiary: UInt32) {
            (UInt32(truncatingIfNeeded: element >> 16) & 0xFFFF, UInt32(truncatingIfNeeded: element) & 0x3F3F)
        }
        /// A weight written as its lead byte alone, after a run of common weights that ends above.
        func isOneByteAboveCommon(_ weight: UInt32) -> Bool { weight & 0xFF == 0 && weight > common }
        let (secondary, tertiary) = weights(first)
        guard secondary == common || isOneByteAboveCommon(secondary), tertiary == common || isOneByteAboveCommon(tertiary) else {
            return nil
        }
        var secondaryByte = secondary == common ? 0 : secondary >> 8
        var secondaryRun: UInt32 = secondary == common ? 1 : 0
        let tertiaryByte = tertiary == common ? 0 : tertiary >> 8
        var tertiaryRun: UInt32 = tertiary == common ? 1 : 0
        var tertiaryRunAfter: UInt32 = 0
        if elements.count == 2 {
            // The accent: a secondary weight alone, with a common tertiary weight.
            let accent = elements[1]
            let (accentSecondary, accentTertiary) = weights(accent)
            guard accent >> 32 == 0, secondary == common, isOneByteAboveCommon(accentSecondary), accentTertiary == common else {
                return nil
            }
            secondaryByte = accentSecondary >> 8
            secondaryRun = 1
            if tertiaryByte == 0 { tertiaryRun += 1 } else { tertiaryRunAfter = 1 }
        } else if secondaryByte == 0 && tertiaryByte == 0 {
            return nil
        }
        let length = UInt64(SortKeyTable.storedPrimaryLength(primary, isCompressible: isCompressible))
        let fields =
            length | UInt64(secondaryRun) << Self.secondaryRunShift | UInt64(tertiaryRun) << Self.tertiaryRunShift
            | UInt64(tertiaryRunAfter) << Self.tertiaryRunAfterShift | UInt64(secondaryByte) << Self.secondaryShift
            | UInt64(tertiaryByte) << Self.tertiaryShift
        entry = UInt64(primary) << 32 | fields << 8
    }
}
