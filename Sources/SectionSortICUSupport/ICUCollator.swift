// ICU's collator as the tests' and the benchmark's oracle: what the library's keys, comparisons and
// collation data are compared with. Every C pointer stays in this target; the library and the
// command-line tool never link it.
import SectionSort
import SectionSortICU

/// An error reported by ICU.
package struct ICUError: Error, CustomStringConvertible {
    package let code: Int32
    package let operation: String
    /// ICU's name for the code, such as "U_MISSING_RESOURCE_ERROR".
    package var name: String { ssicu_errorName(code).map { String(cString: $0) } ?? "ICU error \(code)" }
    package var description: String { "ICU \(operation) failed: \(name) (\(code))" }
}

private func check(_ status: SSICUStatus, _ operation: String) throws(ICUError) {
    if status > SSICU_ZERO_ERROR {
        throw ICUError(code: status, operation: operation)
    }
}

/// A status that no call has set yet (ICU's U_ZERO_ERROR).
private var fresh: SSICUStatus { SSICU_ZERO_ERROR }

/// An owned ICU collator.
///
/// A `UCollator` must not be used from two threads at once, so an `ICUCollator` is confined to one
/// thread at a time by its owner. It is therefore deliberately not `Sendable`.
package final class ICUCollator {
    private let handle: OpaquePointer
    /// Reused buffers for the UTF-16 form of UTF-8 text and for its key.
    private var utf16Scratch: [UInt16] = []
    private var keyScratch: [UInt8] = []

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { ssicu_ucol_close(handle) }

    /// Opens `name` as given (ICU's own spelling, keywords included), with ICU's default settings.
    package static func opening(_ name: String) throws(ICUError) -> ICUCollator {
        var status = fresh
        let opened = ssicu_ucol_open(name, &status)
        try check(status, "ucol_open(\(name))")
        guard let opened else { throw ICUError(code: SSICU_MEMORY_ALLOCATION_ERROR, operation: "ucol_open") }
        return ICUCollator(handle: opened)
    }

    /// Opens the collator for `locale` (an ICU identifier) with `attributes` set, as the library
    /// used to open its own.
    package convenience init(locale: String, attributes: CollatorAttributes) throws(ICUError) {
        var status = fresh
        let opened = ssicu_ucol_open(locale, &status)
        try check(status, "ucol_open(\(locale))")
        guard let opened else { throw ICUError(code: SSICU_MEMORY_ALLOCATION_ERROR, operation: "ucol_open") }
        self.init(handle: opened)
        try apply(attributes)
    }

    /// The collator of `locale` with the library's `options`, as ``IndexedCollation`` opens its
    /// own (the options merged with the locale's keywords).
    ///
    /// - Throws: the library's ``SectionSortError`` for conflicting settings, ``ICUError`` when
    ///   ICU cannot open the collator.
    package convenience init(locale: String, options: CollationOptions) throws {
        let (canonical, attributes) = try CollatorAttributes.of(locale: locale, options: options)
        try self.init(locale: canonical, attributes: attributes)
    }

    /// A new collator with the same rules and settings, for use on another thread.
    package func clone() throws(ICUError) -> ICUCollator {
        var status = fresh
        let copy = ssicu_ucol_clone(handle, &status)
        try check(status, "ucol_clone")
        guard let copy else { throw ICUError(code: SSICU_MEMORY_ALLOCATION_ERROR, operation: "ucol_clone") }
        return ICUCollator(handle: copy)
    }

    private func apply(_ attributes: CollatorAttributes) throws(ICUError) {
        var status = fresh
        func onOff(_ on: Bool) -> SSICUCollatorAttributeValue { on ? SSICU_COLLATOR_ON : SSICU_COLLATOR_OFF }
        let strength: SSICUCollatorAttributeValue =
            switch attributes.strength {
            case .primary: SSICU_COLLATOR_PRIMARY
            case .secondary: SSICU_COLLATOR_SECONDARY
            case .tertiary: SSICU_COLLATOR_TERTIARY
            case .quaternary: SSICU_COLLATOR_QUATERNARY
            case .identical: SSICU_COLLATOR_IDENTICAL
            }
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_STRENGTH, strength, &status)
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_CASE_LEVEL, onOff(attributes.caseLevel), &status)
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_NUMERIC_COLLATION, onOff(attributes.numeric), &status)
        if let shifted = attributes.alternateShifted {
            ssicu_ucol_setAttribute(
                handle, SSICU_COLLATOR_ALTERNATE_HANDLING, shifted ? SSICU_COLLATOR_SHIFTED : SSICU_COLLATOR_NON_IGNORABLE, &status)
        }
        if let normalization = attributes.normalization {
            ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_NORMALIZATION_MODE, onOff(normalization), &status)
        }
        if let caseFirst = attributes.caseFirst {
            let value: SSICUCollatorAttributeValue =
                switch caseFirst {
                case .off: SSICU_COLLATOR_OFF
                case .lower: SSICU_COLLATOR_LOWER_FIRST
                case .upper: SSICU_COLLATOR_UPPER_FIRST
                }
            ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_CASE_FIRST, value, &status)
        }
        try check(status, "ucol_setAttribute")
    }

    // MARK: Versions and locales

    /// `ucol_getVersion`.
    package var version: [UInt8] { Self.version { ssicu_ucol_getVersion(handle, $0) } }
    /// `ucol_getUCAVersion`.
    package var ucaVersion: [UInt8] { Self.version { ssicu_ucol_getUCAVersion(handle, $0) } }
    /// The version of the ICU library in use (`u_getVersion`).
    package static var libraryVersion: [UInt8] { version { ssicu_getVersion($0) } }

    private static func version(_ fill: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        var info: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &info) { fill($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        return [info.0, info.1, info.2, info.3]
    }

    /// ICU's valid locale of this collator (`ucol_getLocaleByType`).
    package var validLocale: String { locale(SSICU_VALID_LOCALE) }
    /// ICU's actual locale of this collator (`ucol_getLocaleByType`).
    package var actualLocale: String { locale(SSICU_ACTUAL_LOCALE) }

    private func locale(_ type: SSICULocaleType) -> String {
        var status = fresh
        guard let name = ssicu_ucol_getLocaleByType(handle, type, &status), status <= 0 else { return "root" }
        return String(cString: name)
    }

    // MARK: Comparing and sort keys

    /// `ucol_strcoll` over the strings' UTF-16.
    package func compare(_ a: String, _ b: String) -> Int {
        let ua = Array(a.utf16), ub = Array(b.utf16)
        return Int(ssicu_ucol_strcoll(handle, ua, Int32(ua.count), ub, Int32(ub.count)))
    }

    /// `ucol_strcollUTF8`: three-way comparison of two UTF-8 strings without converting them;
    /// ill-formed bytes compare as U+FFFD.
    package func compare(utf8 a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        // ICU takes 32-bit lengths (-1 meaning zero-terminated): no key comes near 2 GiB.
        precondition(a.count < Int32.max && b.count < Int32.max, "a string of 2 GiB or more")
        var status = fresh
        let result = a.withMemoryRebound(to: CChar.self) { a in
            b.withMemoryRebound(to: CChar.self) { b in
                ssicu_ucol_strcollUTF8(handle, a.baseAddress, Int32(a.count), b.baseAddress, Int32(b.count), &status)
            }
        }
        // ICU fails only on invalid arguments (none here) or when out of memory.
        precondition(status <= SSICU_ZERO_ERROR, "ucol_strcollUTF8 failed: \(ICUError(code: status, operation: "ucol_strcollUTF8"))")
        return Int(result)
    }

    /// ICU's sort key of UTF-16 text (`ucol_getSortKey`), terminator included.
    package func sortKey(utf16 units: [UInt16]) -> [UInt8] {
        let length = ssicu_ucol_getSortKey(handle, units, Int32(units.count), nil, 0)
        var key = [UInt8](repeating: 0, count: Int(length))
        _ = ssicu_ucol_getSortKey(handle, units, Int32(units.count), &key, length)
        return key
    }

    /// ICU's sort key of `text`, terminator included.
    package func sortKey(of text: String) -> [UInt8] { sortKey(utf16: Array(text.utf16)) }

    /// ICU's sort key of UTF-8 bytes, well formed or not, terminator included.
    package func sortKey(utf8 bytes: [UInt8]) -> [UInt8] {
        var key: [UInt8] = []
        bytes.withUnsafeBufferPointer { appendSortKey(utf8: $0, to: &key) }
        return key
    }

    /// Appends ICU's sort key of the UTF-8 text `utf8` (terminator included) to `key`: the text
    /// transcoded to UTF-16 into a reused buffer (each maximal ill-formed subpart as U+FFFD, as
    /// the library reads it), then `ucol_getSortKey`, as the library called ICU before it had a
    /// runtime of its own.
    package func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        if utf16Scratch.count < max(1, utf8.count) { utf16Scratch = [UInt16](repeating: 0, count: max(1, utf8.count)) }
        if keyScratch.count < utf8.count * 4 + 32 { keyScratch = [UInt8](repeating: 0, count: utf8.count * 4 + 32) }
        utf16Scratch.withUnsafeMutableBufferPointer { units in
            let count = Int32(UTF8Decoding.transcodeToUTF16(utf8, into: units.baseAddress!))
            while true {
                let (capacity, length) = keyScratch.withUnsafeMutableBufferPointer { buffer in
                    (buffer.count, Int(ssicu_ucol_getSortKey(handle, units.baseAddress, count, buffer.baseAddress, Int32(buffer.count))))
                }
                // ucol_getSortKey writes nothing useful when the key does not fit: grow and write again.
                if length <= capacity {
                    key.append(contentsOf: keyScratch[..<length])
                    return
                }
                keyScratch = [UInt8](repeating: 0, count: length)
            }
        }
    }

    // MARK: Attributes

    /// Sets ICU's normalization (FCD check) attribute.
    package func setNormalization(_ on: Bool) {
        var status = fresh
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_NORMALIZATION_MODE, on ? SSICU_COLLATOR_ON : SSICU_COLLATOR_OFF, &status)
    }

    /// Sets ICU's numeric attribute.
    package func setNumeric(_ on: Bool) {
        var status = fresh
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_NUMERIC_COLLATION, on ? SSICU_COLLATOR_ON : SSICU_COLLATOR_OFF, &status)
    }

    /// Whether ICU checks FCD (the normalization attribute, which tailorings may turn on).
    package var normalizes: Bool {
        var status = fresh
        return ssicu_ucol_getAttribute(handle, SSICU_COLLATOR_NORMALIZATION_MODE, &status) == Int32(SSICU_COLLATOR_ON.rawValue)
    }

    /// `ucol_setAttribute` with ICU's numbers for the attribute and the value.
    package func setAttribute(_ attribute: Int32, _ value: Int32) throws(ICUError) {
        var status = fresh
        ssicu_ucol_setAttributeValue(handle, attribute, value, &status)
        try check(status, "ucol_setAttribute(\(attribute), \(value))")
    }

    /// `ucol_getAttribute` with ICU's number for the attribute.
    package func attribute(_ attribute: Int32) -> Int32 {
        var status = fresh
        return ssicu_ucol_getAttribute(handle, SSICUCollatorAttribute(rawValue: UInt32(attribute)), &status)
    }

    package func setReorderCodes(_ codes: [Int32]) throws(ICUError) {
        var status = fresh
        ssicu_ucol_setReorderCodes(handle, codes, Int32(codes.count), &status)
        try check(status, "ucol_setReorderCodes(\(codes))")
    }

    package var reorderCodes: [Int32] {
        var status = fresh
        let count = ssicu_ucol_getReorderCodes(handle, nil, 0, &status)
        guard count > 0 else { return [] }
        status = fresh
        var codes = [Int32](repeating: 0, count: Int(count))
        _ = ssicu_ucol_getReorderCodes(handle, &codes, count, &status)
        return codes
    }

    /// `ucol_setMaxVariable` with a reorder code (0x1000 space ... 0x1003 currency).
    package func setMaxVariable(_ group: Int32) throws(ICUError) {
        var status = fresh
        ssicu_ucol_setMaxVariable(handle, group, &status)
        try check(status, "ucol_setMaxVariable(\(group))")
    }

    package var maxVariable: Int32 { ssicu_ucol_getMaxVariable(handle) }

    package var variableTop: UInt32 {
        var status = fresh
        return ssicu_ucol_getVariableTop(handle, &status)
    }

    // MARK: Collation data

    /// The characters and strings the tailoring maps differently from the root (ucol_getTailoredSet).
    package func tailoredSet() throws(ICUError) -> [String] {
        var status = fresh
        let set = ssicu_ucol_getTailoredSet(handle, &status)
        try check(status, "ucol_getTailoredSet")
        guard let set else { return [] }
        defer { ssicu_uset_close(set) }
        return ICUSet.strings(of: set)
    }

    /// The strings of contractions, and of prefix mappings when `addPrefixes`
    /// (ucol_getContractionsAndExpansions).
    package func contractionsAndPrefixes(addPrefixes: Bool = true) throws(ICUError) -> [String] {
        guard let contractions = ssicu_uset_openEmpty() else {
            throw ICUError(code: SSICU_MEMORY_ALLOCATION_ERROR, operation: "uset_openEmpty")
        }
        defer { ssicu_uset_close(contractions) }
        var status = fresh
        ssicu_ucol_getContractionsAndExpansions(handle, contractions, nil, addPrefixes ? 1 : 0, &status)
        try check(status, "ucol_getContractionsAndExpansions")
        return ICUSet.strings(of: contractions)
    }

    /// The contractions (without prefix mappings) that start with `first`.
    package func contractions(startingWith first: Unicode.Scalar) throws(ICUError) -> [String] {
        try contractionsAndPrefixes(addPrefixes: false).filter { $0.unicodeScalars.first == first }
    }

    /// The code points below `limit` that some contraction or prefix string holds after its first
    /// character; with `onlyStringsBelowLimit`, only the strings made of code points below `limit`
    /// count.
    package func codePointsInsideContractions(below limit: UInt32, onlyStringsBelowLimit: Bool = false) throws(ICUError) -> Set<UInt32> {
        var inside = Set<UInt32>()
        for string in try contractionsAndPrefixes()
        where !onlyStringsBelowLimit || string.unicodeScalars.allSatisfy({ $0.value < limit }) {
            for scalar in string.unicodeScalars.dropFirst() where scalar.value < limit { inside.insert(scalar.value) }
        }
        return inside
    }

    /// The collator's tailoring and current settings in ICU's binary collation format
    /// (`ucol_cloneBinary`), with its data header.
    package func binary() throws(ICUError) -> [UInt8] {
        var status = fresh
        let length = ssicu_ucol_cloneBinary(handle, nil, 0, &status)
        status = fresh
        var bytes = [UInt8](repeating: 0, count: Int(length))
        _ = ssicu_ucol_cloneBinary(handle, &bytes, length, &status)
        try check(status, "ucol_cloneBinary")
        return bytes
    }

    /// The 64-bit collation elements of `text` from ICU's iterator, without their quaternary
    /// bits (0xC0 of the low byte), which the iterator does not hand out.
    ///
    /// ICU's iterator hands out each 64-bit element as two 32-bit halves: the first with the
    /// primary weight's high 16 bits and the high bytes of the secondary and tertiary weights, and,
    /// when the rest is not zero, a continuation (low byte 0xC0 set) with the primary's low 16 bits
    /// and the low bytes. A continuation follows only a first half.
    package func collationElements(of text: String) -> [UInt64] {
        let units = Array(text.utf16)
        var status = fresh
        guard let iterator = ssicu_ucol_openElements(handle, units, Int32(units.count), &status), status <= 0 else { return [] }
        defer { ssicu_ucol_closeElements(iterator) }
        var elements: [UInt64] = []
        var expectsContinuation = false
        while true {
            let element = ssicu_ucol_next(iterator, &status)
            if element == SSICU_COLLATION_ELEMENT_END || status > 0 { break }
            let half = UInt64(UInt32(bitPattern: element))
            if expectsContinuation && half & 0xC0 == 0xC0, let last = elements.popLast() {
                elements.append(last | (half >> 16) << 32 | ((half >> 8) & 0xFF) << 16 | (half & 0x3F))
                expectsContinuation = false
            } else {
                elements.append((half & 0xFFFF_0000) << 32 | ((half >> 8) & 0xFF) << 24 | (half & 0xFF) << 8)
                expectsContinuation = true
            }
        }
        return elements
    }

    /// The collation elements of UTF-16 text, put back together as ``collationElements(of:)``
    /// describes, taking every half with the low bits 0xC0 for a continuation.
    package func collationElements(ofUTF16 units: [UInt16]) -> [UInt64] {
        var status = fresh
        guard let iterator = ssicu_ucol_openElements(handle, units, Int32(units.count), &status), status <= 0 else { return [] }
        defer { ssicu_ucol_closeElements(iterator) }
        var elements: [UInt64] = []
        while true {
            let element = ssicu_ucol_next(iterator, &status)
            if element == SSICU_COLLATION_ELEMENT_END || status > 0 { break }
            let half = UInt64(UInt32(bitPattern: element))
            if half & 0xC0 == 0xC0, let last = elements.popLast() {
                let primary = (half >> 16) << 32
                let lower = ((half >> 8) & 0xFF) << 16 | (half & 0x3F)
                elements.append(last | primary | lower)
            } else {
                let primary = (half & 0xFFFF_0000) << 32
                let lower = ((half >> 8) & 0xFF) << 24 | (half & 0xFF) << 8
                elements.append(primary | lower)
            }
        }
        return elements
    }

    /// The number of collation elements of `text` that carry a primary weight, from ICU's
    /// collation element iterator (the count ICU's own `AlphabeticIndex` uses).
    package func primaryWeightCount(of text: String) -> Int {
        let units = Array(text.utf16)
        var status = fresh
        guard let elements = ssicu_ucol_openElements(handle, units, Int32(units.count), &status), status <= 0 else { return 0 }
        defer { ssicu_ucol_closeElements(elements) }
        var count = 0
        while true {
            let element = ssicu_ucol_next(elements, &status)
            if element == SSICU_COLLATION_ELEMENT_END || status > 0 { break }
            let isContinuation = element & 0xC0 == 0xC0
            if !isContinuation && (UInt32(bitPattern: element) >> 16) != 0 { count += 1 }
        }
        return count
    }
}

/// ICU data that the collation runtime's tests compare with.
package enum ICUCollationInternals {
    /// The root collation data (`ucadata` in ICU's collation tree), from its indexes on.
    package static func rootData() -> [UInt8]? {
        let version = ICUCollator.libraryVersion
        var status = fresh
        guard let data = ssicu_udata_open("icudt\(version[0])l-coll", "icu", "ucadata", &status), status <= 0 else { return nil }
        defer { ssicu_udata_close(data) }
        guard let memory = ssicu_udata_getMemory(data) else { return nil }
        // Sound: ICU keeps the data mapped while `data` is open; the total size is index 19.
        let indexes = memory.assumingMemoryBound(to: Int32.self)
        let size = Int(indexes[0] > 19 ? indexes[19] : indexes[Int(indexes[0]) - 1])
        return Array(UnsafeRawBufferPointer(start: memory, count: size))
    }

    /// The NFD of `text` as code points, from ICU's normalizer.
    package static func nfd(_ text: String) -> [UInt32] {
        let units = Array(text.utf16)
        var status = fresh
        guard let normalizer = ssicu_unorm2_getNFDInstance(&status) else { return [] }
        var capacity = units.count * 4 + 16
        var output = [UInt16](repeating: 0, count: capacity)
        let length = ssicu_unorm2_normalize(normalizer, units, Int32(units.count), &output, Int32(capacity), &status)
        if status == SSICU_BUFFER_OVERFLOW_ERROR {
            capacity = Int(length)
            output = [UInt16](repeating: 0, count: capacity)
            status = fresh
            _ = ssicu_unorm2_normalize(normalizer, units, Int32(units.count), &output, Int32(capacity), &status)
        }
        // Code points as ICU's U16_NEXT reads them: a lone surrogate stands for itself.
        var result: [UInt32] = []
        var index = 0
        let array = Array(output[..<min(Int(length), output.count)])
        while index < array.count {
            let unit = UInt32(array[index])
            if unit & 0xFC00 == 0xD800, index + 1 < array.count, array[index + 1] & 0xFC00 == 0xDC00 {
                result.append(0x10000 + ((unit - 0xD800) << 10) + (UInt32(array[index + 1]) - 0xDC00))
                index += 2
            } else {
                result.append(unit)
                index += 1
            }
        }
        return result
    }

    /// ICU's lead canonical combining class of `scalar`: that of the first character of its
    /// canonical decomposition.
    package static func leadCombiningClass(_ scalar: Unicode.Scalar) -> Int {
        Int(ssicu_leadCombiningClass(Int32(bitPattern: scalar.value)))
    }

    /// The ISO 15924 code of an ICU script code, nil beyond the last.
    package static func scriptCode(_ script: Int32) -> String? {
        ssicu_uscript_getShortName(script).map { String(cString: $0) }
    }
}

/// ICU's `ucol_getSortKey` as the library called it (UTF-16 transcoding included), for the
/// benchmark's comparison with the collation runtime (``Collator``). Confined to one thread, like
/// the collator it holds.
package final class ICUSortKeyContender {
    private let collator: ICUCollator

    /// The collator of `locale` with the library's `options`, as `IndexedCollation` opens it.
    package init?(locale: String, options: CollationOptions = CollationOptions()) {
        guard let collator = try? ICUCollator(locale: locale, options: options) else { return nil }
        self.collator = collator
    }

    /// Appends the key of `utf8` (UTF-16 transcoding included, as the library did) to `key`.
    package func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        collator.appendSortKey(utf8: utf8, to: &key)
    }
}
