/// A locale identifier as ICU's collator factory reads it: the locale whose tailoring applies,
/// the collation type (`@collation=…`, `-u-co-…`) and the attribute keywords (`colStrength`,
/// `colBackwards`, `colCaseLevel`, `colCaseFirst`, `colAlternate`, `colNormalization`,
/// `colNumeric`, `colReorder`, `kv`; in BCP 47 `-u-ks`, `-kb`, `-kc`, `-kf`, `-ka`, `-kk`, `-kn`,
/// `-kr`, `-kv`), applied in ICU 76's order with ICU's checks.
package struct CollationLocale: Hashable, Sendable {
    /// The identifier without keywords, in ICU's form ("de_DE").
    package let baseName: String
    /// The collation type, lower case ("phonebook"); nil for the locale's default.
    package let collationType: String?
    /// The attribute keywords in the order ICU applies them.
    private let changes: [Change]

    private enum Change: Hashable, Sendable {
        case attribute(Attribute, Value)
        case reorder([Int32])
        case maxVariable(Int32)
    }

    /// ICU's `UColAttribute`s that keywords set, in the order ICU sets them.
    private enum Attribute: String, Hashable, Sendable, CaseIterable {
        case strength = "colstrength", backwards = "colbackwards", caseLevel = "colcaselevel"
        case caseFirst = "colcasefirst", alternate = "colalternate", normalization = "colnormalization"
        case numeric = "colnumeric"
    }

    /// ICU's `UColAttributeValue`s that keyword values name.
    private enum Value: String, Hashable, Sendable, CaseIterable {
        case primary, secondary, tertiary, quaternary, identical, no, yes, shifted
        case nonIgnorable = "non-ignorable", lower, upper
    }

    /// Reads `identifier`, in ICU's form ("de_DE@collation=phonebook;colStrength=primary"); BCP 47
    /// tags are converted to it first (see ``LocaleIdentifier/canonical(_:)``).
    ///
    /// - Throws: ``CollationLocaleError`` for a keyword or value that ICU's `ucol_open` refuses.
    package init(_ identifier: String) throws(CollationLocaleError) {
        // ICU's Locale holds the language in 12 bytes with its terminator: a longer first field
        // (up to "_", "-", "." or "@") makes the locale bogus, which ucol_open refuses.
        if identifier.utf8.prefix(while: { !"_-.@".utf8.contains($0) }).count >= 12 {
            throw .malformedIdentifier(identifier)
        }
        guard let at = identifier.firstIndex(of: "@") else {
            baseName = identifier
            collationType = nil
            changes = []
            return
        }
        baseName = String(identifier[..<at])
        var keywords: [String: String] = [:]
        for item in identifier[identifier.index(after: at)...].split(separator: ";") {
            guard let equals = item.firstIndex(of: "=") else { continue }
            let key = item[..<equals].trimmingSpaces.lowercased()
            let value = item[item.index(after: equals)...].trimmingSpaces
            // ICU reads keyword names into 25 bytes with the terminator, and its collator the
            // collation type into 16: longer ones are refused.
            if key.utf8.count >= 25 { throw .malformedIdentifier(identifier) }
            if !key.isEmpty && !value.isEmpty && keywords[key] == nil { keywords[key] = value }
        }
        if let type = keywords["collation"], type.utf8.count >= 16 { throw .malformedIdentifier(identifier) }
        collationType = keywords["collation"]?.lowercased()
        // Settings ICU no longer supports as keywords.
        for unsupported in ["colhiraganaquaternary", "variabletop"] where keywords[unsupported] != nil {
            throw .unsupportedKeyword(unsupported)
        }
        var changes: [Change] = []
        for attribute in Attribute.allCases {
            guard let text = keywords[attribute.rawValue] else { continue }
            guard let value = Value.allCases.first(where: { $0.rawValue == text.lowercased() }) else {
                throw .illegalValue(keyword: attribute.rawValue, value: text)
            }
            changes.append(.attribute(attribute, value))
        }
        if let text = keywords["colreorder"] {
            var codes: [Int32] = []
            for name in text.split(separator: "-", omittingEmptySubsequences: false) {
                let code = name.count == 4 ? Self.scriptCode(named: String(name)) : Self.groupCode(named: String(name))
                guard let code else { throw .illegalValue(keyword: "colreorder", value: text) }
                codes.append(code)
            }
            changes.append(.reorder(codes))
        }
        if let text = keywords["kv"] {
            guard let code = Self.groupCode(named: text) else { throw .illegalValue(keyword: "kv", value: text) }
            changes.append(.maxVariable(code))
        }
        self.changes = changes
    }

    /// Changes `settings` (the tailoring's defaults) as ICU's collator factory does for these keywords.
    ///
    /// - Throws: ``CollationLocaleError`` for a value the attribute does not take or a reordering
    ///   ICU refuses.
    package func apply(to settings: inout CollationSettings) throws(CollationLocaleError) {
        for change in changes {
            switch change {
            case .attribute(let attribute, let value): try Self.set(attribute, value, in: &settings)
            case .reorder(let codes):
                do throws(CollationSettingsError) {
                    try settings.setReorderCodes(codes)
                } catch {
                    throw .illegalReordering(error)
                }
            case .maxVariable(let code):
                guard let group = CollationSettings.MaxVariable(rawValue: code - CollationScripts.firstSpecialGroup) else {
                    throw .illegalValue(keyword: "kv", value: "digit")
                }
                settings.setMaxVariable(group)
            }
        }
    }

    /// ICU's `setAttribute`: a value equal to the current one is accepted for any attribute,
    /// another one only where the attribute takes it.
    private static func set(_ attribute: Attribute, _ value: Value, in settings: inout CollationSettings)
        throws(CollationLocaleError)
    {
        let illegal = CollationLocaleError.illegalValue(keyword: attribute.rawValue, value: value.rawValue)
        func flag(_ bit: Int32) throws(CollationLocaleError) {
            switch value {
            case .yes: settings.setFlag(bit, true)
            case .no: settings.setFlag(bit, false)
            default:
                // Only an "equal" value passes ICU's check, and no strength or case value equals on/off.
                throw illegal
            }
        }
        switch attribute {
        case .strength:
            let strength: CollationSettings.Strength? =
                switch value {
                case .primary: .primary
                case .secondary: .secondary
                case .tertiary: .tertiary
                case .quaternary: .quaternary
                case .identical: .identical
                default: nil
                }
            guard let strength else { throw illegal }
            settings.setStrength(strength)
        case .backwards: try flag(CollationSettings.backwardSecondary)
        case .caseLevel: try flag(CollationSettings.caseLevel)
        case .normalization: try flag(CollationSettings.checkFCD)
        case .numeric: try flag(CollationSettings.numeric)
        case .caseFirst:
            switch value {
            case .no: settings.setCaseFirst(.off)
            case .lower: settings.setCaseFirst(.lowerFirst)
            case .upper: settings.setCaseFirst(.upperFirst)
            default: throw illegal
            }
        case .alternate:
            switch value {
            case .shifted: settings.setShifted(true)
            case .nonIgnorable: settings.setShifted(false)
            default: throw illegal
            }
        }
    }

    /// A special reorder group by ICU's name (any letter case).
    private static func groupCode(named name: String) -> Int32? {
        let groups = ["space", "punct", "symbol", "currency", "digit"]
        return groups.firstIndex(of: name.lowercased()).map { CollationScripts.firstSpecialGroup + Int32($0) }
    }

    /// A script code by its four-letter ISO 15924 code or four-letter name (any letter case), as
    /// ICU's `u_getPropertyValueEnum(UCHAR_SCRIPT, …)` finds it.
    static func scriptCode(named name: String) -> Int32? {
        let name = name.lowercased()
        if let code = scriptCodes.firstIndex(where: { $0.lowercased() == name }) { return Int32(code) }
        return ["miao": 92, "qaac": 7, "qaai": 1][name]
    }

    /// ICU 76's `UScriptCode`s by number, as `uscript_getShortName` names them.
    // © 2016 and later: Unicode, Inc. and others.
    // License & terms of use: http://www.unicode.org/copyright.html (see Sources/SectionSortICU/LICENSE-ICU)
    static let scriptCodes: [String] = [
        "Zyyy", "Zinh", "Arab", "Armn", "Beng", "Bopo", "Cher", "Copt", "Cyrl", "Dsrt", "Deva", "Ethi", "Geor",
        "Goth", "Grek", "Gujr", "Guru", "Hani", "Hang", "Hebr", "Hira", "Knda", "Kana", "Khmr", "Laoo", "Latn",
        "Mlym", "Mong", "Mymr", "Ogam", "Ital", "Orya", "Runr", "Sinh", "Syrc", "Taml", "Telu", "Thaa", "Thai",
        "Tibt", "Cans", "Yiii", "Tglg", "Hano", "Buhd", "Tagb", "Brai", "Cprt", "Limb", "Linb", "Osma", "Shaw",
        "Tale", "Ugar", "Hrkt", "Bugi", "Glag", "Khar", "Sylo", "Talu", "Tfng", "Xpeo", "Bali", "Batk", "Blis",
        "Brah", "Cham", "Cirt", "Cyrs", "Egyd", "Egyh", "Egyp", "Geok", "Hans", "Hant", "Hmng", "Hung", "Inds",
        "Java", "Kali", "Latf", "Latg", "Lepc", "Lina", "Mand", "Maya", "Mero", "Nkoo", "Orkh", "Perm", "Phag",
        "Phnx", "Plrd", "Roro", "Sara", "Syre", "Syrj", "Syrn", "Teng", "Vaii", "Visp", "Xsux", "Zxxx", "Zzzz",
        "Cari", "Jpan", "Lana", "Lyci", "Lydi", "Olck", "Rjng", "Saur", "Sgnw", "Sund", "Moon", "Mtei", "Armi",
        "Avst", "Cakm", "Kore", "Kthi", "Mani", "Phli", "Phlp", "Phlv", "Prti", "Samr", "Tavt", "Zmth", "Zsym",
        "Bamu", "Lisu", "Nkgb", "Sarb", "Bass", "Dupl", "Elba", "Gran", "Kpel", "Loma", "Mend", "Merc", "Narb",
        "Nbat", "Palm", "Sind", "Wara", "Afak", "Jurc", "Mroo", "Nshu", "Shrd", "Sora", "Takr", "Tang", "Wole",
        "Hluw", "Khoj", "Tirh", "Aghb", "Mahj", "Ahom", "Hatr", "Modi", "Mult", "Pauc", "Sidd", "Adlm", "Bhks",
        "Marc", "Newa", "Osge", "Hanb", "Jamo", "Zsye", "Gonm", "Soyo", "Zanb", "Dogr", "Gong", "Maka", "Medf",
        "Rohg", "Sogd", "Sogo", "Elym", "Hmnp", "Nand", "Wcho", "Chrs", "Diak", "Kits", "Yezi", "Cpmn", "Ougr",
        "Tnsa", "Toto", "Vith", "Kawi", "Nagm", "Aran", "Gara", "Gukh", "Krai", "Onao", "Sunu", "Todr", "Tutg",
    ]
}

/// A collation locale keyword that ICU's `ucol_open` refuses.
package enum CollationLocaleError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformedIdentifier(String)
    case unsupportedKeyword(String)
    case illegalValue(keyword: String, value: String)
    case illegalReordering(CollationSettingsError)

    package var description: String {
        switch self {
        case .malformedIdentifier(let identifier): "ICU cannot read \(identifier) as a locale identifier"
        case .unsupportedKeyword(let keyword): "the collation keyword \(keyword) is not supported"
        case .illegalValue(let keyword, let value): "\(value) is not a value of the collation keyword \(keyword)"
        case .illegalReordering(let error): "\(error)"
        }
    }

    /// The name of the error ICU's `ucol_open` reports for the same identifier: keywords it no
    /// longer supports are U_UNSUPPORTED_ERROR, every bad value or field U_ILLEGAL_ARGUMENT_ERROR.
    package var icuErrorName: String {
        switch self {
        case .unsupportedKeyword: "U_UNSUPPORTED_ERROR"
        case .malformedIdentifier, .illegalValue, .illegalReordering: "U_ILLEGAL_ARGUMENT_ERROR"
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
