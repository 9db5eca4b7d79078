import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// Locale identifiers with collation keywords give the settings ICU's `ucol_open` gives them, and
/// are refused where ICU refuses them.
@Suite struct CollationLocaleTests {
    typealias Attribute = CollationSettingsTests.Attribute

    static let identifiers: [String] = {
        var identifiers = [
            "de-u-co-phonebk-ks-level1", "en-u-ka-shifted-kv-space-kb-true-kc-true-kf-upper-kn-true-kk-true-kr-latn-digit",
            "sv@collation=search;colStrength=secondary", "de_DE@collation=phonebook", "en-u-ks-identic",
            "en-u-kr-cyrl-others-latn", "en-u-kr-cyrl-zzzz-latn", "ja-JP-u-co-unihan", "en-u-ks-level4-ka-noignore-kb-false-kf-false",
            "zh-u-co-trad", "zh-Hant-TW-u-co-stroke", "en-u-kr-zzzz", "EN@COLSTRENGTH=PRIMARY", "en-u-kv-currency",
            "es-u-co-trad", "root-u-co-emoji", "en-u-kr-space-punct", "en-US-u-ks-level2-x-foo", "en-u-kr-digit-latn-grek",
            "en@colStrength=yes", "en@colNumeric=primary", "en@colCaseFirst=yes", "en@colAlternate=no", "en@kv=digit",
            "en@kv=punct", "en@kv=symbol", "en@colReorder=latn-latn", "en@colReorder=Latn-", "en@colReorder=Thai-Miao-Qaac",
            "en@colReorder=hani-kana-hira", "en@colReorder=Hrkt-Hani", "en@colReorder=xyzw", "en@colReorder=greek",
            "en@colHiraganaQuaternary=yes", "en@variableTop=x", "fr_CA@colBackwards=no", "fr-CA-u-kb-false",
            "ja@colStrength=quaternary", "th@colAlternate=non-ignorable", "ru-u-kr-latn", "ko-u-co-search-ks-level1",
            "da-u-kf-lower", "da-u-kf-false", "mt-u-kf-lower", "en-u-kc-true-ks-level1", "en-u-kn-true", "hu@colnumeric=YES",
            "en@colStrength=Identical;colAlternate=Shifted;kv=currency;colReorder=Digt-Latn",
            "en@colreorder=digit-latn-zyyy-zinh", "ar-u-kr-arab-latn-digit", "zh@collation=pinyin;colReorder=latn-hani",
        ]
        for locale in ["en", "sv", "ja", "zh", "fr-CA", "ru", "th", "ar"] {
            for keywords in [
                "ks-level1", "ks-level2", "ks-level3", "ks-level4", "ks-identic", "ka-shifted", "ka-shifted-kv-space",
                "ka-shifted-kv-symbol", "kb-true", "kc-true", "kf-upper", "kf-lower", "kn-true", "kk-true",
                "kr-grek-cyrl", "kr-digit", "kr-others-latn",
            ] {
                identifiers.append("\(locale)-u-\(keywords)")
            }
        }
        return identifiers
    }()

    /// Our settings for `identifier`, from the keywords applied to the decoded default settings.
    static func settings(_ identifier: String) throws -> CollationSettings {
        let locale = try CollationLocale(LocaleIdentifier.canonical(identifier))
        let tailoring = locale.baseName + (locale.collationType.map { "@collation=\($0)" } ?? "")
        var settings = try RootCollationData.defaultSettings(tailoring)
        try locale.apply(to: &settings)
        return settings
    }

    @Test(arguments: identifiers)
    func readsKeywordsAsICU(identifier: String) throws {
        let canonical = LocaleIdentifier.canonical(identifier)
        let icu = try? ICUCollator.opening(canonical)
        let ours = try? Self.settings(identifier)
        #expect((icu == nil) == (ours == nil), "ICU opens \(canonical): \(icu != nil)")
        guard let icu, let ours else { return }
        let expected = try RootCollationData.defaultSettingsFromOptions(of: icu)
        #expect(ours.options == expected.options, "\(canonical)")
        #expect(ours.reorderCodes == icu.reorderCodes, "\(canonical)")
        #expect(ours.variableTop == icu.variableTop, "\(canonical)")
    }

    /// Where ICU refuses an identifier, the library refuses it with the name of ICU's error, which
    /// ``SectionSortError/collationUnavailable(locale:icuError:)`` carries.
    @Test func refusesWithICUsErrors() throws {
        // Identifiers ICU cannot read as a locale, and ones just short of that.
        let malformed = [
            "/no/such/file", "no/such", "abcdefghijkl", "abcdefghijk", "ABCDEFGHIJKL", "abcdefghijkl.x", "abcdefghijk.x",
            "1234567890123", "toolongname_SE", "en_abcdefghijklmn_US", "en@collation=" + String(repeating: "x", count: 15),
            "en@collation=" + String(repeating: "x", count: 16), "en@" + String(repeating: "k", count: 24) + "=x",
            "en@" + String(repeating: "k", count: 25) + "=x",
        ]
        var refused = 0
        for identifier in Self.identifiers + malformed {
            let canonical = LocaleIdentifier.canonical(identifier)
            let icuError: ICUError
            do {
                _ = try ICUCollator.opening(canonical)
                continue
            } catch {
                icuError = error
            }
            refused += 1
            do {
                _ = try Collator(canonicalLocale: canonical, attributes: CollatorAttributes())
                Issue.record("\(canonical) opens, ICU refuses it with \(icuError.name)")
            } catch {
                #expect(error.icuErrorName == icuError.name, "\(canonical): \(error)")
            }
        }
        #expect(refused >= 15)
        #expect(throws: SectionSortError.collationUnavailable(locale: "en@colNumeric=primary", icuError: "U_ILLEGAL_ARGUMENT_ERROR")) {
            try IndexedCollation(locale: "en@colNumeric=primary")
        }
    }

    /// The keys of the keyword locales (with ICU's collation elements) are ICU's.
    @Test func writesICUKeysForKeywordLocales() throws {
        let texts = Array(CollationKeyWriterTests.texts.prefix(160))
        var compared = 0
        for identifier in Self.identifiers {
            let canonical = LocaleIdentifier.canonical(identifier)
            guard let icu = try? ICUCollator.opening(canonical) else { continue }
            let settings = try Self.settings(identifier)
            if canonical.hasPrefix("ja") && settings.strength.rawValue >= 3 { continue }  // see CollationKeyWriterTests
            var writer = CollationKeyWriter()
            for text in texts {
                let (ours, theirs) = CollationKeyWriterTests.keys(text, icu: icu, settings: settings, writer: &writer)
                #expect(ours == theirs, "\(canonical) \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                compared += 1
            }
        }
        #expect(compared > 100 * texts.count)
    }

    @Test func namesScriptsAsICU() {
        for (code, name) in CollationLocale.scriptCodes.enumerated() {
            #expect(ICUCollationInternals.scriptCode(Int32(code)) == name)
        }
        #expect(ICUCollationInternals.scriptCode(Int32(CollationLocale.scriptCodes.count)) == nil)
    }
}
