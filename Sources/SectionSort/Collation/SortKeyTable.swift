/// Sort keys written from a table of each character's collation elements, byte-identical to the
/// keys ICU writes, for text whose every character the table covers.
///
/// The collation runtime computes a key by running its general collation iterator over the text,
/// as ICU does, which costs about as much as everything else the engine does together. But for
/// most characters of the Latin, Greek, Cyrillic, Armenian, Hebrew and Arabic blocks, and of many
/// scripts of three bytes of UTF-8 (Indic, Georgian, kana, Hangul, Han …), the collation elements do
/// not depend on what surrounds them: no contraction or prefix mapping goes
/// on with them, and their canonical combining class (and that of their decomposition's first
/// character) is zero, so text made of them needs no canonical reordering (it is "FCD"). The
/// elements of such text are the concatenation of each character's own, and its key is those
/// elements written level by level with ICU's compression (ICU's collationkeys.cpp: primary lead
/// bytes written once per run of a compressible lead byte, with a terminator where the run ends;
/// common secondary and tertiary weights written as one byte per run). A Hangul syllable's jamo
/// are written as one primary (see ``hangul``). Characters of three bytes whose elements depend
/// on the character just before them (a prefix mapping), or that take in the one after them (a
/// contraction of two characters), and marks of three bytes with a combining class (in text that
/// is FCD, checked against the character before each mark) have lists of their elements in each
/// context (``contexts``), read out of the loop.
///
/// Everything in the table comes from the collation runtime: each character's elements from its
/// iterator, the characters inside contractions from the collation data, and the script
/// reordering and the compressible lead bytes from its settings and root data. A character is kept
/// only when the keys this table writes for it alone and doubled are byte-identical to the
/// runtime's; tests compare keys with ICU's for every covered character and for random strings of
/// them in many locales.
///
/// Only collators whose settings give plain keys have a table
/// (``LocaleCollator/plainSortKeyLevels``; where they shift punctuation, the table leaves out the
/// variable elements and the primary ignorables after them, as ICU's keys up to the tertiary
/// level do); text with any character outside the table, text that is not FCD, or ill-formed
/// UTF-8, is for the runtime. Script reordering (Russian, Greek, Japanese …) moves
/// primaries, which the table keeps moved.
///
/// `@unchecked Sendable`: the table's storage is written only by the initializer and read-only
/// afterwards, so any number of threads may read it at once.
final class SortKeyTable: @unchecked Sendable {
    /// Code points below this (the one- and two-byte sequences of UTF-8) have their entries in
    /// one array; those above, up to U+FFFF, in blocks of 64.
    static let codePointLimit: UInt32 = 0x800
    /// The code points of three bytes of UTF-8 that the table may cover besides the Hangul
    /// syllables: the scripts from Samaritan to Tibetan (Indic, Thai, Lao), Myanmar, Georgian,
    /// the jamo, Ethiopic to Mongolian, the Latin and Greek letters of Vietnamese and polytonic
    /// Greek, general punctuation, the CJK symbols and kana, and the compatibility jamo. The blocks
    /// of symbols are left to the runtime, and Han (``han``) to tables built to cover it: each
    /// covered character costs the table's build a few runtime keys.
    static let threeByteRanges: [Range<UInt32>] = [0x800..<0x2070, 0x3000..<0x3100, 0x3130..<0x3190, 0x31F0..<0x3200]
    /// The CJK Unified Ideographs of U+4E00–U+9FFF, covered by tables built with `coveringHan`:
    /// more characters than all the other ranges together, which about triple the build.
    static let han: Range<UInt32> = 0x4E00..<0xA000
    /// The Hangul syllables, covered where the table can write each as one fused primary.
    static let hangulSyllables: Range<UInt32> = 0xAC00..<0xD7A4

    /// Per code point: for a character of one element whose secondary and tertiary weights are the
    /// common ones (most letters without accents), the primary (bits 32 and up) and the number of
    /// its bytes the loop writes (bits 8–10: all, or those after the lead where the lead byte is
    /// compressible, ``compressibleFlag`` then set), with ``simpleFlag`` set; in keys of three
    /// levels, for an accented letter or a capital whose weights fit ``VariantLetter``, its entry
    /// with ``simpleFlag`` and ``variantFlag`` set; for another character of one element, that
    /// element with ``singleFlag`` set (reading it here saves a dependent load); for the others,
    /// where their elements start in `elements` (bits 16 and up) and how many there are (bits
    /// 8–15); ``hangulSyllable`` for a syllable written from ``hangul``; or ``unsupported`` for
    /// characters the runtime must handle. Below ``codePointLimit``.
    private let entries: UnsafeMutablePointer<UInt64>
    /// The entries of U+0000 to U+FFFF by blocks of 64 code points (`blocks[c >> 6][c & 63]`):
    /// those of code points below ``codePointLimit`` (which three bytes of UTF-8 never encode),
    /// of the surrogates and of blocks with no covered character are one shared block of
    /// ``unsupported`` entries, so that an overlong or surrogate sequence needs no test of its own.
    private let blocks: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    /// The memory of the blocks, each once: the unsupported one first.
    private let blockStorage: UnsafeMutablePointer<UInt64>
    /// The Hangul syllables' jamo as one element each (``FusedJamo``, as the runtime's
    /// ``PreparedElementTable/fusedJamo`` holds them).
    private let hangul: UnsafeMutablePointer<UInt64>
    /// The elements, with ``compressibleFlag`` set where the primary's lead byte is one that
    /// runs of are written once.
    private let elements: UnsafeMutablePointer<UInt64>
    /// For each character of three bytes whose entry has ``prefixedFlag``, ``contractionFlag``
    /// or ``markFlag``, by the number in the entry's bits 16 and up: where its elements in each
    /// context are (see ``ContextList``), in plain memory (the lists' arrays, read on the path of
    /// each such character, cost reference counting there).
    private let contexts: UnsafeMutablePointer<ContextHeader>
    /// The contexts' keys (where they are searched) and element ranges (`start << 8 | count`,
    /// -1 for none), from each header's `first` on.
    private let contextKeys: UnsafeMutablePointer<UInt32>
    private let contextRanges: UnsafeMutablePointer<Int>
    /// 1 (primary), 2 (and secondary) or 3 (and tertiary).
    let levels: Int
    /// How many code points the table covers.
    let coveredCount: Int
    /// Whether the table was built to cover ``han`` (those of its characters that pass its checks).
    let coversHan: Bool
    /// The most elements one covered code point has.
    private let maximumElementsPerCodePoint: Int

    private static let unsupported = UInt64.max
    /// The entry of a Hangul syllable: no elements of its own, and only ``variantFlag``'s bit,
    /// which no other entry has without ``simpleFlag`` (the loop tests for it as a whole value).
    private static let hangulSyllable: UInt64 = 0x10
    /// Set in the entry of a character of three bytes whose elements depend on the character
    /// before it (see ``contexts``).
    private static let prefixedFlag: UInt64 = 0x08
    /// Set in the entry of a character of three bytes whose elements depend on the character
    /// after it, which they then take in (see ``contexts``).
    private static let contractionFlag: UInt64 = 0x02
    /// Set in the entry of a combining mark of three bytes (see ``contexts``).
    private static let markFlag: UInt64 = 0x01
    /// The flags whose entries the loop hands to ``contextRange(_:at:text:)``.
    private static let contextFlags = prefixedFlag | contractionFlag | markFlag
    /// Set in the entry of a character after whose last primary a variable element comes (where
    /// variable elements are shifted): a mark after it leaves out its elements up to its first
    /// primary. Such an entry always lists its elements.
    private static let endsAfterVariableFlag: UInt64 = 0x04

    /// The elements of a character with a context, as the initializer collects them: where they
    /// start in `elements` and how many there are (`ranges`, in the order of `keys`, and
    /// `defaultRange`). A prefixed character: after each of its prefixes (`keys`, in order: its
    /// elements after the prefix's own), and after any other character. A contraction's first
    /// character: with each of its suffixes (`keys`, in order: the elements of the two), and
    /// before any other character. A mark: `keys` holds its combining class and 1 if it has a
    /// primary weight (0 if not), `ranges` its elements after a variable one, `defaultRange` its
    /// elements.
    private struct ContextList {
        var keys: [UInt32]
        var ranges: [(start: Int, count: Int)]
        var defaultRange: (start: Int, count: Int)
    }

    /// A ``ContextList`` in plain memory: its keys and ranges from `first` on (`count` of them),
    /// searched; or, where `span` is not 0, its ranges by `key - low` (`span` of them, -1 where
    /// no key). Ranges are `start << 8 | count`.
    private struct ContextHeader {
        var low: UInt32
        var span: UInt32
        var first: Int
        var count: Int
        var defaultRange: Int
        /// A mark's combining class, and 0x100 where it has a primary weight.
        var mark: UInt32
    }

    /// The packed range of `key` in `header`'s context, or -1.
    @inline(__always)
    private func range(of key: UInt32, in header: ContextHeader) -> Int {
        if header.span != 0 {
            let offset = key &- header.low
            return offset < header.span ? contextRanges[header.first + Int(offset)] : -1
        }
        var low = header.first, high = header.first + header.count
        while low < high {
            let middle = (low + high) / 2
            if contextKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < header.first + header.count && contextKeys[low] == key ? contextRanges[low] : -1
    }

    /// Texts longer than this (in UTF-8 bytes) are keyed by the runtime.
    static let longestText = 1 << 16
    /// Two bits of the elements that ICU's keys never use (the quaternary bits, which plain
    /// settings do not write): the table keeps compressibility in one, read with the weights,
    /// and marks an entry that is an element in the other.
    fileprivate static let compressibleFlag: UInt64 = 0x80
    fileprivate static let singleFlag: UInt64 = 0x40
    /// Set in the entry of a letter whose primary the entry holds, written in the loop (the
    /// bytes after the lead where ``compressibleFlag`` is set and a run continues) with common
    /// weights on the other levels, or with those of a variant (``variantFlag``). Never together
    /// with ``singleFlag``, whose element may have this bit in its tertiary weight.
    private static let simpleFlag: UInt64 = 0x20
    /// Set, with ``simpleFlag``, in the entry of a variant of a simple letter, in keys of three
    /// levels: an accented letter or a capital, whose elements are one as a simple letter's (one
    /// primary) but for secondary and tertiary weights of one byte above the common one (an
    /// accent, case), or those and one more element of a secondary weight alone (a combining
    /// accent). Its entry holds the primary (bits 32 and up) and what the letter adds to each
    /// level (see ``VariantLetter``), so that the loop writes it without reading its elements.
    private static let variantFlag: UInt64 = 0x10
    /// The flags that tell an entry's kind: of a simple letter whose primary's lead byte is not
    /// compressible where ``simpleFlag`` is the only one of them set (the loop's first test).
    private static let kindFlags = compressibleFlag | singleFlag | simpleFlag | variantFlag
    /// The secondary and tertiary weights of a simple entry's element: the common ones.
    private static let commonWeights: UInt64 = 0x0500_0500

    /// Whether `scalar` and the first character of its canonical decomposition have combining
    /// class 0 (ICU's lead canonical combining class, from the normalization data), so that
    /// canonical reordering never moves a character across it.
    static func startsWithoutCombiningClass(_ scalar: Unicode.Scalar) -> Bool {
        let table = NormalizationTable.shared
        return table.combiningClass(scalar.value) == 0 && table.fcd16(scalar.value) >> 8 == 0
    }

    /// Whether `text` is FCD as ICU checks it (the iterator's check): the table keys only such
    /// text, and leaves the rest to the runtime, which normalizes it.
    ///
    /// - Complexity: O(n) for n code points.
    static func isFCD(_ text: String) -> Bool {
        CollationElementIterator.isFCD(text.unicodeScalars.map(\.value), .shared)
    }

    /// A table for `collator`'s settings and tailoring, or nil when its settings are not ones
    /// whose keys the table writes; `coveringHan`: whether it covers ``han`` too.
    ///
    /// - Complexity: one element iteration and three keys for each of the 2,048 code points below
    ///   U+0800 and of the ``threeByteRanges`` (and ``han``), a trie lookup for each Hangul
    ///   syllable, and the listing of the characters inside the collator's contractions
    ///   (``ContextCharacters``, one trie lookup a code point of the tailoring).
    init?(collator: LocaleCollator, coveringHan: Bool = false) {
        guard let levels = collator.plainSortKeyLevels else { return nil }
        let data = collator.runtime.tailoring.data
        // The strings of code points below U+D800 alone: text the table keys holds no other.
        // A mark inside any of them is never covered (nor read as a context's key).
        let insideAny = collator.codePointsInsideContractions(below: 0xD800)
        let canBeCovered = { (codePoint: UInt32) in
            Self.canBeCovered(codePoint, coveringHan: coveringHan) && !(Self.isMark(codePoint) && insideAny.contains(codePoint))
        }
        // Characters whose elements depend on the one before them alone (the kana length and
        // iteration marks in Japanese), or on the one after them alone (the Thai and Lao vowels
        // written before their consonant): their mappings are read here, not counted as inside.
        let (prefixMappings, contractionMappings) = Self.contextMappings(data, canBeCovered: canBeCovered)
        let inside = collator.codePointsInsideContractions(
            below: 0xD800, ignoring: Set(prefixMappings.keys).union(contractionMappings.keys))
        self.levels = levels
        let candidates = (0..<Self.codePointLimit).lazy.map { $0 } + Self.threeByteRanges.joined() + (coveringHan ? Self.han : 0..<0)

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
        // Where variable elements are shifted, keys up to the tertiary level leave them out, and
        // the primary ignorables after them (ICU's writeSortKeyUpToQuaternary).
        let variableTop: UInt32 = runtime.settings.isShifted ? runtime.settings.variableTop : 0
        /// `sequence` without what shifting leaves out where the character before it is not
        /// variable; whether a variable element comes after its last kept primary (a primary
        /// ignorable after it is then left out too); whether its first weighted element has no
        /// primary (and so depends on the character before it).
        func shifted(_ sequence: [UInt64]) -> (kept: [UInt64], endsAfterVariable: Bool, startsWithoutPrimary: Bool) {
            var kept: [UInt64] = [], afterVariable = false
            for element in sequence {
                let primary = UInt32(truncatingIfNeeded: element >> 32)
                if variableTop != 0 && primary > 0x0200_0000 && primary <= variableTop {
                    afterVariable = true
                } else if !(primary == 0 && afterVariable) {
                    if primary != 0 { afterVariable = false }
                    kept.append(element)
                }
            }
            let first = sequence.first { $0 >> 32 != 0 || $0 & 0xFFFF_FFFF != 0 }
            return (kept, afterVariable, variableTop != 0 && first.map { $0 >> 32 == 0 } == true)
        }
        /// Whether `sequence` keeps every element and ends on a primary that is not variable.
        func isUnshifted(_ sequence: [UInt64]) -> Bool {
            let result = shifted(sequence)
            return result.kept.count == sequence.count && !result.endsAfterVariable && !result.startsWithoutPrimary
        }

        var flat = [UInt64](repeating: Self.unsupported, count: Int(Self.codePointLimit))
        var upper: [UInt32: [UInt64]] = [:]  // block number: its 64 entries
        var allElements: [UInt64] = []
        var contextLists: [ContextList] = []
        var contextMarks: Set<Int> = []
        var covered = 0, maximumElements = 1
        func setEntry(_ codePoint: UInt32, _ entry: UInt64) {
            if codePoint < Self.codePointLimit {
                flat[Int(codePoint)] = entry
            } else {
                upper[codePoint >> 6, default: Array(repeating: Self.unsupported, count: 64)][Int(codePoint & 63)] = entry
            }
            covered += 1
        }
        /// Stores `sequence` in `allElements`; returns where it starts and its count.
        func store(_ sequence: [UInt64]) -> (start: Int, count: Int) {
            defer { allElements += sequence }
            maximumElements = max(maximumElements, sequence.count)
            return (allElements.count, sequence.count)
        }
        func string(_ codePoints: UInt32...) -> String {
            String(String.UnicodeScalarView(codePoints.compactMap(Unicode.Scalar.init)))
        }
        for value in candidates where !inside.contains(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let elements = collator.collationElements(of: scalar)
            // Elements with a primary weight of 1 or 2 (ICU's end and merge markers) are left to
            // the runtime; so are characters with more elements than an entry's count holds.
            guard elements.count < 256, elements.allSatisfy({ $0 >> 32 == 0 || $0 >> 32 > 2 }) else { continue }
            let text = String(Character(scalar))
            if !Self.startsWithoutCombiningClass(scalar) {
                // A combining mark of three bytes whose class is its first and last character's
                // (its text is FCD after a character whose last class is not higher, which the
                // loop checks), with no variable element.
                let fcd = NormalizationTable.shared.fcd16(value)
                guard canBeCovered(value), shifted(elements).kept.count == elements.count else { continue }
                let full = prepared(elements)
                guard Self.key(of: full, levels: levels) == collator.sortKey(of: text),
                    Self.key(of: full + full, levels: levels) == collator.sortKey(of: text + text)
                else { continue }
                // After a variable element, its elements up to its first primary are left out.
                let afterVariable = variableTop == 0 ? full : Array(full.drop { $0 >> 32 == 0 })
                let list = ContextList(
                    keys: [UInt32(fcd & 0xFF), elements.contains { $0 >> 32 != 0 } ? 1 : 0], ranges: [store(afterVariable)],
                    defaultRange: store(full))
                setEntry(value, UInt64(contextLists.count) << 16 | Self.markFlag)
                contextMarks.insert(contextLists.count)
                contextLists.append(list)
                continue
            }
            let (kept, endsAfterVariable, startsWithoutPrimary) = shifted(elements)
            guard !startsWithoutPrimary else { continue }
            let ready = prepared(kept)
            if let prefixes = prefixMappings[value] ?? contractionMappings[value] {
                // Its elements alone, and after each prefix (those after the prefix's own) or
                // with each suffix, each checked by the key of the two characters.
                let isPrefixed = prefixMappings[value] != nil
                guard isUnshifted(elements), Self.key(of: ready, levels: levels) == collator.sortKey(of: text) else { continue }
                var list = ContextList(keys: [], ranges: [], defaultRange: store(ready))
                for other in prefixes {
                    let pair = isPrefixed ? string(other, value) : string(value, other)
                    let both = collator.collationElements(of: pair)
                    let before = isPrefixed ? collator.collationElements(of: string(other)) : []
                    guard pair.unicodeScalars.count == 2, both.count - before.count < 256, both.starts(with: before), isUnshifted(both),
                        Self.key(of: prepared(both), levels: levels) == collator.sortKey(of: pair)
                    else { break }
                    list.keys.append(other)
                    list.ranges.append(store(prepared(Array(both.dropFirst(before.count)))))
                }
                guard list.keys.count == prefixes.count else { continue }
                setEntry(value, UInt64(contextLists.count) << 16 | (isPrefixed ? Self.prefixedFlag : Self.contractionFlag))
                contextLists.append(list)
                continue
            }
            guard Self.key(of: ready, levels: levels) == collator.sortKey(of: text),
                Self.key(of: ready + ready, levels: levels) == collator.sortKey(of: text + text)
            else { continue }
            let primary = ready.first.map { UInt32(truncatingIfNeeded: $0 >> 32) } ?? 0
            if endsAfterVariable {
                // Marks after it look for the flag.
                let (start, count) = store(ready)
                setEntry(value, UInt64(start) << 16 | UInt64(count) << 8 | Self.endsAfterVariableFlag)
            } else if ready.count == 1 && primary > 2 && ready[0] & 0xFFFF_3F3F == Self.commonWeights {
                let length = Self.storedPrimaryLength(primary, isCompressible: ready[0] & Self.compressibleFlag != 0)
                setEntry(value, UInt64(primary) << 32 | UInt64(length) << 8 | Self.simpleFlag | ready[0] & Self.compressibleFlag)
            } else if levels == 3, let variant = VariantLetter(ready, compressibleFlag: Self.compressibleFlag) {
                setEntry(value, variant.entry | Self.simpleFlag | Self.variantFlag | (variant.isCompressible ? Self.compressibleFlag : 0))
            } else if ready.count == 1 {
                setEntry(value, ready[0] | Self.singleFlag)
            } else {
                let (start, count) = store(ready)
                setEntry(value, UInt64(start) << 16 | UInt64(count) << 8)
            }
            maximumElements = max(maximumElements, ready.count)
        }

        hangul = .allocate(capacity: FusedJamo.count)
        hangul.initialize(repeating: 0, count: FusedJamo.count)
        if Self.fuseHangul(collator, inside: inside, prepared: prepared, into: hangul, levels: levels) {
            for syllable in Self.hangulSyllables { setEntry(syllable, Self.hangulSyllable) }
            maximumElements = max(maximumElements, 3)
        }

        entries = .allocate(capacity: flat.count)
        entries.initialize(from: flat, count: flat.count)
        let blockCount = 0x10000 >> 6
        // Blocks of the same entries (those of the Hangul syllables) share their memory.
        var distinct: [[UInt64]: Int] = [Array(repeating: Self.unsupported, count: 64): 0]
        var blockIndexes: [(block: UInt32, index: Int)] = []
        var storage = Array(repeating: Self.unsupported, count: 64)
        for (block, blockEntries) in upper.sorted(by: { $0.key < $1.key }) {
            if let index = distinct[blockEntries] {
                blockIndexes.append((block, index))
            } else {
                distinct[blockEntries] = distinct.count
                blockIndexes.append((block, distinct.count - 1))
                storage += blockEntries
            }
        }
        blockStorage = .allocate(capacity: storage.count)
        blockStorage.initialize(from: storage, count: storage.count)
        blocks = .allocate(capacity: blockCount)
        blocks.initialize(repeating: blockStorage, count: blockCount)
        for (block, index) in blockIndexes { blocks[Int(block)] = blockStorage + 64 * index }
        // The lists in plain memory: a window of ranges where their keys span few code points.
        var headers: [ContextHeader] = [], keys: [UInt32] = [], ranges: [Int] = []
        func packed(_ range: (start: Int, count: Int)) -> Int { range.start << 8 | range.count }
        for (index, list) in contextLists.enumerated() {
            let isMark = contextMarks.contains(index)
            var header = ContextHeader(
                low: 0, span: 0, first: ranges.count, count: list.ranges.count, defaultRange: packed(list.defaultRange),
                mark: isMark ? list.keys[0] | (list.keys[1] != 0 ? 0x100 : 0) : 0)
            if !isMark, let low = list.keys.first, let high = list.keys.last, high - low < 512 {
                header.low = low
                header.span = high - low + 1
                var window = Array(repeating: -1, count: Int(header.span))
                for (key, range) in zip(list.keys, list.ranges) { window[Int(key - low)] = packed(range) }
                ranges += window
                keys += Array(repeating: 0, count: window.count)
            } else {
                keys += isMark ? Array(repeating: 0, count: list.ranges.count) : list.keys
                ranges += list.ranges.map(packed)
            }
            headers.append(header)
        }
        contexts = .allocate(capacity: max(1, headers.count))
        contexts.initialize(from: headers, count: headers.count)
        contextKeys = .allocate(capacity: max(1, keys.count))
        contextKeys.initialize(from: keys, count: keys.count)
        contextRanges = .allocate(capacity: max(1, ranges.count))
        contextRanges.initialize(from: ranges, count: ranges.count)
        elements = .allocate(capacity: max(1, allElements.count))
        elements.initialize(from: allElements, count: allElements.count)
        coveredCount = covered
        coversHan = coveringHan
        maximumElementsPerCodePoint = maximumElements
    }

    /// Fills `hangul` (see ``hangul``) and returns true where every Hangul syllable's elements
    /// are those of its jamo (as in every collation that leaves the jamo to the root), and the
    /// jamo's primaries are of two bytes sharing one compressible lead byte, with common
    /// secondary and tertiary weights; the keys of a sample of syllables, alone and doubled,
    /// must be the runtime's too. False (nothing covered) otherwise.
    private static func fuseHangul(
        _ collator: LocaleCollator, inside: Set<UInt32>, prepared: ([UInt64]) -> [UInt64], into hangul: UnsafeMutablePointer<UInt64>,
        levels: Int
    ) -> Bool {
        func elements(_ syllable: UInt32) -> [UInt64] { collator.collationElements(of: Unicode.Scalar(syllable)!) }
        let first = hangulSyllables.lowerBound
        // The jamo's elements as the syllables that start with them give them.
        var leading: [UInt64] = [], vowels: [UInt64] = [], trailing: [UInt64] = []
        for l in UInt32(0)..<19 {
            guard let element = elements(first + l * 588).first else { return false }
            leading.append(element)
        }
        for v in UInt32(0)..<21 {
            let syllable = elements(first + v * 28)
            guard syllable.count == 2 else { return false }
            vowels.append(syllable[1])
        }
        for t in UInt32(1)..<28 {
            let syllable = elements(first + t)
            guard syllable.count == 3 else { return false }
            trailing.append(syllable[2])
        }
        // Every syllable's elements are its jamo's (the data says so where a syllable's CE32 is
        // the Hangul tag with no special jamo: ICU then writes the jamo's CE32s as they are, as
        // the sample above was written), and no syllable is inside a context.
        let data = collator.runtime.tailoring.data
        let jamoData = data.finalCE32(first).1
        for syllable in hangulSyllables {
            let (ce32, source) = data.finalCE32(syllable)
            guard CE32.hasTag(ce32, .hangul), ce32 & CE32.hangulNoSpecialJamo != 0, source === jamoData, !inside.contains(syllable)
            else { return false }
        }
        guard FusedJamo.fill(hangul, from: prepared(leading + vowels + trailing), compressible: compressibleFlag) else { return false }
        // The keys of the first and last syllables of each leading consonant, alone and doubled.
        for l in UInt32(0)..<19 {
            for syllable in [first + l * 588, first + l * 588 + 587] {
                let s = Int(syllable - first)
                let fused =
                    [hangul[s / 28] | hangul[FusedJamo.trailingStart + s % 28]]
                    + Array(repeating: commonWeights, count: s % 28 == 0 ? 1 : 2)
                let text = String(Character(Unicode.Scalar(syllable)!))
                guard key(of: fused, levels: levels) == collator.sortKey(of: text),
                    key(of: fused + fused, levels: levels) == collator.sortKey(of: text + text)
                else { return false }
            }
        }
        return true
    }

    deinit {
        entries.deallocate()
        blocks.deallocate()
        blockStorage.deallocate()
        hangul.deallocate()
        elements.deallocate()
        contexts.deallocate()
        contextKeys.deallocate()
        contextRanges.deallocate()
    }

    /// Whether the table covers `codePoint`.
    func covers(_ codePoint: UInt32) -> Bool {
        codePoint < 0x10000 && entry(of: codePoint) != Self.unsupported
    }

    /// How many bytes of `primary` the loop stores for a simple or variant letter's entry: all of
    /// them, or those after the lead where the lead byte is compressible (written once for a run).
    /// ICU's primary weights are left-aligned, so they end before their first zero byte.
    static func storedPrimaryLength(_ primary: UInt32, isCompressible: Bool) -> Int {
        let stored = isCompressible ? primary << 8 : primary
        return (32 - stored.trailingZeroBitCount + 7) / 8
    }

    /// How the loop writes the character `codePoint` (below U+10000) where it writes it without
    /// reading its elements: as a simple letter or a variant (``VariantLetter``), of a lead byte
    /// that is compressible or not; nil for the other characters. For tests, which check that
    /// the letters they expect there take these paths.
    func letterEntry(of codePoint: UInt32) -> (isVariant: Bool, isCompressible: Bool)? {
        let entry = entry(of: codePoint)
        guard entry != Self.unsupported, entry & (Self.simpleFlag | Self.singleFlag) == Self.simpleFlag else { return nil }
        return (entry & Self.variantFlag != 0, entry & Self.compressibleFlag != 0)
    }

    /// The code points the table covers, in order.
    ///
    /// - Complexity: O(1) per code point of the BMP.
    var coveredScalars: [Unicode.Scalar] {
        (0..<UInt32(0x10000)).filter(covers).compactMap(Unicode.Scalar.init)
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
        // character of three or four bytes the table does not cover (Han names where it leaves
        // Han out, emoji) is the runtime's before anything is set up for it.
        guard text.count <= Self.longestText else { return false }
        if let first = text.baseAddress, first.pointee >= 0xE0, threeByteEntry(at: first, end: first + text.count) == Self.unsupported {
            return false
        }
        // Each element writes at most 5 primary bytes (a terminator and 4 weight bytes) and 3 on
        // each other level (a run's byte and 2 weight bytes); the end adds a few. No overflow: the
        // text's length is bounded above.
        let maximumElements = text.count &* maximumElementsPerCodePoint
        let levelBuffers = scratch.levels(capacity: 3 &* maximumElements &+ LevelWriter.copySlack)
        let limit = 11 &* maximumElements &+ LevelWriter.copySlack
        let written = writeKey(of: text, to: buffer.roomForAppending(upTo: limit), levelBuffers: levelBuffers)
        buffer.didAppend(written, upTo: limit)
        // A key has at least its terminating byte: nothing written means the runtime's turn.
        return written > 0
    }

    /// Writes the key of `text` at `output` (room made for it: see
    /// ``appendSortKey(utf8:to:scratch:)``), with `levelBuffers` for its secondary and tertiary
    /// levels, and returns its length, or 0 where a character is not covered.
    ///
    /// - Complexity: O(m) for m bytes of text.
    @inline(__always)
    private func writeKey(
        of text: UnsafeBufferPointer<UInt8>, to output: UnsafeMutablePointer<UInt8>,
        levelBuffers: (secondaries: UnsafeMutablePointer<UInt8>, tertiaries: UnsafeMutablePointer<UInt8>)
    ) -> Int {
        let entries = self.entries
        var writer = LevelWriter(primaries: output, secondaries: levelBuffers.secondaries, tertiaries: levelBuffers.tertiaries)
        // A moving pointer rather than an index into the text, like the writer's ends: the loop's
        // state then fits in registers. An empty text may have no address; it then reads nothing
        // from the one given here.
        var position = text.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
        let end = position + text.count
        while position < end {
            let lead = position.pointee
            let entry: UInt64
            if lead < 0x80 {
                entry = entries[Int(lead)]
                position += 1
            } else if lead >= 0xC2 && lead <= 0xDF && position + 1 < end && position[1] & 0xC0 == 0x80 {
                entry = entries[Int(lead & 0x1F) << 6 | Int(position[1] & 0x3F)]
                position += 2
            } else {
                // Three bytes (the others have no entry), out of line: code for them here would
                // take registers from the loop of the one- and two-byte characters.
                entry = threeByteEntry(at: position, end: end)
                position += 3
            }
            // Most letters are simple or variants, written here; the other characters out of line,
            // with the writer passed by value: inlined, their code and loops (which the compiler
            // takes for the hot ones) would take the registers of the writer's ends and counts,
            // and the writer's address given to a call would keep it in memory, its ends loaded
            // and stored there for every letter.
            if entry & Self.kindFlags == Self.simpleFlag && writer.previousPrimary == 0 {
                // A simple letter of a primary that is not compressible, and no compressed run
                // to end: Latin's most letters, Han's. Its own test, first: a test of any more
                // on its path costs every Latin letter.
                writer.addPrimary(entry)
                continue
            }
            if entry == Self.hangulSyllable {
                let (syllable, others) = hangulSyllable(at: position - 3)
                writer.addPrimary(ofEntry: syllable)
                // Counted on every level, written or not: only the written levels' counts are read.
                writer.secondaries.commonRun &+= 1 &+ others
                writer.tertiaries.commonRun &+= 1 &+ others
                continue
            }
            if entry & (Self.simpleFlag | Self.singleFlag) == Self.simpleFlag {
                writer.addPrimary(ofEntry: entry)
                if entry & Self.variantFlag == 0 {
                    // Counted on every level, written or not: only the written levels' counts
                    // are read.
                    writer.secondaries.commonRun &+= 1
                    writer.tertiaries.commonRun &+= 1
                } else {
                    writer.addVariantWeights(entry)
                }
                continue
            }
            guard let (written, advance) = writing(entry, endingAt: position, of: text, with: writer) else { return 0 }
            writer = written
            position += advance
        }
        writer.closeLevels()
        return writer.finish(levels: levels, from: output, secondaries: levelBuffers.secondaries, tertiaries: levelBuffers.tertiaries)
    }

    /// `writer` after the elements of the character whose entry is `entry` (one of three bytes
    /// of UTF-8 where the loop moved three bytes on: its bytes end at `position`), and how many
    /// bytes of `text` after it its elements took in (a contraction's); or nil where the text is
    /// the runtime's (a character not covered, a mark after a higher combining class).
    @inline(never)
    private func writing(
        _ entry: UInt64, endingAt position: UnsafePointer<UInt8>, of text: UnsafeBufferPointer<UInt8>, with writer: LevelWriter
    ) -> (LevelWriter, Int)? {
        var writer = writer
        let levels = self.levels
        if entry == Self.unsupported { return nil }
        if entry & Self.singleFlag != 0 {
            writer.add(entry, levels: levels)
            return (writer, 0)
        }
        var (start, count, advance) = (Int(entry >> 16), Int((entry >> 8) & 0xFF), 0)
        if entry & Self.contextFlags != 0 {
            (start, count, advance) = contextRange(entry, at: position - 3, text: text)
            if start < 0 { return nil }
        }
        for offset in 0..<count {
            writer.add(elements[start + offset], levels: levels)
        }
        return (writer, advance)
    }

    /// The entry of the character of three bytes of UTF-8 at `position`, or ``unsupported`` where
    /// the bytes are not one (the sequence is cut off or ill-formed, or not of three bytes).
    /// Overlong sequences (below U+0800) and surrogates have the unsupported block.
    @inline(never)
    private func threeByteEntry(at position: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> UInt64 {
        guard position[0] & 0xF0 == 0xE0, end - position >= 3, position[1] & 0xC0 == 0x80, position[2] & 0xC0 == 0x80 else {
            return Self.unsupported
        }
        let codePoint = Int(Self.threeByteCodePoint(at: position))
        return blocks[codePoint >> 6][codePoint & 63]
    }

    /// Where the elements of the character at `position` (three bytes of UTF-8; its entry, with
    /// one of the ``contextFlags``, is `entry`) start in `elements`, how many there are, and how
    /// many bytes after the character they take in (a contraction's suffix); a start of -1 where
    /// the text is the runtime's (a mark after a character whose last combining class is
    /// higher: not FCD). `text` is well-formed up to `position`, as the loop read it. The text's
    /// start is read here, not kept by the loop: one more value there cost the one- and two-byte
    /// scripts 3–6 %.
    @inline(never)
    private func contextRange(_ entry: UInt64, at position: UnsafePointer<UInt8>, text: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int) {
        let header = contexts[Int(entry >> 16)]
        let fallback = (header.defaultRange >> 8, header.defaultRange & 0xFF, 0)
        let textStart = text.baseAddress.unsafelyUnwrapped
        if entry & Self.contractionFlag != 0 {
            // The character after it, if any and well-formed, and a suffix.
            let next = position + 3
            let textEnd = textStart + text.count
            guard next < textEnd else { return fallback }
            var end = next
            let range = range(of: CollationUTF8.decode(at: &end, end: textEnd), in: header)
            return range < 0 ? fallback : (range >> 8, range & 0xFF, end - next)
        }
        guard position > textStart else { return fallback }
        var (previous, previousStart) = Self.character(before: position, textStart: textStart)
        if entry & Self.prefixedFlag != 0 {
            let range = range(of: previous, in: header)
            return range < 0 ? fallback : (range >> 8, range & 0xFF, 0)
        }
        // A mark: FCD where the character before it ends with no higher combining class.
        guard UInt32(NormalizationTable.shared.fcd16(previous) & 0xFF) <= header.mark & 0xFF else { return (-1, 0, 0) }
        // Where variable elements are shifted, a mark after one (with only other marks without
        // a primary between) leaves out its elements up to its first primary.
        while true {
            let previousEntry = self.entry(of: previous)
            guard previousEntry & (Self.simpleFlag | Self.singleFlag) == 0 else { break }
            if previousEntry & Self.markFlag != 0 {
                // Another mark: one with a primary ends any run after a variable element.
                if contexts[Int(previousEntry >> 16)].mark & 0x100 != 0 || previousStart == textStart { break }
                (previous, previousStart) = Self.character(before: previousStart, textStart: textStart)
                continue
            }
            if previousEntry & Self.endsAfterVariableFlag != 0 {
                let range = contextRanges[header.first]
                return (range >> 8, range & 0xFF, 0)
            }
            break
        }
        return fallback
    }

    /// The code point of the character before `position` (after `textStart`, in well-formed
    /// UTF-8 of at most three bytes a character) and where it starts.
    private static func character(before position: UnsafePointer<UInt8>, textStart: UnsafePointer<UInt8>) -> (UInt32, UnsafePointer<UInt8>)
    {
        var start = position - 1
        while start.pointee & 0xC0 == 0x80 && start > textStart { start -= 1 }
        let lead = UInt32(start.pointee)
        switch position - start {
        case 1: return (lead, start)
        case 2: return ((lead & 0x1F) << 6 | UInt32(start[1] & 0x3F), start)
        default: return (threeByteCodePoint(at: start), start)
        }
    }

    /// The code point of the three bytes of UTF-8 at `position` (a lead byte and two
    /// continuation bytes, which the caller has checked).
    @inline(__always)
    private static func threeByteCodePoint(at position: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(position[0] & 0x0F) << 12 | UInt32(position[1] & 0x3F) << 6 | UInt32(position[2] & 0x3F)
    }

    /// The entry of `codePoint` (below U+10000).
    private func entry(of codePoint: UInt32) -> UInt64 {
        codePoint < Self.codePointLimit ? entries[Int(codePoint)] : blocks[Int(codePoint >> 6)][Int(codePoint & 63)]
    }

    /// Whether a table (`coveringHan`: one that covers ``han``) may cover `codePoint`: one of its
    /// candidates that starts without a combining class, or a mark of three bytes (``isMark(_:)``).
    private static func canBeCovered(_ codePoint: UInt32, coveringHan: Bool) -> Bool {
        guard
            codePoint < codePointLimit || threeByteRanges.contains(where: { $0.contains(codePoint) })
                || hangulSyllables.contains(codePoint) || (coveringHan && han.contains(codePoint)),
            let scalar = Unicode.Scalar(codePoint)
        else { return false }
        return startsWithoutCombiningClass(scalar) || isMark(codePoint)
    }

    /// Whether `codePoint` is a combining mark of three bytes whose first and last combining
    /// class are one (none of its own decomposition's marks reorder).
    private static func isMark(_ codePoint: UInt32) -> Bool {
        let fcd = NormalizationTable.shared.fcd16(codePoint)
        return codePoint >= codePointLimit && fcd != 0 && fcd >> 8 == fcd & 0xFF
    }

    /// The characters of three bytes (of ``threeByteRanges``) whose collation elements depend on
    /// one character beside them alone, with the characters that change them, in order, read
    /// from their CE32s (the tailoring's, or the root's where the tailoring leaves them) in one
    /// pass: `prefixed`, those whose elements depend on the character before them (a prefix
    /// mapping whose prefixes that text of covered characters can hold are single characters,
    /// and whose values and default are not contractions); `contracting`, those that take in the
    /// character after them (a contraction whose suffixes that such text can hold are single
    /// characters, none starting with a combining mark, so no discontiguous match).
    private static func contextMappings(
        _ data: CollationData, canBeCovered: (UInt32) -> Bool
    ) -> (prefixed: [UInt32: [UInt32]], contracting: [UInt32: [UInt32]]) {
        /// The single characters of the keys of the context trie at `root` (sorted), or nil where a
        /// key that text of covered characters can hold is longer or its value fails `accepts`.
        /// A key with a character the table never covers (a combining mark, such as the voicing
        /// mark in Japanese's prefixes) never matches in text the table keys.
        func singleCharacterKeys(_ contexts: CollationBytes, root: Int, accepts: (UInt32) -> Bool) -> [UInt32]? {
            var keys: [UInt32] = []
            var simple = true
            ContextTrie(contexts, root: root).forEachKey { key, value in
                if key.contains(where: { !canBeCovered(UInt32($0)) }) { return }
                if key.count == 1 && accepts(UInt32(bitPattern: value)) { keys.append(UInt32(key[0])) } else { simple = false }
            }
            return simple && !keys.isEmpty ? keys.sorted() : nil
        }
        var prefixed: [UInt32: [UInt32]] = [:], contracting: [UInt32: [UInt32]] = [:]
        for c in threeByteRanges.joined() {
            let (ce32, source) = data.finalCE32(c)
            let index = CE32.index(ce32)
            if CE32.hasTag(ce32, .prefix) && !CE32.hasTag(source.contextDefaultCE32(index), .contraction) {
                prefixed[c] = singleCharacterKeys(source.contexts, root: index + 2) { !CE32.hasTag($0, .contraction) }
            } else if CE32.hasTag(ce32, .contraction) && ce32 & CE32.contractNextCCC == 0 {
                contracting[c] = singleCharacterKeys(source.contexts, root: index + 2) { _ in true }
            }
        }
        return (prefixed, contracting)
    }

    /// The Hangul syllable at `position` (one that ``hangul`` holds, three bytes of UTF-8) as the
    /// entry of a simple letter of a compressible primary (its jamo's primaries as one: the lead
    /// byte, then a second byte for each jamo), and how many elements of common weights follow it.
    @inline(never)
    private func hangulSyllable(at position: UnsafePointer<UInt8>) -> (entry: UInt64, others: Int) {
        let syllable = Int(Self.threeByteCodePoint(at: position) - Self.hangulSyllables.lowerBound)
        let trailing = syllable % 28
        let element = hangul[syllable / 28] | hangul[FusedJamo.trailingStart + trailing]
        let length: UInt64 = trailing == 0 ? 2 : 3
        return (element & 0xFFFF_FFFF_0000_0000 | length << 8 | Self.simpleFlag | Self.compressibleFlag, trailing == 0 ? 1 : 2)
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
        for element in sequence { writer.add(element, levels: levels) }
        writer.closeLevels()
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
    /// element on the secondary and tertiary levels, eleven in all, and the end's): the bytes
    /// that close the levels' runs (``closeLevels()``), the level separators and terminator, and
    /// the seven bytes a level's last word reads and writes past its end
    /// (``finish(levels:from:secondaries:tertiaries:)``).
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
                if previousPrimary != 0 { closeCompressedRun(before: primary) }
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
            secondaries.commonRun &+= 1
        } else if secondary != 0 {
            secondaries.add(secondary, isBelowCommon: secondary < Self.common, low: 0x05, middle: 0x25, high: 0x45, longestRun: 0x21)
        }
        guard levels > 2 else { return }
        let tertiary = lower & 0x3F3F
        if tertiary == Self.common {
            tertiaries.commonRun &+= 1
        } else {
            // Lead bytes 06...3F move to C6...FF, above the common weights' run bytes.
            tertiaries.add(
                tertiary > Self.common ? tertiary + 0xC000 : tertiary, isBelowCommon: tertiary < Self.common, low: 0x05, middle: 0x65,
                high: 0xC5, longestRun: 0x61)
        }
    }

    /// Ends a compressed run before `primary`, of another lead byte: a low or high terminator,
    /// whichever keeps the order.
    @inline(__always)
    private mutating func closeCompressedRun(before primary: UInt32) {
        if primary < previousPrimary {
            if primary >> 24 > 2 { appendPrimary(0x03) }
        } else {
            appendPrimary(0xFF)
        }
        previousPrimary = 0
    }

    /// Adds a simple entry's element (see ``SortKeyTable``'s entries) whose primary's lead byte
    /// is not compressible, where no compressed run is open: its primary bytes, stored at once,
    /// and a common weight on each other level.
    @inline(__always)
    mutating func addPrimary(_ entry: UInt64) {
        // The caller's room covers four bytes for any element.
        UnsafeMutableRawPointer(primaryEnd).storeBytes(of: UInt32(truncatingIfNeeded: entry >> 32).bigEndian, as: UInt32.self)
        primaryEnd += Int(truncatingIfNeeded: entry >> 8) & 0x7
        // Counted on every level, written or not: only the written levels' counts are read.
        secondaries.commonRun &+= 1
        tertiaries.commonRun &+= 1
    }

    /// Adds the primary of a simple or variant letter's entry (see ``SortKeyTable``'s entries):
    /// its bytes stored at once where its lead byte is not compressible; where it is, the lead
    /// byte where a run starts (after the terminator of the run before, if any), then the bytes
    /// after the lead, stored at once.
    @inline(__always)
    mutating func addPrimary(ofEntry entry: UInt64) {
        let primary = UInt32(truncatingIfNeeded: entry >> 32)
        let length = Int(truncatingIfNeeded: entry >> 8) & 0x7
        // The caller's room covers four bytes for any element.
        if entry & SortKeyTable.compressibleFlag == 0 {
            if previousPrimary != 0 { closeCompressedRun(before: primary) }
            UnsafeMutableRawPointer(primaryEnd).storeBytes(of: primary.bigEndian, as: UInt32.self)
        } else {
            if primary >> 24 != previousPrimary >> 24 {
                if previousPrimary != 0 { closeCompressedRun(before: primary) }
                appendPrimary(UInt8(primary >> 24))
                previousPrimary = primary
            }
            UnsafeMutableRawPointer(primaryEnd).storeBytes(of: (primary << 8).bigEndian, as: UInt32.self)
        }
        primaryEnd += length
    }

    /// Adds the secondary and tertiary weights of a variant letter's entry (see
    /// ``SortKeyTable``'s `variantFlag` and ``VariantLetter``), in keys of three levels.
    @inline(__always)
    mutating func addVariantWeights(_ entry: UInt64) {
        let fields = UInt32(truncatingIfNeeded: entry >> 8)
        secondaries.commonRun &+= Int((fields >> VariantLetter.secondaryRunShift) & 0x3)
        let secondary = (fields >> VariantLetter.secondaryShift) & 0xFF
        if secondary != 0 {
            secondaries.add(secondary << 8, isBelowCommon: false, low: 0x05, middle: 0x25, high: 0x45, longestRun: 0x21)
        }
        tertiaries.commonRun &+= Int((fields >> VariantLetter.tertiaryRunShift) & 0x3)
        let tertiary = (fields >> VariantLetter.tertiaryShift) & 0x3F
        if tertiary != 0 {
            // Lead bytes 06...3F move to C6...FF, above the common weights' run bytes (as in add).
            tertiaries.add((tertiary | 0xC0) << 8, isBelowCommon: false, low: 0x05, middle: 0x65, high: 0xC5, longestRun: 0x61)
            tertiaries.commonRun &+= Int((fields >> VariantLetter.tertiaryRunAfterShift) & 0x1)
        }
    }

    /// Ends the key's elements as ICU's end element (NO_CE, of weights 01 below every other)
    /// does: it ends no compressed run of primaries (no terminator at a level's end), and it
    /// closes each other level's run of common weights with a byte for a run that ends below
    /// them. Its own 01s, which ``finish(levels:from:secondaries:tertiaries:)`` would drop, are
    /// not written.
    @inline(__always)
    mutating func closeLevels() {
        secondaries.closeRun(low: 0x05, middle: 0x25, longestRun: 0x21)
        tertiaries.closeRun(low: 0x05, middle: 0x65, longestRun: 0x61)
    }

    /// Appends the other levels (written from `secondaries` and `tertiaries` on) after the
    /// primaries, each after a level separator, then the terminating zero; returns the key's
    /// length from `start`, where the primaries begin.
    @inline(__always)
    mutating func finish(
        levels: Int, from start: UnsafeMutablePointer<UInt8>, secondaries secondaryStart: UnsafeMutablePointer<UInt8>,
        tertiaries tertiaryStart: UnsafeMutablePointer<UInt8>
    ) -> Int {
        if levels > 1 { appendLevel(from: secondaryStart, to: secondaries.end) }
        if levels > 2 { appendLevel(from: tertiaryStart, to: tertiaries.end) }
        appendPrimary(0x00)
        return primaryEnd - start
    }

    @inline(__always)
    private mutating func appendLevel(from start: UnsafeMutablePointer<UInt8>, to end: UnsafeMutablePointer<UInt8>) {
        appendPrimary(0x01)
        // Levels are short (names: a few bytes), and a byte loop's exit, at a count that varies
        // from key to key, is mispredicted: eight bytes at a time instead, the last word reading
        // and writing up to seven bytes past the level's end, within the room the caller made
        // (``copySlack``); the bytes written past it are written over or left unused.
        let count = end - start
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
        if let rest = takeRun(middle: middle, longestRun: longestRun) { append(isBelowCommon ? low + rest : high - rest) }
        append(UInt8(truncatingIfNeeded: weight >> 8))
        if weight & 0xFF != 0 { append(UInt8(weight & 0xFF)) }
    }

    /// Writes the pending run of common weights as a run that ends below them (the level's end).
    @inline(__always)
    mutating func closeRun(low: UInt8, middle: UInt8, longestRun: Int) {
        if let rest = takeRun(middle: middle, longestRun: longestRun) { append(low + rest) }
    }

    /// Ends the pending run of common weights, if any: writes its `middle` bytes where it is
    /// longer than `longestRun`, and returns how many weights its last byte stands for, less one
    /// (the run's byte is the level's low byte plus this, or its high byte minus it); nil where
    /// no run is pending.
    @inline(__always)
    private mutating func takeRun(middle: UInt8, longestRun: Int) -> UInt8? {
        guard commonRun != 0 else { return nil }
        if commonRun > longestRun {
            (end, commonRun) = Self.writingLongRun(to: end, commonRun, middle: middle, longestRun: longestRun)
        }
        defer { commonRun = 0 }
        return UInt8(commonRun &- 1)
    }

    /// Writes `middle` for each `longestRun` common weights of a run of `commonRun` while more
    /// than `longestRun` are left; returns where the next byte goes and how many are left. Out
    /// of line and by value: long runs are rare, and a loop in the key table's loop takes
    /// registers from it.
    @inline(never)
    private static func writingLongRun(
        to end: UnsafeMutablePointer<UInt8>, _ commonRun: Int, middle: UInt8, longestRun: Int
    ) -> (UnsafeMutablePointer<UInt8>, Int) {
        var (end, commonRun) = (end, commonRun)
        while commonRun > longestRun {
            end.pointee = middle
            end += 1
            commonRun &-= longestRun
        }
        return (end, commonRun)
    }

    @inline(__always) private mutating func append(_ byte: UInt8) {
        end.pointee = byte
        end += 1
    }
}
