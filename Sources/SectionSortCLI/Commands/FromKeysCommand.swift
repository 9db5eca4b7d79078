/// `--from-keys`: sections from byte-sorted key records (``SectionsFromKeys``).
struct FromKeysCommand: Command {
    let context: CommandContext

    func run() throws(CLIError) {
        context.phases.enter("merging key records and writing")
        try context.writing { (output) throws(CLIError) in
            try SectionsFromKeys(options: context.options, progress: context.progress, output: output).run()
        }
    }
}
