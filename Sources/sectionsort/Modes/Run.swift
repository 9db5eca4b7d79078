import Foundation
@_spi(CommandLine) import SectionSort

/// The program: options → batches of records → sections (in memory, or through sorted runs on
/// disk) → output. Errors end it with a sysexits code and one line on standard error; on a data
/// error nothing is written to standard output.
func run() throws(CLIError) {
    let phases = PhaseTimes(enabled: CommandLine.arguments.contains { $0 == "-v" || $0 == "--verbose" })
    phases.enter("starting (options, collation)")
    let options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    if options.showHelp || options.showVersion {
        // Through the checked output, so that `--help > /dev/full` fails as a write error.
        let output = BufferedOutput()
        try output.write((options.showHelp ? CommandLineOptions.help : CommandLineOptions.version) + "\n")
        return try output.flush()
    }

    if options.mode == .date { return try runDateMode(options) }

    let localeID = options.locale ?? "en_US"
    let collation: IndexedCollation
    do {
        collation = try IndexedCollation(locale: localeID, options: CollationOptions(
            ignoresCase: options.ignoreCase, ignoresAccents: options.ignoreAccents, numeric: options.numeric,
            otherSection: options.otherFirst ? .first : .last))
    } catch {
        // ICU refuses the name itself (not a locale identifier at all): a usage error, not ours.
        throw .usage("unknown locale '\(Echo.bounded(localeID))': \(error.description)")
    }
    if collation.isFallback {
        throw .usage("unknown locale '\(localeID)': ICU has no data for it")
    }
    let sectioning = SectioningOptions(order: options.descending ? .descending : .ascending, threads: options.threads,
                                       readsChineseNames: options.chineseNames)
    let budget = MemoryBudget.resolve(limit: options.memoryLimit, inputs: options.inputs)
    let progress = ProgressLine(enabled: !options.quiet)
    defer { progress.finish() }
    if options.emitKeys {
        return try emitKeys(options, budget: budget, collation: collation, sectioning: sectioning, progress: progress)
    }
    try AlphabeticalSort(options: options, collation: collation, sectioning: sectioning, budget: budget, progress: progress,
                         phases: phases).run()
    phases.report()
}
