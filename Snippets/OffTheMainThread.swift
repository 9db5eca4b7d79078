// Sectioning off the main thread, with progress, stopping early when the task is cancelled.
// snippet.hide
import SectionSort

struct Contact: Sendable {
    var firstName: String
    var lastName: String
}
let contacts = (0..<10_000).map { Contact(firstName: "First \($0)", lastName: "Last \($0 % 97)") }
let collation = try IndexedCollation(locale: "en_US")

// snippet.show
let list = try await collation.sections(
    of: contacts, by: { $0.lastName }, then: { $0.firstName },
    progress: { progress in
        // called from the workers, not from the caller's actor
        _ = (progress.phase, progress.fractionCompleted)
    })
print(list.count, list.itemCount)
