// Every collation setting as an option: punctuation, normalization, case order; and locale
// keywords that name the same settings.
// snippet.hide
import SectionSort

// snippet.show
let names = ["Delgado", "de la Cruz", "'Til Tuesday", "Deacon", "apple", "Apple"]

// Skip spaces and punctuation: "de la Cruz" sorts as "delacruz", "'Til Tuesday" under T.
let relaxed = try IndexedCollation(
    locale: "en_US",
    options: CollationOptions(
        ignoresPunctuation: true,  // ICU's alternate = shifted
        normalizes: true,  // text in any normalization form sorts alike
        caseFirst: .upper))  // "Apple" before "apple"
for section in relaxed.sections(of: names, by: { $0 }) {
    print(section.title, section.items.joined(separator: ", "))
}

// A locale keyword sets what the options leave at their default...
let numeric = try IndexedCollation(locale: "en-u-kn")  // as CollationOptions(numeric: true)
print(numeric.compare("Track 2", "Track 10") == .orderedAscending)

// ...and one that contradicts an option is refused, never dropped.
do {
    _ = try IndexedCollation(locale: "en-u-kn-false", options: CollationOptions(numeric: true))
} catch {
    print(error)
}
