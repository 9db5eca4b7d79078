import Foundation

@testable import SectionSort

/// The plain, one-thread way to section: one collator, keys by `ucol_getSortKey`, the standard
/// library's sort with a comparator, grouping afterwards. The engine must match it exactly.
enum SequentialReference {
    ///
    /// With readings, an item is read by its reading (given, or with `readsChineseNames` the whole
    /// key through ICU's transform when it has Han characters): sections and order come from the
    /// reading, then items without a reading go first, then the key orders equal readings.
    static func permutation(_ input: SectioningInput, collation: IndexedCollation, readsChineseNames: Bool = false) -> SectionedPermutation
    {
        let count = input.primaryKeys.count
        let transform = readsChineseNames ? ChineseNameReader() : nil
        let readings: [String?] = input.primaryKeys.indices.map { item in
            if case .strings(let given) = input.readings, let reading = given[item], !reading.isEmpty { return reading }
            let key = input.primaryKeys[item]
            if let transform, key.unicodeScalars.contains(where: ICULocaleData.isHan) { return transform.transformWhole(key) }
            return nil
        }
        let sections = input.primaryKeys.indices.map { collation.section(for: readings[$0] ?? input.primaryKeys[$0]) }
        let read = input.primaryKeys.indices.map { collation.sortKey(of: readings[$0] ?? input.primaryKeys[$0]) }
        let primary = input.primaryKeys.map { collation.sortKey(of: $0) }
        let secondary = input.secondaryKeys?.map { collation.sortKey(of: $0) }
        func ordered(_ a: [UInt8], _ b: [UInt8], _ direction: SortOrder) -> Bool {
            direction == .forward ? a.lexicographicallyPrecedes(b) : b.lexicographicallyPrecedes(a)
        }
        let order = (0..<count).sorted { a, b in
            if sections[a] != sections[b] { return sections[a] < sections[b] }
            if read[a] != read[b] { return ordered(read[a], read[b], input.primaryDirection) }
            let (readA, readB) = (readings[a] != nil, readings[b] != nil)
            if readA != readB { return (readB && input.primaryDirection == .forward) || (readA && input.primaryDirection == .reverse) }
            if primary[a] != primary[b] { return ordered(primary[a], primary[b], input.primaryDirection) }
            if let secondary, secondary[a] != secondary[b] { return ordered(secondary[a], secondary[b], input.secondaryDirection) }
            return a < b
        }
        var starts = [Int](repeating: 0, count: collation.sectionTitles.count + 1)
        for item in order { starts[sections[item] + 1] += 1 }
        for section in 0..<collation.sectionTitles.count { starts[section + 1] += starts[section] }
        return SectionedPermutation(order: order, sectionStarts: starts)
    }
}

/// A small deterministic random number generator (SplitMix64), so that failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random strings that exercise collation: several scripts, case and accent variants, repeats,
/// digits, symbols, emoji, combining marks, empty strings.
enum RandomStrings {
    static let pieces: [String] = [
        "a", "A", "á", "Å", "ä", "Ä", "ö", "Ö", "o", "e", "é", "ß", "ss", "z", "Z", "th", "ch", "ll",
        "Ж", "ж", "я", "Ё", "α", "Ω", "ά", "あ", "ガ", "カ", "か", "ん", "가", "힣", "ㄱ", "林", "张", "中",
        "0", "7", "12", " ", "-", "'", "!", "😀", "\u{301}", "\u{308}", "ا", "ب", "א",
    ]

    static func make(_ count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        var result: [String] = []
        for _ in 0..<count {
            if !result.isEmpty && Int.random(in: 0..<5, using: &generator) == 0 {
                result.append(result[Int.random(in: 0..<result.count, using: &generator)])  // exact repeats
                continue
            }
            let length = Int.random(in: 0...6, using: &generator)
            result.append((0..<length).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined())
        }
        return result
    }
}

extension SectioningInput {
    /// The strings of a string-keyed input (the only kind the reference takes).
    var primaryKeys: [String] {
        guard case .strings(let primary, _) = keys else { preconditionFailure("the reference sorts string keys") }
        return primary
    }

    var secondaryKeys: [String]? {
        guard case .strings(_, let secondary) = keys else { preconditionFailure("the reference sorts string keys") }
        return secondary
    }
}
