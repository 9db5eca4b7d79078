// Items whose identifiers repeat (equal strings, identified by their value) are matched by
// occurrence: the second "Ann" of the old list is the second of the new one.
// snippet.hide
import SectionSort

// snippet.show
let collation = try IndexedCollation(locale: "en_US")
let old = collation.sections(of: ["Ann", "Bob", "Ann"], by: { $0 })  // A: Ann, Ann; B: Bob
let new = collation.sections(of: ["Bob", "Ann", "Cy"], by: { $0 })  // A: Ann; B: Bob; C: Cy

let changes = old.changes(to: new)
print("deleted rows", changes.deletedRows)  // the second Ann
print("inserted sections", changes.insertedSections)
print("snapshot operations", changes.snapshotOperations.count)  // none: a snapshot cannot hold two "Ann"
