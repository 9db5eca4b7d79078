/// How an ``IndexedCollation`` compares strings and where it puts the "other" section.
///
/// A locale identifier can name the same settings as keywords (BCP 47 `-u-kn`, `-u-ks-level1`,
/// `-u-ka-shifted`, `-u-kk`, `-u-kf-upper`, `-u-kc`, or ICU's `@colNumeric=yes`). A keyword sets
/// what the options leave at their default; where an option is set and the keyword contradicts
/// it, creating the collation throws
/// ``SectionSortError/conflictingCollationSetting(locale:keyword:option:)``: no keyword is ever
/// silently dropped.
public struct CollationOptions: Hashable, Sendable {
    /// Where the "#" section (digits, symbols, scripts without labels) goes.
    public enum OtherSectionPlacement: Hashable, Sendable {
        /// Before the letters.
        case first
        /// After the letters, as in UIKit (the default).
        case last
    }

    /// Which of two strings that differ only in case comes first.
    public enum CaseFirst: Hashable, Sendable {
        /// "Apple" before "apple" (the default of Danish and Maltese).
        case upper
        /// "apple" before "Apple", as most locales order without a setting.
        case lower
    }

    /// Treat "a" and "A" as equal. Equal items keep their input order.
    public var ignoresCase: Bool
    /// Treat "e", "é" and "ê" as equal. Equal items keep their input order.
    public var ignoresAccents: Bool
    /// Compare runs of digits by value: "Track 2" before "Track 10".
    public var numeric: Bool
    /// Where the "#" section goes.
    public var otherSection: OtherSectionPlacement
    /// Skip spaces and punctuation, as if they were not there: "de la Cruz" beside "Delacruz",
    /// "'Til Tuesday" under T (ICU's alternate = shifted). When false, spaces and punctuation
    /// compare as the locale's collation has them: as characters before the letters, in every
    /// locale ICU ships.
    public var ignoresPunctuation: Bool
    /// Normalize text while comparing it, so that every canonically equivalent spelling ("é" as
    /// one character or as "e" and a combining accent, combining marks in any order) sorts alike
    /// (ICU's normalization mode). Text in Unicode's NFC or NFD form — what keyboards and most
    /// files produce — sorts alike without it; other text needs it. When false, the locale's
    /// collation decides (a few, such as Vietnamese, normalize by default).
    public var normalizes: Bool
    /// Which of two strings that differ only in case comes first; nil keeps the locale's default.
    /// Has no effect when ``ignoresCase`` is true.
    public var caseFirst: CaseFirst?
    /// Leading articles to skip: with ``LeadingArticles``, "The Beatles" sorts and sections as
    /// "Beatles", under B; the item is shown unchanged. Nil (the default) skips none.
    public var ignoredArticles: LeadingArticles?

    /// Creates options; the defaults compare as ICU does by default (tertiary strength) and put "#" last.
    public init(
        ignoresCase: Bool = false, ignoresAccents: Bool = false, numeric: Bool = false,
        otherSection: OtherSectionPlacement = .last, ignoresPunctuation: Bool = false, normalizes: Bool = false,
        caseFirst: CaseFirst? = nil, ignoredArticles: LeadingArticles? = nil
    ) {
        self.ignoresCase = ignoresCase
        self.ignoresAccents = ignoresAccents
        self.numeric = numeric
        self.otherSection = otherSection
        self.ignoresPunctuation = ignoresPunctuation
        self.normalizes = normalizes
        self.caseFirst = caseFirst
        self.ignoredArticles = ignoredArticles
    }

    /// The collator attributes of these options alone, for a locale without collation keywords.
    var collatorAttributes: CollatorAttributes {
        var settings = CollatorAttributes()
        settings.numeric = numeric
        switch (ignoresCase, ignoresAccents) {
        case (false, false): settings.strength = .tertiary
        case (true, false): settings.strength = .secondary
        case (true, true): settings.strength = .primary
        case (false, true):
            settings.strength = .primary
            settings.caseLevel = true
        }
        if ignoresPunctuation { settings.alternateShifted = true }
        if normalizes { settings.normalization = true }
        switch caseFirst {
        case .upper: settings.caseFirst = .upper
        case .lower: settings.caseFirst = .lower
        case nil: break
        }
        return settings
    }
}
