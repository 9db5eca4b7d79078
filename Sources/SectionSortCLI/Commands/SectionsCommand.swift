/// Alphabetical sections, the default command: in memory, in the compact layout or through sorted
/// runs (``AlphabeticalSort``).
struct SectionsCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        context.phases.enter("starting (options, collation)")
        let plan = context.memoryPlan
        var batches = RecordBatches(options: context.options, budget: plan.firstBatchBudget)
        let collation = try context.makeCollation { () throws(CLIError) in [try batches.peek(progress: context.progress)] }
        try context.writing { (output) throws(CLIError) in
            try AlphabeticalSort(context: context, collation: collation, plan: plan, output: output).run(batches)
        }
    }
}
