import Foundation
import SectionSortICU

struct GeneratorError: Error, CustomStringConvertible {
    var description: String
}

/// One locale identifier and collation type, and what ICU opens for it.
struct LocaleEntry {
    /// The identifier as listed (Foundation's or ICU's spelling).
    var identifier: String
    /// The collation type (`pinyin`, `search`, ...), empty for the locale's default.
    var type: String
    /// Index into ``ICUCollationDump/tailorings``.
    var tailoring: Int
    /// `ucol_getLocaleByType`: the locale the data came from, and the one ICU considers valid.
    var actualLocale: String
    var validLocale: String
    /// `ucol_getVersion`.
    var version: [UInt8]
}

/// Everything the generator reads from ICU.
struct ICUCollationDump {
    var root: [UInt8]
    /// Distinct `ucol_cloneBinary` outputs, in the order first met.
    var tailorings: [[UInt8]] = []
    var locales: [LocaleEntry] = []
    /// Per code point: ccc, lead and trail ccc, and the full canonical decomposition if any
    /// (Hangul syllables excluded: their decomposition is algorithmic).
    var combiningClasses: [UInt8] = []
    var leadTrail: [UInt16] = []
    var decompositions: [(UInt32, [UInt32])] = []
    /// ICU, UCA, CLDR and Unicode versions.
    var versions: [[UInt8]] = []

    init() throws {
        root = try Self.rootData()
        try readLocales()
        try readNormalization()
        readVersions()
    }

    private static func check(_ status: SSICUStatus, _ what: String) throws {
        if status > SSICU_ZERO_ERROR {
            throw GeneratorError(description: "\(what): \(String(cString: ssicu_errorName(status)))")
        }
    }

    private static func rootData() throws -> [UInt8] {
        var status = SSICU_ZERO_ERROR
        guard let memory = ssicu_udata_open("icudt76l-coll", "icu", "ucadata", &status) else {
            throw GeneratorError(description: "udata_open(ucadata) failed")
        }
        try check(status, "udata_open(ucadata)")
        defer { ssicu_udata_close(memory) }
        guard let bytes = ssicu_udata_getMemory(memory) else { throw GeneratorError(description: "no ucadata memory") }
        // The indexes' last entry (IX_TOTAL_SIZE, index 19) is the length of everything after
        // the header.
        let indexes = bytes.assumingMemoryBound(to: Int32.self)
        guard indexes[0] > 19 else { throw GeneratorError(description: "ucadata has \(indexes[0]) indexes") }
        let length = Int(indexes[19])
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    private static func strings(_ enumeration: OpaquePointer?) -> [String] {
        guard let enumeration else { return [] }
        defer { ssicu_uenum_close(enumeration) }
        var result: [String] = []
        var status = SSICU_ZERO_ERROR
        var length: Int32 = 0
        while let next = ssicu_uenum_next(enumeration, &length, &status), status <= SSICU_ZERO_ERROR {
            result.append(String(cString: next))
        }
        return result
    }

    private mutating func readLocales() throws {
        var identifiers = Set(Locale.availableIdentifiers)
        for index in 0..<ssicu_ucol_countAvailable() {
            identifiers.insert(String(cString: ssicu_ucol_getAvailable(index)))
        }
        identifiers.insert("root")
        identifiers.insert("")
        var tailoringIndex: [[UInt8]: Int] = [:]
        for identifier in identifiers.sorted() {
            var status = SSICU_ZERO_ERROR
            let types = Self.strings(ssicu_ucol_getKeywordValuesForLocale("collation", identifier, 0, &status))
            try Self.check(status, "ucol_getKeywordValuesForLocale(\(identifier))")
            for type in [""] + types {
                let name = type.isEmpty ? identifier : "\(identifier)@collation=\(type)"
                var status = SSICU_ZERO_ERROR
                guard let collator = ssicu_ucol_open(name, &status) else {
                    throw GeneratorError(description: "ucol_open(\(name)) failed")
                }
                defer { ssicu_ucol_close(collator) }
                try Self.check(status, "ucol_open(\(name))")
                let length = ssicu_ucol_cloneBinary(collator, nil, 0, &status)
                status = SSICU_ZERO_ERROR
                var binary = [UInt8](repeating: 0, count: Int(length))
                _ = ssicu_ucol_cloneBinary(collator, &binary, length, &status)
                try Self.check(status, "ucol_cloneBinary(\(name))")
                let index: Int
                if let known = tailoringIndex[binary] {
                    index = known
                } else {
                    index = tailorings.count
                    tailorings.append(binary)
                    tailoringIndex[binary] = index
                }
                let actual = String(cString: ssicu_ucol_getLocaleByType(collator, SSICU_ACTUAL_LOCALE, &status))
                let valid = String(cString: ssicu_ucol_getLocaleByType(collator, SSICU_VALID_LOCALE, &status))
                try Self.check(status, "ucol_getLocaleByType(\(name))")
                var version: SSICUVersion = (0, 0, 0, 0)
                withUnsafeMutableBytes(of: &version) {
                    ssicu_ucol_getVersion(collator, $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
                }
                locales.append(
                    LocaleEntry(
                        identifier: identifier, type: type, tailoring: index, actualLocale: actual,
                        validLocale: valid, version: [version.0, version.1, version.2, version.3]))
            }
        }
    }

    private mutating func readNormalization() throws {
        var status = SSICU_ZERO_ERROR
        let nfd = ssicu_unorm2_getNFDInstance(&status)
        try Self.check(status, "unorm2_getNFDInstance")
        combiningClasses.reserveCapacity(0x110000)
        leadTrail.reserveCapacity(0x110000)
        var buffer = [UInt16](repeating: 0, count: 64)
        for codePoint in 0..<Int32(0x110000) {
            combiningClasses.append(UInt8(ssicu_u_getIntPropertyValue(codePoint, 0x1002)))
            let lead = UInt16(ssicu_u_getIntPropertyValue(codePoint, 0x1010))
            let trail = UInt16(ssicu_u_getIntPropertyValue(codePoint, 0x1011))
            leadTrail.append(lead << 8 | trail)
            if (0xAC00...0xD7A3).contains(codePoint) { continue }
            let length = ssicu_unorm2_getDecomposition(nfd, codePoint, &buffer, Int32(buffer.count), &status)
            try Self.check(status, "unorm2_getDecomposition(\(codePoint))")
            if length >= 0 {
                let scalars = String(decoding: buffer[..<Int(length)], as: UTF16.self).unicodeScalars.map(\.value)
                decompositions.append((UInt32(codePoint), scalars))
            }
        }
    }

    private mutating func readVersions() {
        func version(_ fill: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
            var version: SSICUVersion = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &version) { fill($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
            return [version.0, version.1, version.2, version.3]
        }
        var status = SSICU_ZERO_ERROR
        let rootCollator = ssicu_ucol_open("", &status)
        defer { ssicu_ucol_close(rootCollator) }
        versions = [
            version { ssicu_getVersion($0) },
            version { ssicu_ucol_getUCAVersion(rootCollator, $0) },
            version { ssicu_ulocdata_getCLDRVersion($0, &status) },
            version { ssicu_u_getUnicodeVersion($0) },
        ]
    }
}
