/// The contractions of a collation that start with one code point, read from its data: what ICU's
/// `ucol_getContractionsAndExpansions` (without prefixes) lists of them.
///
/// ICU lists, for a code point the tailoring maps (its CE32 is not ``CE32/fallback``), the
/// tailoring's contractions, and the root's otherwise; under a prefix mapping it follows the
/// mapping without prefix (the default CE32), since prefixes are not asked for.
enum ContractionStrings {
    /// The contractions of `tailoring` that start with `first`, as UTF-16 units (the unit
    /// sequences of ICU's context tries), in the tries' order.
    ///
    /// - Complexity: O(s) for the s units of the contraction strings of `first`.
    static func startingWith(_ first: Unicode.Scalar, in tailoring: CollationTailoring) -> [[UInt16]] {
        let c = first.value
        var data = tailoring.data
        var ce32 = data.ce32(c)
        if ce32 == CE32.fallback, let base = data.base {
            data = base
            ce32 = base.ce32(c)
        }
        if CE32.hasTag(ce32, .prefix) { ce32 = data.contextDefaultCE32(CE32.index(ce32)) }
        guard CE32.hasTag(ce32, .contraction) else { return [] }
        let lead = Array(String(Character(first)).utf16)
        var strings: [[UInt16]] = []
        ContextTrie(data.contexts, root: CE32.index(ce32) + 2).forEachKey { suffix, _ in strings.append(lead + suffix) }
        return strings
    }
}
