/// Reads every input in order and hands its records over in batches that each fit a memory
/// budget: one batch for inputs that fit, several (each to be sorted into a run) for larger ones.
/// Batches are pulled one at a time (``next(progress:)``, which `--merge` uses to read several
/// inputs side by side) or pushed to a closure (``forEach(progress:_:)``).
struct RecordBatches {
    let options: CommandLineOptions
    /// The most a batch may take to sort in memory (``RecordSet/estimatedSortingMemory``); a
    /// change applies to the batches read after it.
    var budget: Int
    /// The header row of csv and tsv inputs (from the first input), once read.
    private(set) var header: [UInt8]?

    /// The input being read, and where in it.
    private struct Reading {
        let input: InputSource
        var parser: Parser
        /// The bytes carried from the last read (a record not yet whole).
        var carried: [UInt8] = []
        var line = 1
        var nextReadSize: Int
        var isFirstRead = true
        /// Whether the next read stops at a line feed (see ``readOnce(progress:)``).
        var stopsAtLineFeed = false
    }

    private var nextInput = 0
    private var reading: Reading?
    private var batch = RecordSet()
    private var recordsRead = 0
    private var isFinished = false
    private var givenHeader: (bytes: [UInt8], isFinal: Bool, name: String)??
    private var firstColumns: (input: String, names: [String])?
    /// The batch ``peek(progress:)`` read, which ``next(progress:)`` hands over first.
    private var readAhead: (batch: RecordSet, isLast: Bool, header: [UInt8]?)?

    init(options: CommandLineOptions, budget: Int) {
        self.options = options
        self.budget = budget
    }

    /// Reads take a fraction of the budget, so that a batch fills it in a few reads.
    private var readSize: Int { max(1 << 16, budget / 8) }

    /// The size of the next read of `input`, at least `minimum`: ``readSize``, or the rest of a
    /// file that ends within an eighth of a read past it. A short last read would be appended to
    /// the batch of the one before, which copies all of that batch into a larger block.
    private func readSize(of input: InputSource, atLeast minimum: Int = 0) -> Int {
        let size = max(readSize, minimum)
        if let left = input.bytesLeft, left > size, left <= size + size / 8 { return left }
        return size
    }

    /// Calls `body` with each batch, in input order; `isLast` is true for the final one (which may
    /// be empty), and `header` is the csv or tsv header row of the first input, once read. After
    /// `body` returns, the batch is gone.
    mutating func forEach(
        progress: ProgressLine,
        _ body: (_ batch: RecordSet, _ isLast: Bool, _ header: [UInt8]?) throws(CLIError) -> Void
    ) throws(CLIError) {
        while let next = try next(progress: progress) { try body(next.batch, next.isLast, next.header) }
    }

    /// The first batch, read before any is handed over (``next(progress:)`` then gives it first):
    /// what `--index-locales auto` chooses from before the records are keyed.
    mutating func peek(progress: ProgressLine) throws(CLIError) -> RecordSet {
        if readAhead == nil { readAhead = try next(progress: progress) }
        return readAhead?.batch ?? RecordSet()
    }

    /// The next batch, as ``forEach(progress:_:)`` hands them over; nil after the last.
    mutating func next(progress: ProgressLine) throws(CLIError) -> (batch: RecordSet, isLast: Bool, header: [UInt8]?)? {
        if let ahead = readAhead {
            readAhead = nil
            return ahead
        }
        guard !isFinished else { return nil }
        if givenHeader == nil { givenHeader = .some(try Self.givenHeader(options)) }
        while true {
            if reading == nil {
                guard nextInput < options.inputs.count else {
                    isFinished = true
                    defer { batch = RecordSet() }
                    return (batch, true, header)
                }
                let input = try InputSource(path: options.inputs[nextInput])
                nextInput += 1
                reading = Reading(input: input, parser: try Parser(options, header: givenHeader!), nextReadSize: readSize(of: input))
            }
            if let current = reading, current.nextReadSize >= budget && !batch.isEmpty {
                // A record longer than a batch comes next: the records before it go first, so that
                // it is not copied beside them into one batch (its own batch is handed over right
                // after it is read anyway).
                defer { batch = RecordSet() }
                return (batch, false, header)
            }
            try readOnce(progress: progress)
            if batch.estimatedSortingMemory >= budget {
                defer { batch = RecordSet() }
                return (batch, false, header)
            }
        }
    }

    /// One read of the current input, its whole records added to the batch.
    private mutating func readOnce(progress: ProgressLine) throws(CLIError) {
        guard var current = reading else { return }
        // Taken out while it changes, so that its arrays are not copied on write.
        reading = nil
        let input = current.input
        var data = try input.read(upTo: current.nextReadSize, after: current.carried, stoppingAtLineFeed: current.stopsAtLineFeed)
        // Dropped now: a record longer than the limit is held once, not twice, while it is parsed.
        current.carried = []
        if current.isFirstRead && data.starts(with: Self.byteOrderMark) {
            // A UTF-8 byte order mark (Excel's "CSV UTF-8") is not part of the first record.
            data.removeFirst(Self.byteOrderMark.count)
        }
        current.isFirstRead = false
        let isFinal = input.isAtEnd
        let before = batch.count
        let consumed = try current.parser.read(data, isFinal: isFinal, name: input.name, line: current.line, into: &batch)
        if header == nil, let parsed = current.parser.header { header = parsed }
        if let names = current.parser.columnNames, !current.parser.columnsChecked {
            // Several csv or tsv inputs are one table: every header must be the first's.
            if let first = firstColumns, first.names != names {
                throw .data(
                    "the header differs from \(first.input)'s (\(Echo.bounded(names.joined(separator: ", "))) "
                        + "against \(Echo.bounded(first.names.joined(separator: ", ")))): inputs must have the same columns in the same order",
                    at: SourceLocation(file: input.name, line: 1, column: 1))
            }
            if firstColumns == nil { firstColumns = (input.name, names) }
            current.parser.columnsChecked = true
        }
        recordsRead += batch.count - before
        progress.update("reading", done: recordsRead, total: nil)
        if isFinal { return }
        // Only later reads of this input need the line number they start on. Whole lines were
        // consumed, one record each: no need to count them again.
        current.line +=
            options.inputFormat == .lines
            ? batch.count - before
            : data.withUnsafeBufferPointer { LineReader.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[0..<consumed])) }
        // No whole record in the read (a record longer than a read): shared, not copied.
        current.carried = consumed == 0 ? data : Array(data[consumed...])
        // A record longer than a read (one 50 MB line under a small limit): read through its line
        // feed at once where the input can be scanned ahead, else as much again as is carried, so
        // that the bytes re-read and re-scanned stay linear in the record's length, not quadratic.
        // From a pipe that read stops at the first line feed, so that the records after the long
        // one are not read beside it; after a line feed that did not end the record (a csv field
        // of many lines) the next does not, so that what is carried still doubles in two reads.
        if consumed == 0 && current.carried.count >= MemoryPlan.longRecord { LargeBlocks.returnToTheSystemWhenFreed() }
        let rest = consumed == 0 ? input.bytesThroughNextLineFeed() : 0
        current.stopsAtLineFeed = rest == nil && !(current.stopsAtLineFeed && input.stoppedAtLineFeed)
        current.nextReadSize = readSize(of: input, atLeast: max(current.carried.count, rest ?? 0))
        reading = current
    }

    /// The header row of `--header` or `--header-file` (at most its first MiB), and where it is from.
    private static func givenHeader(_ options: CommandLineOptions) throws(CLIError) -> (bytes: [UInt8], isFinal: Bool, name: String)? {
        if let text = options.header { return (Array(text.utf8), true, "--header") }
        guard let path = options.headerFile else { return nil }
        let input = try InputSource(path: path)
        var bytes = try input.read(upTo: 1 << 20)
        if bytes.starts(with: byteOrderMark) { bytes.removeFirst(byteOrderMark.count) }
        return (bytes, input.isAtEnd, input.name)
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The reader of one input's format.
    private struct Parser {
        private var delimited: DelimitedReader?
        private var jsonLines: JSONLinesReader?
        /// Whether the header's columns were compared with the first input's.
        var columnsChecked = false
        private let options: CommandLineOptions
        private let decoder: KeyDecoder

        init(_ options: CommandLineOptions, header: (bytes: [UInt8], isFinal: Bool, name: String)?) throws(CLIError) {
            self.options = options
            decoder = KeyDecoder(lossy: options.lossy)
            if options.inputFormat == .csv || options.inputFormat == .tsv {
                delimited = DelimitedReader(
                    delimiter: options.inputFormat == .csv ? 0x2C : 0x09, keyColumn: options.key!,
                    thenColumns: options.then, readingColumn: options.reading, decoder: decoder, hasHeader: !options.noHeader)
                if let header { try delimited!.readHeader(from: header.bytes, isFinal: header.isFinal, name: header.name) }
            }
            if options.inputFormat == .jsonl {
                jsonLines = JSONLinesReader(
                    keyField: options.key!, thenFields: options.then, readingField: options.reading, decoder: decoder)
            }
        }

        var header: [UInt8]? { delimited?.header }
        var columnNames: [String]? { delimited?.columnNames }

        mutating func read(_ data: [UInt8], isFinal: Bool, name: String, line: Int, into batch: inout RecordSet) throws(CLIError) -> Int {
            switch options.inputFormat {
            case .lines:
                return try LineReader.read(
                    data, isFinal: isFinal, name: name, line: line, decoder: decoder, threads: options.threads, into: &batch)
            case .csv, .tsv:
                return try delimited!.read(data, isFinal: isFinal, name: name, line: line, into: &batch)
            case .jsonl:
                return try jsonLines!.read(data, isFinal: isFinal, name: name, line: line, into: &batch)
            }
        }
    }
}
