/// The collation settings that a locale identifier names as keywords: BCP 47's "en-u-kn-true"
/// and ICU's "en@colNumeric=yes" alike, read from the identifier's canonical ICU form, where
/// Foundation spells both "colnumeric=yes".
///
/// ICU applies these keywords when it opens the collator, and ``IndexedCollation`` then sets the
/// attributes its ``CollationOptions`` own; so each keyword for such an attribute is merged into
/// the options here, never overwritten unseen.
struct CollationKeywords: Hashable, Sendable {
    var strength: CollatorAttributes.Strength?
    var caseLevel: Bool?
    var numeric: Bool?
    var alternateShifted: Bool?
    var normalization: Bool?
    var caseFirst: CollatorAttributes.CaseFirst?
    /// Each keyword read, by ICU key, as it is written ("colnumeric=no"), for error messages.
    private(set) var spellings: [String: String] = [:]

    /// The BCP 47 key of each ICU key read here, which error messages name first.
    private static let bcp47Keys = [
        "colstrength": "ks", "colcaselevel": "kc", "colnumeric": "kn", "colalternate": "ka",
        "colnormalization": "kk", "colcasefirst": "kf",
    ]

    /// The keywords of `canonicalLocale`, an identifier in ICU form ("en_US@colnumeric=yes").
    /// A value this does not know (`colnumeric=maybe`) is left for ``CollationLocale``, which
    /// refuses it as ICU's `ucol_open` does.
    init(canonicalLocale: String) {
        guard let at = canonicalLocale.firstIndex(of: "@") else { return }
        for pair in canonicalLocale[canonicalLocale.index(after: at)...].split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.lowercased() }
            guard parts.count == 2 else { continue }
            let (key, value) = (parts[0], parts[1])
            let flag: Bool? =
                switch value {
                case "yes", "true", "on": true
                case "no", "false", "off": false
                default: nil
                }
            switch key {
            case "colstrength":
                strength =
                    switch value {
                    case "primary", "level1": .primary
                    case "secondary", "level2": .secondary
                    case "tertiary", "level3": .tertiary
                    case "quaternary", "level4": .quaternary
                    case "identical", "identic": .identical
                    default: nil
                    }
            case "colcaselevel": caseLevel = flag
            case "colnumeric": numeric = flag
            case "colnormalization": normalization = flag
            case "colalternate":
                alternateShifted =
                    switch value {
                    case "shifted": true
                    case "non-ignorable", "noignore": false
                    default: nil
                    }
            case "colcasefirst":
                caseFirst =
                    switch value {
                    case "upper": .upper
                    case "lower": .lower
                    case "no", "false", "off": .off
                    default: nil
                    }
            default: continue
            }
            spellings[key] = "\(key)=\(value)"
        }
    }

    /// How an error message names the keyword with ICU key `key`: "kn (colnumeric=no)".
    func described(_ key: String) -> String {
        let spelling = spellings[key] ?? key
        return Self.bcp47Keys[key].map { "\($0) (\(spelling))" } ?? spelling
    }
}

extension CollationOptions {
    /// The collator attributes of these options for a locale whose identifier has `keywords`: a keyword
    /// sets what the options leave at its default, and agrees with what they set or is refused.
    ///
    /// - Throws: ``SectionSortError/conflictingCollationSetting(locale:keyword:option:)`` naming
    ///   the first keyword that contradicts an option.
    func collatorAttributes(merging keywords: CollationKeywords, locale: String) throws(SectionSortError) -> CollatorAttributes {
        var settings = collatorAttributes
        func conflict(_ key: String, _ option: String) -> SectionSortError {
            .conflictingCollationSetting(locale: locale, keyword: keywords.described(key), option: option)
        }
        if let strength = keywords.strength {
            // The case level that "ignore accents but not case" needs is no part of a strength
            // keyword, so with that option any strength keyword contradicts it.
            let optionsSetStrength = ignoresCase || ignoresAccents
            if optionsSetStrength && (strength != settings.strength || settings.caseLevel) {
                throw conflict("colstrength", ignoresCase ? "ignoresCase" : "ignoresAccents")
            }
            settings.strength = strength
        }
        if let caseLevel = keywords.caseLevel {
            if settings.caseLevel && !caseLevel { throw conflict("colcaselevel", "ignoresAccents") }
            // A case level distinguishes case whatever the strength.
            if ignoresCase && caseLevel { throw conflict("colcaselevel", "ignoresCase") }
            settings.caseLevel = caseLevel
        }
        if let numeric = keywords.numeric {
            if self.numeric && !numeric { throw conflict("colnumeric", "numeric") }
            settings.numeric = numeric
        }
        if let shifted = keywords.alternateShifted {
            if ignoresPunctuation && !shifted { throw conflict("colalternate", "ignoresPunctuation") }
            settings.alternateShifted = shifted
        }
        if let normalization = keywords.normalization {
            if normalizes && !normalization { throw conflict("colnormalization", "normalizes") }
            settings.normalization = normalization
        }
        if let caseFirst = keywords.caseFirst {
            if let explicit = settings.caseFirst, explicit != caseFirst { throw conflict("colcasefirst", "caseFirst") }
            settings.caseFirst = caseFirst
        }
        return settings
    }
}
