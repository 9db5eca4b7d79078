import Foundation
import SectionSort

/// The program: options → batches of records → sections (in memory, or through sorted runs on
/// disk) → output. Errors end it with a sysexits code and one line on standard error; on a data
/// error nothing is written to standard output.
func run() throws(CLIError) {
    let phases = PhaseTimes(enabled: CommandLine.arguments.contains { $0 == "-v" || $0 == "--verbose" })
    phases.enter("starting (options, collation)")
    let options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    if options.showHelp {
        // Through the checked output, so that `--help > /dev/full` fails as a write error.
        let output = BufferedOutput()
        try output.write(CommandLineOptions.help + "\n")
        return try output.flush()
    }
    if options.showVersion { return try printVersion(options) }
    if options.fromKeys {
        let progress = ProgressLine(enabled: !options.quiet)
        defer { progress.finish() }
        return try SectionsFromKeys(options: options, progress: progress).run()
    }

    if options.mode == .date { return try runDateMode(options) }

    let collation = try makeCollation(options)
    let sectioning = SectioningOptions(
        order: options.descending ? .descending : .ascending, threads: options.threads,
        readsChineseNames: options.chineseNames)
    let budget = MemoryBudget.resolve(limit: options.memoryLimit, inputs: options.inputs, testRoom: options.compactTestRoom)
    let progress = ProgressLine(enabled: !options.quiet)
    defer { progress.finish() }
    if options.emitKeys {
        return try emitKeys(options, budget: budget, collation: collation, sectioning: sectioning, progress: progress)
    }
    try AlphabeticalSort(
        options: options, collation: collation, sectioning: sectioning, budget: budget, progress: progress,
        phases: phases
    ).run()
    phases.report()
}

/// The collation the options ask for; an unknown locale is a usage error.
func makeCollation(_ options: CommandLineOptions) throws(CLIError) -> IndexedCollation {
    let localeID = options.locale ?? "en_US"
    let collation: IndexedCollation
    do {
        collation = try IndexedCollation(
            locale: localeID,
            options: CollationOptions(
                ignoresCase: options.ignoreCase, ignoresAccents: options.ignoreAccents, numeric: options.numeric,
                otherSection: options.otherFirst ? .first : .last))
    } catch {
        // ICU refuses the name itself (not a locale identifier at all): a usage error, not ours.
        throw .usage("unknown locale '\(Echo.bounded(localeID))': \(error.description)")
    }
    if collation.isFallback {
        throw .usage("unknown locale '\(localeID)': ICU has no data for it")
    }
    return collation
}

/// `--version`: sectionsort's, ICU's and the collation's versions, in words or (with `-o json`) as
/// the identity that `--emit-keys` writes for these options.
func printVersion(_ options: CommandLineOptions) throws(CLIError) {
    let collation = try makeCollation(options)
    let identity = KeyIdentity(collation: collation, options: options, header: nil)
    let output = BufferedOutput()
    if options.outputFormat == .json {
        try output.write(identity.json + "\n")
    } else {
        try output.write(CommandLineOptions.version + "\n")
        try output.write("ICU \(identity.version.icu), Unicode Collation Algorithm \(identity.version.uca)\n")
        try output.write(
            "collation: locale \(collation.locale) (asked: \(collation.requestedLocale)), collator version \(identity.version.collator)\n")
    }
    try output.flush()
}
