// The one place in SectionSort that talks to ICU. Every C pointer stays in this file: callers see
// Swift strings, byte arrays and value types only.
import _FoundationICU

/// An error reported by ICU.
struct ICUError: Error, CustomStringConvertible {
    let code: Int32
    let operation: String
    var description: String {
        let name = swift_u_errorName(UErrorCode(rawValue: code)).map { String(cString: $0) } ?? "?"
        return "ICU \(operation) failed: \(name) (\(code))"
    }
}

private func check(_ status: UErrorCode, _ operation: String) throws(ICUError) {
    if status.rawValue > U_ZERO_ERROR.rawValue {
        throw ICUError(code: status.rawValue, operation: operation)
    }
}

/// How sort keys are computed; both give byte-identical keys. The benchmark compares them; the
/// engine uses the faster one, `utf16Whole` (ICU's UTF-16 collation iterator has a fast path that
/// its generic character iterator lacks, which outweighs our transcoding).
@_spi(Benchmarks)
public enum SortKeyMethod: String, Sendable, CaseIterable {
    /// `ucol_nextSortKeyPart` over a UTF-8 character iterator: reads the String's own storage.
    case utf8Incremental
    /// `ucol_getSortKey` over a UTF-16 copy of the string, transcoded into a reused buffer.
    case utf16Whole
}

/// Collator attributes, in ICU's terms.
struct ICUCollatorSettings: Hashable, Sendable {
    enum Strength: Sendable { case primary, secondary, tertiary }
    var strength: Strength = .tertiary
    /// Case is a level of its own (used for "ignore accents but not case").
    var caseLevel = false
    var numeric = false
}

/// An owned ICU collator.
///
/// A `UCollator` must not be used from two threads at once, so an `ICUCollator` is confined to one
/// thread at a time by its owner (the engine clones one per worker; `IndexedCollation` guards its own
/// with a mutex). It is therefore deliberately not `Sendable`.
final class ICUCollator {
    private let handle: OpaquePointer
    /// Scratch buffers reused between calls; owned by this (single-threaded) collator.
    private let utf16Scratch = UTF16Scratch()
    private var iterator = UCharIterator()

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// Opens the collator for `locale` (an ICU or BCP 47 identifier) with `settings`.
    convenience init(locale: String, settings: ICUCollatorSettings) throws(ICUError) {
        var status = U_ZERO_ERROR
        let opened = swift_ucol_open(locale, &status)
        try check(status, "ucol_open(\(locale))")
        guard let opened else { throw ICUError(code: U_MEMORY_ALLOCATION_ERROR.rawValue, operation: "ucol_open") }
        self.init(handle: opened)
        try apply(settings)
    }

    deinit { swift_ucol_close(handle) }

    /// A new collator with the same rules and settings, for use on another thread.
    func clone() throws(ICUError) -> ICUCollator {
        var status = U_ZERO_ERROR
        let copy = swift_ucol_clone(handle, &status)
        try check(status, "ucol_clone")
        guard let copy else { throw ICUError(code: U_MEMORY_ALLOCATION_ERROR.rawValue, operation: "ucol_clone") }
        return ICUCollator(handle: copy)
    }

    /// A clone whose strength is primary, whatever this collator's settings are.
    func primaryOnlyClone() throws(ICUError) -> ICUCollator {
        let copy = try clone()
        var status = U_ZERO_ERROR
        swift_ucol_setAttribute(copy.handle, UCOL_STRENGTH, UCOL_PRIMARY, &status)
        swift_ucol_setAttribute(copy.handle, UCOL_CASE_LEVEL, UCOL_OFF, &status)
        try check(status, "ucol_setAttribute")
        return copy
    }

    private func apply(_ settings: ICUCollatorSettings) throws(ICUError) {
        var status = U_ZERO_ERROR
        let strength: UColAttributeValue = switch settings.strength {
        case .primary: UCOL_PRIMARY
        case .secondary: UCOL_SECONDARY
        case .tertiary: UCOL_TERTIARY
        }
        swift_ucol_setAttribute(handle, UCOL_STRENGTH, strength, &status)
        swift_ucol_setAttribute(handle, UCOL_CASE_LEVEL, settings.caseLevel ? UCOL_ON : UCOL_OFF, &status)
        swift_ucol_setAttribute(handle, UCOL_NUMERIC_COLLATION, settings.numeric ? UCOL_ON : UCOL_OFF, &status)
        try check(status, "ucol_setAttribute")
    }

    /// The locale whose collation data is in use ("root" when ICU knew nothing closer).
    var validLocale: String { locale(ULOC_VALID_LOCALE) }
    /// The locale the collation rules actually come from (e.g. "root" for English).
    var actualLocale: String { locale(ULOC_ACTUAL_LOCALE) }

    private func locale(_ type: ULocDataLocaleType) -> String {
        var status = U_ZERO_ERROR
        guard let name = swift_ucol_getLocaleByType(handle, type, &status), status.rawValue <= 0 else { return "root" }
        return String(cString: name)
    }

    // MARK: Comparing

    /// Three-way comparison of two strings under this collator.
    func compare(_ a: String, _ b: String) -> Int {
        let ua = Array(a.utf16), ub = Array(b.utf16)
        let result = swift_ucol_strcoll(handle, ua, Int32(ua.count), ub, Int32(ub.count))
        return Int(result.rawValue)
    }

    // MARK: Sort keys

    /// Appends the sort key of `text` (with its terminating zero byte) to `buffer`.
    ///
    /// Keys compare with plain byte order exactly as the strings compare under this collator, and
    /// since only the final byte of a key is zero, keys can be concatenated to order by several
    /// fields at once.
    func appendSortKey(of text: String, to buffer: KeyBuffer, method: SortKeyMethod) {
        var text = text
        text.withUTF8 { appendSortKey(utf8: $0, to: buffer, method: method) }
    }

    /// Appends the sort key of the UTF-8 text `utf8` (with its terminating zero byte) to `buffer`.
    /// Ill-formed bytes count as U+FFFD.
    func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer, method: SortKeyMethod) {
        switch method {
        case .utf8Incremental: appendIncrementalKey(utf8: utf8, to: buffer)
        case .utf16Whole: appendWholeKey(utf8: utf8, to: buffer)
        }
    }

    private func appendIncrementalKey(utf8: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer) {
        // Sound: the iterator reads `utf8` only during the nextSortKeyPart calls below, all of
        // which happen inside this call, while the caller keeps the bytes alive.
        utf8.withMemoryRebound(to: CChar.self) { chars in
            swift_uiter_setUTF8(&iterator, chars.baseAddress, Int32(chars.count))
        }
        var state: (UInt32, UInt32) = (0, 0)
        // Each call re-walks the text up to where the last one stopped, so small parts make
        // long strings quadratic: ask for a whole typical key at once, and double after that.
        var partSize = utf8.count * 4 + 32
        while true {
            var status = U_ZERO_ERROR
            let written = buffer.appendBytes(upTo: partSize) { destination in
                withUnsafeMutablePointer(to: &state) { statePointer in
                    statePointer.withMemoryRebound(to: UInt32.self, capacity: 2) { words in
                        Int(swift_ucol_nextSortKeyPart(handle, &iterator, words, destination, Int32(partSize), &status))
                    }
                }
            }
            // A failure here can only be memory exhaustion inside ICU; the key is then
            // truncated, which still orders deterministically.
            if written < partSize || status.rawValue > 0 { break }
            partSize *= 2
        }
        buffer.append(0)
    }

    private func appendWholeKey(utf8: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer) {
        let units = utf16Scratch.transcode(utf8)
        var capacity = max(32, units * 4 + 16)
        while true {
            var needed = 0
            let written = buffer.appendBytes(upTo: capacity) { destination in
                let length = swift_ucol_getSortKey(handle, utf16Scratch.base, Int32(units), destination, Int32(capacity))
                needed = Int(length)
                // ucol_getSortKey writes nothing useful when the key does not fit: keep none of it.
                return needed <= capacity ? needed : 0
            }
            if written > 0 || needed == 0 { return }
            capacity = needed
        }
    }

    /// The sort key of `text` as a byte array (terminating zero included).
    func sortKey(of text: String, method: SortKeyMethod = .utf16Whole) -> [UInt8] {
        let buffer = KeyBuffer()
        appendSortKey(of: text, to: buffer, method: method)
        return buffer.bytes(at: 0, length: buffer.count)
    }

    // MARK: Collation data

    /// The contractions of this collator (its tailoring and the root) that start with `first`.
    func contractions(startingWith first: Unicode.Scalar) throws(ICUError) -> [String] {
        guard let set = swift_uset_openEmpty() else { return [] }
        defer { swift_uset_close(set) }
        var status = U_ZERO_ERROR
        swift_ucol_getContractionsAndExpansions(handle, set, nil, 0, &status)
        try check(status, "ucol_getContractionsAndExpansions")
        return ICUSet.strings(of: set).filter { $0.unicodeScalars.first == first }
    }

    /// The number of collation elements of `text` that carry a primary weight.
    func primaryWeightCount(of text: String) -> Int {
        let units = Array(text.utf16)
        var status = U_ZERO_ERROR
        guard let elements = swift_ucol_openElements(handle, units, Int32(units.count), &status),
              status.rawValue <= 0 else { return 0 }
        defer { swift_ucol_closeElements(elements) }
        var count = 0
        while true {
            let element = swift_ucol_next(elements, &status)
            if element == UCOL_NULLORDER || status.rawValue > 0 { break }
            let isContinuation = element & 0xC0 == 0xC0
            if !isContinuation && (UInt32(bitPattern: element) >> 16) != 0 { count += 1 }
        }
        return count
    }
}

/// An owned ICU transliterator: a transform such as "Han-Latin/Names".
///
/// Like a collator, a transliterator must not be used from two threads at once: its owner confines
/// it to one thread (workers clone one each), so it is deliberately not `Sendable`.
final class ICUTransliterator {
    private let handle: UnsafeMutablePointer<UTransliterator?>

    private init(handle: UnsafeMutablePointer<UTransliterator?>) {
        self.handle = handle
    }

    /// Opens the transform `id` of ICU's data (forward direction).
    convenience init(id: String) throws(ICUError) {
        let units = Array(id.utf16)
        var status = U_ZERO_ERROR
        let opened = swift_utrans_openU(units, Int32(units.count), UTRANS_FORWARD, nil, 0, nil, &status)
        try check(status, "utrans_openU(\(id))")
        guard let opened else { throw ICUError(code: U_MEMORY_ALLOCATION_ERROR.rawValue, operation: "utrans_openU") }
        self.init(handle: opened)
    }

    deinit { swift_utrans_close(handle) }

    /// A new transliterator with the same rules, for use on another thread.
    func clone() throws(ICUError) -> ICUTransliterator {
        var status = U_ZERO_ERROR
        let copy = swift_utrans_clone(handle, &status)
        try check(status, "utrans_clone")
        guard let copy else { throw ICUError(code: U_MEMORY_ALLOCATION_ERROR.rawValue, operation: "utrans_clone") }
        return ICUTransliterator(handle: copy)
    }

    /// `text` transformed; `text` itself if ICU fails (which only running out of memory can cause).
    func transliterate(_ text: String) -> String {
        let source = Array(text.utf16)
        var capacity = source.count * 8 + 16
        while true {
            var buffer = [UInt16](repeating: 0, count: capacity)
            buffer.replaceSubrange(0..<source.count, with: source)
            var length = Int32(source.count), limit = Int32(source.count)
            var status = U_ZERO_ERROR
            swift_utrans_transUChars(handle, &buffer, &length, Int32(capacity), 0, &limit, &status)
            if status == U_BUFFER_OVERFLOW_ERROR && Int(length) > capacity {
                capacity = Int(length) + 16
                continue
            }
            guard status.rawValue <= 0 else { return text }
            return String(decoding: buffer[..<Int(length)], as: UTF16.self)
        }
    }

    /// The transform's rules as ICU prints them (`utrans_toRules`), unprintable characters escaped
    /// as \uXXXX.
    func rules() -> String {
        var status = U_ZERO_ERROR
        let length = swift_utrans_toRules(handle, 1, nil, 0, &status)
        status = U_ZERO_ERROR
        var buffer = [UInt16](repeating: 0, count: Int(length) + 1)
        let written = swift_utrans_toRules(handle, 1, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= 0, written >= 0, Int(written) <= buffer.count else { return "" }
        return String(decoding: buffer[..<Int(written)], as: UTF16.self)
    }
}

/// Locale data that does not depend on a collator.
enum ICULocaleData {
    enum ExemplarKind { case index, standard }

    /// The exemplar characters of `locale`, or nil when ICU's data for it has none of that kind.
    static func exemplars(of locale: String, kind: ExemplarKind) -> [String]? {
        var status = U_ZERO_ERROR
        guard let data = swift_ulocdata_open(locale, &status), status.rawValue <= 0 else { return nil }
        defer { swift_ulocdata_close(data) }
        guard let set = swift_uset_openEmpty() else { return nil }
        defer { swift_uset_close(set) }
        let type = kind == .index ? ULOCDATA_ES_INDEX : ULOCDATA_ES_STANDARD
        swift_ulocdata_getExemplarSet(data, set, 0, type, &status)
        if status.rawValue > 0 { return nil }
        return ICUSet.strings(of: set)
    }

    /// `text` in upper case by the rules of `locale` (Turkish i, Greek accents, …).
    static func uppercased(_ text: String, locale: String) -> String {
        let source = Array(text.utf16)
        var destination = [UInt16](repeating: 0, count: source.count * 3 + 4)
        var status = U_ZERO_ERROR
        let length = swift_u_strToUpper(&destination, Int32(destination.count), source, Int32(source.count), locale, &status)
        guard status.rawValue <= 0, Int(length) <= destination.count else { return text.uppercased() }
        return String(decoding: destination[..<Int(length)], as: UTF16.self)
    }

    /// Whether `scalar` belongs to the Latin script.
    static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        var status = U_ZERO_ERROR
        return swift_uscript_getScript(UChar32(scalar.value), &status) == USCRIPT_LATIN
    }

    /// Whether `scalar` belongs to the Han script (ICU's `[:script=Han:]`).
    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        var status = U_ZERO_ERROR
        return swift_uscript_getScript(UChar32(scalar.value), &status) == USCRIPT_HAN
    }

    /// The canonical ICU form of a locale identifier ("sv-SE" → "sv_SE").
    static func canonicalIdentifier(_ identifier: String) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        var status = U_ZERO_ERROR
        let length = swift_uloc_canonicalize(identifier, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= 0, length > 0, Int(length) < buffer.count else { return identifier }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The language part of a locale identifier ("sv_SE" → "sv").
    static func language(of identifier: String) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        var status = U_ZERO_ERROR
        let length = swift_uloc_getLanguage(identifier, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= 0, length >= 0, Int(length) < buffer.count else { return "" }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Reading ICU's `USet` into Swift strings.
private enum ICUSet {
    static func strings(of set: OpaquePointer) -> [String] {
        var result: [String] = []
        var buffer = [UInt16](repeating: 0, count: 512)
        for item in 0..<swift_uset_getItemCount(set) {
            var start: UChar32 = 0, end: UChar32 = 0
            var status = U_ZERO_ERROR
            let length = swift_uset_getItem(set, item, &start, &end, &buffer, Int32(buffer.count), &status)
            if status.rawValue > 0 { continue }
            if length == 0 {
                for value in start...end {
                    if let scalar = Unicode.Scalar(UInt32(value)) { result.append(String(Character(scalar))) }
                }
            } else {
                result.append(String(decoding: buffer[..<Int(length)], as: UTF16.self))
            }
        }
        return result
    }
}

/// A reusable UTF-16 buffer that a collator transcodes strings into for `ucol_getSortKey`.
private final class UTF16Scratch {
    // Unchecked for the same reason as KeyBuffer's storage: one owner thread, a hot loop.
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt16>
    @exclusivity(unchecked) private var capacity = 256

    init() { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }

    /// Transcodes UTF-8 (ill-formed parts become U+FFFD) and returns the number of UTF-16 units.
    func transcode(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        if utf8.count > capacity {
            base.deallocate()
            capacity = utf8.count
            base = .allocate(capacity: capacity)
        }
        return UTF8Decoding.transcodeToUTF16(utf8, into: base)
    }
}

/// Relative names of periods ("yesterday", "this week") from ICU's relative date formatting.
enum ICURelativeNames {
    enum Unit { case day, week, month, year }

    /// The name of the period `offset` units from now (-1, 0 or 1), capitalized for a header, in
    /// `locale`; nil where ICU has no name.
    static func name(offset: Int, unit: Unit, locale: String) -> String? {
        var status = U_ZERO_ERROR
        guard let formatter = swift_ureldatefmt_open(locale, nil, UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE, &status),
              status.rawValue <= 0 else { return nil }
        defer { swift_ureldatefmt_close(formatter) }
        let icuUnit: URelativeDateTimeUnit = switch unit {
        case .day: UDAT_REL_UNIT_DAY
        case .week: UDAT_REL_UNIT_WEEK
        case .month: UDAT_REL_UNIT_MONTH
        case .year: UDAT_REL_UNIT_YEAR
        }
        var buffer = [UInt16](repeating: 0, count: 128)
        let length = swift_ureldatefmt_format(formatter, Double(offset), icuUnit, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= 0, length > 0, Int(length) <= buffer.count else { return nil }
        return String(decoding: buffer[..<Int(length)], as: UTF16.self)
    }
}
