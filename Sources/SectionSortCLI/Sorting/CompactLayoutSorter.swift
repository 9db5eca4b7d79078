import SectionSort

/// Sorts lines of regular files in the compact layout (``CompactBatches``: a copy of the lines
/// and one small entry a record) while the projected peak stays within the memory plan's limit
/// for it (``MemoryPlan/compactLimit(baseline:)``).
final class CompactLayoutSorter: RecordSorter {
    private let context: SortingContext
    private let kept: CompactBatches

    /// The compact layout where the plan allows it for the context's inputs and collation; nil
    /// where it does not.
    init?(_ context: SortingContext) {
        guard let kept = context.plan.compactLayout(collation: context.collation, sectioning: context.sectioning) else { return nil }
        self.context = context
        self.kept = kept
    }

    func add(_ batch: RecordSet, isLast: Bool) throws(CLIError) -> Bool {
        kept.add(batch)
    }

    func handOver() -> [RecordSet] {
        kept.count > 0 ? kept.recordSets() : []
    }

    func write(header: [UInt8]?) throws(CLIError) {
        context.phases.enter("sorting in the compact layout")
        context.progress.update("sorting", done: 0, total: kept.count)
        // Small tie groups are put in order piece by piece as they are written: the texts read to
        // order them are then read again, to be written, from the cache.
        let sorter = kept.sorter, keyOf = kept.keyReader, prefetchKeyOf = kept.keyPrefetcher, keyMatches = kept.keyMatcher
        let sections = sorter.sort(keyOf: keyOf, keyMatches: keyMatches, leavingSmallTies: true)
        context.progress.finish()
        context.phases.enter("writing")
        let writer = try context.makeWriter(header: header)
        for section in sections {
            try writer.startSection(title: section.title)
            try writer.write(
                section.positions, of: kept.lines.bytes, cuttingAt: { sorter.tieGroupStart(atOrAfter: $0) },
                prepare: { sorter.resolveTies(in: $0, keyOf: keyOf, prefetchKeyOf: prefetchKeyOf, keyMatches: keyMatches) },
                prefetch: { position, bytes in MemoryHints.prefetch(bytes.baseAddress! + Int(sorter.identifier(at: position))) }
            ) { position, bytes in
                CompactLines.line(at: Int(sorter.identifier(at: position)), in: bytes)
            }
        }
        try writer.finish()
    }
}
