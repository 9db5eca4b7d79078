import Foundation
import SectionSort

/// `--by date`: parse each key as an instant, group by period in the time zone.
func runDateMode(_ options: CommandLineOptions, progress: ProgressLine, output: BufferedOutput) throws(CLIError) {
    let zoneName = options.timeZone ?? TimeZone.current.identifier
    let unit = DateUnit(rawValue: options.unit.rawValue)!
    let locale = Locale(identifier: options.locale)
    let sectioning: DateSectioning
    do {
        sectioning = try DateSectioning(unit: unit, locale: locale, timeZoneIdentifier: zoneName)
    } catch {
        throw .usage("unknown time zone '\(Echo.bounded(zoneName))' (use an IANA name such as Europe/Stockholm or UTC)")
    }
    if sectioning.isFallback {
        throw .usage("unknown locale '\(locale.identifier)': ICU has no data for it")
    }
    var dateSectioning = sectioning
    dateSectioning.order = options.descending ? .reverse : .forward
    dateSectioning.threads = options.threads
    var records = RecordSet(), header: [UInt8]?
    var batches = RecordBatches(options: options, budget: .max)
    try batches.forEach(progress: progress) { batch, _, batchHeader in
        records = batch
        header = batchHeader
    }
    let instants = try parseInstants(
        records, format: options.dateFormat, timeZone: sectioning.calendar.timeZone,
        keysAreWholeLines: options.inputFormat == .lines)
    let list = dateSectioning.sections(of: Array(instants.indices), by: { instants[$0] })
    progress.finish()
    let writer = try SectionWriter(
        output: output, format: options.outputFormat, inputFormat: options.inputFormat,
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
        // ISO 8601's proleptic Gregorian calendar for every year, as for timestamps: without a
        // change date this far back, the formatter reads dates before 1582-10-15 as Julian ones.
        formatter.gregorianStartDate = Date(timeIntervalSinceReferenceDate: -1e15)
        for index in 0..<records.count {
            let key = records.key(at: index)
            guard let date = formatter.date(from: key) else {
                throw .data(
                    "'\(Echo.bounded(key))' does not match the date format '\(Echo.bounded(format))'", at: records.location(ofRecord: index)
                )
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
            throw .data(
                "not an ISO 8601 timestamp ('\(Echo.bounded(key))'): \(error.message)",
                at: records.location(ofRecord: index, column: keysAreWholeLines ? column : 1))
        }
    }
    return instants
}
