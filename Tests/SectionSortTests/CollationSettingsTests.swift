import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// The collation settings decoded from ICU's binary data and changed by attributes match what
/// ICU's own collator reports.
@Suite struct CollationSettingsTests {
    /// ICU's UColAttribute numbers.
    enum Attribute {
        static let french: Int32 = 0, alternate: Int32 = 1, caseFirst: Int32 = 2, caseLevel: Int32 = 3
        static let normalization: Int32 = 4, strength: Int32 = 5, numeric: Int32 = 7
    }
    /// ICU's UColAttributeValue numbers.
    enum Value {
        static let off: Int32 = 16, on: Int32 = 17, shifted: Int32 = 20, nonIgnorable: Int32 = 21
        static let lowerFirst: Int32 = 24, upperFirst: Int32 = 25
    }

    /// Every locale Foundation lists, each collation type ICU has data for, and ICU's own forms.
    static let locales: [String] = {
        var locales = Locale.availableIdentifiers.sorted()
        locales += [
            "root", "zh@collation=pinyin", "zh@collation=stroke", "zh@collation=zhuyin", "zh@collation=unihan",
            "zh@collation=big5han", "zh@collation=gb2312han", "zh_Hant", "zh_Hant@collation=pinyin", "ja@collation=unihan",
            "ko@collation=search", "ko@collation=searchjl", "ko@collation=unihan", "de@collation=phonebook",
            "de@collation=eor", "de@collation=search", "es@collation=traditional", "fi@collation=traditional",
            "sv@collation=search", "si@collation=dictionary", "bn@collation=traditional", "ar@collation=compat",
            "root@collation=emoji", "root@collation=eor", "root@collation=search", "ln@collation=phonetic",
            "hi@collation=search", "da@collation=search", "cs@collation=search", "vi@collation=traditional",
            "fr_CA", "fr_CA@collation=search", "th@collation=search", "ru@collation=search",
        ]
        return locales
    }()

    @Test func decodesEveryTailoringAsICUReportsIt() throws {
        var compared = 0
        for locale in Self.locales {
            let icu = try ICUCollator.opening(locale)
            let settings = try RootCollationData.defaultSettings(locale)
            let context = Comment(rawValue: locale)
            #expect(settings.strength.rawValue == icu.attribute(Attribute.strength), context)
            #expect((settings.isShifted ? Value.shifted : Value.nonIgnorable) == icu.attribute(Attribute.alternate), context)
            let caseFirst: Int32 =
                switch settings.caseFirst {
                case .off: Value.off
                case .lowerFirst: Value.lowerFirst
                case .upperFirst: Value.upperFirst
                }
            #expect(caseFirst == icu.attribute(Attribute.caseFirst), context)
            #expect((settings.hasCaseLevel ? Value.on : Value.off) == icu.attribute(Attribute.caseLevel), context)
            #expect((settings.hasBackwardSecondary ? Value.on : Value.off) == icu.attribute(Attribute.french), context)
            #expect((settings.isNumeric ? Value.on : Value.off) == icu.attribute(Attribute.numeric), context)
            #expect((settings.checksFCD ? Value.on : Value.off) == icu.attribute(Attribute.normalization), context)
            #expect(settings.reorderCodes == icu.reorderCodes, context)
            #expect(CollationScripts.firstSpecialGroup + settings.maxVariable.rawValue == icu.maxVariable, context)
            #expect(settings.variableTop == icu.variableTop, context)
            compared += 1
        }
        #expect(compared > 700)
    }

    @Test func variableTopFollowsMaxVariableAsInICU() throws {
        for locale in ["root", "en", "ja", "th"] {
            let icu = try ICUCollator.opening(locale)
            var settings = try RootCollationData.defaultSettings(locale)
            for group in CollationSettings.MaxVariable.allCases {
                try icu.setMaxVariable(CollationScripts.firstSpecialGroup + group.rawValue)
                settings.setMaxVariable(group)
                #expect(settings.variableTop == icu.variableTop, "\(locale) \(group)")
            }
        }
    }

    /// Reorder lists with scripts, groups, "others" (Zzzz) in several places, Latin first (which
    /// ICU leaves in place), and lists ICU rejects.
    static let reorderLists: [[Int32]] = [
        [25],  // Latn
        [8],  // Cyrl
        [14, 25],  // Grek Latn
        [25, 14, 8],
        [17, 22, 20],  // Hani Kana Hira
        [20, 22, 17, 25],
        [0x1004],  // digit
        [0x1004, 25],
        [0x1002, 0x1001, 0x1000],
        [0x1003, 0x1004, 8, 25],
        [103, 25],  // others Latn: Latin last
        [8, 103, 25, 14],
        [2, 19, 38],  // Arab Hebr Thai
        [10, 5, 18],  // Deva Beng Hang
        [103],
        [25, 25],  // twice: ICU rejects
        [103, 103],
        [25, 103, 8, 103],
        [0x1000, 0x1001, 0x1002, 0x1003, 0x1004, 25, 8, 14, 2, 19],
        [38, 103],
        [-1, 25],
    ]

    @Test func reordersAsICUReports() throws {
        for locale in ["root", "en", "ru", "ja", "zh", "ko", "el", "ar"] {
            for codes in Self.reorderLists {
                let icu = try ICUCollator.opening(locale)
                var settings = try RootCollationData.defaultSettings(locale)
                let icuAccepted = (try? icu.setReorderCodes(codes)) != nil
                let ourAccepted = (try? settings.setReorderCodes(codes)) != nil
                #expect(icuAccepted == ourAccepted, "\(locale) \(codes)")
                if icuAccepted && ourAccepted {
                    #expect(settings.reorderCodes == icu.reorderCodes, "\(locale) \(codes)")
                }
            }
        }
    }
}
