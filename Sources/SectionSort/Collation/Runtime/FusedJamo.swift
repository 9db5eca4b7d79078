/// A Hangul syllable's jamo written as one element, for the key loops of the runtime
/// (``PreparedElementTable``) and of the key table (``SortKeyTable``).
///
/// Where every jamo has a two-byte primary under one compressible lead byte and common secondary
/// and tertiary weights (the root's, and every tailoring's that keeps them), ICU writes a
/// syllable's primaries as that lead byte (once per run) followed by the jamo's second bytes, and
/// a common weight per jamo on the other levels. One element whose primary is the lead byte and
/// the second bytes, followed by one element of common weights for each other jamo, writes the
/// same bytes at the cost of one primary.
enum FusedJamo {
    /// Entries per set of jamo: the element of each leading consonant and vowel (by
    /// `(syllable - 0xAC00) / 28`), then each trailing consonant's second byte in its place
    /// (``trailingStart`` + `(syllable - 0xAC00) % 28`; 0 for none), to be or-ed with it.
    static let count = 19 * 21 + 28
    static let trailingStart = 19 * 21
    /// An element of common secondary and tertiary weights and no primary.
    static let commonWeightsOnly: UInt64 = 0x0500_0500

    /// Fills `fused` (``count`` entries) from the 67 jamo elements `jamo` (the 19 leading
    /// consonants, 21 vowels and 27 trailing consonants, primaries already reordered, with
    /// `compressible` set where the lead byte is compressible, tertiary weights masked to
    /// 0x3F3F) and returns true, where they have the shape described above; false (nothing
    /// written) otherwise.
    static func fill(_ fused: UnsafeMutablePointer<UInt64>, from jamo: [UInt64], compressible: UInt64) -> Bool {
        precondition(jamo.count == 67)
        let lead = jamo[0] >> 56
        guard
            jamo.allSatisfy({
                $0 >> 56 == lead && $0 >> 32 & 0xFFFF == 0 && $0 >> 48 & 0xFF != 0 && $0 & compressible != 0
                    && $0 & 0xFFFF_3F3F == commonWeightsOnly
            })
        else { return false }
        let secondBytes = jamo.map { $0 >> 48 & 0xFF }
        for leading in 0..<19 {
            for vowel in 0..<21 {
                fused[leading * 21 + vowel] =
                    lead << 56 | secondBytes[leading] << 48 | secondBytes[19 + vowel] << 40 | compressible | commonWeightsOnly
            }
        }
        fused[trailingStart] = 0
        for trailing in 1..<28 { fused[trailingStart + trailing] = secondBytes[39 + trailing] << 32 }
        return true
    }
}
