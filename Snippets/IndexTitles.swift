// A locale's section titles, the section a string belongs to, and a shortened index.
// snippet.hide
import SectionSort

// snippet.show
let swedish = try IndexedCollation(locale: "sv_SE")
print(swedish.sectionTitles.joined(separator: " "))
print(swedish.section(for: "Öberg"))  // the index of "Ö"
print(swedish.locale, swedish.isFallback)  // the ICU locale in use; "xx_YY" would fall back to root

let german = try IndexedCollation(locale: "de")
print(german.sectionTitles[german.section(for: "Ängel")])  // "Ä" is under A in German
print(swedish.sectionTitles[swedish.section(for: "Ängel")])  // and a letter of its own in Swedish

let arabic = try IndexedCollation(locale: "ar_SA")
print(arabic.sectionTitles.count)
print(arabic.indexTitles(fitting: 20).map(\.title).joined(separator: " "))  // every "•" stands for titles
