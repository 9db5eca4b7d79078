import Foundation
import Testing

/// The readers against public conformance suites, checked into `Tests/Conformance` with their
/// licences: every `y_` and `n_` case of nst/JSONTestSuite's `test_parsing` (each wrapped as the
/// value of a JSON Lines record) and every case of max-mapper/csv-spectrum, also with CR LF line
/// ends, a byte order mark and no final line feed.
@Suite struct ConformanceSuiteTests {
    static let conformance = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance")

    static func cases(_ folder: String, prefix: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = conformance.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(prefix) }.sorted().map {
            ($0, [UInt8](try Data(contentsOf: directory.appendingPathComponent($0))))
        }
    }

    /// `{"k":"x","v":` before a case, as the value of a record keyed "x".
    static let wrapperStart = Array(#"{"k":"x","v":"#.utf8)

    // MARK: JSONTestSuite

    @Test func everyAcceptedJSONTextIsAcceptedAndWrittenBackUnchanged() throws {
        let cases = try Self.cases("JSONTestSuite/test_parsing", prefix: "y_")
        #expect(cases.count == 95, "the suite's y_ files are all here")
        // One input of all cases, a record a line. A line feed is only whitespace between tokens in
        // valid JSON (never inside a string), and a record may not span lines: it becomes a space.
        let lines = cases.map { Self.wrapperStart + $0.bytes.map { $0 == 0x0A ? 0x20 : $0 } + Array("}".utf8) }
        try withScratchDirectory { directory in
            let path = directory.appendingPathComponent("y.jsonl").path
            try Data(lines.joined(separator: [0x0A]) + [0x0A]).write(to: URL(fileURLWithPath: path))
            let result = try SectionSortCommand.run(["-f", "jsonl", "-k", "k", "--format", "jsonl", path])
            let failed = result.stderr.firstMatch(of: /:(\d+):\d+:/).flatMap { Int($0.1) }.map { cases[$0 - 1].name } ?? ""
            #expect(result.status == 0, "\(failed): \(result.stderr)")
            // The order is the input's (all keys equal), each record as it came.
            let expected = lines.map { Array(#"{"section": "X", "record": "#.utf8) + $0 + Array("}\n".utf8) }.joined()
            #expect(result.stdoutBytes == Array(expected), "records are written back unchanged")
        }
    }

    @Test func everyRefusedJSONTextIsRefusedWithItsPlace() throws {
        let cases = try Self.cases("JSONTestSuite/test_parsing", prefix: "n_")
        #expect(cases.count == 188, "the suite's n_ files are all here")
        try withScratchDirectory { directory in
            for (name, bytes) in cases {
                let path = directory.appendingPathComponent(name + "l").path
                // Taken as it is: a line feed inside the case ends the record, whose first line is
                // then not a whole object either.
                let record = Self.wrapperStart + bytes + Array("}\n".utf8)
                try Data(record).write(to: URL(fileURLWithPath: path))
                let result = try SectionSortCommand.run(["-f", "jsonl", "-k", "k", "--format", "jsonl", path])
                #expect(result.status == 65 && result.stdout.isEmpty, "\(name): \(result.stderr)")
                // The place is in the case itself (past the wrapper), at most just past the line's end.
                let firstLine = record.prefix { $0 != 0x0A }.count
                let column = result.stderr.firstMatch(of: /:1:(\d+):/).flatMap { Int($0.1) }
                #expect(result.stderr.hasPrefix("sectionsort: \(path):1:"), "\(name): \(result.stderr)")
                #expect(column.map { (Self.wrapperStart.count + 1...firstLine + 1).contains($0) } == true, "\(name): \(result.stderr)")
            }
        }
    }

    /// The implementation-defined cases: numbers of any size are accepted (a key is its digits as
    /// written), and so is any depth of nesting and a lone surrogate escape outside the key fields;
    /// bytes that are not UTF-8 (including UTF-16 text) are refused as everywhere, unless `--lossy`.
    @Test func implementationDefinedJSONTexts() throws {
        let cases = try Self.cases("JSONTestSuite/test_parsing", prefix: "i_")
        #expect(cases.count == 35)
        try withScratchDirectory { directory in
            for (name, bytes) in cases {
                let path = directory.appendingPathComponent(name + "l").path
                try Data(Self.wrapperStart + bytes + Array("}\n".utf8)).write(to: URL(fileURLWithPath: path))
                let result = try SectionSortCommand.run(["-f", "jsonl", "-k", "k", path])
                let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
                if name.hasPrefix("i_structure_UTF-8_BOM") {
                    #expect(result.status == 65 && result.stderr.contains(":1:14: not valid JSON"), "\(name): \(result.stderr)")
                } else if isUTF8 {
                    #expect(result.status == 0, "\(name): \(result.stderr)")
                } else {
                    #expect(result.status == 65 && result.stderr.contains("invalid UTF-8"), "\(name): \(result.stderr)")
                    let lossy = try SectionSortCommand.run(["-f", "jsonl", "-k", "k", "--lossy", path])
                    // UTF-16 text is not JSON once read as UTF-8 (its NULs are control characters).
                    #expect(lossy.status == (name.contains("16") ? 65 : 0), "\(name) --lossy: \(lossy.stderr)")
                }
            }
        }
    }

    /// Places counted by hand, for the errors that were once reported at column 1.
    @Test func jsonErrorsNameTheirColumn() throws {
        let cases: [(String, String)] = [
            ("{\"k\":\"a\tb\"}", "1:8: not valid JSON: a control character (U+0009) in a string must be escaped"),
            (#"{"k":"\uZZZZ"}"#, "1:9: not valid JSON: expected four hexadecimal digits"),
            (#"{"k":"x""#, "1:9: not valid JSON: expected ',' or '}', found the end of the line"),
            (#"{"k":"x"#, "1:8: not valid JSON: the string opened at column 6 is not closed"),
            (#"{"k":"x","v":[1,]}"#, "1:17: not valid JSON: expected a value, found ']'"),
            (#"{"k":"x",}"#, "1:10: not valid JSON: expected a member name in double quotes, found '}'"),
            (#"{"k":"x"} {}"#, "1:11: not valid JSON: expected the end of the line"),
            (#"{"k":01}"#, "1:7: not valid JSON: a number may not have a leading zero"),
            (#"{"k":"\uD800"}"#, "1:7: field 'k': a lone surrogate (\\uD800) is no Unicode text"),
            (#"{"k":null}"#, "1:6: field 'k' is null"),
            (#"{"k":{"a":1}}"#, "1:6: field 'k' is an object, not a string, number or boolean"),
            (#"["k"]"#, "1:1: expected a JSON object"),
        ]
        for (line, message) in cases {
            let result = try SectionSortCommand.run(["-f", "jsonl", "-k", "k", "--format", "jsonl"], stdin: line + "\n")
            #expect(result.status == 65 && result.stdout.isEmpty, "\(line)")
            #expect(result.stderr.contains("<stdin>:\(message)"), "\(line): \(result.stderr)")
        }
    }

    /// A key that is a number is its digits as written; a boolean is its word; escapes are resolved,
    /// in member names too; of a repeated name the last counts.
    @Test func keysOfEveryKind() throws {
        let input = [
            #"{"k":true,"n":1}"#, #"{"k":1E400,"n":2}"#, #"{"k":"\u0062\u00e9","n":3}"#, #"{"\u006b":"a","n":4}"#,
            #"{"k":"z","k":"c","n":5}"#, #"{"k":false,"n":6}"#, #"{"v":{"k":"y"},"k":"d\ud83d\ude00","n":7}"#,
            #"{"k":"s","n":8,"k2":"\uD800"}"#,
        ]
        let result = try SectionSortCommand.run(["-f", "jsonl", "-k", "k", "--format", "jsonl"], stdin: input.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.stderr)")
        let sections = result.stdout.split(separator: "\n").map { line in
            (String(line.firstMatch(of: /"section": "([^"]*)"/)!.1), Int(line.firstMatch(of: /"n":(\d)/)!.1)!)
        }
        // 1E400 is not a letter: "#", last; the others by the text of their keys.
        let expected = [("A", 4), ("B", 3), ("C", 5), ("D", 7), ("F", 6), ("S", 8), ("T", 1), ("#", 2)]
        #expect(sections.map(\.0) == expected.map(\.0) && sections.map(\.1) == expected.map(\.1), "\(result.stdout)")
    }

    // MARK: csv-spectrum

    /// A JSON string literal of `text`, for the expected keys' JSON Lines.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The SECTION and KEY of each key record (`--emit-keys`), in input order, and the RECORDs.
    static func emittedKeys(_ arguments: [String], _ input: [UInt8]) throws -> (keys: [Substring], records: [Substring]) {
        let result = try SectionSortCommand.run(["--emit-keys"] + arguments, stdinBytes: input)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let records = result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", maxSplits: 3) }
        return (records.map { $0[0] + "\t" + $0[1] }, records.map { $0.count > 3 ? $0[3] : "" })
    }

    @Test(arguments: ["plain", "CR LF", "byte order mark", "no final line feed"])
    func everyCSVSpectrumCase(variant: String) throws {
        let cases = try Self.cases("csv-spectrum/csvs", prefix: "")
        #expect(cases.count == 12)
        for (name, original) in cases {
            let expectedData = try Data(contentsOf: Self.conformance.appendingPathComponent("csv-spectrum/json/\(name.dropLast(4)).json"))
            var rows: [[String: String]]
            if let array = try? JSONDecoder().decode([[String: String]].self, from: expectedData) {
                rows = array
            } else {
                rows = [try JSONDecoder().decode([String: String].self, from: expectedData)]
            }
            var csv = original
            switch variant {
            case "CR LF":
                // Every line feed, inside quotes too, becomes CR LF; so do the expected values'.
                csv = original.reduce(into: []) { $0 += $1 == 0x0A && $0.last != 0x0D ? [0x0D, 0x0A] : [$1] }
                rows = rows.map {
                    $0.mapValues { $0.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n") }
                }
            case "byte order mark": csv = [0xEF, 0xBB, 0xBF] + original
            case "no final line feed":
                while csv.last == 0x0A || csv.last == 0x0D { csv.removeLast() }
            default: break
            }
            if name == "location_coordinates.csv" {
                // The suite's JSON gives this case another phone number than its CSV has.
                rows = rows.map { $0.merging(["Contact Phone Number": "2095257564"]) { $1 } }
            }
            let columns = try #require(rows.first).keys.sorted()
            for column in columns {
                // The key of each record is read as its expected value is from JSON Lines.
                let csvKeys = try Self.emittedKeys(["-f", "csv", "-k", column], csv)
                let lines = rows.map { "{\"v\": \(Self.jsonString($0[column]!))}\n" }.joined()
                let jsonKeys = try Self.emittedKeys(["-f", "jsonl", "-k", "v"], Array(lines.utf8))
                #expect(csvKeys.keys == jsonKeys.keys, "\(name) (\(variant)), column \(column)")
                #expect(csvKeys.records.count == rows.count, "\(name) (\(variant)): one record a row")
            }
        }
    }
}
