import Foundation
import Testing

/// Random and mutated inputs for every reader (lines, CSV, TSV, JSON Lines, timestamps) and for
/// option parsing, run through the CLI as a user runs it. For each input the program must either
/// end with a usage or data error (one line on standard error, a data error naming
/// `FILE:LINE:COLUMN`, nothing on standard output), or write every record exactly once; it must
/// never crash or hang.
///
/// `swift test` runs a bounded number of cases; `scripts/fuzz SECONDS` runs this suite for that
/// long (`SECTIONSORT_FUZZ_SECONDS`) from a random seed, with `SECTIONSORT_FUZZ_SEED` to replay
/// one it printed.
@Suite struct FuzzTests {
    /// Cases per reader in a plain `swift test`.
    static let boundedCases = 12

    @Test func readersAndOptionsSurviveRandomInputs() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["SECTIONSORT_FUZZ_SECONDS"].flatMap(Double.init)
        // A plain `swift test` replays the same cases every time (a CI failure is then a change's,
        // not the dice's); long runs draw a new seed unless one is given.
        let seed =
            environment["SECTIONSORT_FUZZ_SEED"].flatMap(UInt64.init)
            ?? (seconds == nil ? 0x5EC7_1045_0127 : UInt64.random(in: 0...UInt64.max))
        var random = SplitMix64(seed: seed)
        let started = Date()
        var runs = 0, failures = 0
        var categories: [String: Int] = [:]
        let kinds: [FuzzCase.Kind] = [.lines, .csv, .tsv, .jsonl, .timestamps, .options]
        var round = 0
        while seconds.map({ Date().timeIntervalSince(started) < $0 }) ?? (round < Self.boundedCases) {
            for kind in kinds {
                let caseSeed = random.next()
                let fuzzCase = FuzzCase.make(kind, seed: caseSeed)
                let problems = try fuzzCase.check()
                runs += 1
                if !problems.isEmpty {
                    failures += 1
                    // Long runs go on after a failure, counting failures by kind and first problem.
                    let category = "\(kind): " + String(problems[0].prefix(40))
                    categories[category, default: 0] += 1
                    if failures <= 20 {
                        let report =
                            "\(kind) case \(caseSeed) (suite seed \(seed)): \(problems.joined(separator: "; "))\n"
                            + "arguments: \(fuzzCase.arguments)\ninput: \(FuzzCase.describe(fuzzCase.input))"
                        Issue.record(Comment(rawValue: report))
                    }
                }
            }
            round += 1
        }
        for (category, count) in categories.sorted(by: { $0.key < $1.key }) { print("fuzz: \(count)× \(category)") }
        print("fuzz: \(runs) runs in \(String(format: "%.0f", Date().timeIntervalSince(started))) s, seed \(seed), \(failures) failing")
    }
}

/// SplitMix64: a small, seedable generator, so that a failing case can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One generated input, the arguments to run it with, and the records it holds when it is valid
/// (nil when it must be refused; `mayFail` when the oracle cannot tell).
struct FuzzCase {
    enum Kind { case lines, csv, tsv, jsonl, timestamps, options }

    var arguments: [String]
    var input: [UInt8]
    /// The records a correct run writes (each exactly once), or nil when it must be a data error.
    var expected: [[UInt8]]?
    /// Whether an error is acceptable too (random options, timestamps the oracle does not parse).
    var mayFail = false
    var isOptionsCase = false

    static func describe(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(600), as: UTF8.self).debugDescription
        return bytes.count > 600 ? text + " … (\(bytes.count) bytes)" : text
    }

    /// Runs the case and returns what was wrong.
    func check() throws -> [String] {
        let result = try FuzzRunner.run(arguments, input: input)
        var problems: [String] = []
        guard let status = result.status else { return ["no exit within \(FuzzRunner.hangLimit) s: a hang"] }
        if result.signaled { return ["killed by signal \(status): a crash; stderr: \(result.stderr.prefix(300))"] }
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        switch status {
        case 0:
            if isOptionsCase { return problems }  // (--verbose writes phases)
            if !result.stderr.isEmpty { problems.append("exit 0 with messages: \(result.stderr.prefix(300))") }
            guard let expected else {
                return problems + ["exit 0 on an input that must be refused; stdout: \(result.stdout.prefix(300))"]
            }
            let parsed = Self.records(inJSONLines: result.stdoutBytes)
            guard let parsed else {
                return problems + ["output is not JSON Lines: \(String(decoding: result.stdoutBytes.prefix(300), as: UTF8.self))"]
            }
            // Foundation's JSONSerialization (swift-corelibs) drops U+FEFF at the start of a string, which
            // the fuzz test found: the output is read back through it, so both sides drop it.
            let want = expected.map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\u{FEFF}", with: "") }
            let written = parsed.map { $0.replacingOccurrences(of: "\u{FEFF}", with: "") }
            if written.sorted() != want.sorted() {
                problems.append(
                    "records out \(written.count), expected \(want.count); first difference: "
                        + "\(Set(written).symmetricDifference(want).prefix(3).map(\.debugDescription))")
            }
        case 64, 65, 66, 74:
            if status == 74 && !isOptionsCase { problems.append("exit 74: \(result.stderr.prefix(300))") }  // (-T /nonexistent)
            if !result.stdoutBytes.isEmpty { problems.append("exit \(status) but \(result.stdoutBytes.count) bytes on stdout") }
            if lines.count != 1 || !result.stderr.hasPrefix("sectionsort: ") {
                problems.append("exit \(status): the message is not one line: \(result.stderr.prefix(300).debugDescription)")
            }
            if result.stderr.utf8.count > 2000 { problems.append("message of \(result.stderr.utf8.count) bytes is not bounded") }
            if status == 65 && result.stderr.range(of: #"^sectionsort: [^:\n]+:[0-9]+:[0-9]+: "#, options: .regularExpression) == nil {
                problems.append("data error without FILE:LINE:COLUMN: \(result.stderr.prefix(300))")
            }
            if status == 65, expected != nil, !mayFail {
                problems.append("refused a valid input: \(result.stderr.prefix(300))")
            }
            if status != 65, !isOptionsCase { problems.append("unexpected exit \(status): \(result.stderr.prefix(300))") }
        default:
            problems.append("exit \(status): \(result.stderr.prefix(300))")
        }
        return problems
    }

    /// The records of `-F jsonl` output, as text (a JSON Lines record's object re-read as the text
    /// it was written as is not possible, so objects are compared by their canonical form).
    static func records(inJSONLines bytes: [UInt8]) -> [String]? {
        var records: [String] = []
        for line in bytes.split(separator: 0x0A) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                object["section"] is String, let record = object["record"]
            else { return nil }
            if let text = record as? String {
                records.append(text)
            } else {
                guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) else { return nil }
                records.append(String(decoding: data, as: UTF8.self))
            }
        }
        return records
    }

    // MARK: Generators

    static func make(_ kind: Kind, seed: UInt64) -> FuzzCase {
        var random = SplitMix64(seed: seed)
        var arguments = ["-F", "jsonl", "-q", "-j", String(Int.random(in: 1...4, using: &random))]
        if Bool.random(using: &random) {
            arguments += ["-l", ["sv_SE", "de", "ja", "en_US", "ar", "zh_Hant"].randomElement(using: &random)!]
        }
        if Int.random(in: 0..<4, using: &random) == 0 { arguments += ["-S", ["1K", "64K"].randomElement(using: &random)!] }
        for flag in ["-i", "-r", "-n", "--other-first", "--ignore-accents"] where Int.random(in: 0..<5, using: &random) == 0 {
            arguments.append(flag)
        }
        switch kind {
        case .lines: return lines(arguments, &random)
        case .csv: return delimited(arguments, delimiter: 0x2C, &random)
        case .tsv: return delimited(arguments, delimiter: 0x09, &random)
        case .jsonl: return jsonLines(arguments, &random)
        case .timestamps: return timestamps(&random)
        case .options: return options(&random)
        }
    }

    static let fragments: [[UInt8]] = [
        "a", "Z", "Öberg", "ängel", "42", " ", "Émile", "ガラス", "민준", "林", "😀", "e\u{301}", "Иван",
        "\"", ",", "\t", "\\", "{", "}", ":", "x y",
    ].map { Array($0.utf8) }
    static let invalidBytes: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF]]

    static func text(_ random: inout SplitMix64, allowInvalid: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            if allowInvalid && Int.random(in: 0..<25, using: &random) == 0 {
                bytes += invalidBytes.randomElement(using: &random)!
            } else {
                bytes += fragments.randomElement(using: &random)!
            }
        }
        return bytes
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// Mutates a few bytes: flips, inserts a line break, a CR, a quote or a byte order mark, deletes.
    static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where position < bytes.count: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            case 1: bytes.insert(0x0A, at: position)
            case 2: bytes.insert(0x0D, at: position)
            case 3: bytes.insert(0x22, at: position)
            case 4 where position < bytes.count: bytes.remove(at: position)
            default: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: position)
            }
        }
    }

    static func withBOM(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        Int.random(in: 0..<6, using: &random) == 0 ? [0xEF, 0xBB, 0xBF] + bytes : bytes
    }

    static func lines(_ arguments: [String], _ random: inout SplitMix64) -> FuzzCase {
        let lossy = Bool.random(using: &random)
        var records: [[UInt8]] = (0..<Int.random(in: 0...30, using: &random)).map { _ in text(&random, allowInvalid: true) }
        var bytes: [UInt8] = []
        for (index, record) in records.enumerated() {
            bytes += record
            // An empty last record needs its line feed, or it would not be a record.
            if index < records.count - 1 || record.isEmpty || Bool.random(using: &random) {
                bytes += Bool.random(using: &random) ? [0x0A] : [0x0D, 0x0A]
            }
        }
        // A line's content never holds a line feed; a CR inside a line stays part of it.
        records = records.map { $0.filter { $0 != 0x0A && $0 != 0x0D } }
        bytes = withBOM(bytes, &random)
        let valid = lossy || records.allSatisfy(isValidUTF8)
        return FuzzCase(
            arguments: arguments + (lossy ? ["--lossy"] : []), input: bytes,
            expected: valid ? records.map { Array(String(decoding: $0, as: UTF8.self).utf8) } : nil)
    }

    static func delimited(_ arguments: [String], delimiter: UInt8, _ random: inout SplitMix64) -> FuzzCase {
        let columns = Int.random(in: 1...4, using: &random)
        var header = (0..<columns).map { Array("c\($0)".utf8) }
        let keyColumn = Int.random(in: 0..<columns, using: &random)
        header[keyColumn] = Array("name".utf8)
        var rows: [[[UInt8]]] = []
        for _ in 0..<Int.random(in: 0...20, using: &random) {
            rows.append((0..<columns).map { _ in text(&random, allowInvalid: false) })
        }
        func field(_ content: [UInt8]) -> [UInt8] {
            let needsQuotes = content.contains { $0 == delimiter || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            guard needsQuotes || Int.random(in: 0..<4, using: &random) == 0 else { return content }
            return [0x22] + content.flatMap { $0 == 0x22 ? [0x22, 0x22] : [$0] } + [0x22]
        }
        let ending: [UInt8] = Bool.random(using: &random) ? [0x0A] : [0x0D, 0x0A]
        var bytes = withBOM([], &random)
        for row in [header] + rows {
            let fields = row.map(field)
            bytes += fields.dropFirst().reduce(fields[0]) { $0 + [delimiter] + $1 }
            bytes += ending
        }
        if Int.random(in: 0..<3, using: &random) == 0 { mutate(&bytes, &random) }
        let format = delimiter == 0x2C ? "csv" : "tsv"
        let parsed = ReferenceDelimited.parse(bytes, delimiter: delimiter)
        return FuzzCase(arguments: arguments + ["-f", format, "-k", "name"], input: bytes, expected: parsed)
    }

    static func jsonLines(_ arguments: [String], _ random: inout SplitMix64) -> FuzzCase {
        var bytes: [UInt8] = withBOM([], &random)
        for index in 0..<Int.random(in: 0...20, using: &random) {
            let name = String(decoding: text(&random, allowInvalid: false), as: UTF8.self)
            let value: Any = Int.random(in: 0..<8, using: &random) == 0 ? index : name
            let object: [String: Any] = ["name": value, "i": index, "tags": [name]]
            bytes += try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            bytes += Bool.random(using: &random) ? [0x0A] : [0x0D, 0x0A]
        }
        if Int.random(in: 0..<4, using: &random) == 0 { bytes += [0x0A] }  // a trailing blank line
        if Int.random(in: 0..<3, using: &random) == 0 { mutate(&bytes, &random) }
        return FuzzCase(arguments: arguments + ["-f", "jsonl", "-k", "name"], input: bytes, expected: ReferenceJSONLines.parse(bytes))
    }

    static func timestamps(_ random: inout SplitMix64) -> FuzzCase {
        var lines: [[UInt8]] = []
        for _ in 0..<Int.random(in: 0...20, using: &random) {
            let year = Int.random(in: 1...9999, using: &random), month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...28, using: &random), hour = Int.random(in: 0...23, using: &random)
            let offset = ["Z", "+02:00", "-03:30", "+0545", "-12:00", "+14:00"].randomElement(using: &random)!
            var line =
                Array(
                    String(
                        format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, Int.random(in: 0...59, using: &random),
                        Int.random(in: 0...59, using: &random)
                    ).utf8) + Array(offset.utf8)
            if Int.random(in: 0..<4, using: &random) == 0 { mutate(&line, &random) }
            lines.append(line)
        }
        let bytes: [UInt8] = lines.flatMap { $0 + [0x0A] }
        let arguments = [
            "--by", "date", "-F", "jsonl", "-q", "--time-zone",
            ["UTC", "Europe/Stockholm", "America/Sao_Paulo", "Pacific/Apia", "Australia/Lord_Howe"].randomElement(using: &random)!,
            "--unit", ["day", "week", "month", "year"].randomElement(using: &random)!,
        ]
        // Valid lines are kept; whether a mutated one still parses is the program's to say.
        var records = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { line in
            line.last == 0x0D ? Array(line.dropLast()) : Array(line)
        }
        if let first = records.first, first.starts(with: [0xEF, 0xBB, 0xBF]) { records[0].removeFirst(3) }
        return FuzzCase(arguments: arguments, input: bytes, expected: records, mayFail: true)
    }

    static func options(_ random: inout SplitMix64) -> FuzzCase {
        let vocabulary = [
            "-f", "csv", "tsv", "jsonl", "lines", "-k", "name", "--then", "-l", "sv_SE", "xx", "-F", "json", "csv", "-r", "-i",
            "-n", "--by", "date", "alpha", "--unit", "week", "--time-zone", "UTC", "-j", "0", "3", "-S", "1K", "10%", "-T",
            "/nonexistent", "--", "-", "--emit-keys", "--lossy", "--date-format", "yyyy", "--bogus", "--key=", "-q", "--quiet=x",
            "/no/such/file", "--verbose", "-x", "--locale=de", "--threads=2",
        ]
        var arguments = (0..<Int.random(in: 0...6, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
        if !arguments.contains("-q") { arguments.append("-q") }
        let input = Array("name\nb\na\n2018-11-04T12:00:00Z\n".utf8)
        return FuzzCase(arguments: arguments, input: input, expected: nil, mayFail: true, isOptionsCase: true)
    }
}

/// An independent RFC 4180 reader for the oracle: a header row, then records with as many fields;
/// LF or CRLF ends a record; a CR anywhere else outside quotes, a character after a closing quote,
/// an unterminated quote, invalid UTF-8 or a wrong number of fields make the input invalid (nil).
enum ReferenceDelimited {
    static func parse(_ input: [UInt8], delimiter: UInt8) -> [[UInt8]]? {
        var bytes = input[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard FuzzCase.isValidUTF8(Array(bytes)) else { return nil }
        var records: [(bytes: [UInt8], fields: [[UInt8]])] = []
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let start = position
            var fields: [[UInt8]] = [], field: [UInt8] = []
            var recordEnd = position
            parsing: while true {
                if position < bytes.endIndex && bytes[position] == 0x22 {
                    position += 1
                    while true {
                        guard position < bytes.endIndex else { return nil }
                        if bytes[position] == 0x22 {
                            if position + 1 < bytes.endIndex && bytes[position + 1] == 0x22 { field.append(0x22); position += 2; continue }
                            position += 1
                            break
                        }
                        field.append(bytes[position])
                        position += 1
                    }
                } else {
                    while position < bytes.endIndex && bytes[position] != delimiter && bytes[position] != 0x0A && bytes[position] != 0x0D {
                        field.append(bytes[position])
                        position += 1
                    }
                }
                fields.append(field)
                field = []
                guard position < bytes.endIndex else { recordEnd = position; break parsing }
                switch bytes[position] {
                case delimiter: position += 1
                case 0x0A: recordEnd = position; position += 1; break parsing
                case 0x0D:
                    guard position + 1 < bytes.endIndex, bytes[position + 1] == 0x0A else { return nil }
                    recordEnd = position; position += 2; break parsing
                default: return nil
                }
            }
            records.append((Array(bytes[start..<recordEnd]), fields))
        }
        guard let header = records.first else { return nil }  // no header: no column to key by
        guard header.fields.contains(Array("name".utf8)) else { return nil }
        guard records.allSatisfy({ $0.fields.count == header.fields.count }) else { return nil }
        return records.dropFirst().map(\.bytes)
    }
}

/// The oracle for JSON Lines: every line an object with a string or number field "name"; blank
/// lines only at the end.
enum ReferenceJSONLines {
    static func parse(_ input: [UInt8]) -> [[UInt8]]? {
        var bytes = input[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? Array(line.dropLast()) : Array(line)
        }
        while let last = lines.last, last.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { lines.removeLast() }
        var records: [[UInt8]] = []
        for line in lines {
            guard FuzzCase.isValidUTF8(line), !line.starts(with: [0xEF, 0xBB, 0xBF]),
                let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            else { return nil }
            guard let name = object["name"], name is String || (name is NSNumber && !(name is NSNull)) else { return nil }
            guard let canonical = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return nil }
            records.append(Array(canonical))
        }
        return records
    }
}

/// Runs the CLI with a limit past which it counts as hung.
enum FuzzRunner {
    static let hangLimit = 120.0

    struct Result {
        var status: Int32?
        var signaled: Bool
        var stdoutBytes: [UInt8]
        var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
        var stderr: String
    }

    static func run(_ arguments: [String], input: [UInt8]) throws -> Result {
        let (process, inPipe, outPipe, errPipe) = try SectionSortCommand.launch(SectionSortCommand.executable, arguments)
        let writer = Thread { feed(inPipe, input) }
        writer.start()
        let finished = DispatchSemaphore(value: 0)
        let errors = ErrorCollector(errPipe.fileHandleForReading)
        let output = ErrorCollector(outPipe.fileHandleForReading)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        if finished.wait(timeout: .now() + hangLimit) == .timedOut {
            process.terminate()
            return Result(status: nil, signaled: false, stdoutBytes: [], stderr: "")
        }
        return Result(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            stdoutBytes: output.bytes(), stderr: errors.value())
    }
}
