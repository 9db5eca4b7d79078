// What a table view needs to animate from one sectioning to the next.
// snippet.hide
import SectionSort

// snippet.show
struct Person: Identifiable, Sendable {
    var id: Int
    var name: String
}

let collation = try IndexedCollation(locale: "en_US")
let before = [Person(id: 1, name: "Jobs"), Person(id: 2, name: "Gates"), Person(id: 3, name: "Ellison")]
var after = before
after[2].name = "Jones"  // Ellison is renamed into section J
after.append(Person(id: 4, name: "Cook"))

let old = collation.sections(of: before, by: \.name)
let new = collation.sections(of: after, by: \.name)
let changes = old.changes(to: new, identifiedBy: \.id)
print("deleted sections", changes.deletedSections, "inserted sections", changes.insertedSections)
print("inserted rows", changes.insertedRows.map { [$0.section, $0.row] })
print("moved rows", changes.movedRows.map { [[$0.from.section, $0.from.row], [$0.to.section, $0.to.row]] })
