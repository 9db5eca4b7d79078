import Foundation
import SectionSort

/// A command, resolved: what the command line asked for (``ParsedArguments``), checked against the
/// option table and completed from the environment (locale, `TZ`, the test-only memory variable).
struct CommandLineOptions {
    enum InputFormat: String, CaseIterable, Sendable { case lines, csv, tsv, jsonl }
    enum OutputFormat: String, CaseIterable, Sendable { case text, plain, json, jsonl, csv }
    enum Unit: String, CaseIterable, Sendable { case hour, day, week, month, quarter, year }

    /// What to do besides `--help`, `--version` and the generated texts.
    var command = CommandKind.sections
    var inputs: [String] = []
    /// The options that order records, as the key identity holds them.
    var ordering = Ordering()
    var unit = Unit.day
    var timeZone: String?
    var dateFormat: String?
    var outputFormat = OutputFormat.text
    /// `-o FILE`: where the output goes, replaced once all of it is written; nil for standard output.
    var outputPath: String?
    /// `-u`: only the first of records with equal keys.
    var unique = false
    /// `-C`: check without a message.
    var checkQuietly = false
    /// --emit-keys: this part's number (parts numbered in input order), for the tie-breaker.
    var part = 0
    /// --emit-keys: the position of this part's first record in the whole input (or any number
    /// from that up to the byte offset where the part starts).
    var partOffset = 0
    /// Key records end with NUL instead of a line feed (--emit-keys, --from-keys).
    var zeroTerminated = false
    /// The csv or tsv header row for inputs that have none: its text, or the file it is read from.
    var header: String?
    var headerFile: String?
    /// `--no-header`: csv or tsv inputs without a header row, columns named by number.
    var noHeader = false
    /// Keep only the records whose key has a word starting with this, in the collation's terms.
    var grep: String?
    var threads: Int?
    /// Bytes that sorting in memory may take before sorted runs go to temporary files; nil means
    /// ``MemoryPlan``'s default.
    var memoryLimit: Int?
    /// Tests only: room the compact in-memory sort may take beyond the process, whatever the
    /// input's size (`SECTIONSORT_TEST_COMPACT_ROOM`, bytes), as git's `GIT_TEST_*` variables do.
    var compactTestRoom: Int?
    /// Tests only: lines are never collapsed to their distinct lines (``DistinctLinesSorter``), so
    /// that repeated lines reach the other sorters (`SECTIONSORT_TEST_KEEP_REPEATS`, any value).
    var keepsRepeatedLines = false
    var temporaryDirectory: String?
    /// `--compress-program`: what sorted runs are written through (and read back with `-d`).
    var compressProgram: String?
    var quiet = false
    var verbose = false
    var lossy = false
    /// What to print instead of running a command.
    var information: Information?

    enum Information: Equatable {
        case help, version, manPage
        case completions(Completions.Shell)
    }

    /// The most worker threads `--threads` takes.
    static let maximumThreads = 256

    /// Parses and resolves `arguments` (without the program name).
    static func parse(_ arguments: [String], environment: [String: String]) throws(CLIError) -> CommandLineOptions {
        try resolve(ParsedArguments.parse(arguments), environment: environment)
    }

    /// The command `parsed` asks for, every option checked against the command (the table's
    /// ``OptionSpec/commands``) and the defaults taken from `environment`.
    static func resolve(_ parsed: ParsedArguments, environment: [String: String]) throws(CLIError) -> CommandLineOptions {
        var options = CommandLineOptions()
        options.inputs = parsed.operands.isEmpty ? ["-"] : parsed.operands
        options.verbose = parsed.has(.verbose)
        options.quiet = parsed.has(.quiet)
        if parsed.has(.help) { options.information = .help; return options }
        if parsed.has(.generateManPage) { options.information = .manPage; return options }
        if let shell = parsed.value(.completions) {
            guard let known = Completions.Shell(rawValue: shell) else {
                throw .usage("--completions takes bash, zsh or fish, not '\(Echo.bounded(shell))'")
            }
            options.information = .completions(known)
            return options
        }
        try options.readValues(parsed)
        options.ordering.locale = parsed.value(.locale) ?? defaultLocale(environment)
        if parsed.has(.version) { options.information = .version; return options }
        options.command = try command(of: parsed)
        for given in parsed.options where !given.spec.commands.contains(options.command) {
            throw misplaced(given, in: options.command)
        }
        try options.checkCombinations(parsed)
        if options.command == .dateSections && options.timeZone == nil {
            // glibc's TZ=:Europe/Stockholm names the same zone as TZ=Europe/Stockholm.
            let zone = environment["TZ"].map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }
            options.timeZone = zone.flatMap { $0.isEmpty ? nil : $0 } ?? TimeZone.current.identifier
        }
        options.compactTestRoom = environment["SECTIONSORT_TEST_COMPACT_ROOM"].flatMap(parseSize)
        options.keepsRepeatedLines = environment["SECTIONSORT_TEST_KEEP_REPEATS"] != nil
        return options
    }

    /// The command the options select; two that exclude each other are a usage error.
    private static func command(of parsed: ParsedArguments) throws(CLIError) -> CommandKind {
        var selected: [(CommandKind, String)] = []
        if parsed.has(.fromKeys) { selected.append((.fromKeys, "--from-keys")) }
        if parsed.has(.emitKeys) { selected.append((.emitKeys, "--emit-keys")) }
        if parsed.has(.check) || parsed.has(.checkQuietly) { selected.append((.check, parsed.name(.check) ?? "-C")) }
        if parsed.has(.merge) { selected.append((.merge, parsed.name(.merge)!)) }
        if parsed.value(.by) == "date" { selected.append((.dateSections, "--by date")) }
        // --from-keys names the options it takes from the key records in its own words.
        if selected.first?.0 == .fromKeys, let given = parsed.options.first(where: { $0.spec.fromKeyIdentity }) {
            throw .usage(
                "--from-keys takes the locale, ordering and input format from the key records; '\(given.name)' cannot be given with it")
        }
        if selected.count > 1 { throw .usage("\(selected[0].1) and \(selected[1].1) cannot be combined") }
        return selected.first?.0 ?? .sections
    }

    /// The usage error for an option that `command` does not take.
    private static func misplaced(_ given: ParsedArguments.Given, in command: CommandKind) -> CLIError {
        let takers = CommandKind.allCases.filter(given.spec.commands.contains).map(\.description)
        return .usage("'\(given.name)' does not apply to \(command.description); it applies to \(takers.joined(separator: ", "))")
    }

    /// Reads and checks every option's value (a later one wins).
    private mutating func readValues(_ parsed: ParsedArguments) throws(CLIError) {
        for given in parsed.options {
            let value = given.value ?? ""
            func choice<T: RawRepresentable<String> & CaseIterable>(_: T.Type, _ what: String) throws(CLIError) -> T {
                guard let found = T(rawValue: value) else {
                    throw .usage(
                        "unknown \(what) '\(Echo.bounded(value))' (expected one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                return found
            }
            switch given.spec.id {
            case .inputFormat: ordering.inputFormat = try choice(InputFormat.self, "input format")
            case .format: outputFormat = try choice(OutputFormat.self, "output format")
            case .by:
                guard value == "alpha" || value == "date" else {
                    throw .usage("--by takes 'alpha' or 'date', not '\(Echo.bounded(value))'")
                }
            case .unit:
                guard let known = Unit(rawValue: value) else {
                    throw .usage("--unit takes hour, day, week, month, quarter or year, not '\(Echo.bounded(value))'")
                }
                unit = known
            case .timeZone: timeZone = value
            case .dateFormat: dateFormat = value
            case .key: ordering.key = value
            case .then: ordering.then.append(value)
            case .reading: ordering.reading = value
            case .chineseNames: ordering.chineseNames = true
            case .ignoreCase: ordering.ignoreCase = true
            case .ignoreAccents: ordering.ignoreAccents = true
            case .numeric: ordering.numeric = true
            case .ignorePunctuation: ordering.ignorePunctuation = true
            case .normalize: ordering.normalize = true
            case .caseFirst:
                switch value {
                case "upper": ordering.caseFirst = .upper
                case "lower": ordering.caseFirst = .lower
                default: throw .usage("--case-first takes upper or lower, not '\(Echo.bounded(value))'")
                }
            case .ignoreArticles:
                let languages = given.value.map { $0.split(separator: ",").map(String.init) } ?? []
                if let unknown = languages.first(where: { LeadingArticles.articlesByLanguage[$0] == nil }) {
                    let known = LeadingArticles.articlesByLanguage.keys.sorted().joined(separator: ",")
                    throw .usage("--ignore-articles knows the articles of \(known), not of '\(Echo.bounded(unknown))'")
                }
                ordering.ignoreArticles = languages
            case .indexLocales:
                let listed = value.split(separator: ",").map(String.init)
                ordering.choosesIndexLocales = listed.contains("auto")
                ordering.indexLocales = listed.filter { $0 != "auto" }
            case .descending: ordering.descending = true
            case .otherFirst: ordering.otherFirst = true
            case .unique: unique = true
            case .locale: break
            case .threads:
                guard let number = Int(value), number > 0 else {
                    throw .usage("--threads needs a positive number, not '\(Echo.bounded(value))'")
                }
                // The work is bound by the cores: threads past them only add overhead (-j 100000
                // once took twice as long), so a number past any machine's cores is a mistake.
                guard number <= Self.maximumThreads else { throw .usage("--threads takes at most \(Self.maximumThreads), not \(number)") }
                threads = number
            case .memoryLimit:
                guard let limit = Self.parseSize(value) else {
                    throw .usage("--memory-limit takes a size such as 500M, 2G or 25%, not '\(Echo.bounded(value))'")
                }
                memoryLimit = limit
            case .temporaryDirectory: temporaryDirectory = value
            case .compressProgram:
                guard !value.isEmpty else { throw .usage("--compress-program needs a program's name") }
                compressProgram = value
            case .part, .partOffset:
                let limit = given.spec.id == .part ? KeyRecord.partLimit : KeyRecord.positionLimit
                guard let number = Int(value), number >= 0, number < limit else {
                    throw .usage("\(given.name) takes a number from 0 to \(limit - 1), not '\(Echo.bounded(value))'")
                }
                if given.spec.id == .part { part = number } else { partOffset = number }
            case .zeroTerminated: zeroTerminated = true
            case .header: header = value
            case .headerFile: headerFile = value
            case .noHeader: noHeader = true
            case .grep: grep = value
            case .lossy: lossy = true
            case .output:
                guard !value.isEmpty else { throw .usage("--output needs a file name") }
                outputPath = value
            case .checkQuietly: checkQuietly = true
            case .check, .merge, .emitKeys, .fromKeys, .quiet, .verbose, .help, .version, .completions, .generateManPage: break
            }
        }
    }

    /// The rules that join options beyond which command takes them.
    private func checkCombinations(_ parsed: ParsedArguments) throws(CLIError) {
        if header != nil && headerFile != nil { throw .usage("give the header with --header or --header-file, not both") }
        if (header != nil || headerFile != nil || noHeader) && inputFormat != .csv && inputFormat != .tsv {
            throw .usage("--header, --header-file and --no-header apply to csv and tsv input")
        }
        if noHeader && (header != nil || headerFile != nil) {
            throw .usage("--no-header reads inputs without a header row; --header and --header-file give one")
        }
        if noHeader, let named = ([key] + then + [reading]).compactMap({ $0 }).first(where: { Int($0) == nil || Int($0)! < 1 }) {
            throw .usage("without a header row (--no-header), columns are named by their numbers from 1, not '\(Echo.bounded(named))'")
        }
        guard command != .fromKeys else { return }
        switch inputFormat {
        case .csv, .tsv, .jsonl:
            guard key != nil else {
                throw .usage("missing '--key <name>': \(inputFormat.rawValue) input needs the column or field to section by")
            }
        case .lines:
            if key != nil || !then.isEmpty || reading != nil {
                throw .usage(
                    "--key, --then and --reading name columns or fields; lines input has none (use --input-format csv, tsv or jsonl)")
            }
        }
    }

    /// Bytes from "4096", "10K", "500M", "2G", "1T" (powers of 1024) or "25%" of physical memory.
    static func parseSize(_ text: String) -> Int? {
        guard let last = text.last else { return nil }
        if last == "%" {
            guard let percent = Double(text.dropLast()), percent > 0, percent <= 100 else { return nil }
            return Int(Double(ProcessInfo.processInfo.physicalMemory) * percent / 100)
        }
        let multipliers: [Character: Int] = [
            "b": 1, "B": 1, "k": 1 << 10, "K": 1 << 10, "m": 1 << 20, "M": 1 << 20,
            "g": 1 << 30, "G": 1 << 30, "t": 1 << 40, "T": 1 << 40,
        ]
        let multiplier = multipliers[last]
        guard let number = Int(multiplier == nil ? Substring(text) : text.dropLast()), number > 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier ?? 1)
        return overflow ? nil : bytes
    }

    /// The collation locale from the environment, as POSIX orders it: the first of LC_ALL,
    /// LC_COLLATE and LANG that is set and not empty decides. "C" and "POSIX" name no language, so
    /// they select the default, en_US, as no variable does (sectionsort collates; it has no byte
    /// order mode).
    static func defaultLocale(_ environment: [String: String]) -> String {
        for variable in ["LC_ALL", "LC_COLLATE", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            // "sv_SE.UTF-8@euro" → "sv_SE".
            let name = value.split(separator: ".").first.map(String.init) ?? value
            let base = name.split(separator: "@").first.map(String.init) ?? name
            return base == "C" || base == "POSIX" ? "en_US" : base
        }
        return "en_US"
    }
}

// The ordering's fields, read where the options are at hand.
extension CommandLineOptions {
    var inputFormat: InputFormat { ordering.inputFormat }
    var key: String? { ordering.key }
    var then: [String] { ordering.then }
    var reading: String? { ordering.reading }
    var locale: String { ordering.locale }
    var ignoreCase: Bool { ordering.ignoreCase }
    var ignoreAccents: Bool { ordering.ignoreAccents }
    var numeric: Bool { ordering.numeric }
    var descending: Bool { ordering.descending }
    var otherFirst: Bool { ordering.otherFirst }
    var chineseNames: Bool { ordering.chineseNames }
}
