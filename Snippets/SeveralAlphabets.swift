// One index for contacts in several alphabets: English, Russian and Greek names each under a
// letter of their own, not under "#".
// snippet.hide
import SectionSort

// snippet.show
let contacts = ["Иван", "Zoe", "Αλέξης", "Anna", "Борис", "42"]

let english = try IndexedCollation(locale: "en_US")
print(english.sections(of: contacts, by: { $0 }).map(\.title))

let three = try IndexedCollation(locale: "en_US", indexLocales: ["ru", "el"])
print(three.sections(of: contacts, by: { $0 }).map(\.title))
print(three.sectionTitles.count)  // A–Z, Α–Ω, А–Я and "#"
