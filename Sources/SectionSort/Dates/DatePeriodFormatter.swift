import Foundation

/// Computes periods and titles them. Holds DateFormatters, so it is made per call and used on one
/// thread.
struct DatePeriodFormatter {
    let sectioning: DateSectioning
    private let periods: CalendarPeriods
    private let headerFormatter: DateFormatter
    /// For periods that are not the calendar's own (a month from the 18th): their first and
    /// last day.
    private let intervalFormatter: DateIntervalFormatter?
    /// The period containing ``DateSectioning/relativeTo``, and the one before it.
    private var reference: (period: DateInterval, previousStart: Date)?

    init(_ sectioning: DateSectioning) {
        self.sectioning = sectioning
        precondition((1...28).contains(sectioning.firstDayOfMonth), "firstDayOfMonth \(sectioning.firstDayOfMonth) is not 1 to 28")
        precondition((1...12).contains(sectioning.firstMonthOfYear), "firstMonthOfYear \(sectioning.firstMonthOfYear) is not 1 to 12")
        periods = CalendarPeriods(
            calendar: sectioning.calendar, unit: sectioning.unit, firstDayOfMonth: sectioning.firstDayOfMonth,
            firstMonthOfYear: sectioning.firstMonthOfYear)
        let formatter = DateFormatter()
        formatter.locale = sectioning.locale
        formatter.calendar = sectioning.calendar
        formatter.timeZone = sectioning.calendar.timeZone
        switch sectioning.unit {
        case .hour: formatter.setLocalizedDateFormatFromTemplate("yMMMMdj")
        case .day, .week:
            formatter.dateStyle = .long
            formatter.timeStyle = .none
        case .month: formatter.setLocalizedDateFormatFromTemplate("MMMMy")
        case .quarter: formatter.setLocalizedDateFormatFromTemplate("QQQy")
        case .year: formatter.setLocalizedDateFormatFromTemplate("y")
        }
        headerFormatter = formatter
        let custom =
            switch sectioning.unit {
            case .hour, .day, .week: false
            case .month: sectioning.firstDayOfMonth != 1
            case .quarter, .year: sectioning.firstDayOfMonth != 1 || sectioning.firstMonthOfYear != 1
            }
        if custom {
            let interval = DateIntervalFormatter()
            interval.locale = sectioning.locale
            interval.calendar = sectioning.calendar
            interval.timeZone = sectioning.calendar.timeZone
            interval.dateTemplate = sectioning.firstDayOfMonth == 1 ? "yMMMM" : "yMMMd"
            intervalFormatter = interval
        } else {
            intervalFormatter = nil
        }
        if let now = sectioning.relativeTo, sectioning.unit.relativeField != nil {
            let period = interval(containing: now)
            let previous = interval(containing: period.start.addingTimeInterval(-1)).start
            reference = (period, previous)
        }
    }

    /// The interval of the period containing `date`: a period of its own outside the calendar's
    /// range.
    private func interval(containing date: Date) -> DateInterval {
        if ProlepticGregorian.applies(to: sectioning.calendar, at: date) {
            return prolepticInterval(containing: date).interval
        }
        return periods.interval(containing: date) ?? DateInterval(start: date, duration: 0)
    }

    private func prolepticInterval(containing date: Date) -> (interval: DateInterval, year: Int, month: Int, day: Int) {
        ProlepticGregorian(calendar: sectioning.calendar).interval(
            of: sectioning.unit, containing: date, firstDayOfMonth: sectioning.firstDayOfMonth,
            firstMonthOfYear: sectioning.firstMonthOfYear)
    }

    /// The period containing `date`, titled.
    func period(containing date: Date) -> DatePeriod {
        let calendar = sectioning.calendar
        if ProlepticGregorian.applies(to: calendar, at: date) {
            // Before the Gregorian reform, ISO 8601's calendar, not Foundation's Julian one.
            let proleptic = ProlepticGregorian(calendar: calendar)
            let (interval, year, month, day) = prolepticInterval(containing: date)
            let last = CivilDays.civilFromDays(
                CivilDays.daysFromCivil(year, month, day) + max(0, Int((interval.duration / 86400).rounded()) - 1))
            return DatePeriod(
                start: interval.start, end: interval.end, unit: sectioning.unit,
                title: title(of: interval.start, year, month, day),
                header: header(
                    of: interval, formatting: proleptic.foundationDate(year: year, month: month, day: day),
                    last: proleptic.foundationDate(year: last.year, month: last.month, day: last.day)?.date))
        }
        let interval = self.interval(containing: date)
        let parts = calendar.dateComponents([.year, .month, .day], from: interval.start)
        return DatePeriod(
            start: interval.start, end: interval.end, unit: sectioning.unit,
            title: title(of: interval.start, parts.year ?? 0, parts.month ?? 0, parts.day ?? 0), header: header(of: interval))
    }

    /// The period after `period`: the one containing its end.
    func period(after period: DatePeriod) -> DatePeriod {
        self.period(containing: period.end > period.start ? period.end : period.start.addingTimeInterval(1))
    }

    /// The first instant after `date` that lies in another period.
    func nextBoundary(after date: Date) -> Date? {
        let period = interval(containing: date)
        return period.end > date ? period.end : nil
    }

    /// The title of the period starting at `start`, on the date (year, month, day).
    private func title(of start: Date, _ year: Int, _ month: Int, _ day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
        }
        // Years before 1 as ISO 8601 writes them (0000 is 1 BC, -0001 2 BC).
        let date = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
        let byFirstDay = sectioning.firstDayOfMonth != 1
        switch sectioning.unit {
        case .hour:
            let offset = sectioning.calendar.timeZone.secondsFromGMT(for: start)
            let local = Int((start.timeIntervalSince1970 + Double(offset)).rounded(.down))
            let hour = (local % 86400 + 86400) % 86400 / 3600
            let sign = offset < 0 ? "-" : "+"
            return "\(date)T\(padded(hour, 2)):00\(sign)\(padded(abs(offset) / 3600, 2)):\(padded(abs(offset) % 3600 / 60, 2))"
        case .day, .week: return date
        case .month: return byFirstDay ? date : "\(padded(year, 4))-\(padded(month, 2))"
        case .quarter:
            if byFirstDay { return date }
            if ProlepticGregorian.applies(to: sectioning.calendar, at: start) {
                let monthsIn = (month - sectioning.firstMonthOfYear + 12) % 12
                return "\(padded(month >= sectioning.firstMonthOfYear ? year : year - 1, 4))-Q\(monthsIn / 3 + 1)"
            }
            let (startYear, quarter) = periods.quarter(startingAt: start)
            return "\(padded(startYear, 4))-Q\(quarter)"
        case .year: return byFirstDay ? date : padded(year, 4)
        }
    }

    /// The header of `period`; `formatting`, when given, is the instant whose date the formatter
    /// writes (the same date in Foundation's calendar, before the reform), and `last` the instant
    /// of the period's last day, likewise.
    private func header(of period: DateInterval, formatting: (date: Date, literalDay: Int?)? = nil, last: Date? = nil) -> String {
        let start = period.start
        if let reference {
            let offset =
                start == reference.period.start ? 0 : start == reference.period.end ? 1 : start == reference.previousStart ? -1 : nil
            if offset != nil { return relativeName(of: start, from: reference.period.start) }
        }
        if let intervalFormatter {
            let first = formatting?.date ?? start
            let lastDay = last ?? period.end.addingTimeInterval(-1)
            return intervalFormatter.string(from: first, to: max(first, lastDay))
        }
        guard let formatting else { return headerFormatter.string(from: start) }
        guard let day = formatting.literalDay else { return headerFormatter.string(from: formatting.date) }
        // A day Foundation's calendar skipped: its pattern, with the day of the month as text.
        let formatter = headerFormatter.copy() as! DateFormatter
        formatter.dateFormat = Self.pattern(headerFormatter.dateFormat, withDayOfMonth: day)
        return formatter.string(from: formatting.date)
    }

    /// `pattern` with each day-of-month field (d, dd) outside quotes replaced by `day` as a literal.
    private static func pattern(_ pattern: String, withDayOfMonth day: Int) -> String {
        var result = "", quoted = false, previous: Character?
        for character in pattern {
            if character == "'" { quoted.toggle() }
            if !quoted && character == "d" {
                if previous != "d" { result += "'\(day)'" }
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }

    /// "Yesterday", "This week", "Next month"…: the period starting at `start` named from the
    /// period starting at `reference`, capitalized for a header, in the locale's words.
    private func relativeName(of start: Date, from reference: Date) -> String {
        var style = Date.AnchoredRelativeFormatStyle(
            anchor: start, presentation: .named, unitsStyle: .wide, locale: sectioning.locale,
            calendar: sectioning.calendar, capitalizationContext: .beginningOfSentence)
        style.allowedFields = sectioning.unit.relativeField.map { [$0] } ?? []
        return style.format(reference)
    }
}

/// Places all-day items: their date is a calendar date stored as midnight UTC.
struct FloatingDateConverter {
    let calendar: Calendar
    private let utc: Calendar

    init(calendar: Calendar) {
        self.calendar = calendar
        var utc = calendar
        utc.timeZone = TimeZone(identifier: "UTC")!
        self.utc = utc
    }

    /// The first instant of `date`'s UTC calendar date in `calendar`'s time zone.
    func startOfSameDate(_ date: Date) -> Date {
        var parts = utc.dateComponents([.era, .year, .month, .day], from: date)
        parts.hour = 0
        guard let local = calendar.date(from: parts),
            let start = calendar.dateInterval(of: .day, for: local)?.start
        else { return date }
        // A midnight that does not exist resolves into the previous day in some zones: keep the date.
        return calendar.dateComponents([.day], from: start).day == parts.day ? start : local
    }
}
