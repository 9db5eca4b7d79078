/// The number of rows before each chunk of the sections of a live list, for one batch of edits
/// (while the list does not change): a batch finds the rows of many entries, and a section of a
/// large list has hundreds of chunks. A section's chunks are summed once per question until it is
/// asked about twice; then their running totals are kept.
struct RowCounts {
    /// For each section: the entries before each of its chunks, once kept.
    private var before: [[Int]?]
    /// For each section, whether it was asked about.
    private var asked: [Bool]

    init(sections: Int) {
        before = [[Int]?](repeating: nil, count: sections)
        asked = [Bool](repeating: false, count: sections)
    }

    /// The entries in the chunks of `section` before `chunk`.
    ///
    /// - Complexity: O(c) for the c chunks of the section the first two times, O(1) afterwards.
    mutating func rows(beforeChunk chunk: Int, of section: Int, in keyChunks: [SectionKeys]) -> Int {
        if let before = before[section] { return before[chunk] }
        guard asked[section] else {
            asked[section] = true
            return keyChunks[section].entries(before: chunk)
        }
        var total = 0
        let running = keyChunks[section].counts.map { count in
            defer { total += count }
            return total
        }
        before[section] = running
        return running[chunk]
    }
}
