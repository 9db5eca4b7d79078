// A music library: "The Beatles" under B, "Le Tigre" under T, shown as they are.
// snippet.hide
import SectionSort

// snippet.show
let artists = ["The Beatles", "Beach Boys", "Le Tigre", "L'Impératrice", "Ye Olde Band", "The The"]

let collation = try IndexedCollation(
    locale: "en_US",
    options: CollationOptions(
        ignoredArticles: LeadingArticles(
            languages: ["fr"],  // besides the locale's own: the, a, an
            additionalArticles: ["ye"])))
for section in collation.sections(of: artists, by: { $0 }) {
    print(section.title, section.items.joined(separator: ", "))
}
