/// Where collation elements come from: ICU's 64-bit CEs (primary weight in the upper 32 bits, then
/// the 16-bit secondary and the 16-bit case+tertiary weight with the quaternary bits 0xC0), ending
/// with ``CollationKeyWriter/endOfElements``.
package protocol CollationElementSource {
    mutating func nextCE() -> UInt64
    /// Calls `body` with each element in turn, the end last, until it returns false; with true
    /// where it hands on the entry of `prepared` for a character rather than its element.
    mutating func forEachCE(prepared: PreparedElementTable?, _ body: (UInt64, Bool) -> Bool)
}

extension CollationElementSource {
    @inline(__always)
    package mutating func forEachCE(prepared: PreparedElementTable?, _ body: (UInt64, Bool) -> Bool) {
        while body(nextCE(), false) {}
    }
}

/// Where sort key bytes go.
package protocol SortKeySink {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: SortKeySink where Element == UInt8 {}

extension KeyBuffer: SortKeySink {
    func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        appendBytes(upTo: bytes.count) { destination in
            destination.update(from: source, count: bytes.count)
            return bytes.count
        }
    }
}

extension CollationKeyWriter {
    /// Appends the bytes of `level` to `sink`; a key buffer takes a large level's memory over
    /// instead of a copy, so that the key of a record of hundreds of megabytes is held once.
    @inline(__always)
    fileprivate static func append<Sink: SortKeySink>(_ level: SortKeyLevel, to sink: inout Sink) {
        if level.count >= SortKeyLevel.takeOverSize, let buffer = sink as? KeyBuffer {
            buffer.append(takingOver: level)
            return
        }
        level.withBytes(level.count) { sink.append(contentsOf: $0) }
    }
}

/// Writes sort keys from collation elements as ICU 76's `ucol_getSortKey` writes them
/// (`CollationKeys::writeSortKeyUpToQuaternary`, then the identical level and the terminating 0).
///
/// The levels after the primary one are collected in scratch buffers that the writer keeps
/// between keys, so one writer belongs to one thread at a time.
package struct CollationKeyWriter {
    // The writer's state is in the level buffers (objects), so it need not be mutated itself.
    /// ICU's `NO_CE`: the element after the last one.
    package static let endOfElements: UInt64 = 0x1_0100_0100

    // Common-weight compression, as ICU's CollationKeys defines it: runs of the common weight are
    // written as one byte counting the run, below or above the middle of the range depending on
    // whether the next weight is lower or higher than the common one.
    private static let secondaryCommonLow: UInt32 = 0x05
    private static let secondaryCommonMiddle: UInt32 = 0x25
    private static let secondaryCommonHigh: UInt32 = 0x45
    private static let secondaryCommonMaxCount = 0x21
    private static let caseLowerFirstCommonLow: UInt32 = 1
    private static let caseLowerFirstCommonMiddle: UInt32 = 7
    private static let caseLowerFirstCommonHigh: UInt32 = 13
    private static let caseLowerFirstCommonMaxCount = 7
    private static let caseUpperFirstCommonLow: UInt32 = 3
    private static let caseUpperFirstCommonMaxCount = 13
    private static let tertiaryOnlyCommonLow: UInt32 = 0x05
    private static let tertiaryOnlyCommonMiddle: UInt32 = 0x65
    private static let tertiaryOnlyCommonHigh: UInt32 = 0xC5
    private static let tertiaryOnlyCommonMaxCount = 0x61
    private static let tertiaryLowerFirstCommonLow: UInt32 = 0x05
    private static let tertiaryLowerFirstCommonMiddle: UInt32 = 0x25
    private static let tertiaryLowerFirstCommonHigh: UInt32 = 0x45
    private static let tertiaryLowerFirstCommonMaxCount = 0x21
    private static let tertiaryUpperFirstCommonLow: UInt32 = 0x85
    private static let tertiaryUpperFirstCommonMiddle: UInt32 = 0xA5
    private static let tertiaryUpperFirstCommonHigh: UInt32 = 0xC5
    private static let tertiaryUpperFirstCommonMaxCount = 0x21
    private static let quaternaryCommonLow: UInt32 = 0x1C
    private static let quaternaryCommonMiddle: UInt32 = 0x8C
    private static let quaternaryCommonHigh: UInt32 = 0xFC
    private static let quaternaryCommonMaxCount = 0x71
    /// Shifted primaries start below the quaternary compression range: a higher lead byte is
    /// written after this one.
    private static let quaternaryShiftedLimitByte: UInt32 = 0x1B

    private static let mergeSeparatorPrimary: UInt32 = 0x0200_0000
    private static let commonWeight16: UInt32 = 0x0500
    private static let noCEWeight16: UInt32 = 0x0100
    private static let levelSeparator: UInt8 = 1
    private static let mergeSeparatorByte: UInt32 = 2

    // The primary level is collected too, and appended to the sink at once: a byte at a time, a
    // growable sink checks its capacity (and an array its uniqueness) for every byte.
    private let primaries = SortKeyLevel()
    private let secondaries = SortKeyLevel()
    private let cases = SortKeyLevel()
    private let tertiaries = SortKeyLevel()
    private let quaternaries = SortKeyLevel()

    package init() {}

    /// Appends the whole sort key of the elements of `source` to `sink`: the levels up to the
    /// settings' strength (and the case level), then, at identical strength, the identical level
    /// from `identical`, which calls its argument with the NFD of the text as code points, in
    /// pieces of any size, then the terminating 0.
    ///
    /// - Complexity: O(n) for n collation elements and code points.
    /// `leadBytes` is what ``fillLeadBytes(_:settings:compressibleBytes:)`` gives for these
    /// settings, where the caller keeps it between keys; nil: made for this key.
    package func appendSortKey<Source: CollationElementSource, Sink: SortKeySink>(
        from source: inout Source, settings: CollationSettings, compressibleBytes: UnsafeBufferPointer<Bool>,
        leadBytes: UnsafePointer<UInt16>? = nil, prepared: PreparedElementTable? = nil,
        identical: (_ body: (UnsafeBufferPointer<UInt32>) -> Void) -> Void,
        to sink: inout Sink
    ) {
        if Self.takesCommonPath(settings) {
            if let leadBytes {
                appendCommonLevels(from: &source, settings: settings, leadBytes: leadBytes, prepared: prepared, to: &sink)
            } else {
                withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 256) { table in
                    Self.fillLeadBytes(table, settings: settings, compressibleBytes: compressibleBytes)
                    appendCommonLevels(
                        from: &source, settings: settings, leadBytes: UnsafePointer(table.baseAddress!), prepared: nil, to: &sink)
                }
            }
            return
        }
        appendLevels(from: &source, settings: settings, compressibleBytes: compressibleBytes, to: &sink)
        if settings.strength == .identical {
            sink.append(Self.levelSeparator)
            var identicalWriter = IdenticalLevelWriter()
            identical { identicalWriter.append($0, to: &sink) }
        }
        sink.append(0)
    }

    /// Fills `table` (256 entries) with what the loop of
    /// ``appendCommonLevels(from:settings:leadBytes:to:)`` needs of each primary lead byte: the
    /// reordered lead byte in bits 0–7, bit 8 if the (original) lead byte is compressible, bit 9
    /// if the primary must go through ``CollationSettings/reorder(_:)`` (a lead byte that the
    /// reordering splits).
    package static func fillLeadBytes(
        _ table: UnsafeMutableBufferPointer<UInt16>, settings: CollationSettings, compressibleBytes: UnsafeBufferPointer<Bool>
    ) {
        precondition(table.count == 256 && compressibleBytes.count == 256)
        let reorderTable = settings.reorderTable
        for lead in 0..<256 {
            var entry = UInt16(lead)
            if !reorderTable.isEmpty {
                entry = reorderTable[lead] == 0 ? leadByteSplit : UInt16(reorderTable[lead])
            }
            if compressibleBytes[lead] { entry |= leadByteCompressible }
            table[lead] = entry
        }
    }

    static let leadByteCompressible: UInt16 = 0x100
    static let leadByteSplit: UInt16 = 0x200

    /// Whether the keys of `settings` need only the primary, secondary and tertiary levels, with
    /// nothing reversed or weighted by case (shifted elements leave these levels out): what ``appendCommonLevels(from:settings:leadBytes:prepared:to:)``
    /// writes, and what a ``PreparedElementTable`` is for.
    @inline(__always)
    static func takesCommonPath(_ settings: CollationSettings) -> Bool {
        let options = settings.options
        let special = CollationSettings.caseFirstAndUpperMask | CollationSettings.caseLevel | CollationSettings.backwardSecondary
        return options & special == 0 && settings.strength.rawValue <= CollationSettings.Strength.tertiary.rawValue
    }

    /// The whole key (terminator included) for settings that ``takesCommonPath(_:)``: the
    /// primary, secondary and tertiary parts of ``appendLevels(from:settings:compressibleBytes:to:)``
    /// alone, so that the loop over the elements keeps its few variables in registers, and the
    /// levels are joined in the primary buffer to reach the sink in one piece. The entries of
    /// `prepared` are written without the variable check and the lead byte's table.
    private func appendCommonLevels<Source: CollationElementSource, Sink: SortKeySink>(
        from source: inout Source, settings: CollationSettings, leadBytes: UnsafePointer<UInt16>,
        prepared: PreparedElementTable?, to sink: inout Sink
    ) {
        let strength = settings.strength
        let writesSecondary = strength != .primary
        let writesTertiary = strength == .tertiary
        // Shifted elements and the primary ignorables after them go to the quaternary level only,
        // which these keys leave out. +1 so that "<" also sends primary ignorables (0) past the test.
        let variableTop: UInt32 = settings.isShifted ? settings.variableTop + 1 : 0
        let primaries = primaries
        let secondaries = secondaries
        let tertiaries = tertiaries
        primaries.removeAll()
        secondaries.removeAll()
        tertiaries.removeAll()

        var previousReorderedPrimary: UInt32 = 0  // 0: no primary compression
        var commonSecondaries = 0
        var commonTertiaries = 0
        // Whether the last element with a primary weight was variable: the primary ignorables
        // after it go to the quaternary level only.
        var afterVariable = false
        var primaryBytes = SortKeyLevel.Cursor(primaries)
        source.forEachCE(prepared: prepared) { ce, isPrepared in
            var p = UInt32(truncatingIfNeeded: ce >> 32)
            if isPrepared {
                // Neither variable nor primary ignorable where variable elements are shifted.
                afterVariable = false
                if p != 0 {
                    primaryBytes.reserve(6)
                    Self.appendPrimary(
                        p, isCompressible: ce & PreparedElementTable.compressible != 0, after: &previousReorderedPrimary, to: &primaryBytes)
                }
            } else {
                if p < variableTop && (p > Self.mergeSeparatorPrimary || (p == 0 && afterVariable)) {
                    if p != 0 { afterVariable = true }
                    return true
                }
                afterVariable = false
                if p > 1 {
                    // 256 entries, one per lead byte: no index can leave the table.
                    let lead = leadBytes[Int(p >> 24)]
                    let isCompressible = lead & Self.leadByteCompressible != 0
                    if lead & Self.leadByteSplit == 0 {
                        p = UInt32(truncatingIfNeeded: lead & 0xFF) << 24 | p & 0xFF_FFFF
                    } else {
                        p = settings.reorder(p)
                    }
                    // A compression byte, the lead byte and a word of the others at most.
                    primaryBytes.reserve(6)
                    Self.appendPrimary(p, isCompressible: isCompressible, after: &previousReorderedPrimary, to: &primaryBytes)
                }
            }

            // A prepared entry's flags are in the quaternary bits, which these keys leave out.
            let lower32 = UInt32(truncatingIfNeeded: isPrepared ? ce & ~0xC0 : ce)
            if lower32 == 0 { return true }  // completely ignorable

            if writesSecondary {
                let s = lower32 >> 16
                if s == Self.commonWeight16 {
                    commonSecondaries += 1
                } else if s != 0 {
                    Self.appendCommonSecondaries(&commonSecondaries, before: s, to: secondaries)
                    Self.appendWeight16(s, to: secondaries)
                }
            }

            if writesTertiary {
                var t = lower32 & 0x3F3F
                if t == Self.commonWeight16 {
                    commonTertiaries += 1
                } else {
                    Self.appendCommonTertiaries(&commonTertiaries, before: t, to: tertiaries)
                    if t > Self.commonWeight16 { t += 0xC000 }
                    Self.appendWeight16(t, to: tertiaries)
                }
            }

            return lower32 >> 24 != UInt32(Self.levelSeparator)  // false at the end (NO_CE)
        }

        // Each level buffer ends with the end's 01, which the separator before the next level
        // replaces; the 0 at the end takes the place of the last one.
        let secondaryCount = writesSecondary ? secondaries.count : 0
        let tertiaryCount = writesTertiary ? tertiaries.count : 0
        primaryBytes.reserve(secondaryCount + tertiaryCount + 1)
        if writesSecondary {
            primaryBytes.appendReserved(Self.levelSeparator)
            primaryBytes.appendReserved(contentsOf: secondaries, length: secondaryCount - 1)
        }
        if writesTertiary {
            primaryBytes.appendReserved(Self.levelSeparator)
            primaryBytes.appendReserved(contentsOf: tertiaries, length: tertiaryCount - 1)
        }
        primaryBytes.appendReserved(0)
        primaryBytes.finish()
        Self.append(primaries, to: &sink)
    }

    /// ICU's `writeSortKeyUpToQuaternary` from the primary level on: the levels separated by 01,
    /// without a terminator.
    package func appendLevels<Source: CollationElementSource, Sink: SortKeySink>(
        from source: inout Source, settings: CollationSettings, compressibleBytes: UnsafeBufferPointer<Bool>,
        to sink: inout Sink
    ) {
        let options = settings.options
        let strength = settings.strength
        let writesSecondary = strength != .primary
        let writesTertiary = strength.rawValue >= CollationSettings.Strength.tertiary.rawValue
        let writesQuaternary = strength.rawValue >= CollationSettings.Strength.quaternary.rawValue
        let writesCase = settings.hasCaseLevel
        let backwards = options & CollationSettings.backwardSecondary != 0
        let upperFirst = options & CollationSettings.upperFirst != 0
        let alternate = options & CollationSettings.alternateMask != 0
        let hasReordering = settings.hasReordering
        // +1 so that "<" also sends primary ignorables (0) past the test.
        let variableTop: UInt32 = alternate ? settings.variableTop + 1 : 0
        let tertiaryMask = settings.tertiaryMask

        primaries.removeAll()
        secondaries.removeAll()
        cases.removeAll()
        tertiaries.removeAll()
        quaternaries.removeAll()

        var previousReorderedPrimary: UInt32 = 0  // 0: no primary compression
        var commonCases = 0
        var commonSecondaries = 0
        var commonTertiaries = 0
        var commonQuaternaries = 0
        var previousSecondary: UInt32 = 0
        var secondarySegmentStart = 0

        while true {
            var ce = source.nextCE()
            var p = UInt32(truncatingIfNeeded: ce >> 32)
            if p < variableTop && p > Self.mergeSeparatorPrimary {
                // A variable element goes to the quaternary level, and the primary ignorables
                // after it go nowhere.
                if commonQuaternaries != 0 {
                    commonQuaternaries -= 1
                    while commonQuaternaries >= Self.quaternaryCommonMaxCount {
                        quaternaries.append(UInt8(Self.quaternaryCommonMiddle))
                        commonQuaternaries -= Self.quaternaryCommonMaxCount
                    }
                    quaternaries.append(UInt8(Self.quaternaryCommonLow + UInt32(commonQuaternaries)))
                    commonQuaternaries = 0
                }
                repeat {
                    if writesQuaternary {
                        if hasReordering { p = settings.reorder(p) }
                        if p >> 24 >= Self.quaternaryShiftedLimitByte {
                            quaternaries.append(UInt8(Self.quaternaryShiftedLimitByte))
                        }
                        Self.appendWeight32(p, to: quaternaries)
                    }
                    repeat {
                        ce = source.nextCE()
                        p = UInt32(truncatingIfNeeded: ce >> 32)
                    } while p == 0
                } while p < variableTop && p > Self.mergeSeparatorPrimary
            }
            // Not variable: primary ignorable, the end, the merge separator or a regular primary.
            if p > 1 {
                let isCompressible = compressibleBytes[Int(p >> 24)]
                if hasReordering { p = settings.reorder(p) }
                var primaryBytes = SortKeyLevel.Cursor(primaries)
                primaryBytes.reserve(6)
                Self.appendPrimary(p, isCompressible: isCompressible, after: &previousReorderedPrimary, to: &primaryBytes)
                primaryBytes.finish()
            }

            let lower32 = UInt32(truncatingIfNeeded: ce)
            if lower32 == 0 { continue }  // completely ignorable

            if writesSecondary {
                let s = lower32 >> 16
                if s == 0 {
                    // secondary ignorable
                } else if s == Self.commonWeight16 && (!backwards || p != Self.mergeSeparatorPrimary) {
                    commonSecondaries += 1
                } else if !backwards {
                    Self.appendCommonSecondaries(&commonSecondaries, before: s, to: secondaries)
                    Self.appendWeight16(s, to: secondaries)
                } else {
                    if commonSecondaries != 0 {
                        commonSecondaries -= 1
                        // Written reversed: the segment is turned around at its end.
                        let remainder = commonSecondaries % Self.secondaryCommonMaxCount
                        let count = UInt32(remainder)
                        secondaries.append(
                            UInt8(
                                previousSecondary < Self.commonWeight16
                                    ? Self.secondaryCommonLow + count : Self.secondaryCommonHigh - count))
                        commonSecondaries -= remainder
                        while commonSecondaries > 0 {
                            secondaries.append(UInt8(Self.secondaryCommonMiddle))
                            commonSecondaries -= Self.secondaryCommonMaxCount
                        }
                    }
                    if p > 0 && p <= Self.mergeSeparatorPrimary {
                        // French order is backwards within each segment between merge separators.
                        secondaries.reverse(from: secondarySegmentStart)
                        secondaries.append(p == 1 ? Self.levelSeparator : UInt8(Self.mergeSeparatorByte))
                        previousSecondary = 0
                        secondarySegmentStart = secondaries.count
                    } else {
                        // A reversed 16-bit weight: low byte first.
                        let b0 = UInt8(truncatingIfNeeded: s >> 8), b1 = UInt8(truncatingIfNeeded: s)
                        if b1 != 0 { secondaries.append(b1) }
                        secondaries.append(b0)
                        previousSecondary = s
                    }
                }
            }

            if writesCase {
                // At primary strength the case weights of primary ignorables are left out, else
                // those of secondary ignorables (see ICU's CollationCompare).
                if strength == .primary ? p == 0 : lower32 <= 0xFFFF {
                } else {
                    var c = (lower32 >> 8) & 0xFF  // case bits and tertiary lead byte
                    if c & 0xC0 == 0 && c > UInt32(Self.levelSeparator) {
                        commonCases += 1
                    } else {
                        if !upperFirst {
                            // Lower first: common weights compress to nibbles 1...7...13, mixed
                            // is 14, upper 15; a level of only common weights is left empty.
                            if commonCases != 0 && (c > UInt32(Self.levelSeparator) || !cases.isEmpty) {
                                commonCases -= 1
                                while commonCases >= Self.caseLowerFirstCommonMaxCount {
                                    cases.append(UInt8(Self.caseLowerFirstCommonMiddle << 4))
                                    commonCases -= Self.caseLowerFirstCommonMaxCount
                                }
                                let count = UInt32(commonCases)
                                let b =
                                    c <= UInt32(Self.levelSeparator)
                                    ? Self.caseLowerFirstCommonLow + count : Self.caseLowerFirstCommonHigh - count
                                cases.append(UInt8(b << 4))
                                commonCases = 0
                            }
                            if c > UInt32(Self.levelSeparator) { c = (Self.caseLowerFirstCommonHigh + (c >> 6)) << 4 }
                        } else {
                            // Upper first: common weights compress to nibbles 3...15, mixed is 2,
                            // upper 1.
                            if commonCases != 0 {
                                commonCases -= 1
                                while commonCases >= Self.caseUpperFirstCommonMaxCount {
                                    cases.append(UInt8(Self.caseUpperFirstCommonLow << 4))
                                    commonCases -= Self.caseUpperFirstCommonMaxCount
                                }
                                cases.append(UInt8((Self.caseUpperFirstCommonLow + UInt32(commonCases)) << 4))
                                commonCases = 0
                            }
                            if c > UInt32(Self.levelSeparator) { c = (Self.caseUpperFirstCommonLow - (c >> 6)) << 4 }
                        }
                        // A separator 01 or a nibble in the high half.
                        cases.append(UInt8(c))
                    }
                }
            }

            if writesTertiary {
                var t = lower32 & tertiaryMask
                if t == Self.commonWeight16 {
                    commonTertiaries += 1
                } else if tertiaryMask & 0x8000 == 0 {
                    // No case bits: lead bytes 06...3F move to C6...FF for a large common range.
                    Self.appendCommonTertiaries(&commonTertiaries, before: t, to: tertiaries)
                    if t > Self.commonWeight16 { t += 0xC000 }
                    Self.appendWeight16(t, to: tertiaries)
                } else if !upperFirst {
                    // Lower first: lead bytes 06...BF move to 46...FF.
                    if commonTertiaries != 0 {
                        commonTertiaries -= 1
                        while commonTertiaries >= Self.tertiaryLowerFirstCommonMaxCount {
                            tertiaries.append(UInt8(Self.tertiaryLowerFirstCommonMiddle))
                            commonTertiaries -= Self.tertiaryLowerFirstCommonMaxCount
                        }
                        let count = UInt32(commonTertiaries)
                        tertiaries.append(
                            UInt8(
                                t < Self.commonWeight16
                                    ? Self.tertiaryLowerFirstCommonLow + count : Self.tertiaryLowerFirstCommonHigh - count))
                        commonTertiaries = 0
                    }
                    if t > Self.commonWeight16 { t += 0x4000 }
                    Self.appendWeight16(t, to: tertiaries)
                } else {
                    // Upper first: lower case 02...04 → 82...84, common 05 → 85...C5, lower case
                    // 06...3F → C6...FF, mixed 42...7F unchanged, upper 82...BF → 02...3F; the
                    // artificial upper case of tertiary CEs (86...BF) → C6...FF.
                    if t <= Self.noCEWeight16 {
                        // separators stay
                    } else if lower32 > 0xFFFF {
                        t ^= 0xC000
                        if t < Self.tertiaryUpperFirstCommonHigh << 8 { t -= 0x4000 }
                    } else {
                        t += 0x4000
                    }
                    if commonTertiaries != 0 {
                        commonTertiaries -= 1
                        while commonTertiaries >= Self.tertiaryUpperFirstCommonMaxCount {
                            tertiaries.append(UInt8(Self.tertiaryUpperFirstCommonMiddle))
                            commonTertiaries -= Self.tertiaryUpperFirstCommonMaxCount
                        }
                        let count = UInt32(commonTertiaries)
                        tertiaries.append(
                            UInt8(
                                t < Self.tertiaryUpperFirstCommonLow << 8
                                    ? Self.tertiaryUpperFirstCommonLow + count : Self.tertiaryUpperFirstCommonHigh - count))
                        commonTertiaries = 0
                    }
                    Self.appendWeight16(t, to: tertiaries)
                }
            }

            if writesQuaternary {
                var q = lower32 & 0xFFFF
                if q & 0xC0 == 0 && q > Self.noCEWeight16 {
                    commonQuaternaries += 1
                } else if q == Self.noCEWeight16 && !alternate && quaternaries.isEmpty {
                    // Only common quaternary weights and no shifted ones: the level stays empty.
                    quaternaries.append(Self.levelSeparator)
                } else {
                    q = q == Self.noCEWeight16 ? UInt32(Self.levelSeparator) : 0xFC + ((q >> 6) & 3)
                    if commonQuaternaries != 0 {
                        commonQuaternaries -= 1
                        while commonQuaternaries >= Self.quaternaryCommonMaxCount {
                            quaternaries.append(UInt8(Self.quaternaryCommonMiddle))
                            commonQuaternaries -= Self.quaternaryCommonMaxCount
                        }
                        let count = UInt32(commonQuaternaries)
                        quaternaries.append(
                            UInt8(q < Self.quaternaryCommonLow ? Self.quaternaryCommonLow + count : Self.quaternaryCommonHigh - count))
                        commonQuaternaries = 0
                    }
                    quaternaries.append(UInt8(q))
                }
            }

            if lower32 >> 24 == UInt32(Self.levelSeparator) { break }  // the end (NO_CE)
        }

        Self.append(primaries, to: &sink)
        // Each level buffer ends with the end's 01, which the separator before the next level
        // replaces.
        if writesSecondary {
            sink.append(Self.levelSeparator)
            secondaries.withBytes(secondaries.count - 1) { sink.append(contentsOf: $0) }
        }
        if writesCase {
            sink.append(Self.levelSeparator)
            // Two nibbles per byte.
            var pending: UInt8 = 0
            for index in 0..<cases.count - 1 {
                let c = cases[index]
                if pending == 0 {
                    pending = c
                } else {
                    sink.append(pending | c >> 4)
                    pending = 0
                }
            }
            if pending != 0 { sink.append(pending) }
        }
        if writesTertiary {
            sink.append(Self.levelSeparator)
            tertiaries.withBytes(tertiaries.count - 1) { sink.append(contentsOf: $0) }
        }
        if writesQuaternary {
            sink.append(Self.levelSeparator)
            quaternaries.withBytes(quaternaries.count - 1) { sink.append(contentsOf: $0) }
        }
    }

    /// A primary weight (reordered) after the one of `previous` (0 if that is not compressible),
    /// into a cursor with room for six bytes: its lead byte unless it shares a compressible one
    /// with `previous`, with the compression terminator before it, then its other bytes up to the
    /// first zero one, stored as one word (ICU's primary weights are left-aligned, so no zero byte
    /// comes before a non-zero one), which saves a test per byte in the key loop.
    @inline(__always)
    private static func appendPrimary(
        _ p: UInt32, isCompressible: Bool, after previous: inout UInt32, to cursor: inout SortKeyLevel.Cursor
    ) {
        let p1 = p >> 24
        if !isCompressible || p1 != previous >> 24 {
            if previous != 0 {
                if p < previous {
                    if p1 > Self.mergeSeparatorByte { cursor.appendReserved(0x03) }
                } else {
                    cursor.appendReserved(0xFF)
                }
            }
            cursor.appendReserved(UInt8(p1))
            previous = isCompressible ? p : 0
        }
        let rest = p << 8
        cursor.appendReserved(bytesOf: rest, count: (32 &- rest.trailingZeroBitCount &+ 7) / 8)
    }

    /// The run of `count` common secondary weights before the weight `s` (forward order), as
    /// compression bytes; `count` becomes 0.
    @inline(__always)
    private static func appendCommonSecondaries(_ count: inout Int, before s: UInt32, to level: SortKeyLevel) {
        guard count != 0 else { return }
        count -= 1
        while count >= secondaryCommonMaxCount {
            level.append(UInt8(secondaryCommonMiddle))
            count -= secondaryCommonMaxCount
        }
        let rest = UInt32(count)
        level.append(UInt8(s < commonWeight16 ? secondaryCommonLow + rest : secondaryCommonHigh - rest))
        count = 0
    }

    /// The run of `count` common tertiary weights before the weight `t` (no case bits), as
    /// compression bytes; `count` becomes 0.
    @inline(__always)
    private static func appendCommonTertiaries(_ count: inout Int, before t: UInt32, to level: SortKeyLevel) {
        guard count != 0 else { return }
        count -= 1
        while count >= tertiaryOnlyCommonMaxCount {
            level.append(UInt8(tertiaryOnlyCommonMiddle))
            count -= tertiaryOnlyCommonMaxCount
        }
        let rest = UInt32(count)
        level.append(UInt8(t < commonWeight16 ? tertiaryOnlyCommonLow + rest : tertiaryOnlyCommonHigh - rest))
        count = 0
    }

    /// A 16-bit weight, without a zero low byte.
    @inline(__always)
    private static func appendWeight16(_ weight: UInt32, to level: SortKeyLevel) {
        level.append(UInt8(truncatingIfNeeded: weight >> 8))
        let low = UInt8(truncatingIfNeeded: weight)
        if low != 0 { level.append(low) }
    }

    /// A 32-bit weight, up to its first zero byte.
    @inline(__always)
    private static func appendWeight32(_ weight: UInt32, to level: SortKeyLevel) {
        level.append(UInt8(truncatingIfNeeded: weight >> 24))
        let b1 = UInt8(truncatingIfNeeded: weight >> 16)
        guard b1 != 0 else { return }
        level.append(b1)
        let b2 = UInt8(truncatingIfNeeded: weight >> 8)
        guard b2 != 0 else { return }
        level.append(b2)
        let b3 = UInt8(truncatingIfNeeded: weight)
        if b3 != 0 { level.append(b3) }
    }
}
