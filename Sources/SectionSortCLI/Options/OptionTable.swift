/// Every option of `sectionsort`, each declared once (``OptionSpec``). Parsing
/// (``ParsedArguments``), the checks of which command takes which option
/// (``CommandLineOptions/resolve(_:environment:)``), `--help` (``HelpText``), the man page
/// (``ManPage``) and the shell completions (``Completions``) all read this table, so none of them
/// can name an option the others do not know.
enum OptionTable {
    static let all: [OptionSpec] = [
        // Commands
        OptionSpec(
            .by, long: "by", value: "MODE", group: .commands, kind: .choice(["alpha", "date"]), commands: CommandKind.readingRecords,
            fromKeyIdentity: true,
            help: "section by date instead of alphabetically (alpha: the default)"),
        OptionSpec(
            .check, short: "c", long: "check", group: .commands, commands: [.check],
            help:
                "check that the input is in sectionsort's order: exit 1 and name FILE:LINE of the first record out of order, exit 0 if none is"
        ),
        OptionSpec(
            .checkQuietly, short: "C", long: nil, group: .commands, commands: [.check],
            help: "like --check, but write nothing: only the exit status tells"),
        OptionSpec(
            .merge, short: "m", long: "merge", group: .commands, commands: [.merge],
            help:
                "merge inputs that are each in sectionsort's order already, without sorting them again, reading them side by side; a record out of order is an error naming it"
        ),
        OptionSpec(
            .emitKeys, long: "emit-keys", group: .commands, commands: [.emitKeys], fromKeyIdentity: true,
            help:
                "print a key record per record, in input order, after an identity line (#sectionsort-keys): SECTION<TAB>KEY<TAB>POSITION<TAB>RECORD; a byte sort of the key records of all parts of an input is sectionsort's order"
        ),
        OptionSpec(
            .fromKeys, long: "from-keys", group: .commands, commands: [.fromKeys],
            help: "read byte-sorted key records (several sorted FILEs are merged) and write their sections in any --format"),

        // Input
        OptionSpec(
            .inputFormat, short: "f", long: "input-format", value: "FORMAT", group: .input,
            kind: .choice(CommandLineOptions.InputFormat.allCases.map(\.rawValue)), commands: CommandKind.readingRecords,
            fromKeyIdentity: true,
            help:
                "lines (default: each line a record), csv, tsv (both with a header row, RFC 4180 quoting), jsonl (one JSON object a line)"
        ),
        OptionSpec(
            .key, short: "k", long: "key", value: "NAME", group: .input, kind: .text, commands: CommandKind.readingRecords,
            fromKeyIdentity: true,
            help: "the column (csv, tsv: its name, or its number from 1) or field (jsonl) to section by; required for those formats"),
        OptionSpec(
            // Not with --by date: date sections order equal instants by input order alone.
            .then, long: "then", value: "NAME", group: .input, kind: .text, commands: CommandKind.alphabetical, fromKeyIdentity: true,
            repeatable: true,
            help:
                "a column or field that orders records with equal keys; repeatable, each ordering the records still equal: -k last --then first --then city"
        ),
        OptionSpec(
            .reading, long: "reading", value: "NAME", group: .input, kind: .text, commands: CommandKind.alphabetical,
            fromKeyIdentity: true,
            help:
                "a column or field with each record's phonetic reading (yomigana, pinyin): sections and order come from it where it is not empty, the key orders equal readings"
        ),
        OptionSpec(
            .header, long: "header", value: "TEXT", group: .input, kind: .text, commands: CommandKind.readingRecords,
            fromKeyIdentity: true,
            help: "csv, tsv: the inputs have no header row; this is it"),
        OptionSpec(
            .headerFile, long: "header-file", value: "FILE", group: .input, kind: .file, commands: CommandKind.readingRecords,
            fromKeyIdentity: true,
            help: "csv, tsv: the inputs have no header row; FILE's first row is it"),
        OptionSpec(
            .noHeader, long: "no-header", group: .input, commands: CommandKind.readingRecords, fromKeyIdentity: true,
            help: "csv, tsv: the inputs have no header row; -k, --then and --reading name columns by number, from 1"),
        OptionSpec(
            .lossy, long: "lossy", group: .input, commands: CommandKind.readingRecords, fromKeyIdentity: true,
            help:
                "accept invalid UTF-8 instead of failing: U+FFFD in keys; records are written unchanged, except as JSON values or CSV fields (there U+FFFD, so the output stays valid)"
        ),

        // Ordering
        OptionSpec(
            .locale, short: "l", long: "locale", value: "ID", group: .ordering, kind: .text, commands: CommandKind.readingRecords,
            fromKeyIdentity: true,
            help:
                "collation locale, e.g. sv_SE, de, ja_JP, zh_Hant (default: the first set of LC_ALL, LC_COLLATE, LANG; en_US if none, or if it is C or POSIX)"
        ),
        OptionSpec(
            .indexLocales, long: "index-locales", value: "LIST", group: .ordering, kind: .text, commands: CommandKind.alphabetical,
            fromKeyIdentity: true,
            help:
                "also title sections with the index letters of these locales, e.g. ru,el: Иван under И, not # (the order stays --locale's); auto: of the alphabets the records' keys begin with (of the first batch read, when the input is sorted in runs)"
        ),
        OptionSpec(
            .ignoreCase, short: "i", long: "ignore-case", group: .ordering, commands: CommandKind.alphabetical, fromKeyIdentity: true,
            help: "\"a\" and \"A\" are equal (equal records keep input order)"),
        OptionSpec(
            .ignoreAccents, long: "ignore-accents", group: .ordering, commands: CommandKind.alphabetical, fromKeyIdentity: true,
            help: "\"e\" and \"é\" are equal"),
        OptionSpec(
            .numeric, short: "n", long: "numeric", group: .ordering, commands: CommandKind.alphabetical, fromKeyIdentity: true,
            help: "digits by value: \"Track 2\" before \"Track 10\""),
        OptionSpec(
            .ignorePunctuation, long: "ignore-punctuation", group: .ordering, commands: CommandKind.alphabetical,
            fromKeyIdentity: true,
            help: "skip spaces and punctuation: \"de la Cruz\" beside \"Delacruz\", \"'Til Tuesday\" under T"),
        OptionSpec(
            .normalize, long: "normalize", group: .ordering, commands: CommandKind.alphabetical, fromKeyIdentity: true,
            help: "sort canonically equivalent text alike, in any normalization form (slower)"),
        OptionSpec(
            .caseFirst, long: "case-first", value: "WHICH", group: .ordering, kind: .choice(["upper", "lower"]),
            commands: CommandKind.alphabetical, fromKeyIdentity: true,
            help: "upper (\"Apple\" before \"apple\") or lower"),
        OptionSpec(
            .ignoreArticles, long: "ignore-articles", value: "LANGS", group: .ordering, kind: .optionalValue,
            commands: CommandKind.alphabetical, fromKeyIdentity: true,
            help:
                "section and order without a leading article of the locale's language and of LANGS (e.g. en,fr): \"The Beatles\" under B; records are written unchanged"
        ),
        OptionSpec(
            .descending, short: "r", long: "descending", group: .ordering, commands: CommandKind.readingRecords, fromKeyIdentity: true,
            help: "Z to A, latest first (\"#\" stays last)"),
        OptionSpec(
            .chineseNames, long: "chinese-names", group: .ordering, commands: CommandKind.alphabetical, fromKeyIdentity: true,
            help:
                "read keys with Han characters as Chinese personal names (ICU's Han-Latin/Names: 曾 zēng, 单 shàn) and section them under the Latin letter of that pinyin"
        ),
        OptionSpec(
            .otherFirst, long: "other-first", group: .ordering, commands: CommandKind.alphabetical, fromKeyIdentity: true,
            help: "put the \"#\" section first"),
        OptionSpec(
            .unique, short: "u", long: "unique", group: .ordering, commands: [.sections, .merge, .check],
            help:
                "keep only the first of records whose keys are equal at the chosen strength (with -i, \"a\" and \"A\" are one); with --check, equal keys are out of order"
        ),

        // Dates
        OptionSpec(
            .unit, long: "unit", value: "UNIT", group: .dates, kind: .choice(CommandLineOptions.Unit.allCases.map(\.rawValue)),
            commands: [.dateSections],
            help:
                "hour, day (default), week, month, quarter or year; weeks start on the --locale's first weekday, headers are in its language"
        ),
        OptionSpec(
            .timeZone, long: "time-zone", value: "TZ", group: .dates, kind: .text, commands: [.dateSections],
            help: "the time zone periods are computed in, e.g. Europe/Stockholm (default: TZ, else the system's)"),
        OptionSpec(
            .dateFormat, long: "date-format", value: "FORMAT", group: .dates, kind: .text, commands: [.dateSections],
            help:
                "parse keys with this fixed format (Unicode patterns, e.g. \"dd.MM.yyyy HH:mm\"; times without an offset are in --time-zone) instead of ISO 8601 with an offset (2018-11-04T12:00:00-02:00, fractional seconds and Z allowed)"
        ),

        // Filtering
        OptionSpec(
            .grep, long: "grep", value: "QUERY", group: .filtering, kind: .text, commands: [.sections],
            help:
                "keep only records whose key has a word that starts with QUERY, compared like the sections at primary strength: in en_US \"ake\" finds \"Åke\", in sv_SE it does not; also by reading: Korean initial consonants (\"ㄱㅅ\" finds \"김수정\"), pinyin with --chinese-names (\"zs\" or \"zhang san\" finds \"张三\"), the --reading column"
        ),

        // Output
        OptionSpec(
            .output, short: "o", long: "output", value: "FILE", group: .output, kind: .file,
            commands: [.sections, .dateSections, .emitKeys, .fromKeys, .merge],
            help:
                "write the output to FILE instead of standard output; FILE is replaced only once all is written, so it may also be an input"
        ),
        OptionSpec(
            .format, short: "F", long: "format", value: "FORMAT", group: .output,
            kind: .choice(CommandLineOptions.OutputFormat.allCases.map(\.rawValue)),
            commands: CommandKind.writingSections,
            help:
                "text (default: titles and indented records), plain (the records alone, in sectionsort's order), json, jsonl, csv"),
        OptionSpec(
            .part, long: "part", value: "N", group: .output, kind: .text, commands: [.emitKeys], fromKeyIdentity: true,
            help: "--emit-keys: the number of this part of the input (parts numbered 0, 1, ... in input order)"),
        OptionSpec(
            .partOffset, long: "part-offset", value: "N", group: .output, kind: .text, commands: [.emitKeys], fromKeyIdentity: true,
            help: "--emit-keys: the position of this part's first record in the whole input, or the byte offset where the part starts"),
        OptionSpec(
            .zeroTerminated, short: "z", long: "zero-terminated", group: .output, commands: [.emitKeys, .fromKeys],
            help: "key records end with NUL instead of a line feed"),

        // Running
        OptionSpec(
            .threads, short: "j", long: "threads", value: "N", group: .running, kind: .text, commands: CommandKind.all,
            help: "worker threads, 1 to 256 (default: the cores it may run on, as nproc counts them); output is identical for any N"),
        OptionSpec(
            .memoryLimit, short: "S", long: "memory-limit", value: "SIZE", group: .running, kind: .text,
            commands: [.sections, .emitKeys, .check, .merge],
            help:
                "memory for sorting in memory; past it, sorted runs go to temporary files and are merged. Default: in memory while the peak stays within 3 times the input files' size or 128M, whichever is more (at most half of physical memory; lines from larger files in a compact layout first), or half of physical memory for pipes. SIZE is bytes with an optional K, M, G or T suffix (powers of 1024), or a percentage of physical memory: 30%"
        ),
        OptionSpec(
            .temporaryDirectory, short: "T", long: "temporary-directory", value: "DIR", group: .running, kind: .directory,
            commands: [.sections, .emitKeys, .merge],
            help:
                "where sorted runs go (default: TMPDIR, else /tmp); they are removed on exit, on errors, on a broken pipe and on signals"
        ),
        OptionSpec(
            .compressProgram, long: "compress-program", value: "PROG", group: .running, kind: .program, commands: [.sections],
            help:
                "compress sorted runs with PROG (reading stdin, writing stdout) and read them back with PROG -d, as GNU sort does (default: runs are not compressed)"
        ),
        OptionSpec(
            .quiet, short: "q", long: "quiet", group: .running, commands: CommandKind.all,
            help: "no progress line on standard error"),
        OptionSpec(
            .verbose, short: "v", long: "verbose", group: .running, commands: CommandKind.all,
            help: "print how long each phase took, and the peak memory, on standard error"),

        // Information
        OptionSpec(
            .help, short: "h", long: "help", group: .information, commands: CommandKind.all,
            help: "show this help and exit"),
        OptionSpec(
            .version, short: "V", long: "version", group: .information, commands: CommandKind.all,
            help:
                "show the version, ICU's and the collation's, and exit (with --format json: as the key identity; with -l and ordering options: theirs)"
        ),
        OptionSpec(
            .completions, long: "completions", value: "SHELL", group: .information,
            kind: .choice(Completions.Shell.allCases.map(\.rawValue)),
            commands: CommandKind.all,
            help: "print a completion script for bash, zsh or fish and exit"),
        OptionSpec(
            .generateManPage, long: "generate-manpage", group: .information, commands: CommandKind.all,
            help: "print the man page, sectionsort.1, and exit"),
    ]

    /// The declaration of `id`.
    static func spec(_ id: OptionID) -> OptionSpec { byID[id]! }

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
    static let byShort = Dictionary(uniqueKeysWithValues: all.compactMap { spec in spec.short.map { ($0, spec) } })
    static let byLong = Dictionary(uniqueKeysWithValues: all.compactMap { spec in spec.long.map { ($0, spec) } })
}

/// The options, by what they mean (``OptionTable`` declares each).
enum OptionID: Hashable, Sendable {
    case by, check, checkQuietly, merge, emitKeys, fromKeys
    case inputFormat, key, then, reading, header, headerFile, noHeader, lossy
    case locale, indexLocales, ignoreCase, ignoreAccents, numeric, ignorePunctuation, normalize, caseFirst, ignoreArticles
    case descending, chineseNames, otherFirst, unique
    case unit, timeZone, dateFormat
    case grep
    case output, format, part, partOffset, zeroTerminated
    case threads, memoryLimit, temporaryDirectory, compressProgram, quiet, verbose
    case help, version, completions, generateManPage
}
