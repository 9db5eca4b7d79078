// Quarters of a fiscal year from April, billing months from the 18th, hours, and the moment a
// list's relative headers change.
// snippet.hide
import Foundation
import SectionSort

// snippet.show
let invoices = try ["2026-05-02T10:00:00Z", "2027-02-10T10:00:00Z", "2026-06-30T18:00:00Z"].map {
    try Date($0, strategy: .iso8601)
}

var byQuarter = try DateSectioning(unit: .quarter, locale: Locale(identifier: "en_US"), timeZoneIdentifier: "UTC")
byQuarter.firstMonthOfYear = 4  // fiscal years from April: Q1 is April to June
for section in byQuarter.sections(of: invoices, by: { $0 }) {
    print(section.title, section.items.count)
}

var billing = try DateSectioning(unit: .month, locale: Locale(identifier: "en_US"), timeZoneIdentifier: "UTC")
billing.firstDayOfMonth = 18  // periods from the 18th to the 17th
print(billing.period(containing: invoices[0]).title)

// Hours: the hour a daylight-saving change repeats is two sections, told apart by the offset.
let byHour = try DateSectioning(unit: .hour, locale: Locale(identifier: "en_US"), timeZoneIdentifier: "America/New_York")
print(byHour.period(containing: try Date("2024-11-03T05:30:00Z", strategy: .iso8601)).title)
print(byHour.period(containing: try Date("2024-11-03T06:30:00Z", strategy: .iso8601)).title)

// "Today" becomes "Yesterday" at the next boundary: refresh the list then, not on a timer.
var byDay = try DateSectioning(unit: .day, locale: Locale(identifier: "en_US"), timeZoneIdentifier: "Europe/Stockholm")
let now = try Date("2026-11-22T23:00:00+01:00", strategy: .iso8601)
byDay.relativeTo = now
print(byDay.period(containing: now).header, byDay.nextBoundary(after: now)!.formatted(.iso8601))
