import Foundation

/// The length of a date section.
public enum DateUnit: String, Sendable, Hashable, CaseIterable {
    case hour, day, week, month, quarter, year

    /// The field of relative headers; nil for quarters, which Foundation does not name ("last
    /// quarter"): their headers stay absolute.
    var relativeField: Date.RelativeFormatStyle.Field? {
        switch self {
        case .hour: .hour
        case .day: .day
        case .week: .week
        case .month: .month
        case .quarter: nil
        case .year: .year
        }
    }
}

/// The period a date section covers, and how to title it.
public struct DatePeriod: Sendable, Hashable {
    /// The first instant that exists in the period (01:00 on a day whose midnight a DST change
    /// skips).
    public let start: Date
    /// The first instant of the next period, found by calendar arithmetic (a day is not always
    /// 86,400 seconds).
    public let end: Date
    /// The unit of the period.
    public let unit: DateUnit
    /// A machine-readable title, in the calendar's time zone: YYYY-MM-DDTHH:00±HH:MM for hours
    /// (the offset tells apart the hour a DST change repeats), YYYY-MM-DD of the first day for
    /// days and weeks, YYYY-MM for months, YYYY-Qn for quarters (YYYY the year their year starts
    /// in), YYYY for years; with ``DateSectioning/firstDayOfMonth`` other than 1, months, quarters
    /// and years are titled by their first day, YYYY-MM-DD.
    public let title: String
    /// A header in the locale's words: "November 4, 2018", "4 november 2018", "November 2018";
    /// "Today", "Yesterday", "Last week"… when relative headers were asked for and apply.
    public let header: String

    /// Whether `date` lies in the period.
    public func contains(_ date: Date) -> Bool { start <= date && date < end }
}
