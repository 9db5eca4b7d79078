// Searching a live list: bytes compared in parallel, no collation key computed per item.
// snippet.hide
import SectionSort

struct Person: Identifiable, Sendable {
    var id: Int
    var firstName: String
    var lastName: String
}
let people = [
    Person(id: 1, firstName: "Steve", lastName: "Jobs"), Person(id: 2, firstName: "Bill", lastName: "Gates"),
    Person(id: 3, firstName: "Eric", lastName: "Jones"), Person(id: 4, firstName: "Joan", lastName: "Major"),
]
let contacts = LiveSectionedList(
    people, collation: try IndexedCollation(locale: "en_US"), by: \.lastName, then: \.firstName, identifiedBy: \.id)

// snippet.show
let result = contacts.search("jo")
print(result.sectionTitles)  // the sections with matches, in order
let first = result[section: 0, row: 0]  // the first match
print(first.lastName[result.matchRange(section: 0, row: 0)])  // what to highlight in its key
print(result.list.itemCount)  // the matches copied into a SectionedList
