import SectionSortCollationData

/// One table of the data generated from ICU (Sources/SectionSortCollationData), read in place: no
/// copy and no parsing when the library starts.
///
/// Reading through the raw pointer is sound: the tables are constant bytes in the library's own
/// image, so they live as long as the process and nothing ever writes them, and every read checks
/// its offset against the table's size first, so no read leaves the table. That also makes sharing
/// a table between threads safe (`@unchecked Sendable`: the pointer itself is not `Sendable`).
struct GeneratedTable: @unchecked Sendable {
    private let base: UnsafePointer<UInt8>
    /// The number of bytes.
    let count: Int

    init(_ base: UnsafePointer<UInt8>, _ count: UInt32) {
        self.base = base
        self.count = Int(count)
    }

    subscript(offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < count, "read past a generated table")
        return base[offset]
    }

    /// The little-endian 16-bit value at `offset`.
    func u16(at offset: Int) -> Int {
        precondition(offset >= 0 && offset + 2 <= count, "read past a generated table")
        return Int(base[offset]) | Int(base[offset + 1]) << 8
    }

    /// The little-endian 24-bit value at `offset`.
    func u24(at offset: Int) -> Int {
        precondition(offset >= 0 && offset + 3 <= count, "read past a generated table")
        return Int(base[offset]) | Int(base[offset + 1]) << 8 | Int(base[offset + 2]) << 16
    }

    /// The bytes `range` of the table.
    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "read past a generated table")
        return body(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// The offset of the first byte `byte` at or after `offset`, or `count` when there is none.
    func index(of byte: UInt8, from offset: Int) -> Int {
        var end = offset
        while end < count && base[end] != byte { end += 1 }
        return end
    }

    /// The UTF-8 text from `offset` up to the next zero byte, and the offset after that byte.
    func string(at offset: Int) -> (text: String, next: Int) {
        let end = index(of: 0, from: offset)
        let text = withBytes(offset..<end) { String(decoding: $0, as: UTF8.self) }
        return (text, end + 1)
    }
}

extension GeneratedTable {
    static let scriptRuns = GeneratedTable(sscd_script_runs, sscd_script_runs_size)
    static let scriptSamples = GeneratedTable(sscd_script_samples, sscd_script_samples_size)
    static let exemplarSets = GeneratedTable(sscd_exemplar_sets, sscd_exemplar_sets_size)
    static let exemplarLocales = GeneratedTable(sscd_exemplar_locales, sscd_exemplar_locales_size)
    static let hanSyllables = GeneratedTable(sscd_han_syllables, sscd_han_syllables_size)
    static let hanReadingPageTable = GeneratedTable(sscd_han_reading_page_table, sscd_han_reading_page_table_size)
    static let hanReadingPages = GeneratedTable(sscd_han_reading_pages, sscd_han_reading_pages_size)
    static let hanNameRules = GeneratedTable(sscd_han_name_rules, sscd_han_name_rules_size)
    static let hanLatinRules = GeneratedTable(sscd_han_latin_rules, sscd_han_latin_rules_size)
    static let hanPunctuationMap = GeneratedTable(sscd_han_punctuation_map, sscd_han_punctuation_map_size)
    static let hanHalfwidthMap = GeneratedTable(sscd_han_halfwidth_map, sscd_han_halfwidth_map_size)
    static let hanFilter = GeneratedTable(sscd_han_filter, sscd_han_filter_size)
    static let hanWordEnds = GeneratedTable(sscd_han_word_ends, sscd_han_word_ends_size)
    static let hanWordStarts = GeneratedTable(sscd_han_word_starts, sscd_han_word_starts_size)
    static let hanLetters = GeneratedTable(sscd_han_letters, sscd_han_letters_size)
    static let hanMarks = GeneratedTable(sscd_han_marks, sscd_han_marks_size)
}
