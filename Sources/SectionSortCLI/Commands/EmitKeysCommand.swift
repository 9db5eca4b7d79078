/// `--emit-keys`: key records for a byte-order sort elsewhere (``emitKeys(_:batches:budget:collation:sectioning:progress:output:)``).
struct EmitKeysCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        context.phases.enter("starting (options, collation)")
        let budget = context.memoryPlan.budget
        var batches = RecordBatches(options: context.options, budget: budget)
        let collation = try context.makeCollation { () throws(CLIError) in [try batches.peek(progress: context.progress)] }
        context.phases.enter("computing keys")
        try context.writing { (output) throws(CLIError) in
            try emitKeys(
                context.options, batches: batches, budget: budget, collation: collation, sectioning: context.sectioning,
                progress: context.progress, output: output)
        }
    }
}
