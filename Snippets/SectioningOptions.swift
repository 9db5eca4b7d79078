// Options of the collation (case, accents, digits, "#") and of the sectioning (order, empty
// sections, threads).
// snippet.hide
import SectionSort

// snippet.show
let songs = ["Track 10", "track 2", "Über", "Abba", "42"]

let collation = try IndexedCollation(
    locale: "en_US",
    options: CollationOptions(
        ignoresCase: true,  // "smith" == "Smith" (equal items keep their input order)
        ignoresAccents: false,  // true: "e" == "é"
        numeric: true,  // "Track 2" before "Track 10"
        otherSection: .last))  // or .first: "#" before A

let list = collation.sections(
    of: songs, by: { $0 },
    options: SectioningOptions(
        order: .reverse,  // Z…A, items Z…A; "#" stays where otherSection puts it
        includesEmptySections: false,
        threads: nil))  // the cores it may run on; the result is identical for any number
for section in list {
    print(section.title, section.items)
}
