/// Alphabetical sections, the default command: in memory, in the compact layout or through sorted
/// runs (``AlphabeticalSort``).
struct SectionsCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        context.phases.enter("starting (options, collation)")
        let budget = context.budget
        var batches = AlphabeticalSort.batches(context.options, budget: budget)
        let collation = try context.makeCollation { () throws(CLIError) in [try batches.peek(progress: context.progress)] }
        try context.writing { (output) throws(CLIError) in
            try AlphabeticalSort(context: context, collation: collation, budget: budget, output: output).run(batches)
        }
    }
}
