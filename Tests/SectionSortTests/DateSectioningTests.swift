import Foundation
import SectionSort
import Testing

struct Event: Sendable, Equatable {
    var title: String
    var start: Date
    var allDay = false
}

func instant(_ iso: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: iso) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: iso)!
}

@Suite struct DateSectioningTests {
    let enUS = Locale(identifier: "en_US")

    @Test func appointmentListGroupsByDay() throws {
        // The tutorial's calendar List view: one section per day, events in time order.
        let events = [
            Event(title: "Dentist", start: instant("2018-11-05T09:00:00-05:00")),
            Event(title: "Standup", start: instant("2018-11-04T09:30:00-05:00")),
            Event(title: "Lunch", start: instant("2018-11-04T12:00:00-05:00")),
            Event(title: "Breakfast", start: instant("2018-11-04T08:00:00-05:00")),
            Event(title: "Movie", start: instant("2018-11-07T20:00:00-05:00")),
        ]
        let byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "America/New_York")
        let list = byDay.sections(of: events, by: \.start)
        #expect(list.sectionTitles == ["2018-11-04", "2018-11-05", "2018-11-07"])
        #expect(list[0].map(\.title) == ["Breakfast", "Standup", "Lunch"])
        #expect(list[0].period?.header == "November 4, 2018")
        #expect(list.itemCount == events.count)
        let swedish = try DateSectioning(unit: .day, locale: Locale(identifier: "sv_SE"), timeZoneIdentifier: "America/New_York")
        #expect(swedish.sections(of: events, by: \.start)[0].period?.header == "4 november 2018")
    }

    @Test func midnightThatDoesNotExist() throws {
        // São Paulo skipped 00:00–01:00 on 2018-11-04: the day starts at 01:00 -02:00.
        let byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "America/Sao_Paulo")
        let list = byDay.sections(of: [instant("2018-11-04T12:00:00-02:00"), instant("2018-11-03T23:30:00-03:00")], by: { $0 })
        #expect(list.sectionTitles == ["2018-11-03", "2018-11-04"])
        let period = try #require(list[1].period)
        #expect(period.start == instant("2018-11-04T01:00:00-02:00"))
        #expect(period.end == instant("2018-11-05T00:00:00-02:00"))
        #expect(period.end.timeIntervalSince(period.start) == 23 * 3600)
    }

    @Test(arguments: [
        ("America/New_York", "2024-03-10T12:00:00-04:00", 23.0), ("America/New_York", "2024-11-03T12:00:00-05:00", 25.0),
        ("Europe/Stockholm", "2024-03-31T12:00:00+02:00", 23.0), ("Europe/Stockholm", "2024-10-27T12:00:00+01:00", 25.0),
        ("Australia/Lord_Howe", "2024-04-07T12:00:00+10:30", 24.5), ("Australia/Lord_Howe", "2024-10-06T12:00:00+11:00", 23.5),
    ])
    func daysAcrossDaylightSavingChanges(zone: String, noon: String, hours: Double) throws {
        let byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: zone)
        let period = byDay.period(containing: instant(noon))
        #expect(period.end.timeIntervalSince(period.start) == hours * 3600, "\(zone) \(noon)")
        #expect(period.title == String(noon.prefix(10)))
    }

    @Test func skippedDayHasNoSection() throws {
        // Samoa skipped 2011-12-30 when it moved across the date line.
        var byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "Pacific/Apia")
        byDay.range = instant("2011-12-28T12:00:00-10:00")...instant("2012-01-01T12:00:00+14:00")
        let list = byDay.sections(of: [instant("2011-12-29T20:00:00-10:00")], by: { $0 })
        #expect(list.sectionTitles == ["2011-12-28", "2011-12-29", "2011-12-31", "2012-01-01"])
        #expect(list.map(\.count) == [0, 1, 0, 0])
    }

    @Test func fixedRangeIncludesEmptyDaysAndKeepsOutsideItems() throws {
        var byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "UTC")
        byDay.range = instant("2024-02-27T00:00:00Z")...instant("2024-03-01T00:00:00Z")
        let list = byDay.sections(of: [instant("2024-02-28T10:00:00Z"), instant("2024-03-05T10:00:00Z")], by: { $0 })
        #expect(list.sectionTitles == ["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01", "2024-03-05"], "leap day included")
        #expect(list.itemCount == 2, "the item after the range keeps its own section")
    }

    @Test func weeksStartOnTheLocalesFirstWeekday() throws {
        let wednesday = instant("2026-11-18T12:00:00Z")
        let american = try DateSectioning(unit: .week, locale: enUS, timeZoneIdentifier: "UTC")
        let swedish = try DateSectioning(unit: .week, locale: Locale(identifier: "sv_SE"), timeZoneIdentifier: "UTC")
        #expect(american.period(containing: wednesday).title == "2026-11-15", "Sunday")
        #expect(swedish.period(containing: wednesday).title == "2026-11-16", "Monday")
        let chosen = try DateSectioning(unit: .week, locale: enUS, timeZoneIdentifier: "UTC", firstWeekday: 4)
        #expect(chosen.period(containing: wednesday).title == "2026-11-18")
        #expect(american.period(containing: wednesday).end.timeIntervalSince(american.period(containing: wednesday).start) == 7 * 86400)
    }

    @Test func monthsAndYears() throws {
        let month = try DateSectioning(unit: .month, locale: enUS, timeZoneIdentifier: "UTC").period(
            containing: instant("2024-02-10T00:00:00Z"))
        #expect(month.title == "2024-02" && month.header == "February 2024")
        #expect(month.end == instant("2024-03-01T00:00:00Z"))
        let year = try DateSectioning(unit: .year, locale: enUS, timeZoneIdentifier: "UTC").period(
            containing: instant("2024-02-10T00:00:00Z"))
        #expect(year.title == "2024" && year.header == "2024")
        #expect(year.end.timeIntervalSince(year.start) == 366 * 86400)
    }

    @Test func sameInstantsInTwoTimeZones() throws {
        let instants = [instant("2026-03-01T23:30:00Z"), instant("2026-03-01T10:00:00Z")]
        let tokyo = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "Asia/Tokyo").sections(of: instants, by: { $0 })
        let losAngeles = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "America/Los_Angeles").sections(
            of: instants, by: { $0 })
        #expect(tokyo.sectionTitles == ["2026-03-01", "2026-03-02"])
        #expect(losAngeles.sectionTitles == ["2026-03-01"])
    }

    @Test func allDayEventsStayOnTheirDate() throws {
        let events = [
            Event(title: "Holiday", start: instant("2026-03-01T00:00:00Z"), allDay: true),
            Event(title: "Call", start: instant("2026-03-01T00:00:00Z")),
        ]
        for zone in ["Pacific/Auckland", "America/Los_Angeles", "UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago"] {
            let list = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: zone)
                .sections(of: events, by: \.start, isAllDay: \.allDay)
            let holiday = list.firstIndex { $0.contains(events[0]) }!
            #expect(list[holiday].title == "2026-03-01", "\(zone)")
        }
    }

    @Test func stableAndDescending() throws {
        let same = instant("2026-01-01T10:00:00Z")
        let events = (0..<50).map { Event(title: "\($0)", start: $0 % 2 == 0 ? same : instant("2026-01-02T10:00:00Z")) }
        var byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "UTC")
        let ascending = byDay.sections(of: events, by: \.start)
        #expect(ascending[0].map(\.title) == stride(from: 0, to: 50, by: 2).map(String.init), "equal dates keep input order")
        byDay.order = .reverse
        let descending = byDay.sections(of: events, by: \.start)
        #expect(descending.sectionTitles == ["2026-01-02", "2026-01-01"])
        #expect(descending[1].map(\.title) == stride(from: 0, to: 50, by: 2).map(String.init))
    }

    @Test func threadCountDoesNotChangeTheResult() throws {
        var generator = SeededGenerator(seed: 77)
        let base = instant("2020-01-01T00:00:00Z").timeIntervalSinceReferenceDate
        let instants = (0..<60_000).map { _ in
            Date(timeIntervalSinceReferenceDate: base + Double(Int.random(in: 0..<(4 * 365 * 86400), using: &generator) / 600 * 600))
        }
        var byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "Europe/Stockholm")
        byDay.threads = 1
        let single = byDay.sections(of: Array(instants.indices), by: { instants[$0] })
        #expect(single.allItems.map { instants[$0] } == single.allItems.map { instants[$0] }.sorted())
        for threads in [2, 8] {
            byDay.threads = threads
            let parallel = byDay.sections(of: Array(instants.indices), by: { instants[$0] })
            #expect(parallel.allItems == single.allItems)
            #expect(parallel.sectionTitles == single.sectionTitles)
        }
        #expect(Set(single.allItems).count == instants.count, "every item once")
    }

    @Test func relativeHeaders() throws {
        var byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "Europe/Stockholm")
        byDay.relativeTo = instant("2026-11-22T09:00:00+01:00")
        let days = ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"].map { instant($0 + "T12:00:00+01:00") }
        #expect(byDay.sections(of: days, by: { $0 }).map { $0.period!.header } == ["Yesterday", "Today", "Tomorrow", "November 24, 2026"])
        byDay.locale = Locale(identifier: "de")
        #expect(byDay.sections(of: days, by: { $0 }).map { $0.period!.header }.prefix(3) == ["Gestern", "Heute", "Morgen"])
        var byWeek = try DateSectioning(unit: .week, locale: enUS, timeZoneIdentifier: "UTC")
        byWeek.relativeTo = instant("2026-11-22T09:00:00Z")
        #expect(byWeek.period(containing: instant("2026-11-16T09:00:00Z")).header == "Last week")
    }

    @Test func relativeHeadersForEveryUnitInTheLocalesWords() throws {
        let reference = instant("2026-11-22T09:00:00Z")
        func headers(_ unit: DateUnit, _ locale: String, _ dates: [String]) throws -> [String] {
            var sectioning = try DateSectioning(unit: unit, locale: Locale(identifier: locale), timeZoneIdentifier: "UTC")
            sectioning.relativeTo = reference
            return dates.map { sectioning.period(containing: instant($0 + "T12:00:00Z")).header }
        }
        #expect(try headers(.day, "sv_SE", ["2026-11-21", "2026-11-22", "2026-11-23"]) == ["Igår", "Idag", "Imorgon"])
        #expect(
            try headers(.week, "sv_SE", ["2026-11-10", "2026-11-17", "2026-11-25", "2026-12-02"])
                == ["Förra veckan", "Denna vecka", "Nästa vecka", "30 november 2026"])
        #expect(
            try headers(.month, "de", ["2026-10-02", "2026-11-02", "2026-12-02"]) == ["Letzten Monat", "Diesen Monat", "Nächsten Monat"])
        #expect(try headers(.year, "ja_JP", ["2025-06-01", "2026-06-01", "2027-06-01", "2028-06-01"]) == ["昨年", "今年", "来年", "2028年"])
        #expect(try headers(.day, "fr", ["2026-11-22"]) == ["Aujourd’hui"])
    }

    @Test func farPastAndFuture() throws {
        let byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "UTC")
        let first = Date(timeIntervalSince1970: Double(Self.days(1, 1, 1)) * 86400 + 43200)
        let last = Date(timeIntervalSince1970: Double(Self.days(9999, 12, 31)) * 86400 + 43200)
        let list = byDay.sections(of: [last, first], by: { $0 })
        #expect(list.sectionTitles == ["0001-01-01", "9999-12-31"])
        #expect(list.map { $0.period!.header } == ["January 1, 1", "December 31, 9999"])
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date, counted year by year and month by
    /// month: independent of the arithmetic the library uses.
    static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
        func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }
        var total = 0
        if year >= 1970 {
            for y in 1970..<year { total += isLeap(y) ? 366 : 365 }
        } else {
            for y in year..<1970 { total -= isLeap(y) ? 366 : 365 }
        }
        let lengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return total + lengths.prefix(month - 1).reduce(0, +) + day - 1
    }

    /// ISO 8601 dates are proleptic Gregorian; Foundation's Gregorian calendar is Julian before
    /// 1582-10-15, where titles were once off by up to ten days from `start` (0001-01-01T00:00Z
    /// was titled 0001-01-03). Titles, starts and headers now agree for years 1 to 9999 in every
    /// unit, the ten days the reform skipped included.
    @Test func datesBeforeTheReformAreProlepticGregorian() throws {
        var random = SystemRandomNumberGenerator()
        func title(_ y: Int, _ m: Int, _ d: Int) -> String { String(format: "%04d-%02d-%02d", y, m, d) }
        var dates: [(Int, Int, Int)] = [
            (1, 1, 1), (1, 12, 31), (4, 2, 29), (100, 3, 1), (1500, 2, 28), (1200, 2, 29), (1600, 2, 29), (1582, 10, 4), (1582, 10, 5),
            (1582, 10, 14), (1582, 10, 15), (1599, 12, 31), (1600, 1, 1), (9999, 12, 31),
        ]
        for _ in 0..<200 {
            dates.append(
                (Int.random(in: 1...1700, using: &random), Int.random(in: 1...12, using: &random), Int.random(in: 1...28, using: &random)))
        }
        for unit in DateUnit.allCases {
            let sectioning = try DateSectioning(unit: unit, locale: enUS, timeZoneIdentifier: "UTC")
            for (year, month, day) in dates {
                let days = Self.days(year, month, day)
                let period = sectioning.period(containing: Date(timeIntervalSince1970: Double(days) * 86400 + 3600))
                let start = Int(period.start.timeIntervalSince1970 / 86400)
                switch unit {
                case .day:
                    #expect(period.title == title(year, month, day) && start == days, "\(year)-\(month)-\(day)")
                    let months = [
                        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
                        "December",
                    ]
                    #expect(period.header == "\(months[month - 1]) \(day), \(year)", "\(year)-\(month)-\(day)")
                case .week:
                    // en_US weeks start on Sunday; 1970-01-01 was a Thursday.
                    #expect(((start + 4) % 7 + 7) % 7 == 0 && (start...start + 6).contains(days), "\(year)-\(month)-\(day)")
                    #expect(period.end.timeIntervalSince(period.start) == 7 * 86400)
                case .month:
                    #expect(
                        period.title == String(format: "%04d-%02d", year, month) && start == Self.days(year, month, 1), "\(year)-\(month)")
                    let next = month == 12 ? Self.days(year + 1, 1, 1) : Self.days(year, month + 1, 1)
                    #expect(Int(period.end.timeIntervalSince1970 / 86400) == next, "\(year)-\(month): the proleptic month's length")
                case .year:
                    #expect(period.title == String(format: "%04d", year) && start == Self.days(year, 1, 1), "\(year)")
                case .quarter:
                    let first = (month - 1) / 3 * 3 + 1
                    #expect(
                        period.title == String(format: "%04d-Q%d", year, (month + 2) / 3) && start == Self.days(year, first, 1),
                        "\(year)-\(month)")
                    let next = first == 10 ? Self.days(year + 1, 1, 1) : Self.days(year, first + 3, 1)
                    #expect(Int(period.end.timeIntervalSince1970 / 86400) == next, "\(year)-\(month): the proleptic quarter's length")
                case .hour:
                    #expect(period.title == title(year, month, day) + "T01:00+00:00", "\(year)-\(month)-\(day)")
                    #expect(
                        period.start.timeIntervalSince1970 == Double(days) * 86400 + 3600
                            && period.end.timeIntervalSince(period.start) == 3600)
                }
            }
        }
    }

    @Test func unknownTimeZoneIsAnError() {
        #expect(throws: SectionSortError.unknownTimeZone("Mars/Olympus")) {
            try DateSectioning(unit: .day, locale: Locale(identifier: "en_US"), timeZoneIdentifier: "Mars/Olympus")
        }
    }
}
