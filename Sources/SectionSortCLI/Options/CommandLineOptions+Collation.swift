import SectionSort

/// The collation flags and the library options they make: one place that maps one to the other.
extension CommandLineOptions {
    /// The library's options for these flags.
    var collationOptions: CollationOptions {
        CollationOptions(
            ignoresCase: ignoreCase, ignoresAccents: ignoreAccents, numeric: numeric,
            otherSection: otherFirst ? .first : .last, ignoresPunctuation: ignorePunctuation, normalizes: normalize,
            caseFirst: caseFirst)
    }

    /// Reads `--ignore-punctuation`, `--normalize` or `--case-first WHICH`; `value` reads the
    /// flag's value, for the flags that take one.
    mutating func parseCollationFlag(_ name: String, value: () throws(CLIError) -> String) throws(CLIError) {
        switch name {
        case "--ignore-punctuation": ignorePunctuation = true
        case "--normalize": normalize = true
        default:
            let text = try value()
            switch text {
            case "upper": caseFirst = .upper
            case "lower": caseFirst = .lower
            default: throw .usage("--case-first takes upper or lower, not '\(Echo.bounded(text))'")
            }
        }
    }

    /// The flag that sets the library option `option` (a ``CollationOptions`` property name).
    static func flag(forCollationOption option: String) -> String {
        switch option {
        case "ignoresCase": "--ignore-case"
        case "ignoresAccents": "--ignore-accents"
        case "numeric": "--numeric"
        case "ignoresPunctuation": "--ignore-punctuation"
        case "normalizes": "--normalize"
        case "caseFirst": "--case-first"
        default: option
        }
    }
}
