// Searching at the start of words, with the collation that made the sections.
// snippet.hide
import SectionSort

// snippet.show
let english = try IndexedCollation(locale: "en_US")
let swedish = try IndexedCollation(locale: "sv_SE")

func show(_ range: Range<String.Index>?, in text: String) -> String {
    range.map { String(text[$0]) } ?? "no match"
}
print(show(SearchQuery("ake", collation: english).matchRange(in: "Åke Berg"), in: "Åke Berg"))  // å is an accented a
print(show(SearchQuery("ake", collation: swedish).matchRange(in: "Åke Berg"), in: "Åke Berg"))  // Å is a letter
print(show(SearchQuery("jo", collation: english).matchRange(in: "Steve Jobs"), in: "Steve Jobs"))
print(show(SearchQuery("jo", collation: english).matchRange(in: "Major"), in: "Major"))  // not at a word start
