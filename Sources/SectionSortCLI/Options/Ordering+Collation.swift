import SectionSort

/// The ordering's flags and the library's collation options they make: the one place that maps
/// one to the other, both ways.
extension Ordering {
    /// The library's options for these flags.
    var collationOptions: CollationOptions {
        CollationOptions(
            ignoresCase: ignoreCase, ignoresAccents: ignoreAccents, numeric: numeric, otherSection: otherFirst ? .first : .last,
            ignoresPunctuation: ignorePunctuation, normalizes: normalize, caseFirst: caseFirst,
            ignoredArticles: ignoreArticles.map { LeadingArticles(languages: $0) })
    }

    /// The option that sets the library option `option` (a ``CollationOptions`` property name, as
    /// ``SectionSortError/conflictingCollationSetting(locale:keyword:option:)`` names it).
    static func option(forCollationOption option: String) -> OptionID? {
        switch option {
        case "ignoresCase": .ignoreCase
        case "ignoresAccents": .ignoreAccents
        case "numeric": .numeric
        case "ignoresPunctuation": .ignorePunctuation
        case "normalizes": .normalize
        case "caseFirst": .caseFirst
        default: nil
        }
    }

    /// The flag a message names for the library option `option`.
    static func flag(forCollationOption option: String) -> String {
        self.option(forCollationOption: option).map { OptionTable.spec($0).displayName } ?? option
    }
}
