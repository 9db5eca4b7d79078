import Foundation

/// The periods of a unit in a Foundation calendar, where months may start on another day than
/// the first and years in another month than the first: a month from the 18th, a fiscal year
/// from April, quarters of such months and years. Calendar arithmetic throughout (days are
/// found at noon and started at their first instant), so daylight saving changes and missing
/// midnights stay right.
struct CalendarPeriods {
    let calendar: Calendar
    let unit: DateUnit
    /// 1 to 28.
    let firstDayOfMonth: Int
    /// 1 to 12.
    let firstMonthOfYear: Int

    /// The period of `unit` containing `date`; nil outside the calendar's range.
    func interval(containing date: Date) -> DateInterval? {
        switch unit {
        case .hour: return calendar.dateInterval(of: .hour, for: date)
        case .day: return calendar.dateInterval(of: .day, for: date)
        case .week: return calendar.dateInterval(of: .weekOfYear, for: date)
        case .month where firstDayOfMonth == 1: return calendar.dateInterval(of: .month, for: date)
        case .year where firstDayOfMonth == 1 && firstMonthOfYear == 1: return calendar.dateInterval(of: .year, for: date)
        case .month, .quarter, .year: break
        }
        guard let month = monthStart(containing: date) else { return nil }
        if unit == .month { return interval(from: month, months: 1) }
        guard let year = yearStart(atOrBefore: month) else { return nil }
        if unit == .year { return interval(from: year, years: 1) }
        // A quarter is three months from the year's start; in a year of 13 months (the Hebrew
        // calendar's leap years) the last quarter has four.
        guard let monthsIn = calendar.dateComponents([.month], from: year, to: month).month,
            let first = calendar.date(byAdding: .month, value: min(monthsIn / 3, 3) * 3, to: year)
        else { return nil }
        if monthsIn / 3 >= 3 {
            return DateInterval(start: startOfDay(first), end: startOfDay(calendar.date(byAdding: .year, value: 1, to: year)!))
        }
        return interval(from: first, months: 3)
    }

    /// The quarter (1 to 4) of the period starting at `start`, and the year its year starts in.
    func quarter(startingAt start: Date) -> (year: Int, quarter: Int) {
        let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: start) ?? start
        guard let year = yearStart(atOrBefore: noon),
            let monthsIn = calendar.dateComponents([.month], from: year, to: noon).month
        else { return (calendar.component(.year, from: start), 1) }
        return (calendar.component(.year, from: year), min(monthsIn / 3, 3) + 1)
    }

    /// Noon of the first day of the month (from `firstDayOfMonth`) that contains `date`.
    private func monthStart(containing date: Date) -> Date? {
        var parts = calendar.dateComponents([.era, .year, .month, .day], from: date)
        guard let day = parts.day else { return nil }
        parts.day = firstDayOfMonth
        parts.hour = 12
        guard let first = calendar.date(from: parts) else { return nil }
        return day < firstDayOfMonth ? calendar.date(byAdding: .month, value: -1, to: first) : first
    }

    /// Noon of the first day of the year (from `firstMonthOfYear` and `firstDayOfMonth`) that
    /// contains `monthStart`, the noon of a month's first day.
    private func yearStart(atOrBefore monthStart: Date) -> Date? {
        var parts = calendar.dateComponents([.era, .year], from: monthStart)
        parts.month = firstMonthOfYear
        parts.day = firstDayOfMonth
        parts.hour = 12
        guard let candidate = calendar.date(from: parts) else { return nil }
        return candidate <= monthStart ? candidate : calendar.date(byAdding: .year, value: -1, to: candidate)
    }

    private func interval(from noon: Date, months: Int = 0, years: Int = 0) -> DateInterval? {
        guard let next = calendar.date(byAdding: DateComponents(year: years, month: months), to: noon) else { return nil }
        return DateInterval(start: startOfDay(noon), end: startOfDay(next))
    }

    /// The first instant of the day of `noon` (01:00 where midnight does not exist).
    private func startOfDay(_ noon: Date) -> Date { calendar.dateInterval(of: .day, for: noon)?.start ?? noon }
}
