import Foundation
import Testing

/// The rules every reader follows, each a defect once: records that do not fit their header,
/// headers that differ between files, byte order marks, lone CRs, invalid UTF-8 outside keys,
/// empty CSV input, blank lines in JSON Lines, unbounded echoes of input, and what a timestamp
/// may say.
@Suite struct InputRulesTests {
    @Test func csvRecordsNeedOneFieldPerColumn() throws {
        for (input, line, fields) in [("name,x,y\nb,1,2\na,2\n", 3, 2), ("name,x\nb,1\na,2,3\n", 3, 3)] {
            for format in ["csv", "json", "text"] {
                let result = try SectionSortCommand.run(["-f", "csv", "-k", "name", "-F", format], stdin: input)
                #expect(result.status == 65 && result.stdout.isEmpty, "\(input.debugDescription) -o \(format)")
                #expect(result.stderr.contains("<stdin>:\(line):1: the record has \(fields) fields, the header"), "\(result.stderr)")
            }
        }
        let tsv = try SectionSortCommand.run(["-f", "tsv", "-k", "name"], stdin: "name\tx\nb\n")
        #expect(tsv.status == 65 && tsv.stderr.contains("<stdin>:2:1: the record has 1 field, the header 2"))
    }

    @Test func headersMustAgreeAcrossFiles() throws {
        try withScratchDirectory { directory in
            let first = try write("name,x\nb,1\n", to: "first.csv", in: directory)
            let same = try write("\"name\",x\na,2\n", to: "same.csv", in: directory)
            let reordered = try write("x,name\n3,c\n", to: "reordered.csv", in: directory)
            let other = try write("name,y\nd,4\n", to: "other.csv", in: directory)
            let agreed = try SectionSortCommand.run(["-f", "csv", "-k", "name", "-F", "csv", first, same])
            #expect(agreed.status == 0 && agreed.stdout == "name,x,section\na,2,A\nb,1,B\n", "\(agreed.stderr)")
            for second in [reordered, other] {
                let result = try SectionSortCommand.run(["-f", "csv", "-k", "name", "-F", "csv", first, second])
                #expect(result.status == 65 && result.stdout.isEmpty)
                #expect(result.stderr.contains("\(second):1:1: the header differs from \(first)'s"), "\(result.stderr)")
            }
        }
    }

    @Test func byteOrderMarkIsStrippedInEveryFormat() throws {
        let mark = "\u{FEFF}"
        let csv = try SectionSortCommand.run(["-f", "csv", "-k", "name", "-F", "csv"], stdin: mark + "name,x\nb,1\n")
        #expect(csv.status == 0 && csv.stdout == "name,x,section\nb,1,B\n", "\(csv.stderr)")
        let tsv = try SectionSortCommand.run(["-f", "tsv", "-k", "name"], stdin: mark + "name\tx\nb\t1\n")
        #expect(tsv.status == 0 && tsv.stdout == "B\n  b\t1\n", "\(tsv.stderr)")
        let jsonl = try SectionSortCommand.run(["-f", "jsonl", "-k", "n"], stdin: mark + "{\"n\": \"b\"}\n")
        #expect(jsonl.status == 0 && jsonl.stdout == "B\n  {\"n\": \"b\"}\n", "\(jsonl.stderr)")
        let lines = try SectionSortCommand.run([], stdin: mark + "b\n")
        #expect(lines.stdout == "B\n  b\n", "the mark is not part of the first line")
        let dates = try SectionSortCommand.run(["--by", "date", "--time-zone", "UTC"], stdin: mark + "2018-11-04T12:00:00Z\n")
        #expect(dates.status == 0, "\(dates.stderr)")
        // JSON Lines: not JSON elsewhere (JSONSerialization would skip it, and JSON output carry it).
        let inside = try SectionSortCommand.run(
            ["-f", "jsonl", "-k", "n", "-F", "jsonl"], stdin: "{\"n\": \"a\"}\n" + mark + "{\"n\": \"b\"}\n")
        #expect(
            inside.status == 65 && inside.stdout.isEmpty && inside.stderr.contains("<stdin>:2:1: a byte order mark"), "\(inside.stderr)")
        // Only at the start of an input: elsewhere it is text (U+FEFF sorts in #).
        let second = try SectionSortCommand.run([], stdin: "a\n" + mark + "b\n")
        #expect(second.stdout.contains("  \(mark)b"))
    }

    @Test func loneCarriageReturnsAreDataErrors() throws {
        let mac = try SectionSortCommand.run(["-f", "csv", "-k", "name"], stdin: "name\rb\ra\r")
        #expect(mac.status == 65 && mac.stdout.isEmpty)
        #expect(mac.stderr.contains("<stdin>:1:5: a carriage return not followed by a line feed"), "\(mac.stderr)")
        let afterQuote = try SectionSortCommand.run(["-f", "csv", "-k", "name", "-F", "json"], stdin: "name,x\n\"a\"\rb,1\n")
        #expect(afterQuote.status == 65 && afterQuote.stderr.contains("<stdin>:2:4: a carriage return"), "\(afterQuote.stderr)")
        let crlf = try SectionSortCommand.run(["-f", "csv", "-k", "name", "-F", "csv"], stdin: "name,x\r\n\"a\",1\r\nb,\"2\r\n3\"\r\n")
        #expect(crlf.status == 0 && crlf.stdout == "name,x,section\n\"a\",1,A\nb,\"2\r\n3\",B\n", "CR LF and CRs inside quotes still work")
    }

    @Test func invalidUTF8PolicyIsTheSameForEveryFormat() throws {
        let bad: [UInt8] = [0xFF]
        // A field that is not a key is checked too, as lines and JSON Lines check whole records.
        let csv = try SectionSortCommand.run(["-f", "csv", "-k", "name"], stdinBytes: Array("name,note\nb,x".utf8) + bad + [0x0A])
        #expect(csv.status == 65 && csv.stdout.isEmpty && csv.stderr.contains("<stdin>:2:4: invalid UTF-8"), "\(csv.stderr)")
        let lossyCSV = try SectionSortCommand.run(
            ["-f", "csv", "-k", "name", "--lossy"], stdinBytes: Array("name,note\nb,x".utf8) + bad + [0x0A])
        #expect(lossyCSV.status == 0 && lossyCSV.stdoutBytes == Array("B\n  b,x".utf8) + bad + [0x0A], "records are written unchanged")
        // --lossy works for JSON Lines as for the other formats; JSON output stays valid JSON.
        let jsonl = Array("{\"n\": \"b".utf8) + bad + Array("\"}\n".utf8)
        let strict = try SectionSortCommand.run(["-f", "jsonl", "-k", "n"], stdinBytes: jsonl)
        #expect(strict.status == 65 && strict.stderr.contains("<stdin>:1:9: invalid UTF-8"), "\(strict.stderr)")
        let lossy = try SectionSortCommand.run(["-f", "jsonl", "-k", "n", "--lossy"], stdinBytes: jsonl)
        #expect(lossy.status == 0 && lossy.stdoutBytes == Array("B\n  ".utf8) + jsonl, "\(lossy.stderr)")
        for format in ["json", "jsonl"] {
            let json = try SectionSortCommand.run(["-f", "jsonl", "-k", "n", "--lossy", "-F", format], stdinBytes: jsonl)
            #expect(json.status == 0 && String(validating: json.stdoutBytes, as: UTF8.self) != nil, "-F \(format) is valid UTF-8")
            #expect(json.stdout.contains("\"n\": \"b\u{FFFD}\""), "\(json.stdout)")
        }
    }

    @Test func emptyCSVInputIsRefusedForWantOfAHeader() throws {
        for format in ["csv", "tsv"] {
            let result = try SectionSortCommand.run(["-f", format, "-k", "name", "-F", "csv"], stdin: "")
            #expect(result.status == 65 && result.stdout.isEmpty, "\(format): \(result.stdout)")
            #expect(result.stderr.contains("<stdin>:1:1: the input is empty: no header row, so no column 'name'"))
        }
        let headerOnly = try SectionSortCommand.run(["-f", "csv", "-k", "name", "-F", "csv"], stdin: "name,x\n")
        #expect(headerOnly.status == 0 && headerOnly.stdout == "name,x,section\n")
    }

    @Test func jsonLinesAllowBlankLinesAtTheEndOnly() throws {
        let trailing = try SectionSortCommand.run(["-f", "jsonl", "-k", "n"], stdin: "{\"n\": \"a\"}\n\n \n")
        #expect(trailing.status == 0 && trailing.stdout == "A\n  {\"n\": \"a\"}\n", "\(trailing.stderr)")
        let between = try SectionSortCommand.run(["-f", "jsonl", "-k", "n"], stdin: "{\"n\": \"a\"}\n\n{\"n\": \"b\"}\n")
        #expect(between.status == 65 && between.stderr.contains("<stdin>:2:1: blank line between records"), "\(between.stderr)")
    }

    @Test func messagesEchoBoundedInput() throws {
        let long = String(repeating: "9", count: 1 << 20)
        let timestamp = try SectionSortCommand.run(["--by", "date", "--time-zone", "UTC"], stdin: "2018-11-04T12:00:00Z" + long + "\n")
        #expect(timestamp.status == 65 && timestamp.stderr.utf8.count < 400, "\(timestamp.stderr.utf8.count) bytes")
        let format = try SectionSortCommand.run(["--by", "date", "--date-format", "yyyy", "--time-zone", "UTC"], stdin: long + "\n")
        #expect(format.status == 65 && format.stderr.utf8.count < 400, "\(format.stderr.utf8.count) bytes")
        let header = try SectionSortCommand.run(["-f", "csv", "-k", "name"], stdin: long + "\n")
        #expect(header.status == 65 && header.stderr.utf8.count < 400, "\(header.stderr.utf8.count) bytes")
        let option = try SectionSortCommand.run(["--by", String(long.prefix(100_000))])  // (one argument may hold 128 KiB)
        #expect(option.status == 64 && option.stderr.utf8.count < 400, "\(option.stderr.utf8.count) bytes")
    }

    @Test func timestampOffsetsAndYears() throws {
        for (timestamp, message) in [
            ("2018-11-04T12:00:00+18:01", "the UTC offset is out of range"),
            ("2018-11-04T12:00:00-19:00", "the UTC offset is out of range"),
            ("2018-11-04T12:00:00+02:60", "the UTC offset is out of range"),
            ("0000-06-01T12:00:00Z", "year 0000 is outside"),
        ] {
            let result = try SectionSortCommand.run(["--by", "date", "--time-zone", "UTC"], stdin: timestamp + "\n")
            #expect(result.status == 65 && result.stderr.contains(message), "\(timestamp): \(result.stderr)")
        }
        let edge = try SectionSortCommand.run(
            ["--by", "date", "--time-zone", "UTC"], stdin: "2018-11-04T12:00:00+18:00\n2018-11-04T12:00:00-18:00\n")
        #expect(edge.status == 0, "±18:00 are valid: \(edge.stderr)")
    }

    @Test func glibcTimeZoneFormWithColon() throws {
        let result = try SectionSortCommand.run(
            ["--by", "date", "-F", "json"], stdin: "2018-01-01T00:00:00Z\n",
            environment: ["TZ": ":Europe/Stockholm"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try jsonObject(result.stdout)["timeZone"] as? String == "Europe/Stockholm")
    }

    /// One line far longer than a read under a small limit: read whole, and the same output as
    /// by default. (That reading it stays linear in its length is measured, not asserted here.)
    @Test func aLongLineUnderASmallLimit() throws {
        let line = String(repeating: "abcdefghij", count: 300_000)
        let result = try SectionSortCommand.run(["-S", "64K"], stdin: "b\n" + line + "\nc\n")
        #expect(result.status == 0 && result.stdout == "A\n  \(line)\n\nB\n  b\n\nC\n  c\n")
    }
}

/// A directory for one test's files, removed when `body` returns (the tests once left a
/// /tmp/sectionsort-tests-PID behind on every run).
func withScratchDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sectionsort-tests-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

func write(_ text: String, to name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}
