// Appointments by day, with empty days and relative headers, across a daylight-saving change.
// snippet.hide
import Foundation
import SectionSort

// snippet.show
struct Appointment: Sendable {
    var title: String
    var start: Date
}

var byDay = try DateSectioning(
    unit: .day, locale: Locale(identifier: "en_US"), timeZoneIdentifier: "America/New_York")
let now = try Date("2026-03-07T12:00:00-05:00", strategy: .iso8601)
let day: TimeInterval = 86_400
let appointments = [
    Appointment(title: "Dentist", start: now + 2 * day), Appointment(title: "Lunch", start: now),
    Appointment(title: "Call", start: now - 3_600),
]
let today = byDay.period(containing: now).start
byDay.relativeTo = now  // "Today", "Tomorrow"
let everyDay = DateSectioningOptions(range: today...(today + 3 * day))  // a section for every day, empty or not

for section in byDay.sections(of: appointments, by: \.start, options: everyDay) {
    let period = section.period!
    print(period.title, period.header, period.end.timeIntervalSince(period.start) / 3_600, section.items.map(\.title))
}
