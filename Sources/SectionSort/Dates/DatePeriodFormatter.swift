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
        let interval = calendar.dateInterval(of: sectioning.unit.component, for: date)
            ?? DateInterval(start: date, duration: 0)  // outside the calendar's range: a period of its own
        return DatePeriod(start: interval.start, end: interval.end, unit: sectioning.unit,
                          title: title(of: interval.start), header: header(of: interval.start))
    }

    /// The period after `period`: the one containing its end.
    func period(after period: DatePeriod) -> DatePeriod {
        self.period(containing: period.end > period.start ? period.end : period.start.addingTimeInterval(1))
    }

    private func title(of start: Date) -> String {
        let parts = sectioning.calendar.dateComponents([.year, .month, .day], from: start)
        func padded(_ value: Int?, _ width: Int) -> String {
            let text = String(abs(value ?? 0))
            return (value ?? 0 < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
        }
        switch sectioning.unit {
        case .day, .week: return "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))"
        case .month: return "\(padded(parts.year, 4))-\(padded(parts.month, 2))"
        case .year: return padded(parts.year, 4)
        }
    }

    private func header(of start: Date) -> String {
        if let reference = referencePeriodStart {
            let offset = sectioning.calendar.dateComponents([sectioning.unit.component], from: reference, to: start)
                .value(for: sectioning.unit.component)
            if let offset, (-1...1).contains(offset) {
                return relativeName(of: start, from: reference)
            }
        }
        return headerFormatter.string(from: start)
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
              let start = calendar.dateInterval(of: .day, for: local)?.start else { return date }
        // A midnight that does not exist resolves into the previous day in some zones: keep the date.
        return calendar.dateComponents([.day], from: start).day == parts.day ? start : local
    }
}
