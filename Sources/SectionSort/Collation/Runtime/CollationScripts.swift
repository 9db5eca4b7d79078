/// The root collation's script data: which primary weight range each script and special group
/// (space, punctuation, symbols, currency, digits) occupies, as ICU's `CollationData` keeps it
/// (`numScripts`, `scriptsIndex`, `scriptStarts`).
///
/// Script reordering (`-u-kr-…`, a tailoring's `[reorder …]`) and the variable top (`-u-kv-…`) are
/// computed from it the way ICU 76 computes them, so that the primary weights move exactly as in
/// ICU's sort keys.
package struct CollationScripts: Hashable, Sendable {
    /// ICU's `UCOL_REORDER_CODE_FIRST`: the space group; punctuation, symbols, currency and digits follow.
    package static let firstSpecialGroup: Int32 = 0x1000
    /// ICU's `USCRIPT_UNKNOWN` ("Zzzz"), which as a reorder code means "all other scripts".
    package static let others: Int32 = 103
    /// ICU's `UCOL_REORDER_CODE_DEFAULT`.
    package static let defaultCode: Int32 = -1
    /// The special groups ICU reserves index slots for (`MAX_NUM_SPECIAL_REORDER_CODES`).
    private static let specialGroupSlots = 8
    /// ICU's reserved ranges before and after Latin (`REORDER_RESERVED_BEFORE_LATIN`/`AFTER_LATIN`).
    private static let reservedBeforeLatin: Int32 = firstSpecialGroup + 14
    private static let reservedAfterLatin: Int32 = firstSpecialGroup + 15
    private static let latin: Int32 = 25
    /// ICU's `USCRIPT_HAN` ("Hani").
    package static let han: Int32 = 17

    /// The number of script codes indexed (`numScripts`).
    let scriptCount: Int
    /// For each script code, then each special group slot: its range's index in `starts` (0: none).
    let index: [UInt16]
    /// The starts of the ranges as the upper 16 bits of primary weights; the first is 0, the second
    /// the first byte after the merge separator, the last the trail weight byte.
    let starts: [UInt16]

    /// The script data from ICU's binary layout: the script count, then `scriptCount + 16` index
    /// entries, then the range starts.
    ///
    /// - Returns: nil when the data is not well formed.
    package init?(_ scripts: [UInt16]) {
        guard let count = scripts.first.map(Int.init), scripts.count > 1 + count + 16 + 2 else { return nil }
        scriptCount = count
        index = Array(scripts[1..<(1 + count + 16)])
        starts = Array(scripts[(1 + count + 16)...])
        guard starts.count <= 256, starts[0] == 0, starts[1] == 0x0300, starts.last == 0xFF00 else { return nil }
    }

    /// The range index of a script code or special group, 0 when the root has none for it.
    func rangeIndex(of code: Int32) -> Int {
        if code < 0 { return 0 }
        if code < scriptCount { return Int(index[Int(code)]) }
        if code < Self.firstSpecialGroup { return 0 }
        let slot = Int(code - Self.firstSpecialGroup)
        return slot < Self.specialGroupSlots ? Int(index[scriptCount + slot]) : 0
    }

    /// The highest primary weight of a special group (space … currency), the variable top when that
    /// group is the last variable one; 0 when the root has no such group.
    package func lastPrimary(ofGroup group: Int32) -> UInt32 {
        let range = rangeIndex(of: group)
        return range == 0 ? 0 : (UInt32(starts[range + 1]) << 16) - 1
    }

    /// The reordering of `codes` as (limit, offset) pairs: the upper 16 bits of each entry are
    /// the upper 16 bits of a range's exclusive primary limit, the lower 16 bits the signed change
    /// of the lead byte of the primaries in that range. Empty when nothing moves.
    ///
    /// - Throws: ``CollationSettingsError`` for a list ICU rejects (a script or group twice,
    ///   "others" twice, the default code among others, more ranges than lead bytes).
    package func reorderRanges(for codes: [Int32]) throws(CollationSettingsError) -> [UInt32] {
        try reorderRanges(for: codes, latinMustMove: false)
    }

    private func reorderRanges(for codes: [Int32], latinMustMove: Bool) throws(CollationSettingsError) -> [UInt32] {
        if codes.isEmpty || (codes.count == 1 && codes[0] == Self.others) { return [] }
        // The new lead byte of each range; 0xFF marks the reserved ranges, which may go anywhere.
        var leadBytes = [UInt8](repeating: 0, count: 256)
        for reserved in [Self.reservedBeforeLatin, Self.reservedAfterLatin] {
            let range = Int(index[scriptCount + Int(reserved - Self.firstSpecialGroup)])
            if range != 0 { leadBytes[range] = 0xFF }
        }
        var lowStart = Int(starts[1])
        var highLimit = Int(starts[starts.count - 1])

        var specials: UInt32 = 0
        for code in codes {
            let slot = code - Self.firstSpecialGroup
            if slot >= 0 && slot < Self.specialGroupSlots { specials |= 1 << UInt32(slot) }
        }
        // The special groups that the list does not name keep their place at the bottom.
        for slot in 0..<Self.specialGroupSlots {
            let range = Int(index[scriptCount + slot])
            if range != 0 && specials & (1 << UInt32(slot)) == 0 {
                lowStart = addLow(range, at: lowStart, to: &leadBytes)
            }
        }
        // Latin first in a list without groups stays where it is, after the reserved range.
        var skippedReserved = 0
        if specials == 0 && codes[0] == Self.latin && !latinMustMove {
            let start = Int(starts[Int(index[Int(Self.latin)])])
            skippedReserved = start - lowStart
            lowStart = start
        }

        var length = codes.count
        var hasReorderToEnd = false
        var position = 0
        while position < length {
            let code = codes[position]
            position += 1
            if code == Self.others {
                // The codes after "others" go to the top, the last one highest.
                hasReorderToEnd = true
                while position < length {
                    length -= 1
                    let code = codes[length]
                    if code == Self.others || code == Self.defaultCode { throw .illegalReorderCodes(codes) }
                    let range = rangeIndex(of: code)
                    if range == 0 { continue }
                    if leadBytes[range] != 0 { throw .illegalReorderCodes(codes) }
                    highLimit = addHigh(range, below: highLimit, to: &leadBytes)
                }
                break
            }
            if code == Self.defaultCode { throw .illegalReorderCodes(codes) }
            let range = rangeIndex(of: code)
            if range == 0 { continue }
            if leadBytes[range] != 0 { throw .illegalReorderCodes(codes) }
            lowStart = addLow(range, at: lowStart, to: &leadBytes)
        }

        // Every other script goes in between, in its original order.
        for range in 1..<(starts.count - 1) where leadBytes[range] == 0 {
            let start = Int(starts[range])
            if !hasReorderToEnd && start > lowStart { lowStart = start }
            lowStart = addLow(range, at: lowStart, to: &leadBytes)
        }
        if lowStart > highLimit {
            if lowStart - (skippedReserved & 0xFF00) <= highLimit {
                return try reorderRanges(for: codes, latinMustMove: true)
            }
            throw .tooManyReorderedScripts(codes)
        }

        var ranges: [UInt32] = []
        var offset = 0
        var range = 1
        while true {
            var nextOffset = offset
            while range < starts.count - 1 {
                let lead = Int(leadBytes[range])
                if lead != 0xFF {
                    nextOffset = lead - Int(starts[range] >> 8)
                    if nextOffset != offset { break }
                }
                range += 1
            }
            if offset != 0 || range < starts.count - 1 {
                ranges.append(UInt32(starts[range]) << 16 | UInt32(truncatingIfNeeded: offset) & 0xFFFF)
            }
            if range == starts.count - 1 { break }
            offset = nextOffset
            range += 1
        }
        return ranges
    }

    /// Places range `range` at the bottom of the free lead bytes, starting at `lowStart` (upper 16
    /// bits of a primary); returns where the next range starts.
    private func addLow(_ range: Int, at lowStart: Int, to leadBytes: inout [UInt8]) -> Int {
        let start = Int(starts[range])
        var lowStart = lowStart
        // A range cannot start below its original second byte in a shared lead byte.
        if start & 0xFF < lowStart & 0xFF { lowStart += 0x100 }
        leadBytes[range] = UInt8(truncatingIfNeeded: lowStart >> 8)
        let limit = Int(starts[range + 1])
        return ((lowStart & 0xFF00) + ((limit & 0xFF00) - (start & 0xFF00))) | (limit & 0xFF)
    }

    /// Places range `range` at the top of the free lead bytes, ending below `highLimit`; returns
    /// where it starts.
    private func addHigh(_ range: Int, below highLimit: Int, to leadBytes: inout [UInt8]) -> Int {
        let limit = Int(starts[range + 1])
        var highLimit = highLimit
        if limit & 0xFF > highLimit & 0xFF { highLimit -= 0x100 }
        let start = Int(starts[range])
        highLimit = ((highLimit & 0xFF00) - ((limit & 0xFF00) - (start & 0xFF00))) | (start & 0xFF)
        leadBytes[range] = UInt8(truncatingIfNeeded: highLimit >> 8)
        return highLimit
    }
}

/// A collation setting that ICU refuses.
package enum CollationSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A reorder list with a script or group twice, "others" twice or the default code among others.
    case illegalReorderCodes([Int32])
    /// A reorder list that needs more primary lead bytes than there are.
    case tooManyReorderedScripts([Int32])

    package var description: String {
        switch self {
        case .illegalReorderCodes(let codes): "illegal script reordering \(codes)"
        case .tooManyReorderedScripts(let codes): "script reordering \(codes) needs more lead bytes than there are"
        }
    }
}
