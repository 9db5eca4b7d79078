// A sectioned SwiftUI list of contacts with a side index where the system draws one.
// Not part of the package (Linux has no SwiftUI): scripts/check-on-a-mac type-checks it for the
// iOS Simulator and macOS at the package's deployment targets, iOS 18 and macOS 15.
import SectionSort
import SwiftUI

struct Contact: Identifiable, Sendable {
    let id: Int
    let firstName: String
    let lastName: String
}

struct ContactsView: View {
    let contacts: [Contact]
    @State private var list = SectionedList<Contact>()

    var body: some View {
        List {
            ForEach(list) { section in
                Section(section.title) {
                    ForEach(section.items) { contact in
                        Text("\(contact.firstName) \(contact.lastName)")
                    }
                }
                .modifier(SectionIndexLabel(title: section.title))
            }
        }
        .task(id: contacts.count) {
            let collation = try? IndexedCollation.current()
            list = (try? await collation?.sections(of: contacts, by: \.lastName, then: \.firstName)) ?? list
        }
    }
}

/// The section's letter in the list's side index. `sectionIndexLabel(_:)` exists from iOS 26 and
/// macOS 26; before them a list has no index and the sections are shown without one. A macOS
/// list draws no side index even on macOS 26, so a Mac app offers the titles another way (a
/// menu or a jump bar built from `list.map(\.title)`).
struct SectionIndexLabel: ViewModifier {
    let title: String

    func body(content: Content) -> some View {
        if #available(iOS 26, macOS 26, *) {
            content.sectionIndexLabel(title)
        } else {
            content
        }
    }
}
