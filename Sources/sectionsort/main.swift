import Foundation
import SectionSort

/// The program: options → records → sections → output. Errors end it with a sysexits code and one
/// line on standard error; on a data error nothing is written to standard output.
func run() async throws(CLIError) {
    let options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    if options.showHelp { print(CommandLineOptions.help); return }
    if options.showVersion { print(CommandLineOptions.version); return }

    if options.mode == .date { return try await runDateMode(options) }

    let localeID = options.locale ?? "en_US"
    let collation: IndexedCollation
    do {
        collation = try IndexedCollation(locale: localeID, options: CollationOptions(
            ignoresCase: options.ignoreCase, ignoresAccents: options.ignoreAccents, numeric: options.numeric,
            otherSection: options.otherFirst ? .first : .last))
    } catch {
        throw CLIError(code: .software, message: error.description)
    }
    if collation.isFallback {
        throw .usage("unknown locale '\(localeID)': ICU has no collation data for it and would fall back to root")
    }

    let progress = ProgressLine(enabled: !options.quiet)
    let records = try readRecords(options, progress: progress)
    let sectioning = SectioningOptions(order: options.descending ? .descending : .ascending, threads: options.threads)
    let output = BufferedOutput()

    if options.emitKeys {
        try emitKeys(records, collation: collation, options: sectioning, output: output)
        progress.finish()
        return
    }

    let list: SectionedList<Int>
    do {
        let keys = records.keys
        var secondary: (@Sendable (Int) -> String)?
        if let secondaryKeys = records.secondaryKeys { secondary = { @Sendable in secondaryKeys[$0] } }
        list = try await collation.sections(
            of: Array(keys.indices), by: { keys[$0] },
            then: secondary,
            options: sectioning,
            progress: { report in
                switch report.phase {
                case .computingKeys: progress.update("computing keys", done: report.completed, total: report.total)
                case .sorting: progress.update("sorting", done: report.completed, total: report.total)
                case .finished: break
                }
            })
    } catch {
        throw CLIError(code: .software, message: "sectioning failed: \(error)")
    }
    progress.finish()
    try SectionWriter(records: records, inputFormat: options.inputFormat, output: output)
        .write(list, format: options.outputFormat, context: .alphabetical(locale: collation.locale))
}

/// `--by date`: parse each key as an instant, group by period in the time zone.
func runDateMode(_ options: CommandLineOptions) async throws(CLIError) {
    let zoneName = options.timeZone ?? TimeZone.current.identifier
    let unit = DateUnit(rawValue: options.unit.rawValue)!
    let locale = Locale(identifier: options.locale ?? "en_US")
    let sectioning: DateSectioning
    do {
        sectioning = try DateSectioning(unit: unit, locale: locale, timeZoneIdentifier: zoneName)
    } catch {
        throw .usage("unknown time zone '\(zoneName)' (use an IANA name such as Europe/Stockholm or UTC)")
    }
    var dateSectioning = sectioning
    dateSectioning.order = options.descending ? .descending : .ascending
    dateSectioning.threads = options.threads
    let progress = ProgressLine(enabled: !options.quiet)
    let records = try readRecords(options, progress: progress)
    let instants = try parseInstants(records, format: options.dateFormat, timeZone: sectioning.calendar.timeZone,
                                     keysAreWholeLines: options.inputFormat == .lines)
    let list = dateSectioning.sections(of: Array(instants.indices), by: { instants[$0] })
    progress.finish()
    try SectionWriter(records: records, inputFormat: options.inputFormat, output: BufferedOutput())
        .write(list, format: options.outputFormat, context: .dates(timeZone: sectioning.calendar.timeZone, unit: unit))
}

/// The instant of every record's key; the first that does not parse is a data error.
func parseInstants(_ records: RecordSet, format: String?, timeZone: TimeZone, keysAreWholeLines: Bool) throws(CLIError) -> [Date] {
    var instants: [Date] = []
    instants.reserveCapacity(records.count)
    if let format {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        formatter.isLenient = false
        for (index, key) in records.keys.enumerated() {
            guard let date = formatter.date(from: key) else {
                throw .data("'\(key)' does not match the date format '\(format)'", at: records.location(ofRecord: index))
            }
            instants.append(date)
        }
        return instants
    }
    for (index, key) in records.keys.enumerated() {
        do throws(Timestamp.ParseError) {
            instants.append(try Timestamp.parse(key))
        } catch {
            let column = key.utf8.prefix(error.offset).count + 1
            throw .data("not an ISO 8601 timestamp ('\(key)'): \(error.message)",
                        at: records.location(ofRecord: index, column: keysAreWholeLines ? column : 1))
        }
    }
    return instants
}


func readRecords(_ options: CommandLineOptions, progress: ProgressLine) throws(CLIError) -> RecordSet {
    var set = RecordSet()
    for path in options.inputs {
        let input = try InputData.read(path)
        let decoder = KeyDecoder(lossy: options.lossy, file: input.name)
        switch options.inputFormat {
        case .lines:
            try LineReader.read(input, decoder: decoder, threads: options.threads, into: &set)
        case .csv, .tsv:
            try DelimitedReader(delimiter: options.inputFormat == .csv ? 0x2C : 0x09, keyColumn: options.key!,
                                secondaryColumn: options.then, decoder: decoder).read(input, into: &set)
        case .jsonl:
            try JSONLinesReader(keyField: options.key!, secondaryField: options.then, decoder: decoder)
                .read(input, into: &set)
        }
        progress.update("reading", done: set.count, total: nil)
    }
    return set
}

/// SECTION<TAB>KEY<TAB>POSITION<TAB>RECORD per record, in input order; fixed-width numbers so that
/// a plain byte-order sort of the lines is sectionsort's order.
func emitKeys(_ records: RecordSet, collation: IndexedCollation, options: SectioningOptions, output: BufferedOutput) throws(CLIError) {
    for position in 0..<records.count {
        let ordering = collation.orderingKey(primary: records.keys[position], secondary: records.secondaryKeys?[position], options: options)
        let section = String(ordering.sectionRank), number = String(position)
        try output.write(String(repeating: "0", count: max(0, 5 - section.count)) + section + "\t"
                         + OutputEncoding.hex(ordering.key) + "\t"
                         + String(repeating: "0", count: max(0, 12 - number.count)) + number + "\t")
        try records.bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
            try output.write(UnsafeBufferPointer(rebasing: bytes[records.spans[position]]))
        }
        try output.write(byte: 0x0A)
    }
    try output.flush()
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("sectionsort: \(error.message)\n".utf8))
    if error.code == .usage { FileHandle.standardError.write(Data("Try 'sectionsort --help' for more information.\n".utf8)) }
    exit(error.code.rawValue)
}
