import SectionSort

/// `-m`, `--merge`: inputs that are each in sectionsort's order already become one output without
/// being sorted again, as `sort -m` does. The inputs are read side by side, a batch of each at a
/// time, and each record's key is checked against the one before it in its input as it is merged:
/// a record out of order is a data error naming it. Records with equal keys come in the order of
/// the inputs, as the sort of their concatenation would give them.
///
/// Like `--from-keys`, the output is written as the inputs are merged, so a data error found
/// midway leaves what came before it on standard output (with `-o FILE`, FILE is not touched).
struct MergeCommand: Command {
    let context: CommandContext

    /// One input being merged: its current batch, the batch's keys, and the next record.
    private struct Stream {
        var batches: RecordBatches
        var records = RecordSet()
        var keys: OrderingKeys?
        var next = 0
        var isAtEnd = false
        /// The key of the record merged last from this input, to check the next one against.
        var previous: PreviousOrderingKey
    }

    func run() throws(CLIError) {
        let options = context.options
        context.phases.enter("starting (options, collation)")
        // Each input's batches take an equal share of the budget.
        let share = max(1 << 16, context.memoryPlan.budget / max(1, options.inputs.count))
        var streams: [Stream] = options.inputs.map { path in
            var single = options
            single.inputs = [path]
            return Stream(
                batches: RecordBatches(options: single, budget: share),
                previous: PreviousOrderingKey(spillingUnder: options.temporaryDirectory))
        }
        let collation = try context.makeCollation { () throws(CLIError) in
            var firsts: [RecordSet] = []
            for index in streams.indices { firsts.append(try streams[index].batches.peek(progress: context.progress)) }
            return firsts
        }
        let sectioning = context.sectioning
        func load(_ index: Int) throws(CLIError) {
            while streams[index].next == streams[index].records.count && !streams[index].isAtEnd {
                guard let next = try streams[index].batches.next(progress: context.progress) else {
                    streams[index].isAtEnd = true
                    streams[index].keys = nil
                    streams[index].records = RecordSet()
                    return
                }
                streams[index].records = next.batch
                streams[index].keys = OrderingKeys(of: next.batch, collation: collation, sectioning: sectioning)
                streams[index].next = 0
            }
        }
        for index in streams.indices { try load(index) }
        let header = streams.lazy.compactMap(\.batches.header).first
        let titles = collation.sectionTitlesInDisplayOrder(sectioning)
        context.phases.enter("merging and writing")
        try context.writing { (output) throws(CLIError) in
            let writer = try SectionWriter(
                output: output, format: options.outputFormat, inputFormat: options.inputFormat,
                context: .alphabetical(locale: collation.locale, indexTitles: collation.sectionTitles), header: header)
            // The section of the record written last, and with `-u` its key, to leave out the
            // records with an equal one.
            var lastRank: Int?
            var last = PreviousOrderingKey(spillingUnder: options.temporaryDirectory)
            // The input whose next record comes first, the earlier input on equal keys: the runs'
            // loser tree.
            try LoserTree.merge(
                count: streams.count, isExhausted: { streams[$0].isAtEnd },
                compare: { streams[$0].keys!.compare(streams[$0].next, with: streams[$1].keys!, streams[$1].next) }
            ) { (index) throws(CLIError) in
                let stream = streams[index]
                try stream.keys!.withKey(stream.next) { (rank, key) throws(CLIError) in
                    if let order = try stream.previous.compare(rank: rank, key), order < 0 {
                        throw .data(
                            "the input is not in sectionsort's order (this record sorts before the one above it): -m merges sorted inputs; sort it first",
                            at: stream.records.location(ofRecord: stream.next))
                    }
                    // Kept apart from the batch, which is gone when the next one comes.
                    try streams[index].previous.remember(rank: rank, key)
                    if options.unique, let order = try last.compare(rank: rank, key), order == 0 { return }
                    if lastRank != rank { try writer.startSection(title: titles[rank]) }
                    try stream.records.bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
                        try writer.write(record: UnsafeBufferPointer(rebasing: bytes[stream.records.spans[stream.next]]))
                    }
                    lastRank = rank
                    if options.unique { try last.remember(rank: rank, key) }
                }
                streams[index].next += 1
                try load(index)
            }
            try writer.finish()
        }
    }
}
