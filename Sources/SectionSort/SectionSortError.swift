/// The errors SectionSort throws.
///
/// Only setting up can fail: once an ``IndexedCollation`` or a ``DateSectioning`` exists,
/// sectioning with it always succeeds (the asynchronous calls can still be cancelled).
public enum SectionSortError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ICU could not open a collator or read the index data for `locale` (its data is missing or
    /// it ran out of memory). `icuError` is ICU's name for the failure, such as
    /// "U_MISSING_RESOURCE_ERROR".
    case collationUnavailable(locale: String, icuError: String)
    /// The locale identifier names a collation setting as a keyword (`keyword`, such as
    /// "kn (colnumeric=no)" for "-u-kn-false") that contradicts the ``CollationOptions`` property
    /// `option` (such as "numeric"). Give the setting in one place.
    case conflictingCollationSetting(locale: String, keyword: String, option: String)
    /// ``LeadingArticles/languages`` names a language that ``LeadingArticles/articlesByLanguage``
    /// lacks (add its articles with ``LeadingArticles/additionalArticles``).
    case unknownArticleLanguage(String)
    /// The time zone identifier is not one the system knows (it is never silently taken as UTC).
    case unknownTimeZone(String)

    public var description: String {
        switch self {
        case .collationUnavailable(let locale, let icuError):
            "cannot create a collation for locale '\(locale)': \(icuError)"
        case .conflictingCollationSetting(let locale, let keyword, let option):
            "the locale '\(locale)' sets \(keyword), which contradicts the option \(option): give the setting in one place"
        case .unknownArticleLanguage(let language):
            "no leading articles are known for the language '\(language)' (known: "
                + LeadingArticles.articlesByLanguage.keys.sorted().joined(separator: ", ") + "); give its articles as additional articles"
        case .unknownTimeZone(let identifier):
            "unknown time zone '\(identifier)'"
        }
    }
}
