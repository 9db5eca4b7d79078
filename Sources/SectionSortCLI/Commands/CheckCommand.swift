import SectionSort

/// `-c`, `--check` and `-C`: whether the input is in sectionsort's order, as `sort -c` tells:
/// exit 0 if it is, else exit 1 naming `FILE:LINE` of the first record out of order (`-C`: only
/// the status). With `-u`, records with equal keys are out of order too.
struct CheckCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        let options = context.options
        guard options.inputs.count == 1 else {
            throw .usage("--check reads one input, not \(options.inputs.count) (merge them with -m, or check each)")
        }
        context.phases.enter("starting (options, collation)")
        var batches = RecordBatches(options: options, budget: context.memoryPlan.budget)
        let collation = try context.makeCollation { () throws(CLIError) in [try batches.peek(progress: context.progress)] }
        let sectioning = context.sectioning
        var previous = PreviousOrderingKey(spillingUnder: options.temporaryDirectory)
        context.phases.enter("reading and checking")
        try batches.forEach(progress: context.progress) { (batch, _, _) throws(CLIError) in
            let keys = OrderingKeys(of: batch, collation: collation, sectioning: sectioning)
            for index in 0..<keys.count {
                try keys.withKey(index) { (rank, key) throws(CLIError) in
                    if let order = try previous.compare(rank: rank, key), order < 0 || (order == 0 && options.unique) {
                        let location = batch.location(ofRecord: index)
                        let record = batch.bytes[batch.spans[index]]
                        throw CLIError(
                            code: .unsorted,
                            message: options.checkQuietly
                                ? ""
                                : "\(location.file):\(location.line): disorder: \(Echo.bounded(String(decoding: record, as: UTF8.self)))")
                    }
                    // Kept apart from the batch, which is gone when the next one comes.
                    try previous.remember(rank: rank, key)
                }
            }
        }
        context.progress.finish()
        context.phases.report()
    }
}
