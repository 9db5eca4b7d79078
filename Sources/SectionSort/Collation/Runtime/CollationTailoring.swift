import SectionSortCollationData

/// A collation as ICU opens it for a locale and collation type: its data (the tailoring's own
/// mappings over the root's, or the root's alone), the tailoring's settings as stored (decoded by
/// `CollationSettings`), and what ICU reports about it.
package struct CollationTailoring: Sendable {
    /// The mappings: the tailoring's own (falling back to the root), or the root data.
    package let data: CollationData
    /// ICU's options word (IX_OPTIONS): the settings in the low 16 bits, the numeric primary and
    /// the fast-Latin version above them.
    package let options: UInt32
    /// The script reorder codes of the tailoring (UScriptCode and UColReorderCode values).
    package let reorderCodes: [Int32]
    /// Precomputed reordering ranges stored after the reorder codes (limit << 16 | offset), if any.
    package let reorderRanges: [UInt32]
    /// The 256-byte primary lead byte permutation, if the tailoring stores one.
    package let reorderTable: [UInt8]?
    /// `ucol_getVersion` of the collator, and ICU's actual and valid locale for it.
    package let version: [UInt8]
    package let actualLocale: String
    package let validLocale: String
    /// The locale table's identifier and type that matched.
    package let identifier: String
    package let type: String

    /// The collation ICU opens for `locale` (ICU's `ll_Ssss_RR` or a BCP 47 spelling with `-`)
    /// and `type` (nil or empty: the locale's default). An identifier the table lacks falls back
    /// as ICU's resource lookup does, dropping its last subtag until one is found (the root at
    /// the end); a type the locale lacks falls back to the locale's default.
    ///
    /// - Complexity: O(log n) in the number of table entries per lookup, plus reading the
    ///   binary's indexes.
    package static func named(_ locale: String, type: String? = nil) -> CollationTailoring? {
        let table = CollationLocaleTable.shared
        var identifier = locale.replacingOccurrences(of: "-", with: "_")
        if let at = identifier.firstIndex(of: "@") { identifier = String(identifier[..<at]) }
        if identifier.lowercased() == "root" { identifier = "root" }
        let wanted = type ?? ""
        while true {
            if let entry = table.entry(identifier, type: wanted) ?? table.entry(identifier, type: "") {
                return CollationTailoring(entry)
            }
            guard let cut = identifier.lastIndex(of: "_") else { break }
            identifier = String(identifier[..<cut])
            while identifier.hasSuffix("_") { identifier.removeLast() }
        }
        return table.entry("", type: wanted).map(CollationTailoring.init) ?? table.entry("", type: "").map(CollationTailoring.init)
    }

    private init(_ entry: CollationLocaleTable.Entry) {
        identifier = entry.identifier
        type = entry.type
        version = entry.version
        actualLocale = entry.actualLocale
        validLocale = entry.validLocale
        let binary = CollationLocaleTable.shared.tailoring(entry.tailoring)
        // ICU's data header: its length, then the magic bytes 0xDA 0x27.
        let headerLength = Int(binary.uint16(0))
        let bytes = binary.slice(headerLength, count: binary.count - headerLength)
        let indexes = CollationIndexes(bytes)
        options = indexes.value(CollationIndexes.options)
        data = CollationData(bytes: bytes, base: .root) ?? .root
        var codes: [Int32] = []
        var ranges: [UInt32] = []
        if let part = indexes.part(CollationIndexes.reorderCodes) {
            let all = (0..<part.count / 4).map { part.uint32($0) }
            // Range limits sit in the upper 16 bits, which no reorder code uses.
            var split = all.count
            while split > 0 && all[split - 1] & 0xFFFF_0000 != 0 { split -= 1 }
            codes = all[..<split].map { Int32(bitPattern: $0) }
            ranges = Array(all[split...])
        }
        reorderCodes = codes
        reorderRanges = ranges
        if let table = indexes.part(CollationIndexes.reorderTable), table.count >= 256 {
            reorderTable = (0..<256).map { table.uint8(at: $0) }
        } else {
            reorderTable = nil
        }
    }
}

/// The generated table from locale identifier and collation type to tailoring binary (see
/// SectionSortDataGenerator's `localeTable`), and the versions of the ICU it came from.
package struct CollationLocaleTable: Sendable {
    struct Entry {
        var identifier: String
        var type: String
        var tailoring: Int
        var actualLocale: String
        var validLocale: String
        var version: [UInt8]
    }

    package static let shared = CollationLocaleTable()

    private let table = CollationBytes(sscd_locales())
    private let tailorings = CollationBytes(sscd_tailorings())
    private let tailoringOffsets = CollationBytes(sscd_tailoring_offsets())
    private let versions = CollationBytes(sscd_versions())
    private let count: Int
    private let stringsOffset: Int

    private init() {
        count = Int(table.uint32(0))
        stringsOffset = Int(table.uint32(1))
    }

    /// ICU's version, and the UCA, CLDR and Unicode versions of its data.
    package var icuVersion: [UInt8] { (0..<4).map { versions.uint8(at: $0) } }
    package var ucaVersion: [UInt8] { (4..<8).map { versions.uint8(at: $0) } }
    package var cldrVersion: [UInt8] { (8..<12).map { versions.uint8(at: $0) } }
    package var unicodeVersion: [UInt8] { (12..<16).map { versions.uint8(at: $0) } }

    /// The number of distinct tailoring binaries.
    package var tailoringCount: Int { tailoringOffsets.count / 4 - 1 }

    /// Every identifier and type of the table, in its order.
    package var identifiersAndTypes: [(identifier: String, type: String)] {
        (0..<count).map { (string($0, 0), string($0, 2)) }
    }

    /// The bytes of tailoring binary `index`, as ucol_cloneBinary wrote them.
    func tailoring(_ index: Int) -> CollationBytes {
        let start = Int(tailoringOffsets.uint32(index))
        let end = Int(tailoringOffsets.uint32(index + 1))
        return tailorings.slice(start, count: end - start)
    }

    private func field(_ entry: Int, _ field: Int) -> Int { Int(table.uint32(2 + entry * 10 + field)) }

    private func string(_ entry: Int, _ field: Int) -> String {
        table.string(stringsOffset + self.field(entry, field), count: self.field(entry, field + 1))
    }

    private func compare(_ entry: Int, _ field: Int, _ key: [UInt8]) -> Int {
        table.compare(stringsOffset + self.field(entry, field), count: self.field(entry, field + 1), with: key)
    }

    func entry(_ identifier: String, type: String) -> Entry? {
        let name = Array(identifier.utf8)
        let kind = Array(type.utf8)
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            var order = compare(middle, 0, name)
            if order == 0 { order = compare(middle, 2, kind) }
            if order == 0 {
                let version = table.uint32(2 + middle * 10 + 9)
                return Entry(
                    identifier: string(middle, 0), type: string(middle, 2), tailoring: field(middle, 4),
                    actualLocale: string(middle, 5), validLocale: string(middle, 7),
                    version: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: version >> $0) })
            }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The tailoring index of entry (identifier, type), for tests that open every distinct one.
    package func tailoringIndex(_ identifier: String, type: String) -> Int? {
        entry(identifier, type: type)?.tailoring
    }
}
