import Foundation

/// Little-endian byte blobs, laid out as the runtime reads them (see
/// `Sources/SectionSort/Collation/Runtime/`), and the C files that hold them.
struct CollationDataFiles {
    var blobs: [(name: String, file: String, bytes: [UInt8])] = []
    var summary = ""

    init(dump: ICUCollationDump) {
        blobs.append(("root", "Root.c", dump.root))

        // Tailorings: each 16-byte aligned, with a table of their offsets and lengths.
        var tailorings: [UInt8] = []
        var offsets: [UInt8] = []
        for binary in dump.tailorings {
            offsets.appendUInt32(UInt32(tailorings.count))
            offsets.appendUInt32(UInt32(binary.count))
            tailorings += binary
            while tailorings.count % 16 != 0 { tailorings.append(0) }
        }
        blobs.append(("tailorings", "Tailorings.c", tailorings))
        blobs.append(("tailoring_offsets", "Tailorings.c", offsets))

        blobs.append(("locales", "Locales.c", Self.localeTable(dump.locales)))
        blobs.append(("normalization", "Normalization.c", Self.normalizationTable(dump)))
        blobs.append(("versions", "Locales.c", dump.versions.flatMap { $0 }))

        let tailoredBytes = dump.tailorings.reduce(0) { $0 + $1.count }
        summary = """
            root: \(dump.root.count) bytes
            tailorings: \(dump.tailorings.count) distinct, \(tailoredBytes) bytes, for \(dump.locales.count) locale and type entries
            normalization: \(blobs[4].bytes.count) bytes (\(dump.decompositions.count) decompositions)
            locale table: \(blobs[3].bytes.count) bytes
            total: \(blobs.reduce(0) { $0 + $1.bytes.count }) bytes

            """
    }

    /// Entries of ten 32-bit fields sorted by identifier, then type: identifier offset and length,
    /// type offset and length, tailoring, actual locale offset and length, valid locale offset and
    /// length, collator version (big-endian bytes); then the strings. Header: entry count, byte
    /// offset of the strings.
    static func localeTable(_ locales: [LocaleEntry]) -> [UInt8] {
        let sorted = locales.sorted {
            ($0.identifier.utf8.lexicographicallyPrecedes($1.identifier.utf8))
                || ($0.identifier == $1.identifier && $0.type.utf8.lexicographicallyPrecedes($1.type.utf8))
        }
        var strings: [UInt8] = []
        var stringOffsets: [String: UInt32] = [:]
        func add(_ string: String) -> [UInt32] {
            if let offset = stringOffsets[string] { return [offset, UInt32(string.utf8.count)] }
            let offset = UInt32(strings.count)
            strings += string.utf8
            stringOffsets[string] = offset
            return [offset, UInt32(string.utf8.count)]
        }
        var fields: [UInt32] = []
        for entry in sorted {
            fields += add(entry.identifier)
            fields += add(entry.type)
            fields.append(UInt32(entry.tailoring))
            fields += add(entry.actualLocale)
            fields += add(entry.validLocale)
            fields.append(entry.version.reduce(0) { $0 << 8 | UInt32($1) })
        }
        var bytes: [UInt8] = []
        bytes.appendUInt32(UInt32(sorted.count))
        bytes.appendUInt32(UInt32(8 + fields.count * 4))
        for field in fields { bytes.appendUInt32(field) }
        return bytes + strings
    }

    /// Header (32-bit): block count, decomposition count, code point pool length. Then 0x1100
    /// 16-bit block numbers (one per 256 code points), the blocks of 256 32-bit values
    /// (bits 0–15 ICU's fcd16: lead ccc << 8 | trail ccc; bits 16–23 ccc; bit 24: has a
    /// decomposition), the sorted decomposed code points, for each its pool offset << 8 | length,
    /// and the pool of code points.
    static func normalizationTable(_ dump: ICUCollationDump) -> [UInt8] {
        var hasDecomposition = Set<UInt32>()
        for (codePoint, _) in dump.decompositions { hasDecomposition.insert(codePoint) }
        var blockNumbers: [UInt16] = []
        var blocks: [[UInt32]] = []
        var blockIndex: [[UInt32]: UInt16] = [:]
        for blockStart in stride(from: 0, to: 0x110000, by: 256) {
            let block = (blockStart..<blockStart + 256).map { codePoint in
                UInt32(dump.leadTrail[codePoint]) | UInt32(dump.combiningClasses[codePoint]) << 16
                    | (hasDecomposition.contains(UInt32(codePoint)) ? 1 << 24 : 0)
            }
            if let known = blockIndex[block] {
                blockNumbers.append(known)
            } else {
                blockIndex[block] = UInt16(blocks.count)
                blockNumbers.append(UInt16(blocks.count))
                blocks.append(block)
            }
        }
        var pool: [UInt32] = []
        var keys: [UInt32] = []
        var values: [UInt32] = []
        for (codePoint, decomposition) in dump.decompositions {
            keys.append(codePoint)
            values.append(UInt32(pool.count) << 8 | UInt32(decomposition.count))
            pool += decomposition
        }
        var bytes: [UInt8] = []
        for header in [blocks.count, keys.count, pool.count] { bytes.appendUInt32(UInt32(header)) }
        bytes.appendUInt32(0)
        for number in blockNumbers { bytes.appendUInt16(number) }
        for value in blocks.joined() { bytes.appendUInt32(value) }
        for value in keys + values + pool { bytes.appendUInt32(value) }
        return bytes
    }

    func write(to folder: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("include"), withIntermediateDirectories: true)
        var header = """
            // ICU's collation data, written by SectionSortDataGenerator: constant bytes, read in place
            // by Sources/SectionSort/Collation/Runtime. Do not edit; regenerate.
            // The data is ICU's (see LICENSE-ICU beside this folder's sources):
            //   © 2016 and later: Unicode, Inc. and others.
            //   License & terms of use: http://www.unicode.org/copyright.html
            #ifndef SECTIONSORT_COLLATION_DATA_H
            #define SECTIONSORT_COLLATION_DATA_H

            #include <stdint.h>
            // The index and reading data (scripts, exemplars, the Han-Latin/Names transform).
            #include "SectionSortIndexData.h"

            /// A blob of constant bytes, 16-byte aligned, little-endian.
            typedef struct SSCDBytes {
                const uint8_t *bytes;
                uint32_t count;
            } SSCDBytes;


            """
        for blob in blobs { header += "SSCDBytes sscd_\(blob.name)(void);\n" }
        header += "\n#endif\n"
        try Data(header.utf8).write(to: folder.appendingPathComponent("include/SectionSortCollationData.h"))

        var files: [String: String] = [:]
        var order: [String] = []
        for blob in blobs {
            if files[blob.file] == nil {
                order.append(blob.file)
                files[blob.file] = """
                    // Generated by SectionSortDataGenerator from ICU's data (see LICENSE-ICU). Do not edit.
                    #include "SectionSortCollationData.h"

                    """
            }
            files[blob.file]! += Self.cSource(name: blob.name, bytes: blob.bytes)
        }
        for file in order {
            try Data(files[file]!.utf8).write(to: folder.appendingPathComponent(file))
        }
    }

    /// A string literal of the bytes (printable ASCII as is, the rest as three-digit octal escapes)
    /// compiles much faster than a list of numbers.
    static func cSource(name: String, bytes: [UInt8]) -> String {
        var out = "\n_Alignas(16) static const uint8_t \(name)[\(max(bytes.count, 1))] =\n"
        if bytes.isEmpty {
            out += "    {0};\n"
        } else {
            var line = "    \""
            var lineBytes = 0
            var afterEscape = false
            for byte in bytes {
                let printable =
                    (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "\"")
                    && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "?")
                // An octal escape takes up to three digits: a digit after a short escape must be
                // escaped too.
                if printable && !(afterEscape && (0x30...0x37).contains(byte)) {
                    line.unicodeScalars.append(Unicode.Scalar(byte))
                    afterEscape = false
                } else {
                    line += "\\" + String(byte, radix: 8)
                    afterEscape = true
                }
                lineBytes += 1
                if lineBytes == 64 {
                    out += line + "\"\n"
                    line = "    \""
                    lineBytes = 0
                    afterEscape = false
                }
            }
            out = lineBytes > 0 ? out + line + "\";\n" : String(out.dropLast(1)) + ";\n"
        }
        out += "SSCDBytes sscd_\(name)(void) { return (SSCDBytes){\(name), \(bytes.count)}; }\n"
        return out
    }
}

extension [UInt8] {
    mutating func appendUInt32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
    mutating func appendUInt16(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(value >> 8))
    }
}
