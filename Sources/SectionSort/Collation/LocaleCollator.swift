/// The collator of one locale and set of options, as the library uses it: the collation
/// runtime's keys and comparisons, and the questions about the collation data that the index and
/// the key table ask (contractions, collation elements, versions), all from the data compiled
/// into the package. No ICU function is called.
///
/// It keeps scratch memory between calls, so it belongs to one thread at a time: the engine
/// clones one per worker, and ``IndexedCollation`` guards its own with a mutex. It is therefore
/// deliberately not `Sendable`.
final class LocaleCollator {
    /// The collation runtime that writes every key.
    let runtime: Collator
    /// Scratch memory for the keys of comparisons and key prefixes.
    private var scratch: ([UInt8], [UInt8]) = ([], [])
    /// The iterator of ``collationElements(of:)``, started over on each text as the runtime does
    /// for each key: setting one up reads its table of U+0000–U+017F, and the key table asks for the
    /// elements of 2,048 characters. Between calls it still points at the last text, which it reads
    /// only after `reset(utf8:)` has given it the next one.
    private var elementIterator: CollationElementIterator?

    init(runtime: Collator) {
        self.runtime = runtime
    }

    /// Opens the collation of `canonicalLocale` (ICU's form) with `attributes` set, as ICU's
    /// `ucol_open` and `ucol_setAttribute` would.
    ///
    /// - Throws: ``CollationLocaleError`` for a keyword that ICU's `ucol_open` refuses.
    /// - Complexity: O(k) for k keywords, plus reading the tailoring's indexes.
    convenience init(canonicalLocale: String, attributes: CollatorAttributes) throws(CollationLocaleError) {
        self.init(runtime: try Collator(canonicalLocale: canonicalLocale, attributes: attributes))
    }

    /// A new collator with the same tailoring and settings, for use on another thread.
    func clone() -> LocaleCollator { LocaleCollator(runtime: runtime.clone()) }

    /// A clone whose strength is primary (and without a case level), whatever this collator's
    /// settings are.
    func primaryOnlyClone() -> LocaleCollator {
        var settings = runtime.settings
        settings.setStrength(.primary)
        settings.setFlag(CollationSettings.caseLevel, false)
        return LocaleCollator(runtime: Collator(tailoring: runtime.tailoring, settings: settings))
    }

    // MARK: Versions and locales

    /// The version of this collator's rules and data as ICU's `ucol_getVersion` gives it: keys
    /// from collators with different versions may order differently.
    var version: String { Self.versionString(runtime.tailoring.version) }

    /// The version of the Unicode Collation Algorithm data (DUCET) the data is built on.
    var ucaVersion: String { Self.versionString(CollationLocaleTable.shared.ucaVersion) }

    /// The version of the ICU release whose keys the runtime reproduces.
    static var icuVersion: String { versionString(CollationLocaleTable.shared.icuVersion) }

    /// An ICU `UVersionInfo` (four bytes) as "76.1.0.0" without trailing ".0" parts.
    static func versionString(_ info: [UInt8]) -> String {
        var parts = info
        while parts.count > 2 && parts.last == 0 { parts.removeLast() }
        return parts.map(String.init).joined(separator: ".")
    }

    /// The locale whose collation data is in use ("root" when ICU knew nothing closer), as ICU's
    /// `ucol_getLocaleByType` reports it.
    var validLocale: String { runtime.tailoring.validLocale }
    /// The locale the collation rules actually come from (e.g. "root" for English).
    var actualLocale: String { runtime.tailoring.actualLocale }

    // MARK: Comparing

    /// Three-way comparison of two strings under this collator: -1, 0 or 1.
    ///
    /// - Complexity: O(m) for strings of total length m.
    func compare(_ a: String, _ b: String) -> Int {
        Self.order(runtime.sortKey(of: a), runtime.sortKey(of: b))
    }

    /// Three-way comparison of two UTF-8 strings under this collator: -1, 0 or 1. Ill-formed
    /// bytes compare as U+FFFD.
    ///
    /// - Complexity: O(m) for strings of total length m.
    func compare(utf8 a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        scratch.0.removeAll(keepingCapacity: true)
        scratch.1.removeAll(keepingCapacity: true)
        runtime.appendSortKey(utf8: a, to: &scratch.0)
        runtime.appendSortKey(utf8: b, to: &scratch.1)
        return Self.order(scratch.0, scratch.1)
    }

    /// The order of two sort keys as ICU's comparisons give it: -1, 0 or 1.
    private static func order(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.lexicographicallyPrecedes(b) ? -1 : (a == b ? 0 : 1)
    }

    // MARK: Sort keys

    /// Appends the sort key of `text` (with its terminating zero byte) to `buffer`.
    ///
    /// Keys compare with plain byte order exactly as the strings compare under this collator, and
    /// since only the final byte of a key is zero, keys can be concatenated to order by several
    /// fields at once.
    ///
    /// - Complexity: O(m) for m bytes of text.
    func appendSortKey(of text: String, to buffer: KeyBuffer) {
        var text = text
        text.withUTF8 { runtime.appendSortKey(utf8: $0, to: buffer) }
    }

    /// Appends the sort key of the UTF-8 text `utf8` (with its terminating zero byte) to `buffer`.
    /// Ill-formed bytes count as U+FFFD.
    ///
    /// - Complexity: O(m) for m bytes of text.
    @inline(__always)
    func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer) {
        runtime.appendSortKey(utf8: utf8, to: buffer)
    }

    /// Appends the sort key of the text that `unescape` makes of `escaped`, without its leading
    /// article (`articles`), to `buffer`, unescaping it a piece at a time.
    ///
    /// - Complexity: O(m) for m bytes of text.
    func appendSortKey(
        escaped: UnsafeBufferPointer<UInt8>, unescape: @escaping KeyUnescaping.Unescape, articles: LeadingArticleMatcher?,
        to buffer: KeyBuffer
    ) {
        runtime.appendSortKey(escaped: escaped, unescape: unescape, articles: articles, to: buffer)
    }

    /// Appends at most `limit` bytes of the sort key of the UTF-8 text `utf8`, without the
    /// terminating zero byte, and returns whether that is the whole key: what word-start search
    /// compares with. A part that fills the limit is reported incomplete even when nothing
    /// follows, as ICU's `ucol_nextSortKeyPart` reports it.
    ///
    /// - Complexity: O(m) for m bytes of text.
    func appendSortKeyPrefix(utf8: UnsafeBufferPointer<UInt8>, limit: Int, to buffer: KeyBuffer) -> Bool {
        scratch.0.removeAll(keepingCapacity: true)
        runtime.appendSortKey(utf8: utf8, to: &scratch.0)
        let written = min(scratch.0.count - 1, limit)
        scratch.0.withUnsafeBufferPointer { key in
            _ = buffer.appendBytes(upTo: written) { destination in
                destination.update(from: key.baseAddress!, count: written)
                return written
            }
        }
        return written < limit
    }

    /// The sort key of `text` as a byte array (terminating zero included).
    ///
    /// - Complexity: O(m) for m bytes of text.
    func sortKey(of text: String) -> [UInt8] { runtime.sortKey(of: text) }

    // MARK: Collation data

    /// The contractions of this collator (its tailoring's, and the root's where the tailoring
    /// leaves `first` to it) that start with `first`, as ICU's `ucol_getContractionsAndExpansions`
    /// lists them.
    ///
    /// - Complexity: O(s) for the s code units of those contractions.
    func contractions(startingWith first: Unicode.Scalar) -> [String] {
        ContractionStrings.startingWith(first, in: runtime.tailoring).map { String(decoding: $0, as: UTF16.self) }
    }

    /// The code points below `limit` that some contraction or prefix mapping of this collator,
    /// made of code points below `limit`, has after its first character: where they follow the
    /// right characters, their collation elements are not their own (see ``ContextCharacters``).
    /// Text of code points below `limit` alone never matches the other mappings (the root's U+FDD1
    /// followed by a letter, which ICU's alphabetic index uses).
    /// The strings of the code points in `ignoring` are left out.
    func codePointsInsideContractions(below limit: UInt32, ignoring: Set<UInt32> = []) -> Set<UInt32> {
        ContextCharacters.inside(runtime.tailoring, below: limit, onlyStringsBelowLimit: true, ignoring: ignoring)
    }

    /// The collation elements of `text` (as ``collationElements(of:)``).
    func collationElements(of text: String) -> [UInt64] {
        var text = text
        return text.withUTF8 { collationElements(utf8: $0) }
    }

    /// Whether the collator's script order names Han (Chinese, Japanese, Korean and Cantonese
    /// do): its lists are the ones whose key table is worth covering Han, the largest block of
    /// characters it could cover (``SortKeyTable/han``).
    var reordersHan: Bool { runtime.settings.reorderCodes.contains(CollationScripts.han) }

    /// The number of levels (1 to 3) of this collator's sort keys when its settings are the ones
    /// whose keys ``SortKeyTable`` writes: no French secondary order, no case level or case first,
    /// and no numeric order (shifted punctuation leaves these levels, which the table leaves it
    /// out of). Nil for any other settings. (Normalization does not matter: text of the
    /// characters the table covers never needs it, or is refused.)
    var plainSortKeyLevels: Int? {
        let settings = runtime.settings
        guard !settings.hasBackwardSecondary, settings.caseFirst == .off, !settings.hasCaseLevel,
            !settings.isNumeric, settings.strength.rawValue <= CollationSettings.Strength.tertiary.rawValue
        else { return nil }
        return Int(settings.strength.rawValue) + 1
    }

    /// The collation elements of `scalar` alone, as ICU's 64-bit elements (the primary weight in
    /// the high 32 bits, then the secondary and the tertiary weight, 16 bits each), without the
    /// quaternary bits (0xC0 of the low byte), as ICU's collation element iterator hands them out.
    func collationElements(of scalar: Unicode.Scalar) -> [UInt64] {
        var text = String(Character(scalar))
        return text.withUTF8 { collationElements(utf8: $0) }
    }

    private func collationElements(utf8: UnsafeBufferPointer<UInt8>) -> [UInt64] {
        var iterator =
            elementIterator
            ?? CollationElementIterator(
                data: runtime.tailoring.data, utf8: utf8, numeric: runtime.settings.isNumeric, checkFCD: runtime.settings.checksFCD)
        iterator.reset(utf8: utf8)
        defer { elementIterator = iterator }
        var elements: [UInt64] = []
        while true {
            let element = iterator.nextCE()
            if element == CE32.noCE { return elements }
            elements.append(element & ~0xC0)
        }
    }

    /// The number of collation elements of `text` that carry a primary weight.
    ///
    /// - Complexity: O(m) for m bytes of text.
    func primaryWeightCount(of text: String) -> Int {
        var text = text
        return text.withUTF8 { collationElements(utf8: $0) }.count { $0 >> 32 != 0 }
    }

    /// The number of collation elements of each of `texts` that carry a primary weight, read from
    /// sort keys instead of collation elements (what the index uses; tests check it against
    /// ``primaryWeightCount(of:)`` and ICU's iterator).
    ///
    /// At primary strength with the case level on, ICU writes one case weight for each collation
    /// element with a primary weight. With upper case first, the case level is a sequence of
    /// 4-bit weights: 1 (upper), 2 (mixed), and for a run of k elements of lower or no case,
    /// ⌊(k − 1) / 13⌋ weights 3 followed by one weight 3 + (k − 1) mod 13; a final 0 pads the
    /// last byte.
    ///
    /// - Complexity: O(m) for texts of total length m.
    func primaryWeightCounts(of texts: [String]) -> [Int] {
        var settings = runtime.settings
        settings.setStrength(.primary)
        settings.setFlag(CollationSettings.caseLevel, true)
        settings.setCaseFirst(.upperFirst)
        let counter = Collator(tailoring: runtime.tailoring, settings: settings)
        return texts.map { text in
            let key = counter.sortKey(of: text)
            // The primary level ends at the level separator 0x01; the key ends with 0x00.
            guard let separator = key.firstIndex(of: 0x01) else { return 0 }
            var count = 0
            var run = (weights: 0, last: 0)
            func endRun() {
                if run.weights > 0 { count += 13 * (run.weights - 1) + (run.last - 3) + 1 }
                run = (0, 0)
            }
            for byte in key[(separator + 1)...] where byte != 0 {
                for weight in [Int(byte >> 4), Int(byte & 0x0F)] {
                    switch weight {
                    case 0: endRun()
                    case 1, 2:
                        endRun()
                        count += 1
                    default: run = (run.weights + 1, weight)
                    }
                }
            }
            endRun()
            return count
        }
    }
}
