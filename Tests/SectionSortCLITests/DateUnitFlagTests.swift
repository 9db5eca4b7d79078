import Testing

/// --unit quarter and --unit hour.
@Suite struct DateUnitFlagTests {
    @Test func quartersAreTitledByYearAndQuarter() throws {
        let result = try SectionSortCommand.run(
            ["--by", "date", "--unit", "quarter", "--time-zone", "UTC", "-l", "en_US"],
            stdin: "2026-11-22T09:00:00Z\n2026-02-10T10:00:00Z\n2026-03-31T23:59:59Z\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "2026-Q1  Q1 2026\n  2026-02-10T10:00:00Z\n  2026-03-31T23:59:59Z\n\n2026-Q4  Q4 2026\n  2026-11-22T09:00:00Z\n")
    }

    @Test func theHourThatDaylightSavingRepeatsIsTwoSections() throws {
        let result = try SectionSortCommand.run(
            ["--by", "date", "--unit", "hour", "--time-zone", "America/New_York", "-F", "jsonl"],
            stdin: "2024-11-03T01:30:00-05:00\n2024-11-03T01:10:00-04:00\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "{\"section\": \"2024-11-03T01:00-04:00\", \"record\": \"2024-11-03T01:10:00-04:00\"}\n"
                + "{\"section\": \"2024-11-03T01:00-05:00\", \"record\": \"2024-11-03T01:30:00-05:00\"}\n")
    }

    @Test func anUnknownUnitNamesTheUnits() throws {
        let result = try SectionSortCommand.run(["--by", "date", "--unit", "minute"], stdin: "")
        #expect(result.status == 64)
        #expect(result.stderr.contains("hour, day, week, month, quarter or year"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
