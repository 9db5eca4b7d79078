import Foundation

/// Periods of the proleptic Gregorian calendar, the one ISO 8601 timestamps are written in, for
/// the years where Foundation's Gregorian calendar differs from it.
///
/// Foundation's `.gregorian` calendar (ICU's) is Julian before 1582-10-15, so the instant
/// `0001-01-01T00:00:00Z` of ISO 8601 falls on its 0001-01-03, and its months and years before
/// the reform start on other days. Sections of such dates would then be titled in one calendar
/// and started in another. Before ``limit`` this type computes the periods itself, with
/// H. Hinnant's day arithmetic, in the time zone's offset at the instant (local mean time in
/// every zone then: no daylight saving time), and gives the instant on the same date in
/// Foundation's calendar, for formatting headers.
struct ProlepticGregorian {
    let calendar: Calendar

    /// 1600-01-01T00:00:00Z: before it, periods of the Gregorian and ISO 8601 calendars are
    /// computed here. (Foundation agrees from 1582-10-15 on; the margin keeps every period that
    /// could reach back to the reform, whatever the zone's offset, on one side.)
    static let limit = Date(timeIntervalSince1970: Double(daysFromCivil(1600, 1, 1)) * 86400)

    /// Whether `calendar` is Gregorian with the ISO 8601 calendar's days, and `date` early enough
    /// that Foundation would compute it in the Julian calendar.
    static func applies(to calendar: Calendar, at date: Date) -> Bool {
        date < limit && (calendar.identifier == .gregorian || calendar.identifier == .iso8601)
    }

    /// The period of `unit` containing `date`, and its first day as (year, month, day).
    func interval(of unit: DateUnit, containing date: Date) -> (interval: DateInterval, year: Int, month: Int, day: Int) {
        let offset = Double(calendar.timeZone.secondsFromGMT(for: date))
        let day = Int(((date.timeIntervalSince1970 + offset) / 86400).rounded(.down))
        let (year, month, _) = Self.civilFromDays(day)
        let first: Int, next: Int
        switch unit {
        case .day:
            (first, next) = (day, day + 1)
        case .week:
            // 1970-01-01 was a Thursday: weekday 5, counting Sunday as 1 like Calendar.
            let weekday = ((day + 4) % 7 + 7) % 7 + 1
            let start = day - (weekday - calendar.firstWeekday + 7) % 7
            (first, next) = (start, start + 7)
        case .month:
            (first, next) = (
                Self.daysFromCivil(year, month, 1),
                month == 12 ? Self.daysFromCivil(year + 1, 1, 1) : Self.daysFromCivil(year, month + 1, 1)
            )
        case .year:
            (first, next) = (Self.daysFromCivil(year, 1, 1), Self.daysFromCivil(year + 1, 1, 1))
        }
        let start = Date(timeIntervalSince1970: Double(first) * 86400 - offset)
        let end = Date(timeIntervalSince1970: Double(next) * 86400 - offset)
        let (startYear, startMonth, startDay) = Self.civilFromDays(first)
        return (DateInterval(start: start, end: end), startYear, startMonth, startDay)
    }

    /// The instant at noon of the proleptic date (year, month, day) read in Foundation's calendar,
    /// so that a formatter using that calendar writes this date. Every proleptic date is a date of
    /// the Julian calendar, except the ten days the reform skipped (1582-10-05 to 10-14): for
    /// those, the instant is on 1582-10-15 and `literalDay` the day the formatter must write.
    func foundationDate(year: Int, month: Int, day: Int) -> (date: Date, literalDay: Int?)? {
        var parts = DateComponents(year: year >= 1 ? year : 1 - year, month: month, day: day, hour: 12)
        parts.era = year >= 1 ? 1 : 0
        guard let date = calendar.date(from: parts) else { return nil }
        if calendar.component(.day, from: date) == day { return (date, nil) }
        parts.day = 15
        return calendar.date(from: parts).map { ($0, day) }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (year 0 is 1 BC).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
