import SectionSortCollationData

/// One level of ICU's collation data, read in place from its binary format (ICU's
/// CollationDataReader): the root collation, or a tailoring's own mappings, which fall back to the
/// root for every code point whose CE32 is ``CE32/fallback``.
///
/// Opening reads only the indexes and the trie's header.
package final class CollationData: Sendable {
    /// The root data compiled into the library.
    package static let root: CollationData = {
        guard let data = CollationData(bytes: CollationBytes(sscd_root()), base: nil) else {
            preconditionFailure("the compiled-in root collation data is malformed")
        }
        return data
    }()

    /// The data this one falls back to (nil for the root).
    package let base: CollationData?
    let trie: CollationTrie
    let ce32s: CollationBytes
    let ces: CollationBytes
    let contexts: CollationBytes
    /// The CE32s of the 19 leading consonants, 21 vowels and 27 trailing consonants of Hangul.
    let jamoCE32s: CollationBytes
    /// The lead byte(s) of the primary weights of numeric collation (the options word's top byte).
    package let numericPrimary: UInt32
    /// The root's elements table and script data (empty in tailorings), for settings that need
    /// the root's weights (variable top, reordering).
    package let rootElements: CollationBytes
    package let scripts: CollationBytes

    /// Reads the data of ICU's binary format after the data header (`bytes` starts with the
    /// indexes). Nil when it has no mappings of its own (only settings) or is malformed.
    init?(bytes: CollationBytes, base: CollationData?) {
        let indexes = CollationIndexes(bytes)
        guard let trieBytes = indexes.part(CollationIndexes.trie), trieBytes.count >= 8,
            let trie = CollationTrie(trieBytes)
        else { return nil }
        self.base = base
        self.trie = trie
        numericPrimary = indexes.value(CollationIndexes.options) & 0xFF00_0000
        let empty = bytes.slice(0, count: 0)
        ces = indexes.part(CollationIndexes.ces) ?? empty
        ce32s = indexes.part(CollationIndexes.ce32s) ?? empty
        contexts = indexes.part(CollationIndexes.contexts) ?? empty
        rootElements = indexes.part(CollationIndexes.rootElements) ?? empty
        scripts = indexes.part(CollationIndexes.scripts) ?? empty
        let jamoStart =
            indexes.count > CollationIndexes.jamoCE32sStart ? Int(Int32(bitPattern: indexes.value(CollationIndexes.jamoCE32sStart))) : -1
        if jamoStart >= 0 {
            jamoCE32s = ce32s.slice(jamoStart * 4, count: 67 * 4)
        } else if let base {
            jamoCE32s = base.jamoCE32s
        } else {
            return nil
        }
    }

    /// The CE32 of a code point in this data (maybe ``CE32/fallback``).
    @inline(__always) func ce32(_ c: UInt32) -> UInt32 { trie.get(c) }

    /// The CE32 of `c`, from the base data if this data falls back for it, with the data it
    /// came from.
    @inline(__always) func finalCE32(_ c: UInt32) -> (UInt32, CollationData) {
        let ce32 = trie.get(c)
        if ce32 == CE32.fallback, let base { return (base.trie.get(c), base) }
        return (ce32, self)
    }

    /// The parts of the data that expansions, offsets, contraction defaults and Hangul read.
    struct Parts {
        let ce32s: CollationBytes
        let ces: CollationBytes
        let contexts: CollationBytes
        let jamoCE32s: CollationBytes
    }

    var parts: Parts { Parts(ce32s: ce32s, ces: ces, contexts: contexts, jamoCE32s: jamoCE32s) }

    /// The CE of a code point whose CE32 has the offset tag: a primary weight computed from the
    /// code point's distance to the start of its range (given in the 64-bit CEs `ces`).
    static func ceFromOffsetCE32(_ c: UInt32, _ ce32: UInt32, ces: CollationBytes) -> UInt64 {
        let dataCE = ces.uint64(CE32.index(ce32))
        let lower = UInt32(truncatingIfNeeded: dataCE)
        let offset = (Int(c) - Int(lower >> 8)) * Int(lower & 0x7F)
        let primary = CE32.threeBytePrimary(UInt32(dataCE >> 32), isCompressible: lower & 0x80 != 0, offset: offset)
        return CE32.ce(primary: primary)
    }

    /// The default CE32 stored before a contraction's or prefix's trie at `index` of `contexts`.
    @inline(__always) func contextDefaultCE32(_ index: Int) -> UInt32 {
        UInt32(contexts.uint16(index)) << 16 | UInt32(contexts.uint16(index + 1))
    }
}

/// The indexes at the start of ICU's binary collation data: their count, the options word, and
/// the byte offsets of the parts (each part ends where the next begins).
package struct CollationIndexes: Sendable {
    static let options = 1
    static let jamoCE32sStart = 4
    static let reorderCodes = 5
    static let reorderTable = 6
    static let trie = 7
    static let ces = 9
    static let ce32s = 11
    static let rootElements = 12
    static let contexts = 13
    static let unsafeBackward = 14
    static let fastLatinTable = 15
    static let scripts = 16
    static let compressibleBytes = 17
    static let totalSize = 19

    let bytes: CollationBytes
    /// The number of indexes.
    let count: Int

    init(_ bytes: CollationBytes) {
        self.bytes = bytes
        count = bytes.count >= 8 ? Int(bytes.uint32(0)) : 0
    }

    func value(_ index: Int) -> UInt32 { index < count ? bytes.uint32(index) : 0 }

    /// The bytes of the part that starts at index `index`, nil if that part is absent or empty.
    func part(_ index: Int) -> CollationBytes? {
        guard index + 1 < count else { return nil }
        let start = Int(bytes.uint32(index))
        let end = Int(bytes.uint32(index + 1))
        guard end > start, end <= bytes.count else { return nil }
        return bytes.slice(start, count: end - start)
    }
}
