/// One way of sorting the records of the alphabetical mode: batches are added in input order,
/// then the sorted sections are written. ``AlphabeticalSort`` starts with the distinct lines
/// (``DistinctLinesSorter``), the compact layout (``CompactLayoutSorter``) or the in-memory sort
/// (``InMemorySorter``) and hands their records over to sorted runs (``SortedRunsSorter``) when a
/// batch does not fit them.
protocol RecordSorter: AnyObject {
    /// Takes `batch` (`isLast`: the inputs' final batch) and returns true, or returns false and
    /// keeps nothing of it when it does not fit: the records kept so far (``handOver()``) and
    /// `batch` then go to another sorter.
    func add(_ batch: RecordSet, isLast: Bool) throws(CLIError) -> Bool

    /// The records kept so far as the batches they came in, in input order, for the sorter that
    /// takes over (this one is not used after that).
    func handOver() -> [RecordSet]

    /// Sorts what was added and writes its sections, the output starting with `header` (the csv
    /// or tsv header row).
    func write(header: [UInt8]?) throws(CLIError)
}
