import SectionSort

/// The collation flags and the library options they make: one place that maps one to the other.
extension CommandLineOptions {
    /// The library's options for these flags.
    var collationOptions: CollationOptions {
        CollationOptions(
            ignoresCase: ignoreCase, ignoresAccents: ignoreAccents, numeric: numeric,
            otherSection: otherFirst ? .first : .last, ignoresPunctuation: ignorePunctuation, normalizes: normalize,
            caseFirst: caseFirst, ignoredArticles: ignoreArticles.map { LeadingArticles(languages: $0) })
    }

    /// Reads `--ignore-punctuation`, `--normalize`, `--case-first WHICH`,
    /// `--ignore-articles[=LANGS]` or `--index-locales LIST`; `inline` is the value after "=", and `value` reads the flag's
    /// value, for the flags that need one.
    mutating func parseCollationFlag(_ name: String, inline: String?, value: () throws(CLIError) -> String) throws(CLIError) {
        switch name {
        case "--ignore-punctuation": ignorePunctuation = true
        case "--normalize": normalize = true
        case "--ignore-articles":
            // The languages only after "=": a plain --ignore-articles takes no value, so that a
            // FILE after it stays a file.
            let languages = inline.map { $0.split(separator: ",").map(String.init) } ?? []
            if let unknown = languages.first(where: { LeadingArticles.articlesByLanguage[$0] == nil }) {
                let known = LeadingArticles.articlesByLanguage.keys.sorted().joined(separator: ",")
                throw .usage("--ignore-articles knows the articles of \(known), not of '\(Echo.bounded(unknown))'")
            }
            ignoreArticles = languages
        case "--index-locales":
            indexLocales = try value().split(separator: ",").map(String.init)
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
