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
    /// that some contraction or prefix string of `tailoring` holds after its first character;
    /// with `onlyStringsBelowLimit`, only the strings made of code points below `limit` count:
    /// text of such code points alone (what ``SortKeyTable`` keys) never matches the others.
    ///
    /// - Complexity: one trie lookup for each code point of the tailoring's data below its trie's
    ///   high start, and one for each code point with context in the root; the root's own are
    ///   read once.
    /// The strings of the code points in `ignoring` are left out (for the key table, which reads
    /// the prefix mappings of those it passes itself).
    static func inside(
        _ tailoring: CollationTailoring, below limit: UInt32, onlyStringsBelowLimit: Bool = false, ignoring: Set<UInt32> = []
    ) -> Set<UInt32> {
        precondition(limit <= 0xD800, "a context trie's surrogate units are not code points")
        let data = tailoring.data
        var inside = Set<UInt32>()
        func add(_ strings: [[UInt32]]) {
            for string in strings where !onlyStringsBelowLimit || string.allSatisfy({ $0 < limit }) {
                inside.formUnion(string.dropFirst().filter { $0 < limit })
            }
        }
        if data.base == nil {
            for entry in rootEntries where !ignoring.contains(entry.codePoint) { add(entry.strings) }
        } else {
            forEachContextCodePoint(data) { c, ce32 in
                if !ignoring.contains(c) { add(strings(data, c, ce32)) }
            }
            for entry in rootEntries where data.ce32(entry.codePoint) == CE32.fallback && !ignoring.contains(entry.codePoint) {
                add(entry.strings)
            }
        }
        return inside
    }

    /// The root's code points with context and their strings.
    private static let rootEntries: [(codePoint: UInt32, strings: [[UInt32]])] = {
        var entries: [(codePoint: UInt32, strings: [[UInt32]])] = []
        let root = CollationData.root
        forEachContextCodePoint(root) { c, ce32 in entries.append((c, strings(root, c, ce32))) }
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

    /// The strings of `c`, whose CE32 is `ce32`, in UTF-16 units: `prefix + c + suffix` for each
    /// prefix (none too) and each contraction suffix (none too), as ICU lists them.
    private static func strings(_ data: CollationData, _ c: UInt32, _ ce32: UInt32) -> [[UInt32]] {
        var strings: [[UInt32]] = []
        if CE32.hasTag(ce32, .prefix) {
            let index = CE32.index(ce32)
            addContractions(data, [c], data.contextDefaultCE32(index), to: &strings)
            ContextTrie(data.contexts, root: index + 2).forEachKey { prefix, value in
                // A prefix is stored reversed.
                addContractions(data, prefix.reversed().map { UInt32($0) } + [c], UInt32(bitPattern: value), to: &strings)
            }
        } else {
            addContractions(data, [c], ce32, to: &strings)
        }
        return strings
    }

    /// `start`, and `start` followed by each suffix of a contraction CE32.
    private static func addContractions(_ data: CollationData, _ start: [UInt32], _ ce32: UInt32, to strings: inout [[UInt32]]) {
        strings.append(start)
        guard CE32.hasTag(ce32, .contraction) else { return }
        ContextTrie(data.contexts, root: CE32.index(ce32) + 2).forEachKey { suffix, _ in
            strings.append(start + suffix.map { UInt32($0) })
        }
    }
}
