import Foundation

/// What the command line asked for.
struct CommandLineOptions {
    enum InputFormat: String, CaseIterable { case lines, csv, tsv, jsonl }
    enum OutputFormat: String, CaseIterable { case text, json, jsonl, csv }
    enum Mode: String, CaseIterable { case alpha, date }
    enum Unit: String, CaseIterable { case day, week, month, year }

    var inputs: [String] = []
    var mode = Mode.alpha
    var unit = Unit.day
    var timeZone: String?
    var dateFormat: String?
    private var unitGiven = false
    var inputFormat = InputFormat.lines
    var outputFormat = OutputFormat.text
    var key: String?
    var then: String?
    /// The column or field holding each record's phonetic reading.
    var reading: String?
    var chineseNames = false
    var locale: String?
    /// Whether --locale was given (not taken from the environment).
    var localeGiven = false
    var ignoreCase = false
    var ignoreAccents = false
    var numeric = false
    var descending = false
    var otherFirst = false
    var emitKeys = false
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
    /// Read byte-sorted key records and write their sections.
    var fromKeys = false
    /// Options that --from-keys takes from the key stream instead, when given.
    private var orderingGiven: [String] = []
    /// Keep only the records whose key has a word starting with this, in the collation's terms.
    var grep: String?
    var threads: Int?
    /// Bytes that sorting in memory may take before sorted runs go to temporary files; nil means
    /// ``MemoryBudget``'s default.
    var memoryLimit: Int?
    /// Tests only: room the compact in-memory sort may take beyond the process, whatever the
    /// input's size (`SECTIONSORT_TEST_COMPACT_ROOM`, bytes), as git's `GIT_TEST_*` variables do.
    var compactTestRoom: Int?
    var temporaryDirectory: String?
    var quiet = false
    var verbose = false
    var lossy = false
    var showHelp = false
    var showVersion = false

    static let versionNumber = "0.1.0"
    static let version = "sectionsort \(versionNumber)"

    /// The most worker threads `--threads` takes.
    static let maximumThreads = 256

    static let help = """
        Usage: sectionsort [OPTION]... [FILE]...
        Sort records into locale-aware alphabetical sections (A…Z, the locale's own letters, #),
        using ICU collation, all cores, and one collation key per record.

        With no FILE, or when FILE is -, read standard input. Several files are read in order.

        Input:
          -f, --input-format FORMAT  lines (default: each line a record), csv, tsv (both with a
                                     header row, RFC 4180 quoting), jsonl (one JSON object a line)
          -k, --key NAME             the column (csv, tsv) or field (jsonl) to section by;
                                     required for those formats
              --then NAME            a secondary column or field for records with equal keys
              --reading NAME         a column or field with each record's phonetic reading
                                     (yomigana, pinyin): sections and order come from it where
                                     it is not empty, the key orders equal readings
              --header TEXT          csv, tsv: the inputs have no header row; this is it
              --header-file FILE     csv, tsv: the inputs have no header row; FILE's first row is it
              --lossy                accept invalid UTF-8 instead of failing: U+FFFD in keys;
                                     records are written unchanged, except as JSON values or
                                     CSV fields (there U+FFFD, so the output stays valid)

        Ordering:
          -l, --locale ID            collation locale, e.g. sv_SE, de, ja_JP, zh_Hant
                                     (default: the first set of LC_ALL, LC_COLLATE,
                                     LANG; en_US if none, or if it is C or POSIX)
          -i, --ignore-case          "a" and "A" are equal (equal records keep input order)
              --ignore-accents       "e" and "é" are equal
          -n, --numeric              digits by value: "Track 2" before "Track 10"
          -r, --descending           Z to A ("#" stays last)
              --chinese-names        read keys with Han characters as Chinese personal names
                                     (ICU's Han-Latin/Names: 曾 zēng, 单 shàn) and section
                                     them under the Latin letter of that pinyin
              --other-first          put the "#" section first

        Dates:
              --by date              section by date instead of alphabetically (--by alpha)
              --unit UNIT            day (default), week, month or year
              --time-zone TZ         the time zone periods are computed in, e.g. Europe/Stockholm
                                     (default: TZ, else the system's)
              --date-format FORMAT   parse keys with this fixed format (Unicode patterns, e.g.
                                     "dd.MM.yyyy HH:mm"; times without an offset are in --time-zone)
                                     instead of ISO 8601 with an offset (2018-11-04T12:00:00-02:00,
                                     fractional seconds and Z allowed)
                                     Weeks start on the --locale's first weekday; headers are in
                                     its language.

        Filtering:
              --grep QUERY           keep only records whose key has a word that starts with
                                     QUERY, compared like the sections at primary strength: in
                                     en_US "ake" finds "Åke", in sv_SE it does not
                                     (alphabetical mode, not with --emit-keys)

        Output:
          -o, --format FORMAT        text (default), json, jsonl, csv
              --emit-keys            print a key record per record, in input order, after an
                                     identity line (#sectionsort-keys): SECTION<TAB>KEY<TAB>
                                     POSITION<TAB>RECORD; a byte sort of the key records of all
                                     parts of an input is sectionsort's order (see README)
              --part N               --emit-keys: the number of this part of the input (parts
                                     numbered 0, 1, ... in input order)
              --part-offset N        --emit-keys: the position of this part's first record in
                                     the whole input, or the byte offset where the part starts
              --from-keys            read byte-sorted key records (several sorted FILEs are
                                     merged) and write their sections in any --format
          -z, --zero-terminated      key records end with NUL instead of a line feed

        Running:
          -j, --threads N            worker threads, 1 to 256 (default: the cores it may run
                                     on, as nproc counts them); output is identical for any N
          -S, --memory-limit SIZE    memory for sorting in memory; past it, sorted runs go to
                                     temporary files and are merged. Default: in memory while
                                     the peak stays within 3 times the input files' size or
                                     128M, whichever is more (at most half of physical memory;
                                     lines from files in a compact layout first), or half of
                                     physical memory for pipes. SIZE is bytes with an
                                     optional K, M, G or T suffix (powers of 1024), or a
                                     percentage of physical memory: 30%
          -T, --temporary-directory DIR
                                     where sorted runs go (default: TMPDIR, else /tmp); they are
                                     removed on exit, on errors, on a broken pipe and on signals
          -q, --quiet                no progress line on standard error
          -v, --verbose              print how long each phase took on standard error
          -h, --help                 show this help and exit
          -V, --version              show the version, ICU's and the collation's, and exit
                                     (with -o json: as JSON; with -l and ordering options: theirs)

        Exit status: 0 success, 64 usage error, 65 bad input data, 66 input not found,
        70 internal error, 74 read or write error; on SIGHUP, SIGINT, SIGQUIT, SIGTERM or a
        broken pipe, the temporary files are removed and the program dies of the signal.
        """

    /// Parses `arguments` (without the program name), GNU style: long options with `--name value`
    /// or `--name=value`, short options with their value next, `--` ends the options.
    static func parse(_ arguments: [String], environment: [String: String]) throws(CLIError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var index = 0
        var onlyFiles = false
        func value(for option: String, inline: String?) throws(CLIError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw .usage("option '\(Echo.bounded(option))' needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                options.inputs.append(argument)
                index += 1
                continue
            }
            if argument == "--" { onlyFiles = true; index += 1; continue }
            var name = argument, inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "-f", "--input-format":
                let text = try value(for: name, inline: inline)
                guard let format = InputFormat(rawValue: text) else {
                    throw .usage(
                        "unknown input format '\(Echo.bounded(text))' (expected one of: \(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                options.inputFormat = format
            case "-o", "--format":
                let text = try value(for: name, inline: inline)
                guard let format = OutputFormat(rawValue: text) else {
                    throw .usage(
                        "unknown output format '\(Echo.bounded(text))' (expected one of: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                options.outputFormat = format
            case "--by":
                let text = try value(for: name, inline: inline)
                guard let mode = Mode(rawValue: text) else { throw .usage("--by takes 'alpha' or 'date', not '\(Echo.bounded(text))'") }
                options.mode = mode
            case "--unit":
                let text = try value(for: name, inline: inline)
                guard let unit = Unit(rawValue: text) else {
                    throw .usage("--unit takes day, week, month or year, not '\(Echo.bounded(text))'")
                }
                options.unit = unit
                options.unitGiven = true
            case "--time-zone": options.timeZone = try value(for: name, inline: inline)
            case "--date-format": options.dateFormat = try value(for: name, inline: inline)
            case "-k", "--key": options.key = try value(for: name, inline: inline)
            case "--then": options.then = try value(for: name, inline: inline)
            case "--reading": options.reading = try value(for: name, inline: inline)
            case "--chinese-names": options.chineseNames = true
            case "-l", "--locale":
                options.locale = try value(for: name, inline: inline)
                options.localeGiven = true
            case "-j", "--threads":
                let text = try value(for: name, inline: inline)
                guard let threads = Int(text), threads > 0 else {
                    throw .usage("--threads needs a positive number, not '\(Echo.bounded(text))'")
                }
                // The work is bound by the cores: threads past them only add overhead (-j 100000
                // once took twice as long), so a number past any machine's cores is a mistake.
                guard threads <= maximumThreads else { throw .usage("--threads takes at most \(maximumThreads), not \(threads)") }
                options.threads = threads
            case "-S", "--memory-limit":
                let text = try value(for: name, inline: inline)
                guard let limit = parseSize(text) else {
                    throw .usage("--memory-limit takes a size such as 500M, 2G or 25%, not '\(Echo.bounded(text))'")
                }
                options.memoryLimit = limit
            case "-T", "--temporary-directory": options.temporaryDirectory = try value(for: name, inline: inline)
            case "-i", "--ignore-case": options.ignoreCase = true
            case "--ignore-accents": options.ignoreAccents = true
            case "-n", "--numeric": options.numeric = true
            case "-r", "--descending": options.descending = true
            case "--other-first": options.otherFirst = true
            case "--emit-keys": options.emitKeys = true
            case "--from-keys": options.fromKeys = true
            case "-z", "--zero-terminated": options.zeroTerminated = true
            case "--part", "--part-offset":
                let text = try value(for: name, inline: inline)
                let limit = name == "--part" ? KeyRecord.partLimit : KeyRecord.positionLimit
                guard let number = Int(text), number >= 0, number < limit else {
                    throw .usage("\(name) takes a number from 0 to \(limit - 1), not '\(text)'")
                }
                if name == "--part" { options.part = number } else { options.partOffset = number }
            case "--header": options.header = try value(for: name, inline: inline)
            case "--header-file": options.headerFile = try value(for: name, inline: inline)
            case "--grep": options.grep = try value(for: name, inline: inline)
            case "-q", "--quiet": options.quiet = true
            case "-v", "--verbose": options.verbose = true
            case "--lossy": options.lossy = true
            case "-h", "--help": options.showHelp = true
            case "-V", "--version": options.showVersion = true
            default:
                throw .usage("unknown option '\(Echo.bounded(name))'")
            }
            if inline != nil
                && [
                    "--ignore-case", "--ignore-accents", "--numeric", "--descending", "--other-first",
                    "--emit-keys", "--quiet", "--verbose", "--lossy", "--help", "--version",
                    "--from-keys", "--zero-terminated", "--chinese-names",
                ].contains(name)
            {
                throw .usage("option '\(Echo.bounded(name))' takes no value")
            }
            if [
                "-f", "--input-format", "-k", "--key", "--then", "-l", "--locale", "-i", "--ignore-case", "--ignore-accents",
                "-n", "--numeric", "-r", "--descending", "--other-first", "--by", "--lossy", "--header", "--header-file",
                "--part", "--part-offset", "--emit-keys", "--reading", "--chinese-names",
            ].contains(name) {
                options.orderingGiven.append(name)
            }
            index += 1
        }
        if options.showVersion && options.locale == nil { options.locale = defaultLocale(environment) }
        if options.showHelp || options.showVersion { return options }
        if options.fromKeys {
            if let given = options.orderingGiven.first {
                throw .usage(
                    "--from-keys takes the locale, ordering and input format from the key records; '\(given)' cannot be given with it")
            }
            if options.grep != nil {
                throw .usage("--grep filters records before their keys are computed; it cannot be combined with --from-keys")
            }
            if options.inputs.isEmpty { options.inputs = ["-"] }
            return options
        }
        if (options.part != 0 || options.partOffset != 0) && !options.emitKeys {
            throw .usage("--part and --part-offset apply to --emit-keys")
        }
        if options.zeroTerminated && !options.emitKeys { throw .usage("--zero-terminated applies to --emit-keys and --from-keys") }
        if options.header != nil && options.headerFile != nil { throw .usage("give the header with --header or --header-file, not both") }
        if (options.header != nil || options.headerFile != nil) && options.inputFormat != .csv && options.inputFormat != .tsv {
            throw .usage("--header and --header-file apply to csv and tsv input")
        }
        if options.inputs.isEmpty { options.inputs = ["-"] }
        switch options.inputFormat {
        case .csv, .tsv, .jsonl:
            guard options.key != nil else {
                throw .usage("missing '--key <name>': \(options.inputFormat.rawValue) input needs the column or field to section by")
            }
        case .lines:
            if options.key != nil || options.then != nil || options.reading != nil {
                throw .usage(
                    "--key, --then and --reading name columns or fields; lines input has none (use --input-format csv, tsv or jsonl)")
            }
        }
        if options.mode == .alpha && (options.timeZone != nil || options.dateFormat != nil || options.unitGiven) {
            throw .usage("--unit, --time-zone and --date-format need --by date")
        }
        if options.mode == .date && options.memoryLimit != nil {
            throw .usage("--memory-limit applies to alphabetical sorting; --by date sorts in memory")
        }
        if options.mode == .date && (options.reading != nil || options.chineseNames) {
            throw .usage("--reading and --chinese-names sort alphabetically; they cannot be combined with --by date")
        }
        if options.grep != nil && (options.mode == .date || options.emitKeys) {
            throw .usage("--grep filters alphabetical sections; it cannot be combined with --by date or --emit-keys")
        }
        if options.mode == .date && options.emitKeys {
            throw .usage("--emit-keys sorts alphabetically; it cannot be combined with --by date")
        }
        if options.mode == .date && options.timeZone == nil {
            // glibc's TZ=:Europe/Stockholm names the same zone as TZ=Europe/Stockholm.
            let zone = environment["TZ"].map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }
            options.timeZone = zone.flatMap { $0.isEmpty ? nil : $0 } ?? TimeZone.current.identifier
        }
        if options.locale == nil { options.locale = defaultLocale(environment) }
        options.compactTestRoom = environment["SECTIONSORT_TEST_COMPACT_ROOM"].flatMap(parseSize)
        return options
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
