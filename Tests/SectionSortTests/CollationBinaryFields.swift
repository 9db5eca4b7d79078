import SectionSortICUSupport

@testable import SectionSort

/// The settings fields of ICU's binary collation data, read as ICU's CollationDataReader reads
/// them, for the tests of ``CollationSettings`` (the runtime reads them from the package's data).
struct CollationBinaryFields {
    let bytes: [UInt8]
    let indexes: [Int32]

    /// `binary` with ICU's data header (as `ucol_cloneBinary` writes it) or without (the root's
    /// memory); nil when it holds no indexes.
    init?(_ binary: [UInt8], hasHeader: Bool) {
        let headerSize = hasHeader ? Int(binary[0]) | Int(binary[1]) << 8 : 0
        guard binary.count >= headerSize + 8 else { return nil }
        let bytes = Array(binary[headerSize...])
        let count = Int(Self.int32(bytes, at: 0))
        guard count >= 2, bytes.count >= count * 4 else { return nil }
        self.bytes = bytes
        indexes = (0..<count).map { Self.int32(bytes, at: $0 * 4) }
    }

    private static func int32(_ bytes: [UInt8], at offset: Int) -> Int32 {
        Int32(
            bitPattern: UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3])
                << 24)
    }

    private func index(_ i: Int) -> Int { i < indexes.count ? Int(indexes[i]) : -1 }

    /// The bytes of part `i` (ICU's IX_… index), empty when absent.
    func part(_ i: Int) -> ArraySlice<UInt8> {
        let start = index(i), end = index(i + 1)
        guard start >= 0, end > start, end <= bytes.count else { return [] }
        return bytes[start..<end]
    }

    var options: Int32 { indexes[1] }

    /// The reorder codes, then the ranges that trail them (entries with a non-zero upper half).
    var reordering: (codes: [Int32], ranges: [UInt32]) {
        let part = Array(part(5))
        let all = stride(from: 0, to: part.count - 3, by: 4).map { Self.int32(part, at: $0) }
        var rangeCount = 0
        while rangeCount < all.count && UInt32(bitPattern: all[all.count - rangeCount - 1]) & 0xFFFF_0000 != 0 { rangeCount += 1 }
        return (Array(all[..<(all.count - rangeCount)]), all[(all.count - rangeCount)...].map { UInt32(bitPattern: $0) })
    }

    var reorderTable: [UInt8]? {
        let part = part(6)
        return part.count >= 256 ? Array(part.prefix(256)) : nil
    }

    var scripts: [UInt16] {
        let part = Array(part(16))
        return stride(from: 0, to: part.count - 1, by: 2).map { UInt16(part[$0]) | UInt16(part[$0 + 1]) << 8 }
    }

    var compressibleBytes: [Bool] { part(17).prefix(256).map { $0 != 0 } }
}

/// ICU's root collation data, read once.
enum RootCollationData {
    static let fields = CollationBinaryFields(ICUCollationInternals.rootData()!, hasHeader: false)!
    static let scripts = CollationScripts(fields.scripts)!
    static let compressibleBytes = fields.compressibleBytes

    /// The default settings of ICU's collator for `locale` (with its collation keyword, if any),
    /// decoded from the collator's binary data as the runtime decodes a tailoring.
    static func defaultSettings(_ locale: String) throws -> CollationSettings {
        let binary = try ICUCollator.opening(locale).binary()
        let tailoring = CollationBinaryFields(binary, hasHeader: true)
        let source = tailoring ?? fields
        let reordering: (codes: [Int32], ranges: [UInt32]) = tailoring?.reordering ?? ([], [])
        return try CollationSettings(
            options: source.options, reorderCodes: reordering.codes, reorderRanges: reordering.ranges,
            reorderTable: tailoring?.reorderTable, scripts: scripts)
    }

    /// The options word of ICU's collator as it is now (its binary data carries its current
    /// settings), as a settings value.
    static func defaultSettingsFromOptions(of icu: ICUCollator) throws -> CollationSettings {
        let fields = CollationBinaryFields(try icu.binary(), hasHeader: true) ?? fields
        return try CollationSettings(options: fields.options, reorderCodes: [], reorderRanges: [], reorderTable: nil, scripts: scripts)
    }
}
