// Sections a list of contacts by last name, then first name, as a table view shows them.
// snippet.hide
import SectionSort

// snippet.show
struct Contact: Sendable {
    var firstName: String
    var lastName: String
}

let contacts = [
    Contact(firstName: "Steve", lastName: "Jobs"), Contact(firstName: "Bill", lastName: "Gates"),
    Contact(firstName: "Larry", lastName: "Ellison"), Contact(firstName: "Eric", lastName: "Jones"),
    Contact(firstName: "Åsa", lastName: "Öberg"),
]

let collation = try IndexedCollation(locale: "sv_SE")
let list = collation.sections(of: contacts, by: \.lastName, then: \.firstName)

for section in list {
    print(section.title, section.items.map { "\($0.firstName) \($0.lastName)" })
}
print(list.indexTitles.joined(separator: " "))  // the side index: every letter
print(list.section(forIndexTitleAt: 5) ?? -1)  // "F" is empty: a tap scrolls to "G"
