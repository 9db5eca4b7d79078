import SectionSort

/// The batches of a default-mode sort kept for the compact in-memory sort: their lines
/// (``CompactLines``) and a ``CompactSorter`` holding each record's entry, computed as its batch
/// arrives. A batch is kept only while the projected peak stays within the limit
/// (``MemoryPlan/compactLimit(baseline:)``).
final class CompactBatches {
    private(set) var lines: CompactLines
    let sorter: CompactSorter
    /// The peak the sort may reach.
    private let limit: Int
    /// The process's resident memory before reading.
    private let baseline: Int
    /// The inputs' size, to project the whole input's peak from the batches read so far.
    private let inputSize: Int
    /// How many records each kept batch had, to turn them back into the same batches.
    private var batchCounts: [Int] = []

    /// A compact sort for inputs of `inputSize` bytes whose peak may reach `limit`, in a process
    /// that takes `baseline` bytes before reading; nil when the entries would not fit beside the
    /// input at all, or when `expectedRecords` (projected from the input's start; asked only when
    /// there is room) would not.
    init?(
        collation: IndexedCollation, sectioning: SectioningOptions, inputSize: Int, limit: Int, baseline: Int,
        expectedRecords: () -> Int? = { nil }
    ) {
        self.baseline = baseline
        let room = limit - baseline - inputSize - MemoryPlan.compactWorkspace
        guard room > 0 else { return nil }
        if let expectedRecords = expectedRecords() {
            // Batches take about an eighth of the budget (the input's size), a third of it bytes.
            let peak = MemoryPlan.compactPeak(
                baseline: baseline, inputBytes: inputSize, records: expectedRecords, batchBytes: inputSize / 24,
                batchRecords: expectedRecords / 24)
            guard peak <= limit else { return nil }
        }
        self.limit = limit
        self.inputSize = inputSize
        lines = CompactLines(capacity: inputSize + 4096)
        // Reserved, not touched: only the entries written take memory. Lines of the same bytes
        // are written alike, so any of them may stand for the others.
        sorter = CompactSorter(
            collation: collation, options: sectioning, capacity: room / CompactSorter.bytesPerItem, repeatedTextsShareIdentifiers: true)
    }

    /// Records kept so far.
    var count: Int { sorter.count }

    /// Keeps `batch` (its lines and entries) and returns true, or keeps nothing and returns false
    /// when the projected peak would pass the limit or the batch is not plain lines.
    func add(_ batch: RecordSet) -> Bool {
        let records = sorter.count + batch.count, bytes = lines.bytes.count + batch.bytes.count
        // The whole input's records, projected from the share of it read so far.
        let projected = bytes == 0 ? records : Int(Double(records) * Double(max(inputSize, bytes)) / Double(bytes))
        let peak = MemoryPlan.compactPeak(
            baseline: baseline, inputBytes: max(inputSize, bytes), records: max(records, projected),
            batchBytes: batch.bytes.count, batchRecords: batch.count, longestRecord: batch.spans.longestCount)
        guard peak <= limit, records <= sorter.capacity, let offsets = lines.add(batch) else { return false }
        sorter.append(batch.utf8Keys) { offsets[$0] }
        batchCounts.append(batch.count)
        return true
    }

    /// The kept records as the batches they came in (before ``CompactSorter/sort(keyOf:prefetchKeyOf:leavingSmallTies:)``,
    /// entries are in input order), sharing the kept bytes.
    func recordSets() -> [RecordSet] {
        var all = RecordSet()
        all.bytes = lines.bytes
        all.inputStarts = [("", 0, 1)]
        all.bytes.withUnsafeBufferPointer { bytes in
            let sorter = self.sorter
            all.spans = RecordSpans((0..<sorter.count).lazy.map { CompactLines.line(at: Int(sorter.identifier(at: $0)), in: bytes) })
        }
        var sets: [RecordSet] = [], start = 0
        for count in batchCounts {
            sets.append(all.keeping(Array(start..<start + count)))
            start += count
        }
        return sets
    }

    /// Hints that the key of the record whose identifier is given is read soon.
    var keyPrefetcher: CompactSorter.KeyPrefetcher {
        let bytes = lines.bytes
        return { identifier in bytes.withUnsafeBufferPointer { MemoryHints.prefetch($0.baseAddress! + Int(identifier)) } }
    }

    /// Whether the key of the record whose identifier is given is the text given (``keyReader``'s
    /// text, compared where the record starts, without finding its line's end first).
    var keyMatcher: CompactSorter.KeyMatcher {
        let bytes = lines.bytes
        return { identifier, text in bytes.withUnsafeBufferPointer { CompactLines.line(at: Int(identifier), in: $0, is: text) } }
    }

    /// Reads the key (the whole line) of the record whose identifier is given.
    var keyReader: CompactSorter.KeyReader {
        let bytes = lines.bytes
        return { identifier, body in
            bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[CompactLines.line(at: Int(identifier), in: $0)])) }
        }
    }
}
