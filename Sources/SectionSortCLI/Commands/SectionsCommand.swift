/// Alphabetical sections, the default command: in memory, in the compact layout or through sorted
/// runs (``AlphabeticalSort``).
struct SectionsCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        context.phases.enter("starting (options, collation)")
        let collation = try context.makeCollation()
        let budget = context.budget
        try context.writing { (output) throws(CLIError) in
            try AlphabeticalSort(context: context, collation: collation, budget: budget, output: output).run()
        }
    }
}
