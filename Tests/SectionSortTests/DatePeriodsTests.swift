import Foundation
import SectionSort
import Testing

/// Hours and quarters, periods that start on a day of one's choosing, and when the next period
/// begins.
@Suite struct DatePeriodsTests {
    let enUS = Locale(identifier: "en_US")

    @Test func quartersOfTheCalendarYear() throws {
        let byQuarter = try DateSectioning(unit: .quarter, locale: enUS, timeZoneIdentifier: "UTC")
        let list = byQuarter.sections(
            of: ["2026-02-10T10:00:00Z", "2026-11-22T09:00:00Z", "2026-03-31T23:59:59Z", "2026-04-01T00:00:00Z"].map(instant), by: { $0 })
        #expect(list.sectionTitles == ["2026-Q1", "2026-Q2", "2026-Q4"])
        #expect(list.map(\.items.count) == [2, 1, 1])
        let first = try #require(list[0].period)
        #expect(first.start == instant("2026-01-01T00:00:00Z") && first.end == instant("2026-04-01T00:00:00Z"))
        #expect(first.header == "Q1 2026")
    }

    @Test func fiscalQuartersAndYearsFromApril() throws {
        var byQuarter = try DateSectioning(unit: .quarter, locale: enUS, timeZoneIdentifier: "Europe/London")
        byQuarter.firstMonthOfYear = 4
        let q4 = byQuarter.period(containing: instant("2027-02-10T10:00:00Z"))
        #expect(q4.title == "2026-Q4", "the quarter of the fiscal year that starts in April 2026")
        #expect(q4.start == instant("2027-01-01T00:00:00Z") && q4.end == instant("2027-04-01T00:00:00+01:00"))
        #expect(q4.header.contains("January") && q4.header.contains("March 2027"), "\(q4.header)")
        #expect(byQuarter.period(containing: instant("2026-04-01T00:30:00+01:00")).title == "2026-Q1")
        var byYear = try DateSectioning(unit: .year, locale: enUS, timeZoneIdentifier: "Europe/London")
        byYear.firstMonthOfYear = 4
        byYear.firstDayOfMonth = 6
        // The United Kingdom's tax year: 6 April to 5 April.
        let taxYear = byYear.period(containing: instant("2027-04-05T12:00:00+01:00"))
        #expect(taxYear.start == instant("2026-04-06T00:00:00+01:00") && taxYear.end == instant("2027-04-06T00:00:00+01:00"))
        #expect(taxYear.title == "2026-04-06")
    }

    @Test func monthsFromThe18thAcrossDaylightSaving() throws {
        var byMonth = try DateSectioning(unit: .month, locale: enUS, timeZoneIdentifier: "Europe/Stockholm")
        byMonth.firstDayOfMonth = 18
        let list = byMonth.sections(
            of: ["2024-10-17T23:59:00+02:00", "2024-10-18T00:00:00+02:00", "2024-11-17T23:00:00+01:00", "2024-11-18T08:00:00+01:00"]
                .map(instant), by: { $0 })
        #expect(list.sectionTitles == ["2024-09-18", "2024-10-18", "2024-11-18"])
        #expect(list.map(\.items.count) == [1, 2, 1])
        let october = try #require(list[1].period)
        #expect(october.start == instant("2024-10-18T00:00:00+02:00") && october.end == instant("2024-11-18T00:00:00+01:00"))
        #expect(october.end.timeIntervalSince(october.start) == (31 * 24 + 1) * 3600, "the month holds the 25-hour day")
        #expect(october.header.contains("Oct 18") && october.header.contains("Nov 17"), "\(october.header)")
    }

    @Test func weeksFromSaturday() throws {
        let byWeek = try DateSectioning(unit: .week, locale: enUS, timeZoneIdentifier: "UTC", firstWeekday: 7)
        let week = byWeek.period(containing: instant("2026-11-25T12:00:00Z"))  // a Wednesday
        #expect(week.start == instant("2026-11-21T00:00:00Z") && week.title == "2026-11-21")
    }

    @Test func hoursThatDaylightSavingRepeatsOrSkips() throws {
        let byHour = try DateSectioning(unit: .hour, locale: enUS, timeZoneIdentifier: "America/New_York")
        // 2024-11-03: 01:00–02:00 comes twice, first at -04:00 and then at -05:00.
        let list = byHour.sections(
            of: ["2024-11-03T01:30:00-05:00", "2024-11-03T01:10:00-04:00", "2024-11-03T01:50:00-04:00"].map(instant), by: { $0 })
        #expect(list.sectionTitles == ["2024-11-03T01:00-04:00", "2024-11-03T01:00-05:00"])
        #expect(list.map(\.items.count) == [2, 1])
        #expect(list.allSatisfy { $0.period!.end.timeIntervalSince($0.period!.start) == 3600 })
        #expect(list[0].period!.header.contains("November 3, 2024") && list[0].period!.header.contains("1"), "\(list[0].period!.header)")
        // 2024-03-10: 02:00–03:00 does not exist; the hour after 01:00 is 03:00.
        let beforeGap = byHour.period(containing: instant("2024-03-10T01:30:00-05:00"))
        #expect(beforeGap.end == instant("2024-03-10T03:00:00-04:00"))
        #expect(byHour.period(containing: beforeGap.end).title == "2024-03-10T03:00-04:00")
    }

    @Test func nextBoundaryIsWhenTheSectionEnds() throws {
        let byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "America/Sao_Paulo")
        // São Paulo skipped 00:00–01:00 on 2018-11-04: the next day begins at 01:00 -02:00.
        #expect(byDay.nextBoundary(after: instant("2018-11-03T23:30:00-03:00")) == instant("2018-11-04T01:00:00-02:00"))
        #expect(byDay.nextBoundary(after: instant("2018-11-04T01:00:00-02:00")) == instant("2018-11-05T00:00:00-02:00"))
        let byHour = try DateSectioning(unit: .hour, locale: enUS, timeZoneIdentifier: "America/New_York")
        #expect(byHour.nextBoundary(after: instant("2024-11-03T01:59:59-04:00")) == instant("2024-11-03T01:00:00-05:00"))
        var fiscal = try DateSectioning(unit: .quarter, locale: enUS, timeZoneIdentifier: "UTC")
        fiscal.firstMonthOfYear = 2
        #expect(fiscal.nextBoundary(after: instant("2026-01-31T23:00:00Z")) == instant("2026-02-01T00:00:00Z"))
    }

    @Test func todayBecomesYesterdayAtTheNextBoundary() throws {
        var byDay = try DateSectioning(unit: .day, locale: enUS, timeZoneIdentifier: "Europe/Stockholm")
        let now = instant("2026-11-22T23:00:00+01:00")
        let lunch = instant("2026-11-22T12:00:00+01:00")
        byDay.relativeTo = now
        #expect(byDay.period(containing: lunch).header == "Today")
        let boundary = try #require(byDay.nextBoundary(after: now))
        #expect(boundary == instant("2026-11-23T00:00:00+01:00"))
        byDay.relativeTo = boundary
        #expect(byDay.period(containing: lunch).header == "Yesterday")
        byDay.relativeTo = boundary.addingTimeInterval(-1)
        #expect(byDay.period(containing: lunch).header == "Today", "not a second early")
    }

    @Test func customStartsBeforeAndAfterTheGregorianReform() throws {
        // Days counted independently of the library (DateSectioningTests.days): before 1600 the
        // periods are the proleptic Gregorian calendar's, after it Foundation's; both must agree.
        for year in [1500, 1582, 1583, 1650, 1999] {
            var byYear = try DateSectioning(unit: .year, locale: enUS, timeZoneIdentifier: "UTC")
            byYear.firstMonthOfYear = 4
            let inJune = Date(timeIntervalSince1970: Double(DateSectioningTests.days(year, 6, 1)) * 86400)
            let fiscal = byYear.period(containing: inJune)
            #expect(Int(fiscal.start.timeIntervalSince1970 / 86400) == DateSectioningTests.days(year, 4, 1), "\(year)")
            #expect(Int(fiscal.end.timeIntervalSince1970 / 86400) == DateSectioningTests.days(year + 1, 4, 1), "\(year)")
            #expect(fiscal.title == String(format: "%04d", year))
            var byMonth = try DateSectioning(unit: .month, locale: enUS, timeZoneIdentifier: "UTC")
            byMonth.firstDayOfMonth = 18
            let march = byMonth.period(containing: Date(timeIntervalSince1970: Double(DateSectioningTests.days(year, 3, 5)) * 86400))
            #expect(Int(march.start.timeIntervalSince1970 / 86400) == DateSectioningTests.days(year, 2, 18), "\(year)")
            #expect(Int(march.end.timeIntervalSince1970 / 86400) == DateSectioningTests.days(year, 3, 18), "\(year)")
            #expect(march.title == String(format: "%04d-02-18", year))
            var byQuarter = try DateSectioning(unit: .quarter, locale: enUS, timeZoneIdentifier: "UTC")
            byQuarter.firstMonthOfYear = 4
            let winter = byQuarter.period(containing: Date(timeIntervalSince1970: Double(DateSectioningTests.days(year, 2, 1)) * 86400))
            #expect(winter.title == String(format: "%04d-Q4", year - 1), "\(year)")
            #expect(Int(winter.start.timeIntervalSince1970 / 86400) == DateSectioningTests.days(year, 1, 1), "\(year)")
        }
    }
}
