import Foundation
import SectionSort

/// What every command starts from: the resolved options, the progress line and `--verbose`'s
/// phase times.
struct CommandContext {
    let options: CommandLineOptions
    let progress: ProgressLine
    let phases: PhaseTimes

    init(options: CommandLineOptions, phases: PhaseTimes) {
        self.options = options
        self.phases = phases
        progress = ProgressLine(enabled: !options.quiet)
    }

    /// The collation the options ask for; an unknown locale is a usage error. With
    /// `--index-locales auto`, the locales of the alphabets in the records of `sample` (called
    /// only then: the batches read before sorting starts) join the listed ones.
    func makeCollation(sample: () throws(CLIError) -> [RecordSet] = { [] }) throws(CLIError) -> IndexedCollation {
        var ordering = options.ordering
        if ordering.choosesIndexLocales {
            let batches = try sample()
            for locale in AutomaticIndexLocales.choose(for: batches, besides: ordering.locale) where !ordering.indexLocales.contains(locale)
            {
                ordering.indexLocales.append(locale)
            }
            ordering.choosesIndexLocales = false
        }
        return try Self.makeCollation(ordering)
    }

    static func makeCollation(_ ordering: Ordering) throws(CLIError) -> IndexedCollation {
        let collation: IndexedCollation
        do {
            collation = try IndexedCollation(
                locale: ordering.locale, indexLocales: ordering.indexLocales, options: ordering.collationOptions)
        } catch .conflictingCollationSetting(_, let keyword, let option) {
            throw .usage(
                "--locale '\(Echo.bounded(ordering.locale))' sets \(keyword), which contradicts \(Ordering.flag(forCollationOption: option)): give the setting once"
            )
        } catch .collationUnavailable(let locale, _) where ordering.indexLocales.contains(locale) {
            throw .usage("unknown index locale '\(Echo.bounded(locale))' in --index-locales: ICU has no data for it")
        } catch {
            // ICU refuses the name itself (not a locale identifier at all): a usage error, not ours.
            throw .usage("unknown locale '\(Echo.bounded(ordering.locale))': \(error.description)")
        }
        if collation.isFallback {
            throw .usage("unknown locale '\(Echo.bounded(ordering.locale))': ICU has no data for it")
        }
        return collation
    }

    /// The engine's options for the ordering.
    var sectioning: SectioningOptions {
        SectioningOptions(
            order: options.descending ? .reverse : .forward, threads: options.threads, readsChineseNames: options.chineseNames)
    }

    /// The memory decisions of the commands that sort, the inputs' sizes read now: ask once.
    var memoryPlan: MemoryPlan { MemoryPlan(options: options) }

    /// Runs `body` with the output (`-o FILE` or standard output) and puts a file in place once
    /// `body` has written all; then ends the progress line and reports the phases.
    func writing(_ body: (BufferedOutput) throws(CLIError) -> Void) throws(CLIError) {
        let target = try OutputTarget(path: options.outputPath)
        try body(target.output)
        try target.commit()
        progress.finish()
        phases.report()
    }
}
