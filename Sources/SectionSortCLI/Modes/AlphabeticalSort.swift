import SectionSort

/// The alphabetical mode: the records go to one of the sorters (``RecordSorter``) a batch at a
/// time, and that sorter writes the sections. Lines that the first batch says will repeat often
/// are collapsed to their distinct lines; lines of regular files whose full-key sort does not
/// fit the memory plan start in the compact layout where the plan allows it, other inputs in
/// memory; past what those hold, the records kept so far and every batch after them go to sorted
/// runs.
struct AlphabeticalSort {
    let context: SortingContext

    init(context: CommandContext, collation: IndexedCollation, plan: MemoryPlan, output: BufferedOutput) {
        self.context = SortingContext(
            options: context.options, collation: collation, sectioning: context.sectioning, plan: plan, output: output,
            progress: context.progress, phases: context.phases)
    }

    /// Sorts the records of `batches` (read with the plan's first-batch budget) and writes their
    /// sections.
    func run(_ batches: RecordBatches) throws(CLIError) {
        var sorter: any RecordSorter = CompactLayoutSorter(context) ?? InMemorySorter(context)
        var batches = batches
        batches.budget = context.plan.batchBudget(compactLayout: sorter is CompactLayoutSorter)
        var header: [UInt8]?, isFirst = true
        context.phases.enter("reading")
        try batches.forEach(progress: context.progress) { (batch, isLast, inputHeader) throws(CLIError) in
            header = inputHeader
            let batch = try matching(batch)
            if isFirst {
                isFirst = false
                // The records of the whole input, projected from the share of it that the batch is.
                let expected = context.plan.inputSize.map { Int(Double(batch.count) * Double($0) / Double(max(1, batch.bytes.count))) }
                if DistinctLinesSorter.suits(context.options),
                    DistinctLinesSorter.repeatsOften(batch, expectedRecords: expected, threads: context.threads)
                {
                    sorter = DistinctLinesSorter(context)
                }
            }
            guard try !sorter.add(batch, isLast: isLast) else { return }
            // Past what the sorter holds in memory: what it kept and every batch from here on go to
            // sorted runs (unless nothing was kept and this batch is all there is).
            let kept = sorter.handOver()
            sorter = kept.isEmpty && isLast ? InMemorySorter(context) : SortedRunsSorter(context)
            for earlier in kept { _ = try sorter.add(earlier, isLast: false) }
            _ = try sorter.add(batch, isLast: isLast)
        }
        try sorter.write(header: header)
    }

    /// The records of `batch` that `--grep` keeps (all of them without it).
    private func matching(_ batch: RecordSet) throws(CLIError) -> RecordSet {
        guard let query = context.options.grep else { return batch }
        return batch.keeping(
            context.collation.positions(
                matching: query, in: batch.utf8Keys, readsChineseNames: context.options.chineseNames, threads: context.options.threads))
    }
}
