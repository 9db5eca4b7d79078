/// `--by date`: sections of periods (``runDateMode(_:progress:output:)``).
struct DateSectionsCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        context.phases.enter("reading and sorting")
        try context.writing { (output) throws(CLIError) in try runDateMode(context.options, progress: context.progress, output: output) }
    }
}
