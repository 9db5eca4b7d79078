/// `--emit-keys`: key records for a byte-order sort elsewhere (``emitKeys(_:budget:collation:sectioning:progress:output:)``).
struct EmitKeysCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        context.phases.enter("starting (options, collation)")
        let collation = try context.makeCollation()
        let budget = context.budget
        context.phases.enter("computing keys")
        try context.writing { (output) throws(CLIError) in
            try emitKeys(
                context.options, budget: budget, collation: collation, sectioning: context.sectioning, progress: context.progress,
                output: output)
        }
    }
}
