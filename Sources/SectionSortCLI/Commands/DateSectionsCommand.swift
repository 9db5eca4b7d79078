/// `--by date`: sections of periods (``runDateMode(_:output:)``).
struct DateSectionsCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        context.phases.enter("reading and sorting")
        try context.writing { (output) throws(CLIError) in try runDateMode(context.options, output: output) }
    }
}
