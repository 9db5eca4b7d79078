import Foundation
import SectionSortICUSupport

/// The tables of IndexData.c: what the library's alphabetic index asks ICU for apart from
/// collation — the script of every code point, each script's sample character and every locale's
/// exemplar characters.
enum IndexDataGenerator {
    static func tables() -> [ByteTable] { [scripts(), scriptSamples()] + exemplars() }

    /// Runs of code points with the same script: start (24 bits) and ICU's UScriptCode (8 bits),
    /// four bytes a run, from U+0000 on.
    static func scripts() -> ByteTable {
        var table = ByteTable(
            name: "sscd_script_runs",
            summary: "Script runs: 4 bytes each, the first code point (24 bits) and ICU's UScriptCode (8 bits).")
        var current: Int32 = -1
        for value in UInt32(0)...0x10FFFF {
            let script = ICUReference.script(of: value)
            if script != current {
                table.appendU24(Int(value))
                table.appendU8(Int(script))
                current = script
            }
        }
        return table
    }

    /// The sample character of each script, in the order of the script codes, each ended by a zero
    /// byte.
    static func scriptSamples() -> ByteTable {
        var table = ByteTable(
            name: "sscd_script_samples",
            summary: "uscript_getSampleString of each script that has one, in code order, repeats left out; each ends with 0.")
        for sample in ICUReference.scriptSamples() {
            table.appendString(sample)
            table.appendU8(0)
        }
        return table
    }

    /// The locales the library can be asked for: Foundation's available identifiers and root.
    static func locales() -> [String] {
        Set(Locale.availableIdentifiers + ["root"]).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// What a language ICU has no data for gets: root's exemplars. (ICU itself falls back to the
    /// process's default locale, which would make the data depend on the environment the
    /// generator runs in.)
    static let unknownLocale = "root"

    /// Each locale's index exemplars, or its standard exemplars where it has no index set.
    ///
    /// Sets: the strings of a set, each ended by 0, and 1 after the last. Locales: sorted by their
    /// UTF-8 bytes, each the identifier, 0, the kind (0 none, 1 index, 2 standard) and the offset
    /// of its set (24 bits). The identifier "" stands for every language ICU has no data for, and
    /// has root's exemplars.
    static func exemplars() -> [ByteTable] {
        var sets = ByteTable(
            name: "sscd_exemplar_sets",
            summary: "Exemplar sets (ulocdata_getExemplarSet): strings each ended by 0, the set ended by 1.")
        var locales = ByteTable(
            name: "sscd_exemplar_locales",
            summary: "Locales by UTF-8 order: identifier, 0, kind (0 none, 1 index, 2 standard), set offset (24 bits).")
        var offsets: [[String]: Int] = [:]
        for locale in [""] + Self.locales() {
            let asked = locale.isEmpty ? unknownLocale : locale
            var kind = 0
            var set: [String] = []
            if let index = ICUReference.exemplars(of: asked, kind: .index) {
                kind = 1
                set = index
            } else if let standard = ICUReference.exemplars(of: asked, kind: .standard) {
                kind = 2
                set = standard
            }
            let offset: Int
            if let known = offsets[set] {
                offset = known
            } else {
                offset = sets.bytes.count
                offsets[set] = offset
                for string in set {
                    precondition(!string.utf8.contains(where: { $0 < 2 }), "\(locale): exemplar with a control byte")
                    sets.appendString(string)
                    sets.appendU8(0)
                }
                sets.appendU8(1)
            }
            locales.appendString(locale)
            locales.appendU8(0)
            locales.appendU8(kind)
            locales.appendU24(offset)
        }
        return [sets, locales]
    }
}
