/// How an ``IndexedCollation`` compares strings and where it puts the "other" section.
public struct CollationOptions: Hashable, Sendable {
    /// Where the "#" section (digits, symbols, scripts without labels) goes.
    public enum OtherSectionPlacement: Hashable, Sendable {
        /// Before the letters.
        case first
        /// After the letters, as in UIKit (the default).
        case last
    }

    /// Treat "a" and "A" as equal. Equal items keep their input order.
    public var ignoresCase: Bool
    /// Treat "e", "é" and "ê" as equal. Equal items keep their input order.
    public var ignoresAccents: Bool
    /// Compare runs of digits by value: "Track 2" before "Track 10".
    public var numeric: Bool
    /// Where the "#" section goes.
    public var otherSection: OtherSectionPlacement

    /// Creates options; the defaults compare as ICU does by default (tertiary strength) and put "#" last.
    public init(
        ignoresCase: Bool = false, ignoresAccents: Bool = false, numeric: Bool = false,
        otherSection: OtherSectionPlacement = .last
    ) {
        self.ignoresCase = ignoresCase
        self.ignoresAccents = ignoresAccents
        self.numeric = numeric
        self.otherSection = otherSection
    }

    var icuSettings: ICUCollatorSettings {
        var settings = ICUCollatorSettings()
        settings.numeric = numeric
        switch (ignoresCase, ignoresAccents) {
        case (false, false): settings.strength = .tertiary
        case (true, false): settings.strength = .secondary
        case (true, true): settings.strength = .primary
        case (false, true):
            settings.strength = .primary
            settings.caseLevel = true
        }
        return settings
    }
}
