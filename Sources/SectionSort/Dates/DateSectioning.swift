import Foundation

/// Groups items by the hour, day, week, month, quarter or year their date falls on, in a calendar
/// and time zone: a calendar's List view, invoices by month.
///
/// ```swift
/// let byDay = try DateSectioning(unit: .day, locale: Locale(identifier: "en_US"), timeZoneIdentifier: "America/Sao_Paulo")
/// let list = byDay.sections(of: events, by: \.startDate)
/// list[0].period?.header   // "November 4, 2018"
/// list[0].period?.start    // 2018-11-04 01:00 -02:00: that day's midnight does not exist
/// ```
///
/// Periods come from calendar arithmetic (`Calendar.dateInterval(of:for:)`), never from adding
/// seconds, so DST days of 23 or 25 hours (or Lord Howe's 23.5), skipped days (Pacific/Apia
/// 2011-12-30) and missing midnights are right. Weeks start on the locale's first weekday unless
/// one is set; months may start on another day (``firstDayOfMonth``) and years in another month
/// (``firstMonthOfYear``).
public struct DateSectioning: Sendable {
    /// The period of each section.
    public var unit: DateUnit
    /// The calendar: its identifier, time zone and first weekday decide the periods.
    public var calendar: Calendar
    /// The language of the headers.
    public var locale: Locale
    /// When set, headers of the periods around this date are relative ("Today", "Last week").
    public var relativeTo: Date?
    /// Ascending (oldest first, the default) or descending (newest first): sections and the items
    /// inside them. Items with equal dates keep their input order either way.
    public var order: SortOrder = .forward
    /// When set, every period from the one containing the lower bound to the one containing the
    /// upper bound has a section, empty or not (a calendar that shows empty days). Items outside
    /// the range still get their own sections: nothing is dropped.
    public var range: ClosedRange<Date>?
    /// The day of the month on which months start, 1 to 28 (1 by default): 18 for periods from
    /// the 18th to the 17th. Quarters and years are made of such months. Another value stops the
    /// program when periods are computed, as an index out of range does.
    public var firstDayOfMonth = 1
    /// The month on which years start, 1 to 12 (1 by default): 4 for a fiscal year from April.
    /// Quarters are counted from it; another value stops the program when periods are computed.
    /// Weeks start on ``calendar``'s `firstWeekday` (7 for weeks from Saturday).
    public var firstMonthOfYear = 1
    /// Worker threads for sorting; nil means one per processor this process may run on. The result is the same for any number.
    public var threads: Int?

    /// Whether ICU has no data at all for the language of ``locale`` (as for "xx_YY"): headers
    /// then come from its root locale, in no language's words.
    public var isFallback: Bool { !LocaleIdentifier.hasData(forLanguageOf: locale.identifier) }

    /// Creates date sections in a calendar whose time zone and first weekday are set already.
    public init(unit: DateUnit, calendar: Calendar, locale: Locale? = nil) {
        self.unit = unit
        self.calendar = calendar
        self.locale = locale ?? calendar.locale ?? Locale(identifier: "en_US_POSIX")
    }

    /// Creates date sections for `locale` in `timeZone`.
    ///
    /// - Parameters:
    ///   - unit: the length of a section: an hour, day, week, month, quarter or year.
    ///   - locale: the language of the headers, and the first weekday unless one is given.
    ///   - timeZone: the time zone whose days the periods are.
    ///   - identifier: the calendar system (Gregorian by default; .japanese, .hebrew, .islamic, … work).
    ///   - firstWeekday: 1 for Sunday … 7 for Saturday; by default the locale's (Sunday in en_US,
    ///     Monday in sv_SE).
    public init(
        unit: DateUnit, locale: Locale, timeZone: TimeZone, calendar identifier: Calendar.Identifier = .gregorian,
        firstWeekday: Int? = nil
    ) {
        var calendar = Calendar(identifier: identifier)
        calendar.locale = locale
        calendar.timeZone = timeZone
        if let firstWeekday { calendar.firstWeekday = firstWeekday }
        self.init(unit: unit, calendar: calendar, locale: locale)
    }

    /// Creates date sections for `locale` in the time zone named `timeZoneIdentifier`.
    ///
    /// - Throws: ``SectionSortError/unknownTimeZone(_:)`` for an identifier the system does not know.
    public init(
        unit: DateUnit, locale: Locale, timeZoneIdentifier: String, calendar identifier: Calendar.Identifier = .gregorian,
        firstWeekday: Int? = nil
    ) throws(SectionSortError) {
        guard let zone = TimeZone(identifier: timeZoneIdentifier) else { throw .unknownTimeZone(timeZoneIdentifier) }
        self.init(unit: unit, locale: locale, timeZone: zone, calendar: identifier, firstWeekday: firstWeekday)
    }

    /// The period that contains `date`.
    ///
    /// - Complexity: one calendar computation.
    public func period(containing date: Date) -> DatePeriod {
        let formatter = DatePeriodFormatter(self)
        return formatter.period(containing: date)
    }

    /// The first instant after `date` that lies in another period: when the section of `date`
    /// ends, and the headers relative to it ("Today" becoming "Yesterday") change.
    ///
    /// A list that shows relative headers rebuilds its sections then, with ``relativeTo`` set to
    /// the new time, instead of on a timer. Found by calendar arithmetic, so it is the next
    /// midnight that exists on a DST day, or the end of the hour a DST change repeats.
    ///
    /// - Returns: the boundary, or nil outside the calendar's range.
    /// - Complexity: one calendar computation.
    public func nextBoundary(after date: Date) -> Date? {
        DatePeriodFormatter(self).nextBoundary(after: date)
    }

    /// Groups `items` into sections by the date `date` returns.
    ///
    /// Each item's date is read once and turned into an 8-byte sort key; the keys are sorted on
    /// all cores (items with equal dates keep their input order), and the sorted dates are walked
    /// once, so the calendar is consulted once per period, not once per item.
    ///
    /// - Parameters:
    ///   - items: the items, in any order.
    ///   - date: the instant each item happens at.
    ///   - isAllDay: for all-day items, which stay on their calendar date in every time zone: the
    ///     date is read as a calendar date in UTC (as calendars store all-day events) and placed at
    ///     the start of that date in this calendar's time zone.
    /// - Returns: the sections in time order (or reversed), each with its ``DatePeriod``.
    /// - Complexity: O(n log n) for n items, spread over the threads, plus O(p) calendar
    ///   computations for p periods.
    @_specialize(where Item == Int)
    public func sections<Item>(of items: [Item], by date: (Item) -> Date, isAllDay: ((Item) -> Bool)? = nil) -> SectionedList<Item> {
        var instants = items.map(date)
        if let isAllDay {
            let floating = FloatingDateConverter(calendar: calendar)
            for (index, item) in items.enumerated() where isAllDay(item) {
                instants[index] = floating.startOfSameDate(instants[index])
            }
        }
        let order = DateOrdering.sortedPositions(instants, descending: order == .reverse, threads: threads)
        return DateSectionBuilder(sectioning: self).makeList(items, instants: instants, order: order)
    }
}
