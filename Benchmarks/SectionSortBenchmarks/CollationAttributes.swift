import SectionSort
import SectionSortICUSupport

/// Collator attributes in ICU's terms, set the same way on ICU's collator
/// (`ucol_setAttribute`, `ucol_setMaxVariable`, `ucol_setReorderCodes`) and on the collation
/// runtime's ``CollationSettings``: what `--check-collation` draws at random. Nil leaves an
/// attribute as the tailoring sets it.
struct CollationAttributes: CustomStringConvertible {
    var strength: CollationSettings.Strength?
    var shifted: Bool?
    var maxVariable: CollationSettings.MaxVariable?
    var caseFirst: CollationSettings.CaseFirst?
    var caseLevel: Bool?
    var numeric: Bool?
    var normalization: Bool?
    var french: Bool?
    var reorderCodes: [Int32]?

    /// Scripts and groups reorderings are drawn from (ICU's UScriptCode and UColReorderCode
    /// numbers): Latin, Greek, Cyrillic, Arabic, Hebrew, Thai, Devanagari, Han, Hangul,
    /// Hiragana (which ICU reorders with Katakana), the space, punctuation, symbol, currency and
    /// digit groups, and "others".
    static let reorderable: [Int32] = [25, 14, 8, 2, 19, 38, 10, 17, 18, 20, 0x1000, 0x1001, 0x1002, 0x1003, 0x1004, 103]

    /// Each attribute left alone half the time, otherwise a random value.
    static func random(using generator: inout some RandomNumberGenerator) -> CollationAttributes {
        var attributes = CollationAttributes()
        func maybe() -> Bool { Bool.random(using: &generator) }
        if maybe() { attributes.strength = CollationSettings.Strength.allCases.randomElement(using: &generator) }
        if maybe() { attributes.shifted = maybe() }
        if maybe() { attributes.maxVariable = CollationSettings.MaxVariable.allCases.randomElement(using: &generator) }
        if maybe() { attributes.caseFirst = CollationSettings.CaseFirst.allCases.randomElement(using: &generator) }
        if maybe() { attributes.caseLevel = maybe() }
        if maybe() { attributes.numeric = maybe() }
        if maybe() { attributes.normalization = maybe() }
        if maybe() { attributes.french = maybe() }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            // Up to four different codes, or none (which turns the tailoring's reordering off).
            let count = Int.random(in: 0...4, using: &generator)
            attributes.reorderCodes = Array(reorderable.shuffled(using: &generator).prefix(count))
        }
        return attributes
    }

    var description: String {
        var parts: [String] = []
        if let strength { parts.append("strength=\(strength)") }
        if let shifted { parts.append("alternate=\(shifted ? "shifted" : "non-ignorable")") }
        if let maxVariable { parts.append("maxVariable=\(maxVariable)") }
        if let caseFirst { parts.append("caseFirst=\(caseFirst)") }
        if let caseLevel { parts.append("caseLevel=\(caseLevel ? "on" : "off")") }
        if let numeric { parts.append("numeric=\(numeric ? "on" : "off")") }
        if let normalization { parts.append("normalization=\(normalization ? "on" : "off")") }
        if let french { parts.append("french=\(french ? "on" : "off")") }
        if let reorderCodes {
            parts.append(
                "reorder=[" + reorderCodes.map { $0 >= 0x1000 ? "0x" + String($0, radix: 16) : String($0) }.joined(separator: ",") + "]")
        }
        return parts.isEmpty ? "the tailoring's defaults" : parts.joined(separator: " ")
    }

    /// Sets the attributes on ICU's collator alone; false when ICU refuses one.
    func apply(to icu: ICUSortKeyOracle) -> Bool {
        var settings = Self.scratchSettings
        return apply(to: icu, &settings).icu
    }

    /// Settings for ``apply(to:)`` to change and drop.
    private static let scratchSettings: CollationSettings = {
        guard let root = CollationTailoring.named("root"), let settings = try? Collator.defaultSettings(of: root) else {
            preconditionFailure("the compiled-in root collation has no settings")
        }
        return settings
    }()

    /// Sets the attributes on ICU's collator and on `settings`. Returns whether each side took
    /// every value: (ICU, runtime).
    func apply(to icu: ICUSortKeyOracle, _ settings: inout CollationSettings) -> (icu: Bool, runtime: Bool) {
        typealias Attribute = ICUSortKeyOracle.Attribute
        typealias Value = ICUSortKeyOracle.Value
        var icuTook = true, runtimeTook = true
        func onOff(_ on: Bool) -> Int32 { on ? Value.on : Value.off }
        if let strength {
            icuTook = icu.setAttribute(Attribute.strength, strength.rawValue) && icuTook
            settings.setStrength(strength)
        }
        if let shifted {
            icuTook = icu.setAttribute(Attribute.alternate, shifted ? Value.shifted : Value.nonIgnorable) && icuTook
            settings.setShifted(shifted)
        }
        if let maxVariable {
            icuTook = icu.setMaxVariable(CollationScripts.firstSpecialGroup + maxVariable.rawValue) && icuTook
            settings.setMaxVariable(maxVariable)
        }
        if let caseFirst {
            let value =
                switch caseFirst {
                case .off: Value.off
                case .lowerFirst: Value.lowerFirst
                case .upperFirst: Value.upperFirst
                }
            icuTook = icu.setAttribute(Attribute.caseFirst, value) && icuTook
            settings.setCaseFirst(caseFirst)
        }
        if let caseLevel {
            icuTook = icu.setAttribute(Attribute.caseLevel, onOff(caseLevel)) && icuTook
            settings.setFlag(CollationSettings.caseLevel, caseLevel)
        }
        if let numeric {
            icuTook = icu.setAttribute(Attribute.numeric, onOff(numeric)) && icuTook
            settings.setFlag(CollationSettings.numeric, numeric)
        }
        if let normalization {
            icuTook = icu.setAttribute(Attribute.normalization, onOff(normalization)) && icuTook
            settings.setFlag(CollationSettings.checkFCD, normalization)
        }
        if let french {
            icuTook = icu.setAttribute(Attribute.french, onOff(french)) && icuTook
            settings.setFlag(CollationSettings.backwardSecondary, french)
        }
        if let reorderCodes {
            icuTook = icu.setReorderCodes(reorderCodes) && icuTook
            do { try settings.setReorderCodes(reorderCodes) } catch { runtimeTook = false }
        }
        return (icuTook, runtimeTook)
    }
}
