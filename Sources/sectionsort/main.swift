import Foundation
@_spi(CommandLine) import SectionSort

/// The program: options → batches of records → sections (in memory, or through sorted runs on
/// disk) → output. Errors end it with a sysexits code and one line on standard error; on a data
/// error nothing is written to standard output.
func run() async throws(CLIError) {
    let phases = PhaseTimes(enabled: CommandLine.arguments.contains { $0 == "-v" || $0 == "--verbose" })
    phases.enter("starting (options, collation)")
    let options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    if options.showHelp { print(CommandLineOptions.help); return }
    if options.showVersion { print(CommandLineOptions.version); return }

    if options.mode == .date { return try runDateMode(options) }

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
    let sectioning = SectioningOptions(order: options.descending ? .descending : .ascending, threads: options.threads)
    let budget = MemoryBudget.resolve(limit: options.memoryLimit, inputs: options.inputs)
    let progress = ProgressLine(enabled: !options.quiet)
    defer { progress.finish() }
    if options.emitKeys {
        return try emitKeys(options, budget: budget, collation: collation, sectioning: sectioning, progress: progress)
    }
    try AlphabeticalSort(options: options, collation: collation, sectioning: sectioning, budget: budget, progress: progress,
                         phases: phases).run()
    phases.report()
}

/// `--by date`: parse each key as an instant, group by period in the time zone.
func runDateMode(_ options: CommandLineOptions) throws(CLIError) {
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
    var records = RecordSet(), header: [UInt8]?
    var batches = RecordBatches(options: options, budget: .max)
    try batches.forEach(progress: progress) { batch, _, batchHeader in
        records = batch
        header = batchHeader
    }
    let instants = try parseInstants(records, format: options.dateFormat, timeZone: sectioning.calendar.timeZone,
                                     keysAreWholeLines: options.inputFormat == .lines)
    let list = dateSectioning.sections(of: Array(instants.indices), by: { instants[$0] })
    progress.finish()
    let writer = try SectionWriter(output: BufferedOutput(), format: options.outputFormat, inputFormat: options.inputFormat,
                                   context: .dates(timeZone: sectioning.calendar.timeZone, unit: unit), header: header)
    try records.bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
        for section in list {
            try writer.startSection(title: section.title, period: section.period)
            for record in section { try writer.write(record: UnsafeBufferPointer(rebasing: bytes[records.spans[record]])) }
        }
    }
    try writer.finish()
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
        for index in 0..<records.count {
            let key = records.key(at: index)
            guard let date = formatter.date(from: key) else {
                throw .data("'\(key)' does not match the date format '\(format)'", at: records.location(ofRecord: index))
            }
            instants.append(date)
        }
        return instants
    }
    for index in 0..<records.count {
        let key = records.key(at: index)
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

/// SECTION<TAB>KEY<TAB>POSITION<TAB>RECORD per record, in input order; fixed-width numbers so that
/// a plain byte-order sort of the lines is sectionsort's order. Keys are computed in parallel, a
/// window of records at a time, and written in order.
func emitKeys(_ options: CommandLineOptions, budget: Int, collation: IndexedCollation, sectioning: SectioningOptions,
              progress: ProgressLine) throws(CLIError) {
    let output = BufferedOutput()
    var batches = RecordBatches(options: options, budget: budget)
    var recordsBefore = 0
    try batches.forEach(progress: progress) { (batch, _, _) throws(CLIError) in
        let keys = batch.utf8Keys
        let chunkSize = 4096
        for window in stride(from: 0, to: batch.count, by: 1 << 18) {
            let items = window..<min(batch.count, window + (1 << 18))
            let lines = ResultSlots<[UInt8]>(count: (items.count + chunkSize - 1) / chunkSize, repeating: [])
            let base = recordsBefore
            do {
                try collation.forEachOrderingKey(of: keys, in: items, options: sectioning, chunkSize: chunkSize) { chunk, keyOf in
                    var text: [UInt8] = []
                    batch.bytes.withUnsafeBufferPointer { bytes in
                        for item in chunk {
                            let (rank, key) = keyOf(item)
                            appendPadded(rank, width: 5, to: &text)
                            text.append(0x09)
                            OutputEncoding.appendHex(key, to: &text)
                            text.append(0x09)
                            appendPadded(base + item, width: 12, to: &text)
                            text.append(0x09)
                            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[batch.spans[item]]))
                            text.append(0x0A)
                        }
                    }
                    let slot = (chunk.lowerBound - items.lowerBound) / chunkSize
                    lines[slot] = text
                }
            } catch {
                throw CLIError(code: .software, message: "computing keys failed: \(error)")
            }
            for text in lines.elements {
                try text.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
            }
            progress.update("writing keys", done: recordsBefore + items.upperBound, total: nil)
        }
        recordsBefore += batch.count
    }
    try output.flush()
}

/// `value` in decimal, zero-padded to `width` digits.
private func appendPadded(_ value: Int, width: Int, to text: inout [UInt8]) {
    let digits = Array(String(value).utf8)
    if digits.count < width { text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
    text.append(contentsOf: digits)
}

do {
    try await run()
} catch {
    // Interrupted: the signal handler is removing the runs and ends the program itself.
    while TemporaryDirectory.interrupted.load(ordering: .sequentiallyConsistent) { pause() }
    FileHandle.standardError.write(Data("sectionsort: \(error.message)\n".utf8))
    if error.code == .usage { FileHandle.standardError.write(Data("Try 'sectionsort --help' for more information.\n".utf8)) }
    exit(error.code.rawValue)
}
