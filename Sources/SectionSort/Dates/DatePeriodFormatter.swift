import Foundation

/// Computes periods and titles them. Holds DateFormatters, so it is made per call and used on one
/// thread.
struct DatePeriodFormatter {
    let sectioning: DateSectioning
    private let headerFormatter: DateFormatter
    private let referencePeriodStart: Date?

    init(_ sectioning: DateSectioning) {
        self.sectioning = sectioning
        let formatter = DateFormatter()
        formatter.locale = sectioning.locale
        formatter.calendar = sectioning.calendar
        formatter.timeZone = sectioning.calendar.timeZone
        switch sectioning.unit {
        case .day, .week:
            formatter.dateStyle = .long
            formatter.timeStyle = .none
        case .month: formatter.setLocalizedDateFormatFromTemplate("MMMMy")
        case .year: formatter.setLocalizedDateFormatFromTemplate("y")
        }
        headerFormatter = formatter
        referencePeriodStart = sectioning.relativeTo.flatMap {
            sectioning.calendar.dateInterval(of: sectioning.unit.component, for: $0)?.start
        }
    }

    /// The period containing `date`, titled.
    func period(containing date: Date) -> DatePeriod {
        let calendar = sectioning.calendar
        if ProlepticGregorian.applies(to: calendar, at: date) {
            // Before the Gregorian reform, ISO 8601's calendar, not Foundation's Julian one.
            let proleptic = ProlepticGregorian(calendar: calendar)
            let (interval, year, month, day) = proleptic.interval(of: sectioning.unit, containing: date)
            return DatePeriod(
                start: interval.start, end: interval.end, unit: sectioning.unit,
                title: Self.title(sectioning.unit, year, month, day),
                header: header(of: interval.start, formatting: proleptic.foundationDate(year: year, month: month, day: day)))
        }
        let interval =
            calendar.dateInterval(of: sectioning.unit.component, for: date)
            ?? DateInterval(start: date, duration: 0)  // outside the calendar's range: a period of its own
        return DatePeriod(
            start: interval.start, end: interval.end, unit: sectioning.unit,
            title: title(of: interval.start), header: header(of: interval.start))
    }

    /// The period after `period`: the one containing its end.
    func period(after period: DatePeriod) -> DatePeriod {
        self.period(containing: period.end > period.start ? period.end : period.start.addingTimeInterval(1))
    }

    private func title(of start: Date) -> String {
        let parts = sectioning.calendar.dateComponents([.year, .month, .day], from: start)
        return Self.title(sectioning.unit, parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// YYYY-MM-DD, YYYY-MM or YYYY; years before 1 as ISO 8601 writes them (0000 is 1 BC, -0001 2 BC).
    private static func title(_ unit: DateUnit, _ year: Int, _ month: Int, _ day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
        }
        switch unit {
        case .day, .week: return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
        case .month: return "\(padded(year, 4))-\(padded(month, 2))"
        case .year: return padded(year, 4)
        }
    }

    /// The header of the period starting at `start`; `formatting`, when given, is the instant whose
    /// date the formatter writes (the same date in Foundation's calendar, before the reform).
    private func header(of start: Date, formatting: (date: Date, literalDay: Int?)? = nil) -> String {
        if let reference = referencePeriodStart {
            let offset = sectioning.calendar.dateComponents([sectioning.unit.component], from: reference, to: start)
                .value(for: sectioning.unit.component)
            if let offset, (-1...1).contains(offset) {
                return relativeName(of: start, from: reference)
            }
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
        style.allowedFields = [sectioning.unit.relativeField]
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
