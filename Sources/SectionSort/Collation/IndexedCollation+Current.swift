import Foundation

extension IndexedCollation {
    /// The collation of the language the app is shown in, chosen as
    /// `UILocalizedIndexedCollation.current()` chooses it: the main bundle's preferred
    /// localization (the first of the user's preferred languages that the app is localized into),
    /// and the user's locale (`Locale.current`) where the bundle has no localizations, as in a
    /// command-line tool.
    ///
    /// An app localized only into English therefore gets English titles ("A"…"Z", "#") for a
    /// Swedish user, as UIKit's do and as the rest of its English interface is; to follow the
    /// user's locale regardless, use ``init(locale:options:)-(Locale,_)`` with `Locale.current`.
    /// When the localization is the user's language in the same script ("de" for a user in
    /// "de_CH"), the user's locale is used, with its region and collation keywords.
    ///
    /// - Throws: ``SectionSortError/collationUnavailable(locale:icuError:)`` when ICU cannot open a
    ///   collator.
    public static func current(options: CollationOptions = CollationOptions()) throws(SectionSortError) -> IndexedCollation {
        let bundle = Bundle.main
        let locale = currentLocale(
            localizations: bundle.localizations, preferredLocalizations: bundle.preferredLocalizations, userLocale: .current)
        return try IndexedCollation(locale: locale, options: options)
    }

    /// The locale ``current(options:)`` chooses for a bundle with `localizations`, whose
    /// preferred ones (best first) are `preferredLocalizations`, and a user in `userLocale`.
    static func currentLocale(localizations: [String], preferredLocalizations: [String], userLocale: Locale) -> Locale {
        // "Base" holds storyboards, not a language. Without localizations Foundation still
        // reports a preferred one ("en" on Linux), which says nothing about the app's language.
        guard localizations.contains(where: { $0 != "Base" }),
            let localization = preferredLocalizations.first(where: { $0 != "Base" })
        else { return userLocale }
        let chosen = Locale(identifier: localization)
        // Language and script decide the collation and the titles; the user's region and
        // keywords refine them and are kept where they do not change the language.
        let sameLanguage =
            chosen.language.languageCode == userLocale.language.languageCode
            && chosen.language.script == userLocale.language.script
        return sameLanguage ? userLocale : chosen
    }
}
