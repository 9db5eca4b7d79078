// A list that keeps its keys: each edit finds its place by binary search and returns its changes.
// snippet.hide
import SectionSort

// snippet.show
struct Person: Identifiable, Sendable {
    var id: Int
    var firstName: String
    var lastName: String
}

let collation = try IndexedCollation(locale: "en_US")
var contacts = LiveSectionedList(
    [
        Person(id: 1, firstName: "Steve", lastName: "Jobs"), Person(id: 2, firstName: "Bill", lastName: "Gates"),
        Person(id: 3, firstName: "Larry", lastName: "Ellison"), Person(id: 4, firstName: "Eric", lastName: "Jones"),
    ],
    collation: collation, by: \.lastName, then: \.firstName, identifiedBy: \.id)
print(contacts.sectionTitles)

var changes = contacts.insert(Person(id: 5, firstName: "Tim", lastName: "Cook"))
print("inserted sections", changes.insertedSections)  // "C" is new

changes = contacts.insert(Person(id: 6, firstName: "Ellen", lastName: "Jobs"))
print("inserted rows", changes.insertedRows.map { [$0.section, $0.row] })  // before Steve Jobs

if let path = contacts.indexPath(of: 6) {
    print(contacts[section: path.section, row: path.row].firstName)
}
