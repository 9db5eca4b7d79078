/// The characters that occur inside a collation's contractions and prefix mappings, read from its
/// data: what ICU's ucol_getContractionsAndExpansions lists (with prefixes), less each string's
/// first character.
///
/// ICU lists, for every code point whose CE32 has a prefix or contraction tag (the tailoring's,
/// then the root's for code points the tailoring leaves to it), the strings `prefix + c + suffix`
/// of its context tries; a prefix is stored reversed, so its first character is the last one
/// stored.
enum ContextCharacters {
    /// The code points below `limit` (at most U+D800, as the tries' units are read as code points)
    /// that some contraction or prefix string of `tailoring` holds after its first character.
    ///
    /// - Complexity: one trie lookup for each code point of the tailoring's data below its trie's
    ///   high start, and one for each code point with context in the root; the root's own are
    ///   read once.
    static func inside(_ tailoring: CollationTailoring, below limit: UInt32) -> Set<UInt32> {
        precondition(limit <= 0xD800, "a context trie's surrogate units are not code points")
        let data = tailoring.data
        var inside = Set<UInt32>()
        if data.base == nil {
            for entry in rootEntries { inside.formUnion(entry.inside) }
        } else {
            forEachContextCodePoint(data) { c, ce32 in inside.formUnion(characters(data, c, ce32)) }
            for entry in rootEntries where data.ce32(entry.codePoint) == CE32.fallback {
                inside.formUnion(entry.inside)
            }
        }
        return inside.filter { $0 < limit }
    }

    /// The root's code points with context and the characters inside their strings.
    private static let rootEntries: [(codePoint: UInt32, inside: Set<UInt32>)] = {
        var entries: [(codePoint: UInt32, inside: Set<UInt32>)] = []
        let root = CollationData.root
        forEachContextCodePoint(root) { c, ce32 in entries.append((c, characters(root, c, ce32))) }
        return entries
    }()

    /// Calls `body` with each code point whose CE32 in `data` (not its base) has a prefix or
    /// contraction tag.
    private static func forEachContextCodePoint(_ data: CollationData, _ body: (UInt32, UInt32) -> Void) {
        let end = min(data.trie.highStart, 0x110000)
        for c in UInt32(0)..<end where !(0xD800...0xDFFF).contains(c) {
            let ce32 = data.ce32(c)
            if CE32.hasTag(ce32, .prefix) || CE32.hasTag(ce32, .contraction) { body(c, ce32) }
        }
        guard end < 0x110000 else { return }
        // From the high start on, every code point shares one value.
        let high = data.ce32(end)
        guard CE32.hasTag(high, .prefix) || CE32.hasTag(high, .contraction) else { return }
        for c in end..<0x110000 { body(c, high) }
    }

    /// The characters after the first one in the strings of `c`, whose CE32 is `ce32`.
    private static func characters(_ data: CollationData, _ c: UInt32, _ ce32: UInt32) -> Set<UInt32> {
        var inside = Set<UInt32>()
        if CE32.hasTag(ce32, .prefix) {
            let index = CE32.index(ce32)
            addContractions(data, data.contextDefaultCE32(index), to: &inside)
            ContextTrie(data.contexts, root: index + 2).forEachKey { prefix, value in
                // Reversed: all but the last unit stored come after the string's first character,
                // and so does `c`.
                for unit in prefix.dropLast() { inside.insert(UInt32(unit)) }
                inside.insert(c)
                addContractions(data, UInt32(bitPattern: value), to: &inside)
            }
        } else {
            addContractions(data, ce32, to: &inside)
        }
        return inside
    }

    /// The suffix characters of a contraction CE32 (nothing for another CE32).
    private static func addContractions(_ data: CollationData, _ ce32: UInt32, to inside: inout Set<UInt32>) {
        guard CE32.hasTag(ce32, .contraction) else { return }
        ContextTrie(data.contexts, root: CE32.index(ce32) + 2).forEachKey { suffix, _ in
            for unit in suffix { inside.insert(UInt32(unit)) }
        }
    }
}
