import Foundation
import Testing

@testable import SectionSort

/// `IndexedCollation.current()` picks its locale as `UILocalizedIndexedCollation.current()`
/// does: the app's localization first, the user's locale where the app has none.
@Suite struct CurrentCollationTests {
    private func chosen(_ localizations: [String], preferred: [String], user: String) -> String {
        IndexedCollation.currentLocale(
            localizations: localizations, preferredLocalizations: preferred, userLocale: Locale(identifier: user)
        ).identifier
    }

    @Test func withoutLocalizationsTheUsersLocale() {
        // What Foundation reports for a command-line tool: no localizations, "en" preferred.
        #expect(chosen([], preferred: ["en"], user: "sv_SE") == "sv_SE")
        #expect(chosen(["Base"], preferred: ["Base"], user: "sv_SE") == "sv_SE")
    }

    @Test func anAppNotLocalizedIntoTheUsersLanguageUsesItsLocalization() {
        #expect(chosen(["en", "Base"], preferred: ["en"], user: "sv_SE") == "en")
        #expect(chosen(["Base", "en", "de"], preferred: ["Base", "de"], user: "ja_JP") == "de")
    }

    @Test func theUsersLanguageKeepsTheUsersRegionAndKeywords() {
        #expect(chosen(["en", "de"], preferred: ["de"], user: "de_CH") == "de_CH")
        #expect(chosen(["en", "es"], preferred: ["es"], user: "es_ES@collation=traditional") == "es_ES@collation=traditional")
    }

    @Test func anotherScriptOfTheSameLanguageIsTheLocalizations() {
        // Traditional Chinese (Taiwan) user, app localized only into Simplified Chinese.
        #expect(chosen(["zh-Hans", "en"], preferred: ["zh-Hans"], user: "zh_TW") == "zh-Hans")
        #expect(chosen(["zh-Hant", "en"], preferred: ["zh-Hant"], user: "zh_TW") == "zh_TW")
    }

    @Test func theCollationComesFromTheChosenLocale() throws {
        let english = try IndexedCollation(
            locale: IndexedCollation.currentLocale(
                localizations: ["en"], preferredLocalizations: ["en"], userLocale: Locale(identifier: "sv_SE")))
        #expect(!english.sectionTitles.contains("Å"), "English titles stop at Z")
        #expect(try IndexedCollation(locale: "sv_SE").sectionTitles.contains("Å"))
    }
}
