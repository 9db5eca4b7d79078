/// Reads every input in order and hands its records over in batches that each fit a memory
/// budget: one batch for inputs that fit, several (each to be sorted into a run) for larger ones.
struct RecordBatches {
    let options: CommandLineOptions
    /// The most a batch may take to sort in memory (``RecordSet/estimatedSortingMemory``).
    let budget: Int
    /// The header row of csv and tsv inputs (from the first input), once read.
    private(set) var header: [UInt8]?

    init(options: CommandLineOptions, budget: Int) {
        self.options = options
        self.budget = budget
    }

    /// Calls `body` with each batch, in input order; `isLast` is true for the final one (which may
    /// be empty), and `header` is the csv or tsv header row of the first input, once read. After
    /// `body` returns, the batch is gone.
    mutating func forEach(progress: ProgressLine,
                          _ body: (_ batch: RecordSet, _ isLast: Bool, _ header: [UInt8]?) throws(CLIError) -> Void) throws(CLIError) {
        var batch = RecordSet()
        var recordsRead = 0
        // Reads take a fraction of the budget, so that a batch fills it in a few reads.
        let readSize = max(1 << 16, budget / 8)
        for path in options.inputs {
            let input = try InputSource(path: path)
            var parser = Parser(options)
            var carried: [UInt8] = []
            var line = 1
            while true {
                let block = try input.read(upTo: readSize)
                let data = carried.isEmpty ? block : carried + block
                let isFinal = input.isAtEnd
                let before = batch.count
                let consumed = try parser.read(data, isFinal: isFinal, name: input.name, line: line, into: &batch)
                if header == nil, let parsed = parser.header { header = parsed }
                recordsRead += batch.count - before
                progress.update("reading", done: recordsRead, total: nil)
                if !isFinal {
                    // Only later reads of this input need the line number they start on.
                    line += data.withUnsafeBufferPointer { LineReader.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[0..<consumed])) }
                    carried = Array(data[consumed...])
                }
                if batch.estimatedSortingMemory >= budget {
                    try body(batch, false, header)
                    batch = RecordSet()
                }
                if isFinal { break }
            }
        }
        try body(batch, true, header)
    }

    /// The reader of one input's format.
    private struct Parser {
        private var delimited: DelimitedReader?
        private let options: CommandLineOptions
        private let decoder: KeyDecoder

        init(_ options: CommandLineOptions) {
            self.options = options
            decoder = KeyDecoder(lossy: options.lossy)
            if options.inputFormat == .csv || options.inputFormat == .tsv {
                delimited = DelimitedReader(delimiter: options.inputFormat == .csv ? 0x2C : 0x09, keyColumn: options.key!,
                                            secondaryColumn: options.then, readingColumn: options.reading, decoder: decoder)
            }
        }

        var header: [UInt8]? { delimited?.header }

        mutating func read(_ data: [UInt8], isFinal: Bool, name: String, line: Int, into batch: inout RecordSet) throws(CLIError) -> Int {
            switch options.inputFormat {
            case .lines:
                return try LineReader.read(data, isFinal: isFinal, name: name, line: line, decoder: decoder, threads: options.threads, into: &batch)
            case .csv, .tsv:
                return try delimited!.read(data, isFinal: isFinal, name: name, line: line, into: &batch)
            case .jsonl:
                return try JSONLinesReader(keyField: options.key!, secondaryField: options.then, readingField: options.reading, decoder: decoder)
                    .read(data, isFinal: isFinal, name: name, line: line, into: &batch)
            }
        }
    }
}
