import SectionSort

/// Sorts the inputs in memory with the full-key engine when they are one batch: the records stay
/// where they were read, and the engine's order picks them out.
final class InMemorySorter: RecordSorter {
    private let context: SortingContext
    private var batch: RecordSet?

    init(_ context: SortingContext) {
        self.context = context
    }

    /// Takes the inputs' only batch; a batch that is not the last means the inputs are larger than
    /// one, and go to sorted runs.
    func add(_ batch: RecordSet, isLast: Bool) throws(CLIError) -> Bool {
        guard isLast, self.batch == nil else { return false }
        self.batch = batch
        return true
    }

    func handOver() -> [RecordSet] {
        defer { batch = nil }
        return batch.map { [$0] } ?? []
    }

    func write(header: [UInt8]?) throws(CLIError) {
        let batch = self.batch ?? RecordSet()
        let options = context.options
        context.phases.enter("sorting")
        var order: [Int] = [], sections: [(title: String, positions: Range<Int>)] = []
        do {
            // -u: the first of each run of equal keys, found while the keys are at hand.
            let sorted = try context.collation.sectionedOrder(
                of: batch.utf8Keys, options: context.sectioning, progress: context.reportEngineProgress,
                sortedKeys: !options.unique
                    ? nil
                    : { sorted, keyAt in
                        for section in sorted.sections {
                            let start = order.count
                            for position in section.positions
                            where position == section.positions.lowerBound || !keyAt(position).elementsEqual(keyAt(position - 1)) {
                                order.append(sorted.order[position])
                            }
                            sections.append((section.title, start..<order.count))
                        }
                    })
            if !options.unique {
                order = sorted.order
                sections = sorted.sections.map { ($0.title, $0.positions) }
            }
        } catch {
            throw CLIError(code: .software, message: "sectioning failed: \(error)")
        }
        let spans = batch.spans, sortedOrder = order
        try context.writeSections(sections, of: batch.bytes, header: header) { position, _ in spans[sortedOrder[position]] }
    }
}
