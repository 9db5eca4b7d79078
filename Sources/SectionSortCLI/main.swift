import Foundation

// The entry point: resolve the options, pick the command, run it; errors end the program here.
// Synchronous on purpose: the fatal signals are blocked on this thread before any other exists.
FatalSignals.install()
do throws(CLIError) {
    let options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    let context = CommandContext(options: options, phases: PhaseTimes(enabled: options.verbose))
    let command: any Command =
        switch options.information {
        case .help: HelpCommand(text: HelpText.text)
        case .manPage: HelpCommand(text: ManPage.text)
        case .completions(let shell): HelpCommand(text: Completions.script(for: shell))
        case .version: VersionCommand(options: options)
        case nil:
            switch options.command {
            case .sections: SectionsCommand(context: context)
            case .dateSections: DateSectionsCommand(context: context)
            case .emitKeys: EmitKeysCommand(context: context)
            case .fromKeys: FromKeysCommand(context: context)
            case .check: CheckCommand(context: context)
            case .merge: MergeCommand(context: context)
            }
        }
    try command.run()
} catch {
    // A fatal signal may have removed the temporary files under a thread that then failed:
    // the signal's thread ends the program, without a message.
    TemporaryFiles.waitIfExiting()
    if error.code == .brokenPipe { FatalSignals.die(of: SIGPIPE) }
    // One line, usage errors included (GNU tools add a second line; the README promises one).
    if !error.message.isEmpty {
        StandardError.write("sectionsort: \(error.message)\(error.code == .usage ? " (see 'sectionsort --help')" : "")\n")
    }
    exit(error.code.rawValue)
}
