/// The number of rows before each chunk of one section of a live list, while the section does
/// not change: a batch of edits asks for the rows of many entries, and a section of a large list
/// has hundreds of chunks. The chunks are summed on each question until the second; then their
/// running totals are kept.
struct RowCounts {
    private var before: [Int]?
    private var asked = false

    /// The entries in the chunks of `keys` before `chunk`.
    ///
    /// - Complexity: O(c) for the c chunks of the section the first two times, O(1) afterwards.
    mutating func rows(beforeChunk chunk: Int, in keys: SectionKeys) -> Int {
        if let before { return before[chunk] }
        guard asked else {
            asked = true
            return keys.entries(before: chunk)
        }
        var total = 0
        let running = keys.counts.map { count in
            defer { total += count }
            return total
        }
        before = running
        return running[chunk]
    }
}
