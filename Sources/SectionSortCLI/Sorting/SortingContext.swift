import SectionSort

/// What the sorters of the alphabetical mode (``RecordSorter``) share: the options, the collation
/// and its sectioning, the memory plan, where the sections go, and `--verbose`'s and the progress
/// line's reporting.
struct SortingContext {
    let options: CommandLineOptions
    let collation: IndexedCollation
    let sectioning: SectioningOptions
    let plan: MemoryPlan
    let output: BufferedOutput
    let progress: ProgressLine
    let phases: PhaseTimes

    var threads: Int { plan.threads }

    /// A writer of the sections to ``output``, which writes the output's start (`header`: the csv
    /// or tsv header row); made once sorting has succeeded, so that a failure writes nothing.
    func makeWriter(header: [UInt8]?) throws(CLIError) -> SectionWriter {
        try SectionWriter(
            output: output, format: options.outputFormat, inputFormat: options.inputFormat,
            context: .alphabetical(locale: collation.locale, indexTitles: collation.sectionTitles), header: header,
            threads: threads)
    }

    /// Writes `sections` (titles, and ranges of positions in the sorted order) of the records in
    /// `bytes` after the output's start (`header`: the csv or tsv header row); the record at
    /// position `p` is `bytes[span(p, bytes)]` (``SectionWriter/write(_:of:cuttingAt:prepare:prefetch:span:)``).
    /// Ends the progress line's sorting first.
    func writeSections(
        _ sections: [(title: String, positions: Range<Int>)], of bytes: [UInt8], header: [UInt8]?,
        span: @escaping @Sendable (_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>
    ) throws(CLIError) {
        progress.finish()
        phases.enter("writing")
        let writer = try makeWriter(header: header)
        for section in sections {
            try writer.startSection(title: section.title)
            try writer.write(section.positions, of: bytes, span: span)
        }
        try writer.finish()
    }

    /// The engine's progress on the progress line: keys computed, then sorting.
    var reportEngineProgress: @Sendable (SectioningProgress) -> Void {
        let progress = self.progress
        return { report in
            switch report.phase {
            case .computingKeys: progress.update("computing keys", done: report.completed, total: report.total)
            case .sorting: progress.update("sorting", done: report.completed, total: report.total)
            case .finished: break
            }
        }
    }
}
