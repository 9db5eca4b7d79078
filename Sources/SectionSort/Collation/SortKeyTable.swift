/// Sort keys written from a table of each character's collation elements, byte-identical to the
/// keys ICU writes, for text whose every character the table covers.
///
/// The collation runtime computes a key by running its general collation iterator over the text,
/// as ICU does, which costs about as much as everything else the engine does together. But for
/// most characters of the Latin, Greek, Cyrillic, Armenian, Hebrew and Arabic blocks the
/// collation elements do not depend on what surrounds them: no contraction or prefix mapping goes
/// on with them, and their canonical combining class (and that of their decomposition's first
/// character) is zero, so text made of them needs no canonical reordering (it is "FCD"). The
/// elements of such text are the concatenation of each character's own, and its key is those
/// elements written level by level with ICU's compression (ICU's collationkeys.cpp: primary lead
/// bytes written once per run of a compressible lead byte, with a terminator where the run ends;
/// common secondary and tertiary weights written as one byte per run).
///
/// Everything in the table comes from the collation runtime: each character's elements from its
/// iterator, the characters inside contractions from the collation data, and the script
/// reordering and the compressible lead bytes from its settings and root data. A character is kept
/// only when the keys this table writes for it alone and doubled are byte-identical to the
/// runtime's; tests compare keys with ICU's for every covered character and for random strings of
/// them in many locales.
///
/// Only collators whose settings give plain keys have a table
/// (``LocaleCollator/plainSortKeyLevels``); text with any character outside the table, or
/// ill-formed UTF-8, is for the runtime. Script reordering (Russian, Greek, Japanese …) moves
/// primaries, which the table keeps moved.
///
/// `@unchecked Sendable`: the table's storage is written only by the initializer and read-only
/// afterwards, so any number of threads may read it at once.
final class SortKeyTable: @unchecked Sendable {
    /// Code points below this have entries: the one- and two-byte sequences of UTF-8.
    static let codePointLimit: UInt32 = 0x800

    /// Per code point: for a character of one element whose secondary and tertiary weights are the
    /// common ones and whose primary's lead byte is not compressible (most letters without
    /// accents), the primary (bits 32 and up) and its length in bytes (bits 8–15), with
    /// ``simpleFlag`` set; for another character of one element, that element with ``singleFlag``
    /// set (reading it here saves a dependent load); for the others, where their elements start in
    /// `elements` (bits 16 and up) and how many there are (bits 8–15); or ``unsupported`` for
    /// characters the runtime must handle.
    private let entries: UnsafeMutablePointer<UInt64>
    /// The elements, with ``compressibleFlag`` set where the primary's lead byte is one that
    /// runs of are written once.
    private let elements: UnsafeMutablePointer<UInt64>
    /// 1 (primary), 2 (and secondary) or 3 (and tertiary).
    let levels: Int
    /// How many code points the table covers.
    let coveredCount: Int
    /// The most elements one covered code point has.
    private let maximumElementsPerCodePoint: Int

    private static let unsupported = UInt64.max
    /// Texts longer than this (in UTF-8 bytes) are keyed by the runtime.
    static let longestText = 1 << 16
    /// Two bits of the elements that ICU's keys never use (the quaternary bits, which plain
    /// settings do not write): the table keeps compressibility in one, read with the weights,
    /// and marks an entry that is an element in the other.
    fileprivate static let compressibleFlag: UInt64 = 0x80
    fileprivate static let singleFlag: UInt64 = 0x40
    /// Set in an entry whose element is written as its primary alone (not together with
    /// ``singleFlag``, whose element may have this bit in its tertiary weight).
    private static let simpleFlag: UInt64 = 0x20
    /// The secondary and tertiary weights of a simple entry's element: the common ones.
    private static let commonWeights: UInt64 = 0x0500_0500
    /// ICU's NO_CE: the element that ends every text and closes each level's compression.
    private static let endElement: UInt64 = 0x1_0100_0100

    /// Whether `scalar` and the first character of its canonical decomposition have combining
    /// class 0 (ICU's lead canonical combining class, from the normalization data), so that
    /// canonical reordering never moves a character across it.
    static func startsWithoutCombiningClass(_ scalar: Unicode.Scalar) -> Bool {
        let table = NormalizationTable.shared
        return table.combiningClass(scalar.value) == 0 && table.fcd16(scalar.value) >> 8 == 0
    }

    /// A table for `collator`'s settings and tailoring, or nil when its settings are not ones
    /// whose keys the table writes.
    ///
    /// - Complexity: one element iteration and three keys for each of the 2,048 code points, and
    ///   the listing of the characters inside the collator's contractions (``ContextCharacters``,
    ///   one trie lookup a code point of the tailoring).
    init?(collator: LocaleCollator) {
        guard let levels = collator.plainSortKeyLevels else { return nil }
        let inside = collator.codePointsInsideContractions(below: Self.codePointLimit)
        self.levels = levels
        let limit = Int(Self.codePointLimit)
        var candidates: [(codePoint: UInt32, elements: [UInt64])] = []
        for value in 0..<Self.codePointLimit where !inside.contains(value) {
            guard let scalar = Unicode.Scalar(value), Self.startsWithoutCombiningClass(scalar) else { continue }
            let elements = collator.collationElements(of: scalar)
            // Elements with a primary weight of 1 or 2 (ICU's end and merge markers) are left to
            // the runtime; so are characters with more elements than an entry's count holds.
            guard elements.count < 256, elements.allSatisfy({ $0 >> 32 == 0 || $0 >> 32 > 2 }) else { continue }
            candidates.append((value, elements))
        }

        /// `sequence` as the table keeps it: each primary moved as the runtime's script reordering
        /// moves it (ICU's reorder table, and its ranges where a lead byte is split between
        /// scripts), with ``compressibleFlag`` set where the primary's lead byte (before
        /// reordering, as ICU tests it) is compressible.
        let runtime = collator.runtime
        func prepared(_ sequence: [UInt64]) -> [UInt64] {
            sequence.map { element in
                let primary = UInt32(truncatingIfNeeded: element >> 32)
                guard primary != 0 else { return element }
                let moved = runtime.settings.hasReordering ? runtime.settings.reorder(primary) : primary
                let flagged = runtime.isCompressible(leadByte: primary >> 24) ? element | Self.compressibleFlag : element
                return UInt64(moved) << 32 | flagged & 0xFFFF_FFFF
            }
        }

        entries = .allocate(capacity: limit)
        entries.initialize(repeating: Self.unsupported, count: limit)
        var allElements: [UInt64] = []
        var covered = 0, maximumElements = 1
        for candidate in candidates {
            let ready = prepared(candidate.elements)
            let text = String(Character(Unicode.Scalar(candidate.codePoint)!))
            guard Self.key(of: ready, levels: levels) == collator.sortKey(of: text),
                Self.key(of: ready + ready, levels: levels) == collator.sortKey(of: text + text)
            else { continue }
            let primary = UInt32(truncatingIfNeeded: ready[0] >> 32)
            if ready.count == 1 && primary > 2 && ready[0] & Self.compressibleFlag == 0
                && ready[0] & 0xFFFF_3F3F == Self.commonWeights
            {
                let length = (32 - primary.trailingZeroBitCount + 7) / 8
                entries[Int(candidate.codePoint)] = UInt64(primary) << 32 | UInt64(length) << 8 | Self.simpleFlag
            } else if ready.count == 1 {
                entries[Int(candidate.codePoint)] = ready[0] | Self.singleFlag
            } else {
                entries[Int(candidate.codePoint)] = UInt64(allElements.count) << 16 | UInt64(ready.count) << 8
                allElements += ready
            }
            covered += 1
            maximumElements = max(maximumElements, ready.count)
        }
        elements = .allocate(capacity: max(1, allElements.count))
        elements.initialize(from: allElements, count: allElements.count)
        coveredCount = covered
        maximumElementsPerCodePoint = maximumElements
    }

    deinit {
        entries.deallocate()
        elements.deallocate()
    }

    /// Whether the table covers `codePoint`.
    func covers(_ codePoint: UInt32) -> Bool {
        codePoint < Self.codePointLimit && entries[Int(codePoint)] != Self.unsupported
    }

    // MARK: Writing keys

    /// Appends the sort key of `text` (terminating zero byte included) to `buffer` and returns
    /// true, or appends nothing and returns false when a character of `text` is not covered or
    /// its UTF-8 is ill-formed.
    ///
    /// - Complexity: O(m) for m bytes of text.
    func appendSortKey(utf8 text: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer, scratch: Scratch) -> Bool {
        // The room reserved below is about 11 bytes per element of every character: for a text of
        // megabytes the runtime's own growth is the better bound. A text that starts with a
        // character of three or four bytes (Thai, Devanagari, Han, kana, Hangul names) is the
        // runtime's before anything is set up for it.
        guard text.count <= Self.longestText, text.isEmpty || text[0] < 0xE0 else { return false }
        // Each element writes at most 5 primary bytes (a terminator and 4 weight bytes) and 3 on
        // each other level (a run's byte and 2 weight bytes); the end adds a few.
        let maximumElements = text.count * maximumElementsPerCodePoint
        let levelBuffers = scratch.levels(capacity: 3 * maximumElements + LevelWriter.copySlack)
        let levels = self.levels, entries = self.entries, elements = self.elements
        let written = buffer.appendBytes(upTo: 11 * maximumElements + LevelWriter.copySlack) { output in
            var writer = LevelWriter(primaries: output, secondaries: levelBuffers.secondaries, tertiaries: levelBuffers.tertiaries)
            // A moving pointer rather than an index into the text, like the writer's ends: the
            // loop's state then fits in registers. An empty text may have no address; it then
            // reads nothing from the one given here.
            var position = text.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
            let end = position + text.count
            while position < end {
                let lead = position.pointee
                let codePoint: Int
                if lead < 0x80 {
                    codePoint = Int(lead)
                    position += 1
                } else if lead >= 0xC2 && lead <= 0xDF && position + 1 < end && position[1] & 0xC0 == 0x80 {
                    codePoint = Int(lead & 0x1F) << 6 | Int(position[1] & 0x3F)
                    position += 2
                } else {
                    return 0
                }
                let entry = entries[codePoint]
                if entry & (Self.simpleFlag | Self.singleFlag) == Self.simpleFlag {
                    if writer.previousPrimary == 0 {
                        writer.addPrimary(entry)
                    } else {
                        // After a compressed run, the run's terminator first.
                        writer.add(entry & 0xFFFF_FFFF_0000_0000 | Self.commonWeights, levels: levels)
                    }
                    continue
                }
                if entry == Self.unsupported { return 0 }
                if entry & Self.singleFlag != 0 {
                    writer.add(entry, levels: levels)
                    continue
                }
                let start = Int(entry >> 16)
                for offset in 0..<Int((entry >> 8) & 0xFF) {
                    writer.add(elements[start + offset], levels: levels)
                }
            }
            writer.add(Self.endElement, levels: levels)
            return writer.finish(levels: levels, from: output, secondaries: levelBuffers.secondaries, tertiaries: levelBuffers.tertiaries)
        }
        // A key has at least its terminating byte: nothing written means the runtime's turn.
        return written > 0
    }

    /// The key of the elements `sequence` (for building and checking the table).
    private static func key(of sequence: [UInt64], levels: Int) -> [UInt8] {
        let capacity = 11 * sequence.count + LevelWriter.copySlack
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let secondaries = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let tertiaries = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer {
            output.deallocate()
            secondaries.deallocate()
            tertiaries.deallocate()
        }
        var writer = LevelWriter(primaries: output, secondaries: secondaries, tertiaries: tertiaries)
        for element in sequence + [endElement] { writer.add(element, levels: levels) }
        let count = writer.finish(levels: levels, from: output, secondaries: secondaries, tertiaries: tertiaries)
        return Array(UnsafeBufferPointer(start: output, count: count))
    }

    /// Per-thread working memory for ``appendSortKey(utf8:to:scratch:)``.
    final class Scratch {
        // One owner thread and a per-key hot path: no dynamic exclusivity checks needed.
        @exclusivity(unchecked) private var secondaries: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) private var tertiaries: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) private var levelCapacity = 256

        init() {
            secondaries = .allocate(capacity: levelCapacity)
            tertiaries = .allocate(capacity: levelCapacity)
        }

        deinit {
            secondaries.deallocate()
            tertiaries.deallocate()
        }

        @inline(__always)
        fileprivate func levels(capacity: Int) -> (secondaries: UnsafeMutablePointer<UInt8>, tertiaries: UnsafeMutablePointer<UInt8>) {
            if capacity > levelCapacity {
                secondaries.deallocate()
                tertiaries.deallocate()
                levelCapacity = capacity
                secondaries = .allocate(capacity: capacity)
                tertiaries = .allocate(capacity: capacity)
            }
            return (secondaries, tertiaries)
        }
    }
}

/// Writes collation elements into the three levels of a sort key as ICU does for plain settings
/// (ICU's `CollationKeys::writeSortKeyUpToQuaternary` for strength up to tertiary, without case
/// level, case first, backwards secondary, variable shifting or reordering).
///
/// Primary weights go straight to the output; the secondary and tertiary levels collect in their
/// own buffers and are appended by ``finish(levels:from:secondaries:tertiaries:)``. Sized by the
/// caller: see ``SortKeyTable/appendSortKey(utf8:to:scratch:)``.
///
/// Each level is kept as the address its next byte goes to, not as a start and a count, and the
/// starts are the caller's: the table's loop then keeps its whole state in registers.
private struct LevelWriter {
    /// Where the next primary byte goes.
    var primaryEnd: UnsafeMutablePointer<UInt8>
    /// The last primary weight of a compressible lead byte (0: none, so no run to continue).
    var previousPrimary: UInt32 = 0
    // ICU's compression of common weights (collationkeys.cpp): runs of up to 33 secondaries as
    // 05…25 or 25…45, of up to 97 tertiaries (without case bits) as 05…65 or 65…C5. The bytes are
    // arguments of each `add` rather than stored, so that they are constants in the loop and
    // leave the registers to its variables.
    var secondaries: CompressedLevel
    var tertiaries: CompressedLevel

    /// ICU's common weight of the secondary and tertiary levels (collation.h).
    static let common: UInt32 = 0x0500

    /// Bytes of room that each buffer needs past the most its elements write (three per
    /// element on the secondary and tertiary levels, eleven in all, and the end's): the end
    /// element, the level separators and terminator, and the seven bytes a level's last word
    /// reads and writes past its end (``finish(levels:from:secondaries:tertiaries:)``).
    static let copySlack = 24

    init(primaries: UnsafeMutablePointer<UInt8>, secondaries: UnsafeMutablePointer<UInt8>, tertiaries: UnsafeMutablePointer<UInt8>) {
        primaryEnd = primaries
        self.secondaries = CompressedLevel(end: secondaries)
        self.tertiaries = CompressedLevel(end: tertiaries)
    }

    @inline(__always)
    mutating func add(_ element: UInt64, levels: Int) {
        let primary = UInt32(truncatingIfNeeded: element >> 32)
        if primary > 1 {
            let lead = primary >> 24
            let isCompressible = element & SortKeyTable.compressibleFlag != 0
            if !isCompressible || lead != previousPrimary >> 24 {
                if previousPrimary != 0 {
                    // The end of a compressed run: a low or high terminator, whichever keeps the order.
                    if primary < previousPrimary {
                        if lead > 2 { appendPrimary(0x03) }
                    } else {
                        appendPrimary(0xFF)
                    }
                }
                appendPrimary(UInt8(lead))
                previousPrimary = isCompressible ? primary : 0
            }
            // The bytes after the lead, stored at once (the caller's room covers all four):
            // ICU's primary weights are left-aligned, so they end before their first zero byte.
            let rest = primary << 8
            UnsafeMutableRawPointer(primaryEnd).storeBytes(of: rest.bigEndian, as: UInt32.self)
            primaryEnd += (32 &- rest.trailingZeroBitCount &+ 7) / 8
        }
        let lower = UInt32(truncatingIfNeeded: element & ~(SortKeyTable.compressibleFlag | SortKeyTable.singleFlag))
        guard lower != 0, levels > 1 else { return }
        let secondary = lower >> 16
        if secondary == Self.common {
            secondaries.commonRun += 1
        } else if secondary != 0 {
            secondaries.add(secondary, isBelowCommon: secondary < Self.common, low: 0x05, middle: 0x25, high: 0x45, longestRun: 0x21)
        }
        guard levels > 2 else { return }
        let tertiary = lower & 0x3F3F
        if tertiary == Self.common {
            tertiaries.commonRun += 1
        } else {
            // Lead bytes 06...3F move to C6...FF, above the common weights' run bytes.
            tertiaries.add(
                tertiary > Self.common ? tertiary + 0xC000 : tertiary, isBelowCommon: tertiary < Self.common, low: 0x05, middle: 0x65,
                high: 0xC5, longestRun: 0x61)
        }
    }

    /// Adds a simple entry's element (see ``SortKeyTable``'s entries) where no compressed run is
    /// open: its primary bytes, stored at once, and a common weight on each other level.
    @inline(__always)
    mutating func addPrimary(_ entry: UInt64) {
        // The caller's room covers four bytes for any element.
        UnsafeMutableRawPointer(primaryEnd).storeBytes(of: UInt32(truncatingIfNeeded: entry >> 32).bigEndian, as: UInt32.self)
        primaryEnd += Int(truncatingIfNeeded: (entry >> 8) & 0xFF)
        // Counted on every level, written or not: only the written levels' counts are read.
        secondaries.commonRun += 1
        tertiaries.commonRun += 1
    }

    /// Appends the other levels (written from `secondaries` and `tertiaries` on) after the
    /// primaries, each after a level separator and without its last byte (the end element's 01),
    /// then the terminating zero; returns the key's length from `start`, where the primaries begin.
    mutating func finish(
        levels: Int, from start: UnsafeMutablePointer<UInt8>, secondaries secondaryStart: UnsafeMutablePointer<UInt8>,
        tertiaries tertiaryStart: UnsafeMutablePointer<UInt8>
    ) -> Int {
        if levels > 1 { appendLevel(from: secondaryStart, to: secondaries.end) }
        if levels > 2 { appendLevel(from: tertiaryStart, to: tertiaries.end) }
        appendPrimary(0x00)
        return primaryEnd - start
    }

    private mutating func appendLevel(from start: UnsafeMutablePointer<UInt8>, to end: UnsafeMutablePointer<UInt8>) {
        appendPrimary(0x01)
        // Levels are short (names: a few bytes), and a byte loop's exit, at a count that varies
        // from key to key, is mispredicted: eight bytes at a time instead, the last word reading
        // and writing up to seven bytes past the level's end, within the room the caller made
        // (``copySlack``); the bytes written past it are written over or left unused.
        let count = end - start - 1
        var offset = 0
        while offset < count {
            let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(primaryEnd + offset).storeBytes(of: word, as: UInt64.self)
            offset &+= 8
        }
        primaryEnd += count
    }

    @inline(__always) private mutating func appendPrimary(_ byte: UInt8) {
        primaryEnd.pointee = byte
        primaryEnd += 1
    }
}

/// A secondary or tertiary level being written: weights as they come, runs of the common weight
/// as one byte each (or more for long runs), whose value says whether the run ended below or above
/// the common weight, so that the compressed level orders as the uncompressed one.
private struct CompressedLevel {
    /// Where the next byte goes.
    var end: UnsafeMutablePointer<UInt8>
    /// Common weights not written yet.
    var commonRun = 0

    init(end: UnsafeMutablePointer<UInt8>) {
        self.end = end
    }

    /// Writes the pending run of common weights, then `weight` (16 bits; its low byte only when
    /// not zero). `isBelowCommon`: whether the weight as ICU reads it is below the common one;
    /// `low`, `middle` and `high` the level's run bytes, `longestRun` the most common weights
    /// one byte stands for.
    @inline(__always)
    mutating func add(_ weight: UInt32, isBelowCommon: Bool, low: UInt8, middle: UInt8, high: UInt8, longestRun: Int) {
        if commonRun != 0 {
            commonRun -= 1
            while commonRun >= longestRun {
                append(middle)
                commonRun -= longestRun
            }
            append(isBelowCommon ? low + UInt8(commonRun) : high - UInt8(commonRun))
            commonRun = 0
        }
        append(UInt8(truncatingIfNeeded: weight >> 8))
        if weight & 0xFF != 0 { append(UInt8(weight & 0xFF)) }
    }

    @inline(__always) private mutating func append(_ byte: UInt8) {
        end.pointee = byte
        end += 1
    }
}
