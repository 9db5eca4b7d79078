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
    static let limit = Date(timeIntervalSince1970: Double(CivilDays.daysFromCivil(1600, 1, 1)) * 86400)

    /// Whether `calendar` is Gregorian with the ISO 8601 calendar's days, and `date` early enough
    /// that Foundation would compute it in the Julian calendar.
    static func applies(to calendar: Calendar, at date: Date) -> Bool {
        date < limit && (calendar.identifier == .gregorian || calendar.identifier == .iso8601)
    }

    /// The period of `unit` containing `date`, with months from day `firstDayOfMonth` (1 to 28)
    /// and years from month `firstMonthOfYear` (1 to 12), and its first day as (year, month, day).
    func interval(
        of unit: DateUnit, containing date: Date, firstDayOfMonth: Int = 1, firstMonthOfYear: Int = 1
    ) -> (interval: DateInterval, year: Int, month: Int, day: Int) {
        let offset = Double(calendar.timeZone.secondsFromGMT(for: date))
        let local = date.timeIntervalSince1970 + offset
        let day = Int((local / 86400).rounded(.down))
        let (year, month, dayOfMonth) = CivilDays.civilFromDays(day)
        if unit == .hour {
            // Local mean time has no daylight saving time: every hour is 3,600 seconds.
            let hour = (local / 3600).rounded(.down) * 3600
            return (DateInterval(start: Date(timeIntervalSince1970: hour - offset), duration: 3600), year, month, dayOfMonth)
        }
        /// The first day of the month with index `index` (12 × year + month − 1).
        func firstDay(ofMonth index: Int) -> Int {
            let year = index >= 0 ? index / 12 : (index - 11) / 12
            return CivilDays.daysFromCivil(year, index - year * 12 + 1, firstDayOfMonth)
        }
        let monthIndex = year * 12 + month - 1 - (dayOfMonth < firstDayOfMonth ? 1 : 0)
        let yearIndex = monthIndex - ((monthIndex - (firstMonthOfYear - 1)) % 12 + 12) % 12
        let first: Int, next: Int
        switch unit {
        case .hour, .day:
            (first, next) = (day, day + 1)
        case .week:
            // 1970-01-01 was a Thursday: weekday 5, counting Sunday as 1 like Calendar.
            let weekday = ((day + 4) % 7 + 7) % 7 + 1
            let start = day - (weekday - calendar.firstWeekday + 7) % 7
            (first, next) = (start, start + 7)
        case .month:
            (first, next) = (firstDay(ofMonth: monthIndex), firstDay(ofMonth: monthIndex + 1))
        case .quarter:
            let quarterIndex = monthIndex - (monthIndex - yearIndex) % 3
            (first, next) = (firstDay(ofMonth: quarterIndex), firstDay(ofMonth: quarterIndex + 3))
        case .year:
            (first, next) = (firstDay(ofMonth: yearIndex), firstDay(ofMonth: yearIndex + 12))
        }
        let start = Date(timeIntervalSince1970: Double(first) * 86400 - offset)
        let end = Date(timeIntervalSince1970: Double(next) * 86400 - offset)
        let (startYear, startMonth, startDay) = CivilDays.civilFromDays(first)
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
}
