/// Each BMP character's collation element as the key loop for keys up to the tertiary level
/// writes it, for one collator (tailoring and settings): the primary weight already moved by the
/// script reordering and flagged where its original lead byte is compressible, the secondary and
/// tertiary weights already masked. Filled lazily, 64 code points at a time, the first time a
/// character of the block is read.
///
/// A character has an entry only where its element needs no context: one element (a simple,
/// long-primary or long-secondary CE32, an offset or implicit weight, the default of a
/// contraction whose suffixes all start with a combining mark, or a digit when numeric collation
/// is off), no combining mark at its start under the FCD check, and neither variable nor
/// primary ignorable when variable elements are shifted. The element is written as it is with
/// the writer's running compression state: ICU compresses primary lead bytes and common weights
/// across characters, so the table holds weights, not finished bytes. Everything else is read by
/// the iterator from the collation data as before.
///
/// The memory is owned by the table, allocated here and freed in its deinit; a block once filled
/// is never written again, and a collator, which owns its table, is confined to one thread.
package final class PreparedElementTable {
    /// Bit 7 of an element: the primary's original lead byte is compressible.
    static let compressible: UInt64 = 0x80
    /// Bit 6 of an entry: the element holds only before a character that starts with no
    /// combining mark.
    static let beforeStarterOnly: UInt64 = 0x40
    /// Bit 15 (and not 14) of an entry: several elements, their count in bits 16–23 and where
    /// they start in the block in bits 32–63 (bit 6 may be set too); a count of 0 is a Hangul
    /// syllable, whose elements are its jamo's, from ``jamo`` (bit 32: from the base data's).
    static let multiple: UInt64 = 0x8000
    /// Bit 14 (and not 15): no entry (the iterator reads the character from the data).
    static let notPrepared: UInt64 = 0x4000
    /// Bits 14 and 15: the block is not filled yet.
    static let unfilled: UInt64 = 0xC000
    /// Bit 13 of a Hangul syllable's entry: its jamo are written from ``fusedJamo``.
    static let fusedHangul: UInt64 = 0x2000
    /// The bits that tell an entry the loop cannot write as it is.
    static let special: UInt64 = beforeStarterOnly | unfilled

    private static let blockCount = 0x10000 >> 6

    /// One pointer per block of 64 code points of the BMP, to its 64 entries, followed by the
    /// elements of its characters that have several; those not yet filled point to a shared
    /// block of ``unfilled`` entries.
    let blocks: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    private let unfilledBlock: UnsafeMutablePointer<UInt64>
    /// The blocks whose 64 entries are one value with no elements after them (those of Hangul
    /// syllables, of unassigned code points), shared by every block of that value, so that the
    /// syllables' entries take one cache line rather than a few hundred.
    private var uniformBlocks: [UInt64: UnsafeMutablePointer<UInt64>] = [:]
    /// The elements of the 19 leading consonants, 21 vowels and 27 trailing consonants of Hangul
    /// from the data, then from its base.
    let jamo: UnsafeMutablePointer<UInt64>
    /// Room for the elements of one Hangul syllable, written by the key loop.
    let syllable: UnsafeMutablePointer<UInt64>
    /// Per set of jamo (the data's, then its base's), its syllables' elements as one
    /// (``FusedJamo``, ``FusedJamo/count`` entries a set), where the jamo allow it.
    let fusedJamo: UnsafeMutablePointer<UInt64>

    private let data: CollationData
    private let numeric: Bool
    private let checkFCD: Bool
    /// Primaries below this are variable and shifted (0 when not shifted).
    private let variableTop: UInt32
    private let settings: CollationSettings
    private let leadBytes: [UInt16]
    /// Whether ``jamo`` holds the data's, and the base's, elements.
    private var hasJamo = (data: false, base: false)
    /// Whether ``fusedJamo`` holds the data's, and the base's, elements.
    private var hasFusedJamo = [false, false]

    /// A table for `data` under `settings`; `leadBytes` is the key writer's table of lead bytes
    /// for these settings (``CollationKeyWriter/fillLeadBytes(_:settings:compressibleBytes:)``).
    init(data: CollationData, settings: CollationSettings, leadBytes: UnsafeBufferPointer<UInt16>) {
        self.data = data
        self.settings = settings
        self.leadBytes = Array(leadBytes)
        numeric = settings.isNumeric
        checkFCD = settings.checksFCD
        variableTop = settings.isShifted ? settings.variableTop + 1 : 0
        unfilledBlock = .allocate(capacity: 64)
        unfilledBlock.initialize(repeating: Self.unfilled, count: 64)
        blocks = .allocate(capacity: Self.blockCount)
        blocks.initialize(repeating: unfilledBlock, count: Self.blockCount)
        syllable = .allocate(capacity: 3)
        syllable.initialize(repeating: 0, count: 3)
        jamo = .allocate(capacity: 2 * 67)
        jamo.initialize(repeating: 0, count: 2 * 67)
        fusedJamo = .allocate(capacity: 2 * FusedJamo.count)
        fusedJamo.initialize(repeating: 0, count: 2 * FusedJamo.count)
        for (which, source) in [data, data.base ?? data].enumerated() {
            var complete = true
            for index in 0..<67 {
                let ce32 = source.jamoCE32s.uint32(index)
                let element = CE32.isSpecial(ce32) && !CE32.hasTag(ce32, .longPrimary) ? nil : prepared(CE32.ce(ce32), first: true)
                guard let element, element >> 32 != 0 else {
                    complete = false
                    break
                }
                jamo[which * 67 + index] = element
            }
            if which == 0 { hasJamo.data = complete } else { hasJamo.base = complete }
        }
        for which in 0..<2 where which == 0 ? hasJamo.data : hasJamo.base {
            let elements = (0..<67).map { jamo[which * 67 + $0] }
            hasFusedJamo[which] = FusedJamo.fill(fusedJamo + which * FusedJamo.count, from: elements, compressible: Self.compressible)
        }
    }

    deinit {
        let shared = Set(uniformBlocks.values)
        for block in 0..<Self.blockCount where blocks[block] != unfilledBlock && !shared.contains(blocks[block]) {
            blocks[block].deallocate()
        }
        for block in shared { block.deallocate() }
        blocks.deallocate()
        unfilledBlock.deallocate()
        jamo.deallocate()
        syllable.deallocate()
        fusedJamo.deallocate()
    }

    /// Fills the block of `c` (a BMP code point whose entry is ``unfilled``).
    @inline(never)
    func fill(_ c: UInt32) {
        let first = c & ~63
        var entries: [UInt64] = []
        var elements: [UInt64] = []
        for offset in 0..<UInt32(64) {
            let (entry, more) = entry(first + offset)
            if more.isEmpty || more.count > 0xFF {
                entries.append(more.isEmpty ? entry : Self.notPrepared)
            } else {
                entries.append(UInt64(64 + elements.count) << 32 | UInt64(more.count) << 16 | entry)
                elements += more
            }
        }
        if elements.isEmpty, entries.allSatisfy({ $0 == entries[0] }) {
            if let block = uniformBlocks[entries[0]] {
                blocks[Int(c >> 6)] = block
                return
            }
            let block = UnsafeMutablePointer<UInt64>.allocate(capacity: 64)
            block.initialize(repeating: entries[0], count: 64)
            uniformBlocks[entries[0]] = block
            blocks[Int(c >> 6)] = block
            return
        }
        let block = UnsafeMutablePointer<UInt64>.allocate(capacity: 64 + elements.count)
        block.initialize(from: entries, count: 64)
        (block + 64).initialize(from: elements, count: elements.count)
        blocks[Int(c >> 6)] = block
    }

    /// The entry of one code point, or ``multiple`` with its elements.
    private func entry(_ c: UInt32) -> (UInt64, [UInt64]) {
        let none = (Self.notPrepared, [UInt64]())
        if c >= 0xD800 && c <= 0xDFFF { return none }
        var (ce32, d) = data.finalCE32(c)
        var flags: UInt64 = 0
        if checkFCD {
            let fcd = NormalizationTable.shared.fcd16(c)
            if fcd > 0xFF { return none }
            if fcd != 0 { flags = Self.beforeStarterOnly }
        }
        if CE32.hasTag(ce32, .digit) {
            if numeric { return none }
            ce32 = d.ce32s.uint32(CE32.index(ce32))
        }
        if CE32.hasTag(ce32, .contraction) && ce32 & CE32.contractNextCCC != 0 {
            ce32 = d.contextDefaultCE32(CE32.index(ce32))
            flags = Self.beforeStarterOnly
        }
        var ces: [UInt64] = []
        if !CE32.isSpecial(ce32) || CE32.hasTag(ce32, .longPrimary) || CE32.hasTag(ce32, .longSecondary) {
            ces = [CE32.ce(ce32)]
        } else {
            switch CE32.tag(ce32) {
            case .offset:
                ces = [CollationData.ceFromOffsetCE32(c, ce32, ces: d.ces)]
            case .implicit:
                ces = [CE32.ce(primary: CE32.unassignedPrimary(c))]
            case .latinExpansion:
                ces = [
                    UInt64(ce32 & 0xFF00_0000) << 32 | 0x0500_0000 | UInt64((ce32 & 0xFF_0000) >> 8),
                    UInt64(ce32 & 0xFF00) << 16 | 0x0500,
                ]
            case .expansion32:
                let start = CE32.index(ce32)
                ces = (start..<start + CE32.length(ce32)).map { CE32.ce(d.ce32s.uint32($0)) }
            case .expansion:
                let start = CE32.index(ce32)
                ces = (start..<start + CE32.length(ce32)).map { d.ces.uint64($0) }
            case .hangul where ce32 & CE32.hangulNoSpecialJamo != 0 && flags == 0:
                let inBase = d !== data
                guard inBase ? hasJamo.base : hasJamo.data else { return none }
                let fused = hasFusedJamo[inBase ? 1 : 0] ? Self.fusedHangul : 0
                return (UInt64(inBase ? 1 : 0) << 32 | Self.multiple | fused, [])
            default:
                return none
            }
        }
        var elements: [UInt64] = []
        for (index, ce) in ces.enumerated() {
            guard let element = prepared(ce, first: index == 0) else { return none }
            elements.append(element)
        }
        if elements.count == 1 { return (elements[0] | flags, []) }
        return (Self.multiple | flags, elements)
    }

    /// `ce` as the key loop writes it (primary reordered, the compressible flag set, the
    /// tertiary weight masked), or nil where it needs the loop's checks: the end and merge
    /// separators; where variable elements are shifted, a variable element, and a primary
    /// ignorable `first` element of a character (it goes to the quaternary level after a
    /// variable one).
    private func prepared(_ ce: UInt64, first: Bool) -> UInt64? {
        var p = UInt32(truncatingIfNeeded: ce >> 32)
        var flags: UInt64 = 0
        if p == 0 {
            if variableTop != 0 && first { return nil }
        } else {
            if p <= 0x0200_0000 || p < variableTop { return nil }
            let lead = leadBytes[Int(p >> 24)]
            if lead & CollationKeyWriter.leadByteCompressible != 0 { flags = Self.compressible }
            p =
                lead & CollationKeyWriter.leadByteSplit == 0
                ? UInt32(truncatingIfNeeded: lead & 0xFF) << 24 | p & 0xFF_FFFF : settings.reorder(p)
        }
        return UInt64(p) << 32 | UInt64(UInt32(truncatingIfNeeded: ce) & 0xFFFF_3F3F) | flags
    }
}
