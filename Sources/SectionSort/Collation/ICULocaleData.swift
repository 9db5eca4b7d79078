/// ICU's locale data that the index needs apart from collation: exemplar characters and scripts,
/// from the data generated from ICU (no ICU call). Tests compare every locale and code point with
/// ICU.
enum ICULocaleData {
    enum ExemplarKind { case index, standard }

    /// The exemplar characters of `locale`, or nil when ICU's data for it has none of that kind.
    ///
    /// The generated data holds, for each of Foundation's available locales, its index exemplars
    /// or, where it has none, its standard exemplars: what the index asks for. Another identifier
    /// is looked up without its keywords, then without its last subtags ("sv_SE_POSIX" → "sv_SE");
    /// a language ICU has no data for gets root's exemplars (ICU falls back to the process's
    /// default locale, which made the index of such a language depend on the environment).
    ///
    /// - Complexity: O(L) for the L bytes of the locale table.
    static func exemplars(of locale: String, kind: ExemplarKind) -> [String]? {
        let (storedKind, setOffset) = entry(of: locale)
        guard storedKind == (kind == .index ? 1 : 2) else { return nil }
        let sets = GeneratedTable.exemplarSets
        var strings: [String] = []
        var offset = setOffset
        while sets[offset] != 1 {
            let (string, next) = sets.string(at: offset)
            strings.append(string)
            offset = next
        }
        return strings
    }

    /// The kind (0 none, 1 index, 2 standard) and set offset of the entry that `locale` resolves to.
    private static func entry(of locale: String) -> (kind: Int, set: Int) {
        var name = Array(locale.utf8.prefix { $0 != UInt8(ascii: "@") })
        while true {
            if let found = lookUp(name) { return found }
            // Only "" is certain to be there; it stands for the languages ICU has no data for.
            guard let separator = name.lastIndex(where: { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }) else {
                return lookUp([]) ?? (0, 0)
            }
            name.removeSubrange(separator...)
        }
    }

    private static func lookUp(_ name: [UInt8]) -> (kind: Int, set: Int)? {
        let table = GeneratedTable.exemplarLocales
        var offset = 0
        while offset < table.count {
            let end = table.index(of: 0, from: offset)
            let matches = end - offset == name.count && table.withBytes(offset..<end) { $0.elementsEqual(name) }
            if matches { return (Int(table[end + 1]), table.u24(at: end + 2)) }
            offset = end + 5
        }
        return nil
    }

    /// Whether `scalar` belongs to the Latin script.
    static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeScripts.script(of: scalar.value) == UnicodeScripts.latin
    }

    /// Whether `scalar` belongs to the Han script (ICU's `[:script=Han:]`).
    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeScripts.script(of: scalar.value) == UnicodeScripts.han
    }

    /// The sample character of every script ICU knows, in the order of the script codes, each
    /// once, without the scripts that have none.
    static func scriptSamples() -> [String] { UnicodeScripts.samples() }
}
