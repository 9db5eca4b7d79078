// One data source for every sectioned list: a list sectioned once, a live list and a search result
// are each a SectionedCollection.
// snippet.hide
import SectionSort

struct Person: Identifiable, Sendable {
    var id: Int
    var firstName: String
    var lastName: String
}
let people = [
    Person(id: 1, firstName: "Steve", lastName: "Jobs"), Person(id: 2, firstName: "Bill", lastName: "Gates"),
    Person(id: 3, firstName: "Larry", lastName: "Ellison"), Person(id: 4, firstName: "Eric", lastName: "Jones"),
]

// snippet.show
/// What a table view asks for, written once.
func show<List: SectionedCollection<Person>>(_ list: List) {
    print("sections:", list.count, "people:", list.itemCount)
    for section in list {
        print(section.title, section.map(\.lastName))
    }
    if let target = list.section(forIndexTitleAt: 5) {  // a tap on "F" in the side index
        print("F scrolls to", list[target].title)
    }
}

let collation = try IndexedCollation(locale: "en_US")
show(collation.sections(of: people, by: \.lastName, then: \.firstName))

var live = LiveSectionedList(people, collation: collation, by: \.lastName, then: \.firstName, identifiedBy: \.id)
live.remove(id: 2)
show(live)
show(live.search("jo"))
