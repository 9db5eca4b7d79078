import Foundation
import SectionSort
import Testing

@Suite struct IndexedCollationTests {
    /// The locale table of UILocalizedIndexedCollation's titles (NSHipster, seed 003).
    static let uikitTable: [(String, String)] = [
        ("en_US", "A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z, #"),
        ("ja_JP", "A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z, あ, か, さ, た, な, は, ま, や, ら, わ, #"),
        ("sv_SE", "A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z, Å, Ä, Ö, #"),
        (
            "ko_KR",
            "A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z, ㄱ, ㄴ, ㄷ, ㄹ, ㅁ, ㅂ, ㅅ, ㅇ, ㅈ, ㅊ, ㅋ, ㅌ, ㅍ, ㅎ, #"
        ),
        (
            "ar_SA",
            "A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z, آ, ب, ت, ث, ج, ح, خ, د, ذ, ر, ز, س, ش, ص, ض, ط, ظ, ع, غ, ف, ق, ك, ل, م, ن, ه, و, ي, #"
        ),
    ]

    @Test(arguments: uikitTable.map(\.0))
    func titlesReproduceUIKitTable(locale: String) throws {
        let expected = Self.uikitTable.first { $0.0 == locale }!.1
        let collation = try IndexedCollation(locale: locale)
        #expect(collation.sectionTitles.joined(separator: ", ") == expected)
        #expect(collation.sectionIndexTitles == collation.sectionTitles)
        #expect(!collation.isFallback, "\(locale) has ICU data of its own")
    }

    @Test func otherLocalesHaveTheirOwnLetters() throws {
        let latin = (65...90).map { String(UnicodeScalar(UInt8($0))) }
        func letters(_ locale: String) throws -> [String] {
            let titles = try IndexedCollation(locale: locale).sectionTitles
            #expect(Array(titles.prefix(26)) == latin || locale == "cs", "\(locale) starts with Latin A–Z")
            #expect(titles.last == "#")
            return Array(titles.dropFirst(26).dropLast())
        }
        #expect(try letters("da") == ["Æ", "Ø", "Å"])
        #expect(try letters("de") == [])
        #expect(try letters("ru") == "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЫЭЮЯ".map(String.init))
        #expect(try letters("el") == "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ".map(String.init))
        #expect(try letters("he").first == "א")
        #expect(try letters("th").first == "ก")
        #expect(try letters("hi").first == "अ")
        // Czech has CH between H and I, and its háček letters in place.
        let czech = try IndexedCollation(locale: "cs").sectionTitles
        #expect(czech.firstIndex(of: "CH")! == czech.firstIndex(of: "H")! + 1)
        #expect(czech.firstIndex(of: "Č")! == czech.firstIndex(of: "C")! + 1)
    }

    @Test func chineseUsesPinyinOrStrokes() throws {
        let simplified = try IndexedCollation(locale: "zh_CN")
        #expect(simplified.sectionTitles == (65...90).map { String(UnicodeScalar(UInt8($0))) } + ["#"])
        #expect(simplified.sectionTitles[simplified.section(for: "林丹")] == "L")
        #expect(simplified.sectionTitles[simplified.section(for: "张三")] == "Z")
        #expect(simplified.sectionTitles[simplified.section(for: "Zhang")] == "Z")
        for locale in ["zh", "zh_Hans"] {
            let collation = try IndexedCollation(locale: locale)
            #expect(collation.sectionTitles[collation.section(for: "林丹")] == "L", "\(locale)")
        }
        for locale in ["zh_TW", "zh_Hant"] {
            let collation = try IndexedCollation(locale: locale)
            let titles = collation.sectionTitles
            #expect(titles[26] == "1劃" && titles[27] == "2劃", "\(locale): stroke counts follow A–Z")
            #expect(titles[collation.section(for: "林")] == "8劃", "林 has 8 strokes")
            #expect(titles[collation.section(for: "一")] == "1劃")
            #expect(titles[collation.section(for: "Lin")] == "L")
        }
    }

    @Test func sectionAssignmentFollowsTheLocale() throws {
        func title(_ text: String, _ locale: String) throws -> String {
            let collation = try IndexedCollation(locale: locale)
            return collation.sectionTitles[collation.section(for: text)]
        }
        #expect(try title("Ängel", "de") == "A")
        #expect(try title("Ängel", "sv_SE") == "Ä")
        #expect(try title("Öberg", "sv_SE") == "Ö")
        #expect(try title("Åsa", "sv_SE") == "Å")
        #expect(try title("Ærø", "da") == "Æ")
        #expect(try title("Émile", "fr") == "E")
        #expect(try title("émile", "en_US") == "E")
        #expect(try title("ß", "de") == "S")
        #expect(try title("あおい", "ja_JP") == "あ")
        #expect(try title("カメラ", "ja_JP") == "か")
        #expect(try title("ガラス", "ja_JP") == "か")
        #expect(try title("がっこう", "ja_JP") == "か")
        #expect(try title("パン", "ja_JP") == "は")
        #expect(try title("ん", "ja_JP") == "わ")
        #expect(try title("가나", "ko_KR") == "ㄱ")
        #expect(try title("까치", "ko_KR") == "ㄱ")
        #expect(try title("하늘", "ko_KR") == "ㅎ")
        #expect(try title("Жанна", "ru") == "Ж")
        #expect(try title("ёлка", "ru") == "Е")
        #expect(try title("Zoe", "ru") == "Z")
        #expect(try title("ωμέγα", "el") == "Ω")
        #expect(try title("άλφα", "el") == "Α")
        #expect(try title("Chris", "cs") == "CH")
        #expect(try title("Cyril", "cs") == "C")
    }

    @Test(arguments: ["", "123", "42 Street", "!bang", "😀", "\u{301}\u{302}", "Жанна", "林丹", "ガ", "$", " "])
    func otherStringsGoToHash(text: String) throws {
        let collation = try IndexedCollation(locale: "en_US")
        #expect(collation.section(for: text) == collation.otherSectionIndex, "\(text.debugDescription) belongs to #")
        #expect(collation.sectionTitles[collation.otherSectionIndex] == "#")
    }

    @Test func hashCanComeFirst() throws {
        let collation = try IndexedCollation(locale: "sv_SE", options: CollationOptions(otherSection: .first))
        #expect(collation.sectionTitles.first == "#")
        #expect(collation.sectionTitles.dropFirst().first == "A")
        #expect(collation.sectionTitles.last == "Ö")
        #expect(collation.otherSectionIndex == 0)
        #expect(collation.section(for: "123") == 0)
        #expect(collation.sectionTitles[collation.section(for: "Öberg")] == "Ö")
        #expect(collation.sectionTitles[collation.section(for: "Adam")] == "A")
    }

    @Test func unknownLocaleFallsBackAndSaysSo() throws {
        let unknown = try IndexedCollation(locale: "xx_YY")
        #expect(unknown.isFallback)
        #expect(unknown.locale == "root")
        #expect(unknown.requestedLocale == "xx_YY")
        #expect(unknown.sectionTitles.count == 27)
        let known = try IndexedCollation(locale: "sv-SE")
        #expect(!known.isFallback)
        #expect(known.locale == "sv")
        #expect(try !IndexedCollation(locale: "en_US").isFallback, "English uses the root rules but is known")
    }

    @Test func everyAvailableLocaleHasDataAndSections() throws {
        // Basque, Scottish Gaelic, Somali and a third of ICU's locales collate by the root rules:
        // that is their data, not a fallback.
        for identifier in ["eu", "gd", "so", "mi", "qu", "jv", "su", "sd", "ckb"] {
            #expect(try !IndexedCollation(locale: identifier).isFallback, "\(identifier) has ICU data")
        }
        for identifier in Locale.availableIdentifiers {
            let collation = try IndexedCollation(locale: identifier)
            #expect(!collation.isFallback, "\(identifier) is in ICU's available list")
            #expect(collation.sectionTitles.last == "#" && collation.sectionTitles.count > 1, "\(identifier)")
            // Where the labels are more than ICU keeps (Vai), Z may be left out: "Zebra" then goes
            // under a letter of A–Z kept before it.
            let zebra = collation.sectionTitles[collation.section(for: "Zebra")]
            if collation.sectionTitles.contains("Z") {
                #expect(zebra == "Z", "\(identifier)")
            } else {
                #expect(zebra.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isUppercase }, "\(identifier): \(zebra)")
            }
        }
    }

    @Test func sectionForIndexTitleIsIdentity() throws {
        let collation = try IndexedCollation(locale: "en_US")
        for index in collation.sectionTitles.indices {
            #expect(collation.section(forSectionIndexTitleAt: index) == index)
        }
    }

    @Test func condensedIndexKeepsEndsAndMapsEveryEntry() throws {
        let collation = try IndexedCollation(locale: "ar_SA")
        #expect(collation.sectionTitles.count == 55)
        for limit in [3, 5, 10, 20, 30, 54] {
            let condensed = collation.indexTitles(fitting: limit)
            #expect(condensed.count <= limit, "fits in \(limit)")
            #expect(condensed.first == IndexTitle(title: "A", section: 0))
            #expect(condensed.last == IndexTitle(title: "#", section: 54))
            for (position, entry) in condensed.enumerated() {
                #expect(collation.sectionTitles.indices.contains(entry.section))
                if entry.title == IndexedCollation.condensedTitlePlaceholder {
                    // A bullet stands between two shown titles and scrolls to a title it hides.
                    let before = condensed[position - 1].section, after = condensed[position + 1].section
                    #expect(before < entry.section && entry.section < after)
                } else {
                    #expect(collation.sectionTitles[entry.section] == entry.title)
                }
            }
            let shown = condensed.map(\.section)
            #expect(shown == shown.sorted(), "entries stay in index order")
        }
        #expect(collation.indexTitles(fitting: 55).map(\.title) == collation.sectionTitles)
        #expect(collation.indexTitles(fitting: 0).isEmpty)
        #expect(collation.indexTitles(fitting: 2).map(\.title) == ["A", "#"])
    }
}
