import SectionSort

/// `-m`, `--merge`: inputs that are each in sectionsort's order already become one output without
/// being sorted again, as `sort -m` does; each record's key is checked against the one before it
/// in its input, and a record out of order is a data error naming it (before anything is written). Equal
/// keys come in the order of the inputs, as the sort of their concatenation would give them.
///
/// Each input is held in memory while the merge runs, with its keys (about the input's size and
/// its keys'); only the sort itself is saved.
struct MergeCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        let options = context.options
        context.phases.enter("starting (options, collation)")
        let collation = try context.makeCollation()
        let sectioning = context.sectioning
        context.phases.enter("reading and computing keys")
        var inputs: [(records: RecordSet, keys: OrderingKeys)] = []
        var header: [UInt8]?
        for path in options.inputs {
            var single = options
            single.inputs = [path]
            var batches = RecordBatches(options: single, budget: .max)
            try batches.forEach(progress: context.progress) { (batch, _, batchHeader) throws(CLIError) in
                if header == nil { header = batchHeader }
                let keys = OrderingKeys(of: batch, collation: collation, sectioning: sectioning)
                // Checked before anything is written: on a data error, the output stays empty.
                for index in keys.ranks.indices.dropFirst() where OrderingKeys.compare(keys.key(index), keys.key(index - 1)) < 0 {
                    throw .data(
                        "the input is not in sectionsort's order (this record sorts before the one above it): -m merges sorted inputs; sort it first",
                        at: batch.location(ofRecord: index))
                }
                inputs.append((batch, keys))
            }
        }
        let titles = collation.sectionTitlesInDisplayOrder(sectioning)
        context.phases.enter("merging and writing")
        try context.writing { (output) throws(CLIError) in
            let writer = try SectionWriter(
                output: output, format: options.outputFormat, inputFormat: options.inputFormat,
                context: .alphabetical(locale: collation.locale, indexTitles: collation.sectionTitles), header: header)
            var next = [Int](repeating: 0, count: inputs.count)
            var last: (rank: Int, bytes: ArraySlice<UInt8>)?
            while true {
                // The input whose next record comes first; the earlier input on equal keys.
                var best: Int?
                for input in inputs.indices where next[input] < inputs[input].keys.count {
                    guard let chosen = best else { best = input; continue }
                    let order = OrderingKeys.compare(inputs[input].keys.key(next[input]), inputs[chosen].keys.key(next[chosen]))
                    if order < 0 { best = input }
                }
                guard let input = best else { break }
                let index = next[input]
                let (records, keys) = inputs[input]
                let key = keys.key(index)
                next[input] += 1
                if let last, options.unique, OrderingKeys.compare(key, last) == 0 { continue }
                if last == nil || last!.rank != key.rank { try writer.startSection(title: titles[key.rank]) }
                last = key
                try records.bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
                    try writer.write(record: UnsafeBufferPointer(rebasing: bytes[records.spans[index]]))
                }
            }
            try writer.finish()
        }
    }
}
