/// The settings of one collator, in ICU's terms: its options word (strength, alternate handling,
/// case first, case level, French secondary order, numeric, normalization), its variable top and
/// its script reordering.
///
/// They start as a tailoring's defaults, decoded from the settings fields of its binary data as
/// ICU's `CollationDataReader` decodes them, and change as ICU's `RuleBasedCollator::setAttribute`,
/// `setMaxVariable` and `setReorderCodes` change them.
package struct CollationSettings: Hashable, Sendable {
    // The bits of the options word, as in ICU's CollationSettings.
    package static let checkFCD: Int32 = 1
    package static let numeric: Int32 = 2
    package static let shifted: Int32 = 4
    package static let alternateMask: Int32 = 0xC
    package static let maxVariableShift: Int32 = 4
    package static let maxVariableMask: Int32 = 0x70
    package static let upperFirst: Int32 = 0x100
    package static let caseFirst: Int32 = 0x200
    package static let caseFirstAndUpperMask: Int32 = 0x300
    package static let caseLevel: Int32 = 0x400
    package static let backwardSecondary: Int32 = 0x800
    package static let strengthShift: Int32 = 12
    package static let strengthMask: Int32 = 0xF000

    /// ICU's collation strengths (`UColAttributeValue`).
    package enum Strength: Int32, Hashable, Sendable, CaseIterable {
        case primary = 0, secondary = 1, tertiary = 2, quaternary = 3, identical = 15
    }

    /// ICU's `UCOL_CASE_FIRST` values.
    package enum CaseFirst: Hashable, Sendable, CaseIterable {
        case off, lowerFirst, upperFirst
    }

    /// The highest group whose characters are variable under alternate=shifted.
    package enum MaxVariable: Int32, Hashable, Sendable, CaseIterable {
        case space = 0, punctuation = 1, symbol = 2, currency = 3
    }

    /// ICU's options word (bits above).
    package private(set) var options: Int32
    /// The highest variable primary weight (from `maxVariable`).
    package private(set) var variableTop: UInt32
    /// The script reordering as ICU reports it (`ucol_getReorderCodes`); empty for none.
    package private(set) var reorderCodes: [Int32] = []
    /// The new lead byte of each primary lead byte; empty when nothing is reordered. A 0 at a
    /// non-zero index marks a lead byte split between ranges that move differently.
    private(set) var reorderTable: [UInt8] = []
    /// The (limit, offset) pairs from the first split lead byte on (see
    /// ``CollationScripts/reorderRanges(for:)``); empty when the table alone suffices.
    private var reorderRanges: [UInt32] = []
    /// The limit of the last reordered range; primaries from there on never move.
    private var minHighNoReorder: UInt32 = 0
    /// The root's script data, for reordering and the variable top.
    package let scripts: CollationScripts

    /// A tailoring's default settings from the settings fields of its binary data: `options` is
    /// the low 16 bits of ICU's `IX_OPTIONS` index; `reorderCodes` the codes without the
    /// trailing ranges, which are `reorderRanges`; `reorderTable` the stored table (256 bytes),
    /// if the data has one.
    ///
    /// - Throws: ``CollationSettingsError`` when the reordering cannot be computed.
    package init(
        options: Int32, reorderCodes: [Int32], reorderRanges: [UInt32], reorderTable: [UInt8]?, scripts: CollationScripts
    ) throws(CollationSettingsError) {
        self.options = options & 0xFFFF
        self.scripts = scripts
        variableTop = 0
        variableTop = scripts.lastPrimary(ofGroup: CollationScripts.firstSpecialGroup + maxVariable.rawValue)
        guard !reorderCodes.isEmpty else { return }
        if let table = reorderTable, table.count == 256,
            reorderRanges.isEmpty
                ? !Self.hasSplitBytes(table)
                : reorderRanges.count >= 2 && reorderRanges[0] & 0xFFFF == 0 && reorderRanges[reorderRanges.count - 1] & 0xFFFF != 0
        {
            // The stored table and ranges, as ICU aliases them, less the ranges before the first
            // split byte (the table reorders those).
            self.reorderCodes = reorderCodes
            self.reorderTable = table
            let firstSplit = reorderRanges.firstIndex { $0 & 0xFF_0000 != 0 } ?? reorderRanges.count
            if firstSplit < reorderRanges.count {
                minHighNoReorder = reorderRanges[reorderRanges.count - 1] & 0xFFFF_0000
                self.reorderRanges = Array(reorderRanges[firstSplit...])
            }
            return
        }
        try setReordering(reorderCodes)
    }

    // MARK: Reading

    /// A switch rather than `Strength(rawValue:)`, which is not inlined: the key writer reads the
    /// strength once per key.
    package var strength: Strength {
        @inline(__always) get {
            switch options >> Self.strengthShift {
            case 0: .primary
            case 1: .secondary
            case 3: .quaternary
            case 15: .identical
            default: .tertiary
            }
        }
    }
    package var isNumeric: Bool { options & Self.numeric != 0 }
    package var checksFCD: Bool { options & Self.checkFCD != 0 }
    package var isShifted: Bool { options & Self.alternateMask != 0 }
    package var hasCaseLevel: Bool { options & Self.caseLevel != 0 }
    package var hasBackwardSecondary: Bool { options & Self.backwardSecondary != 0 }
    package var caseFirst: CaseFirst {
        switch options & Self.caseFirstAndUpperMask {
        case 0: .off
        case Self.caseFirst: .lowerFirst
        default: .upperFirst
        }
    }
    package var maxVariable: MaxVariable {
        MaxVariable(rawValue: (options & Self.maxVariableMask) >> Self.maxVariableShift) ?? .punctuation
    }
    /// Whether primary weights move (script reordering).
    package var hasReordering: Bool { !reorderTable.isEmpty }

    /// The tertiary weight bits the keys keep: with the case bits when case first is on and the
    /// case level off.
    var tertiaryMask: UInt32 {
        options & (Self.caseLevel | Self.caseFirst) == Self.caseFirst ? 0xFF3F : 0x3F3F
    }

    /// `primary` moved by the script reordering (only when ``hasReordering``).
    @inline(__always)
    func reorder(_ primary: UInt32) -> UInt32 {
        let lead = reorderTable[Int(primary >> 24)]
        if lead != 0 || primary <= 1 { return UInt32(lead) << 24 | primary & 0xFF_FFFF }
        // A split lead byte: find the range by the primary's upper 16 bits.
        if primary >= minHighNoReorder { return primary }
        let rounded = primary | 0xFFFF
        var index = 0
        while rounded >= reorderRanges[index] { index += 1 }
        return primary &+ (reorderRanges[index] << 24)
    }

    // MARK: Changing (ICU's attribute setters; `defaults` are the tailoring's settings)

    package mutating func setStrength(_ strength: Strength) {
        options = options & ~Self.strengthMask | strength.rawValue << Self.strengthShift
    }

    package mutating func setCaseFirst(_ caseFirst: CaseFirst) {
        let bits: Int32 =
            switch caseFirst {
            case .off: 0
            case .lowerFirst: Self.caseFirst
            case .upperFirst: Self.caseFirstAndUpperMask
            }
        options = options & ~Self.caseFirstAndUpperMask | bits
    }

    package mutating func setShifted(_ shifted: Bool) {
        options = options & ~Self.alternateMask | (shifted ? Self.shifted : 0)
    }

    package mutating func setFlag(_ bit: Int32, _ on: Bool) {
        options = on ? options | bit : options & ~bit
    }

    /// Sets the last variable group and with it the variable top.
    package mutating func setMaxVariable(_ group: MaxVariable) {
        options = options & ~Self.maxVariableMask | group.rawValue << Self.maxVariableShift
        variableTop = scripts.lastPrimary(ofGroup: CollationScripts.firstSpecialGroup + group.rawValue)
    }

    /// Reorders scripts as ICU's `ucol_setReorderCodes` does for an explicit list: `[others]`
    /// or an empty list turns reordering off.
    package mutating func setReorderCodes(_ codes: [Int32]) throws(CollationSettingsError) {
        let codes = codes == [CollationScripts.others] ? [] : codes
        if codes == reorderCodes { return }
        try setReordering(codes)
    }

    private mutating func setReordering(_ codes: [Int32]) throws(CollationSettingsError) {
        let ranges = try scripts.reorderRanges(for: codes)
        guard !ranges.isEmpty else {
            reorderCodes = []
            reorderTable = []
            reorderRanges = []
            minHighNoReorder = 0
            return
        }
        minHighNoReorder = ranges[ranges.count - 1] & 0xFFFF_0000
        // The lead byte table, with 0 for each lead byte that a range limit splits.
        var table = [UInt8](repeating: 0, count: 256)
        var byte = 0
        var firstSplit: Int?
        for (position, pair) in ranges.enumerated() {
            let limit = Int(pair >> 24)
            while byte < limit {
                table[byte] = UInt8(truncatingIfNeeded: byte + Int(pair & 0xFFFF))
                byte += 1
            }
            if pair & 0xFF_0000 != 0 {
                table[limit] = 0
                byte = limit + 1
                if firstSplit == nil { firstSplit = position }
            }
        }
        while byte <= 0xFF {
            table[byte] = UInt8(byte)
            byte += 1
        }
        reorderCodes = codes
        reorderTable = table
        reorderRanges = firstSplit.map { Array(ranges[$0...]) } ?? []
    }

    private static func hasSplitBytes(_ table: [UInt8]) -> Bool {
        table.dropFirst().contains(0)
    }
}
