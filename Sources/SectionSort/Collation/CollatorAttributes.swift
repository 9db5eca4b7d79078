/// The collator attributes that the library's options and a locale's keywords set, in ICU's terms
/// (`UColAttribute`), so that the runtime's settings come out as ICU's collator would have them.
/// Nil leaves an attribute as the locale's collation sets it.
package struct CollatorAttributes: Hashable, Sendable {
    package enum Strength: Hashable, Sendable { case primary, secondary, tertiary, quaternary, identical }
    package enum CaseFirst: Hashable, Sendable { case off, lower, upper }
    package var strength: Strength = .tertiary
    /// Case is a level of its own (used for "ignore accents but not case").
    package var caseLevel = false
    package var numeric = false
    /// Punctuation and spaces are ignorable at the first three levels (ICU's alternate = shifted).
    package var alternateShifted: Bool?
    /// ICU's normalization mode: text not in FCD form is normalized while it is compared.
    package var normalization: Bool?
    package var caseFirst: CaseFirst?

    package init(
        strength: Strength = .tertiary, caseLevel: Bool = false, numeric: Bool = false, alternateShifted: Bool? = nil,
        normalization: Bool? = nil, caseFirst: CaseFirst? = nil
    ) {
        self.strength = strength
        self.caseLevel = caseLevel
        self.numeric = numeric
        self.alternateShifted = alternateShifted
        self.normalization = normalization
        self.caseFirst = caseFirst
    }

    /// The attributes that ``IndexedCollation`` sets for `locale` with `options`, and the locale's
    /// canonical ICU form they apply to: what the tests' and the benchmark's ICU collators are
    /// opened with.
    ///
    /// - Throws: ``SectionSortError/conflictingCollationSetting(locale:keyword:option:)`` when a
    ///   keyword of `locale` contradicts `options`.
    package static func of(locale: String, options: CollationOptions) throws(SectionSortError) -> (
        canonicalLocale: String, attributes: CollatorAttributes
    ) {
        let canonical = LocaleIdentifier.canonical(locale)
        return (canonical, try options.collatorAttributes(merging: CollationKeywords(canonicalLocale: canonical), locale: locale))
    }

    /// Changes `settings` as ICU's `ucol_setAttribute` changes a collator's: strength, case level
    /// and numeric order always (the library has always set them), the others where they are set.
    func apply(to settings: inout CollationSettings) {
        switch strength {
        case .primary: settings.setStrength(.primary)
        case .secondary: settings.setStrength(.secondary)
        case .tertiary: settings.setStrength(.tertiary)
        case .quaternary: settings.setStrength(.quaternary)
        case .identical: settings.setStrength(.identical)
        }
        settings.setFlag(CollationSettings.caseLevel, caseLevel)
        settings.setFlag(CollationSettings.numeric, numeric)
        if let alternateShifted { settings.setShifted(alternateShifted) }
        if let normalization { settings.setFlag(CollationSettings.checkFCD, normalization) }
        switch caseFirst {
        case .off: settings.setCaseFirst(.off)
        case .lower: settings.setCaseFirst(.lowerFirst)
        case .upper: settings.setCaseFirst(.upperFirst)
        case nil: break
        }
    }
}
