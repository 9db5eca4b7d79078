// The one place in SectionSort that talks to ICU, through the package's own declarations in
// SectionSortICU (the system's libicucore on Apple platforms, the toolchain's ICU elsewhere). Every
// C pointer stays in this file: callers see Swift strings, byte arrays and value types only.
import SectionSortICU

/// An error reported by ICU.
struct ICUError: Error, CustomStringConvertible {
    let code: Int32
    let operation: String
    /// ICU's name for the code, such as "U_MISSING_RESOURCE_ERROR".
    var name: String { ssicu_errorName(code).map { String(cString: $0) } ?? "ICU error \(code)" }
    var description: String { "ICU \(operation) failed: \(name) (\(code))" }
}

private func check(_ status: SSICUStatus, _ operation: String) throws(ICUError) {
    if status > SSICU_ZERO_ERROR {
        throw ICUError(code: status, operation: operation)
    }
}

/// A status that no call has set yet (ICU's U_ZERO_ERROR).
private var fresh: SSICUStatus { SSICU_ZERO_ERROR }

/// How sort keys are computed; all give byte-identical keys. The benchmark compares them; the
/// engine uses `table` for large inputs and `utf16Whole` otherwise (ICU's UTF-16 collation
/// iterator has a fast path that its generic character iterator lacks, which outweighs our
/// transcoding).
package enum SortKeyMethod: String, Sendable, CaseIterable {
    /// `ucol_nextSortKeyPart` over a UTF-8 character iterator: reads the String's own storage.
    case utf8Incremental
    /// `ucol_getSortKey` over a UTF-16 copy of the string, transcoded into a reused buffer.
    case utf16Whole
    /// The collation's ``SortKeyTable`` where it covers the text (and the collator's settings
    /// allow one), `utf16Whole` elsewhere.
    case table
}

/// Collator attributes, in ICU's terms. Nil leaves an attribute as the locale's collation sets it.
struct ICUCollatorSettings: Hashable, Sendable {
    enum Strength: Hashable, Sendable { case primary, secondary, tertiary, quaternary, identical }
    enum CaseFirst: Hashable, Sendable { case off, lower, upper }
    var strength: Strength = .tertiary
    /// Case is a level of its own (used for "ignore accents but not case").
    var caseLevel = false
    var numeric = false
    /// Punctuation and spaces are ignorable at the first three levels (ICU's alternate = shifted).
    var alternateShifted: Bool?
    /// ICU's normalization mode: text not in FCD form is normalized while it is compared.
    var normalization: Bool?
    var caseFirst: CaseFirst?
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
    /// The package's own collation runtime, when attached (``attachRuntime(_:)``): it then writes
    /// every key and makes every comparison, byte-identical to ICU, and ICU is left only the
    /// collation data queries (contractions, collation elements) until they move to the runtime.
    private var runtime: Collator?
    /// Scratch memory for the runtime's key prefixes and comparisons.
    private var runtimeKeys: ([UInt8], [UInt8]) = ([], [])

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// Opens the collator for `locale` (an ICU or BCP 47 identifier) with `settings`.
    convenience init(locale: String, settings: ICUCollatorSettings) throws(ICUError) {
        var status = fresh
        let opened = ssicu_ucol_open(locale, &status)
        try check(status, "ucol_open(\(locale))")
        guard let opened else { throw ICUError(code: SSICU_MEMORY_ALLOCATION_ERROR, operation: "ucol_open") }
        self.init(handle: opened)
        try apply(settings)
    }

    deinit { ssicu_ucol_close(handle) }

    /// Lets `runtime` (opened for the same locale and settings) write the keys and make the
    /// comparisons from now on, in this collator and its clones.
    func attachRuntime(_ runtime: Collator) {
        self.runtime = runtime
    }

    /// Whether the package's collation runtime writes this collator's keys (``attachRuntime(_:)``).
    var keysWithRuntime: Bool { runtime != nil }

    /// A new collator with the same rules and settings, for use on another thread.
    func clone() throws(ICUError) -> ICUCollator {
        var status = fresh
        let copy = ssicu_ucol_clone(handle, &status)
        try check(status, "ucol_clone")
        guard let copy else { throw ICUError(code: SSICU_MEMORY_ALLOCATION_ERROR, operation: "ucol_clone") }
        let clone = ICUCollator(handle: copy)
        clone.runtime = runtime?.clone()
        return clone
    }

    /// A clone whose strength is primary, whatever this collator's settings are.
    func primaryOnlyClone() throws(ICUError) -> ICUCollator {
        let copy = try clone()
        var status = fresh
        ssicu_ucol_setAttribute(copy.handle, SSICU_COLLATOR_STRENGTH, SSICU_COLLATOR_PRIMARY, &status)
        ssicu_ucol_setAttribute(copy.handle, SSICU_COLLATOR_CASE_LEVEL, SSICU_COLLATOR_OFF, &status)
        try check(status, "ucol_setAttribute")
        if let runtime {
            var settings = runtime.settings
            settings.setStrength(.primary)
            settings.setFlag(CollationSettings.caseLevel, false)
            copy.runtime = Collator(tailoring: runtime.tailoring, settings: settings)
        }
        return copy
    }

    private func apply(_ settings: ICUCollatorSettings) throws(ICUError) {
        var status = fresh
        func onOff(_ on: Bool) -> SSICUCollatorAttributeValue { on ? SSICU_COLLATOR_ON : SSICU_COLLATOR_OFF }
        let strength: SSICUCollatorAttributeValue =
            switch settings.strength {
            case .primary: SSICU_COLLATOR_PRIMARY
            case .secondary: SSICU_COLLATOR_SECONDARY
            case .tertiary: SSICU_COLLATOR_TERTIARY
            case .quaternary: SSICU_COLLATOR_QUATERNARY
            case .identical: SSICU_COLLATOR_IDENTICAL
            }
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_STRENGTH, strength, &status)
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_CASE_LEVEL, onOff(settings.caseLevel), &status)
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_NUMERIC_COLLATION, onOff(settings.numeric), &status)
        if let shifted = settings.alternateShifted {
            ssicu_ucol_setAttribute(
                handle, SSICU_COLLATOR_ALTERNATE_HANDLING, shifted ? SSICU_COLLATOR_SHIFTED : SSICU_COLLATOR_NON_IGNORABLE, &status)
        }
        if let normalization = settings.normalization {
            ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_NORMALIZATION_MODE, onOff(normalization), &status)
        }
        if let caseFirst = settings.caseFirst {
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

    /// The version of this collator's rules and data (root collation, tailoring, runtime): keys
    /// from collators with different versions may order differently.
    var version: String {
        if let runtime { return Self.versionString(runtime.tailoring.version) }
        return Self.versionString { ssicu_ucol_getVersion(handle, $0) }
    }

    /// The version of the Unicode Collation Algorithm data (DUCET) this collator is built on.
    var ucaVersion: String {
        if runtime != nil { return Self.versionString(CollationLocaleTable.shared.ucaVersion) }
        return Self.versionString { ssicu_ucol_getUCAVersion(handle, $0) }
    }

    /// The version of the ICU library in use.
    static var libraryVersion: String { versionString { ssicu_getVersion($0) } }

    /// An ICU `UVersionInfo` that `fill` writes, as "76.1.0.0" without trailing ".0" parts.
    private static func versionString(_ fill: (UnsafeMutablePointer<UInt8>) -> Void) -> String {
        var info: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &info) { fill($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        return versionString([info.0, info.1, info.2, info.3])
    }

    /// An ICU `UVersionInfo` (four bytes) as "76.1.0.0" without trailing ".0" parts.
    static func versionString(_ info: [UInt8]) -> String {
        var parts = info
        while parts.count > 2 && parts.last == 0 { parts.removeLast() }
        return parts.map(String.init).joined(separator: ".")
    }

    /// The locale whose collation data is in use ("root" when ICU knew nothing closer).
    var validLocale: String { runtime?.tailoring.validLocale ?? locale(SSICU_VALID_LOCALE) }
    /// The locale the collation rules actually come from (e.g. "root" for English).
    var actualLocale: String { locale(SSICU_ACTUAL_LOCALE) }

    private func locale(_ type: SSICULocaleType) -> String {
        var status = fresh
        guard let name = ssicu_ucol_getLocaleByType(handle, type, &status), status <= 0 else { return "root" }
        return String(cString: name)
    }

    /// The collation elements of `utf8` as the runtime's iterator gives them, in the form
    /// ``collationElements(ofUTF16:)`` rebuilds from ICU's (without the quaternary bits).
    private static func collationElements(utf8: UnsafeBufferPointer<UInt8>, _ runtime: Collator) -> [UInt64] {
        var iterator = CollationElementIterator(
            data: runtime.tailoring.data, utf8: utf8, numeric: runtime.settings.isNumeric, checkFCD: runtime.settings.checksFCD)
        var elements: [UInt64] = []
        while true {
            let element = iterator.nextCE()
            if element == CE32.noCE { return elements }
            elements.append(element & ~0xC0)
        }
    }

    // MARK: Comparing

    /// Three-way comparison of two strings under this collator.
    func compare(_ a: String, _ b: String) -> Int {
        if let runtime {
            return Self.order(runtime.sortKey(of: a), runtime.sortKey(of: b))
        }
        let ua = Array(a.utf16), ub = Array(b.utf16)
        return Int(ssicu_ucol_strcoll(handle, ua, Int32(ua.count), ub, Int32(ub.count)))
    }

    /// Three-way comparison of two UTF-8 strings under this collator, without converting them
    /// (ICU's `ucol_strcollUTF8`, which has a fast path for Latin text); ill-formed bytes compare
    /// as U+FFFD.
    func compare(utf8 a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        // ICU takes 32-bit lengths (-1 meaning zero-terminated): no key comes near 2 GiB.
        precondition(a.count < Int32.max && b.count < Int32.max, "a string of 2 GiB or more")
        if let runtime {
            runtimeKeys.0.removeAll(keepingCapacity: true)
            runtimeKeys.1.removeAll(keepingCapacity: true)
            runtime.appendSortKey(utf8: a, to: &runtimeKeys.0)
            runtime.appendSortKey(utf8: b, to: &runtimeKeys.1)
            return Self.order(runtimeKeys.0, runtimeKeys.1)
        }
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
    func appendSortKey(of text: String, to buffer: KeyBuffer, method: SortKeyMethod) {
        var text = text
        text.withUTF8 { appendSortKey(utf8: $0, to: buffer, method: method) }
    }

    /// Appends the sort key of the UTF-8 text `utf8` (with its terminating zero byte) to `buffer`.
    /// Ill-formed bytes count as U+FFFD.
    func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer, method: SortKeyMethod) {
        if let runtime {
            runtime.appendSortKey(utf8: utf8, to: buffer)
            return
        }
        switch method {
        case .utf8Incremental: appendIncrementalKey(utf8: utf8, to: buffer)
        case .utf16Whole, .table: appendWholeKey(utf8: utf8, to: buffer)
        }
    }

    private func appendIncrementalKey(utf8: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer) {
        var state: (UInt32, UInt32) = (0, 0)
        // Each call re-walks the text up to where the last one stopped, so small parts make
        // long strings quadratic: ask for a whole typical key at once, and double after that.
        var partSize = utf8.count * 4 + 32
        while true {
            var status = fresh
            let written = buffer.appendBytes(upTo: partSize) { destination in
                nextSortKeyPart(utf8: utf8, state: &state, into: destination, limit: partSize, status: &status)
            }
            // A failure here can only be memory exhaustion inside ICU; the key is then
            // truncated, which still orders deterministically.
            if written < partSize || status > 0 { break }
            partSize *= 2
        }
        buffer.append(0)
    }

    /// Appends at most `limit` bytes of the sort key of the UTF-8 text `utf8`, without the
    /// terminating zero byte, and returns whether that is the whole key. ICU writes keys from the
    /// front, so the bytes are the start of the full key: what word-start search compares with.
    ///
    /// - Complexity: O(m) for the characters needed to produce `limit` bytes.
    func appendSortKeyPrefix(utf8: UnsafeBufferPointer<UInt8>, limit: Int, to buffer: KeyBuffer) -> Bool {
        if let runtime {
            // ICU's key parts are the key's bytes without the terminator; a part that fills the
            // limit is reported incomplete even when nothing follows, as ICU reports it.
            runtimeKeys.0.removeAll(keepingCapacity: true)
            runtime.appendSortKey(utf8: utf8, to: &runtimeKeys.0)
            let length = runtimeKeys.0.count - 1
            let written = min(length, limit)
            runtimeKeys.0.withUnsafeBufferPointer { key in
                _ = buffer.appendBytes(upTo: written) { destination in
                    destination.update(from: key.baseAddress!, count: written)
                    return written
                }
            }
            return written < limit
        }
        var state: (UInt32, UInt32) = (0, 0)
        var status = fresh
        let written = buffer.appendBytes(upTo: limit) { destination in
            nextSortKeyPart(utf8: utf8, state: &state, into: destination, limit: limit, status: &status)
        }
        return written < limit || status > 0
    }

    /// Writes the next at most `limit` bytes of the sort key of `utf8` to `destination`, going on
    /// from `state` (ICU's iteration state, zero at the start), and returns how many it wrote.
    private func nextSortKeyPart(
        utf8: UnsafeBufferPointer<UInt8>, state: inout (UInt32, UInt32), into destination: UnsafeMutablePointer<UInt8>, limit: Int,
        status: inout SSICUStatus
    ) -> Int {
        // Sound: ICU reads `utf8` and writes `limit` bytes of `destination` only during this call,
        // while the caller keeps both alive.
        utf8.withMemoryRebound(to: CChar.self) { text in
            withUnsafeMutablePointer(to: &state) { statePointer in
                statePointer.withMemoryRebound(to: UInt32.self, capacity: 2) { words in
                    Int(
                        ssicu_ucol_nextSortKeyPartUTF8(
                            handle, text.baseAddress, Int32(text.count), words, destination, Int32(limit), &status))
                }
            }
        }
    }

    private func appendWholeKey(utf8: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer) {
        let units = utf16Scratch.transcode(utf8)
        var capacity = max(32, units * 4 + 16)
        while true {
            var needed = 0
            let written = buffer.appendBytes(upTo: capacity) { destination in
                let length = ssicu_ucol_getSortKey(handle, utf16Scratch.base, Int32(units), destination, Int32(capacity))
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
    ///
    /// ICU enumerates every contraction of the collator into a set whose string insertions are
    /// linear, which costs 5–50 ms a locale: the index probes the few strings it needs instead
    /// (`AlphabeticIndex.Method.probing`), and tests check the two against each other.
    func contractions(startingWith first: Unicode.Scalar) throws(ICUError) -> [String] {
        guard let set = ssicu_uset_openEmpty() else { return [] }
        defer { ssicu_uset_close(set) }
        var status = fresh
        ssicu_ucol_getContractionsAndExpansions(handle, set, nil, 0, &status)
        try check(status, "ucol_getContractionsAndExpansions")
        return ICUSet.strings(of: set).filter { $0.unicodeScalars.first == first }
    }

    /// The code points below `limit` that some contraction or prefix mapping of this collator
    /// has after its first character: where they follow the right characters, their collation
    /// elements are not their own.
    /// The runtime's collation data answers when attached (``ContextCharacters``), ICU otherwise.
    func codePointsInsideContractions(below limit: UInt32) throws(ICUError) -> Set<UInt32> {
        if let runtime { return ContextCharacters.inside(runtime.tailoring, below: limit) }
        guard let set = ssicu_uset_openEmpty() else { throw ICUError(code: SSICU_MEMORY_ALLOCATION_ERROR, operation: "uset_openEmpty") }
        defer { ssicu_uset_close(set) }
        var status = fresh
        ssicu_ucol_getContractionsAndExpansions(handle, set, nil, 1, &status)
        try check(status, "ucol_getContractionsAndExpansions")
        var inside = Set<UInt32>()
        for string in ICUSet.strings(of: set) {
            for scalar in string.unicodeScalars.dropFirst() where scalar.value < limit { inside.insert(scalar.value) }
        }
        return inside
    }

    /// The number of levels (1 to 3) of this collator's sort keys when its settings are the ones
    /// whose keys ``SortKeyTable`` writes: no French secondary order, no case level or case first,
    /// non-ignorable punctuation, no normalization and no numeric order. Nil for any other
    /// settings.
    var plainSortKeyLevels: Int? {
        if let settings = runtime?.settings {
            guard !settings.hasBackwardSecondary, settings.caseFirst == .off, !settings.hasCaseLevel, !settings.checksFCD,
                !settings.isNumeric, !settings.isShifted, settings.strength.rawValue <= CollationSettings.Strength.tertiary.rawValue
            else { return nil }
            return Int(settings.strength.rawValue) + 1
        }
        var status = fresh
        func value(_ attribute: SSICUCollatorAttribute) -> Int32 { ssicu_ucol_getAttribute(handle, attribute, &status) }
        let off = Int32(SSICU_COLLATOR_OFF.rawValue)
        let strength = value(SSICU_COLLATOR_STRENGTH)
        guard value(SSICU_COLLATOR_FRENCH_COLLATION) == off, value(SSICU_COLLATOR_CASE_FIRST) == off,
            value(SSICU_COLLATOR_CASE_LEVEL) == off, value(SSICU_COLLATOR_NORMALIZATION_MODE) == off,
            value(SSICU_COLLATOR_NUMERIC_COLLATION) == off,
            value(SSICU_COLLATOR_ALTERNATE_HANDLING) == Int32(SSICU_COLLATOR_NON_IGNORABLE.rawValue),
            (0...2).contains(strength), status <= SSICU_ZERO_ERROR
        else { return nil }
        return Int(strength) + 1
    }

    /// Whether this collator reorders scripts (Russian puts Cyrillic first, Japanese Latin, kana
    /// and Han): its sort keys then move primary lead bytes.
    var reordersScripts: Bool {
        if let runtime { return !runtime.settings.reorderCodes.isEmpty }
        var status = fresh
        return ssicu_ucol_getReorderCodes(handle, nil, 0, &status) != 0
    }

    /// The collation elements of `scalar` alone, as ICU's 64-bit elements (the primary weight in the
    /// high 32 bits, then the secondary and the tertiary weight, 16 bits each).
    ///
    /// ICU's iterator hands out each 64-bit element as two 32-bit halves: the first with the
    /// primary weight's high 16 bits and the high bytes of the secondary and tertiary weights, and,
    /// when the rest is not zero, a continuation (low byte 0xC0 set, which no first half has)
    /// with the primary's low 16 bits and the low bytes. This puts them back together.
    func collationElements(of scalar: Unicode.Scalar) -> [UInt64] {
        if let runtime {
            var text = String(Character(scalar))
            return text.withUTF8 { Self.collationElements(utf8: $0, runtime) }
        }
        return collationElements(ofUTF16: Array(String(Character(scalar)).utf16))
    }

    /// The collation elements of UTF-16 text, put back together as ``collationElements(of:)``
    /// describes (the quaternary bits 0xC0 of the tertiary weight's low byte are not in ICU's
    /// halves, so they are 0 here).
    func collationElements(ofUTF16 units: [UInt16]) -> [UInt64] {
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
    /// collation element iterator.
    ///
    /// The iterator's first use in a process costs 1.5–6 ms (ICU then computes the maximal
    /// expansions of the whole tailoring), so the index counts with ``primaryWeightCounts(of:)``
    /// and tests check the two against each other.
    func primaryWeightCount(of text: String) -> Int {
        if let runtime {
            var text = text
            return text.withUTF8 { Self.collationElements(utf8: $0, runtime) }.count { $0 >> 32 != 0 }
        }
        let units = Array(text.utf16)
        var status = fresh
        guard let elements = ssicu_ucol_openElements(handle, units, Int32(units.count), &status),
            status <= 0
        else { return 0 }
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

    /// The number of collation elements of each of `texts` that carry a primary weight, read from
    /// sort keys instead of ICU's collation element iterator.
    ///
    /// At primary strength with the case level on, ICU writes one case weight for each collation
    /// element with a primary weight. With upper case first, the case level is a sequence of
    /// 4-bit weights: 1 (upper), 2 (mixed), and for a run of k elements of lower or no case,
    /// ⌊(k − 1) / 13⌋ weights 3 followed by one weight 3 + (k − 1) mod 13; a final 0 pads the
    /// last byte.
    ///
    /// - Complexity: O(m) for texts of total length m.
    func primaryWeightCounts(of texts: [String]) throws(ICUError) -> [Int] {
        let counter = try clone()
        var status = fresh
        ssicu_ucol_setAttribute(counter.handle, SSICU_COLLATOR_STRENGTH, SSICU_COLLATOR_PRIMARY, &status)
        ssicu_ucol_setAttribute(counter.handle, SSICU_COLLATOR_CASE_LEVEL, SSICU_COLLATOR_ON, &status)
        ssicu_ucol_setAttribute(counter.handle, SSICU_COLLATOR_CASE_FIRST, SSICU_COLLATOR_UPPER_FIRST, &status)
        try check(status, "ucol_setAttribute")
        if let runtime {
            var settings = runtime.settings
            settings.setStrength(.primary)
            settings.setFlag(CollationSettings.caseLevel, true)
            settings.setCaseFirst(.upperFirst)
            counter.runtime = Collator(tailoring: runtime.tailoring, settings: settings)
        }
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

extension ICULocaleData {
    /// Whether `scalar` and the first character of its canonical decomposition have combining
    /// class 0 (ICU's lead canonical combining class), so that canonical reordering never moves a
    /// character across it.
    static func startsWithoutCombiningClass(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.canonicalCombiningClass == .notReordered
            && ssicu_leadCombiningClass(Int32(bitPattern: scalar.value)) == 0
    }
}

/// Reading ICU's `USet` into Swift strings.
private enum ICUSet {
    static func strings(of set: OpaquePointer) -> [String] {
        var result: [String] = []
        var buffer = [UInt16](repeating: 0, count: 512)
        for item in 0..<ssicu_uset_getItemCount(set) {
            var start: SSICUChar32 = 0, end: SSICUChar32 = 0
            var status = fresh
            let length = ssicu_uset_getItem(set, item, &start, &end, &buffer, Int32(buffer.count), &status)
            if status > 0 { continue }
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

// MARK: Test support for the collation runtime

extension ICUCollator {
    /// Opens `name` as given (ICU's own spelling, keywords included), with ICU's default settings.
    static func opening(_ name: String) throws(ICUError) -> ICUCollator {
        var status = fresh
        let opened = ssicu_ucol_open(name, &status)
        try check(status, "ucol_open(\(name))")
        guard let opened else { throw ICUError(code: SSICU_MEMORY_ALLOCATION_ERROR, operation: "ucol_open") }
        return ICUCollator(handle: opened)
    }

    /// Sets ICU's normalization (FCD check) and numeric attributes.
    func setNormalization(_ on: Bool) {
        var status = fresh
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_NORMALIZATION_MODE, on ? SSICU_COLLATOR_ON : SSICU_COLLATOR_OFF, &status)
    }

    func setNumeric(_ on: Bool) {
        var status = fresh
        ssicu_ucol_setAttribute(handle, SSICU_COLLATOR_NUMERIC_COLLATION, on ? SSICU_COLLATOR_ON : SSICU_COLLATOR_OFF, &status)
    }

    /// Whether ICU checks FCD (the normalization attribute, which tailorings may turn on).
    var normalizes: Bool {
        var status = fresh
        return ssicu_ucol_getAttribute(handle, SSICU_COLLATOR_NORMALIZATION_MODE, &status) == Int32(SSICU_COLLATOR_ON.rawValue)
    }

    /// ICU's actual locale of this collator (ucol_getLocaleByType).
    var actualLocaleForTesting: String { locale(SSICU_ACTUAL_LOCALE) }

    /// The characters and strings the tailoring maps differently from the root (ucol_getTailoredSet).
    func tailoredSet() throws(ICUError) -> [String] {
        var status = fresh
        let set = ssicu_ucol_getTailoredSet(handle, &status)
        try check(status, "ucol_getTailoredSet")
        guard let set else { return [] }
        defer { ssicu_uset_close(set) }
        return ICUSet.strings(of: set)
    }

    /// The strings of contractions and of prefix mappings (ucol_getContractionsAndExpansions).
    func contractionsAndPrefixes() throws(ICUError) -> [String] {
        let contractions = ssicu_uset_openEmpty()
        defer { ssicu_uset_close(contractions) }
        var status = fresh
        ssicu_ucol_getContractionsAndExpansions(handle, contractions, nil, 1, &status)
        try check(status, "ucol_getContractionsAndExpansions")
        guard let contractions else { return [] }
        return ICUSet.strings(of: contractions)
    }

    /// The collator's tailoring and current settings in ICU's binary collation format
    /// (`ucol_cloneBinary`), with its data header.
    func binary() throws(ICUError) -> [UInt8] {
        var status = fresh
        let length = ssicu_ucol_cloneBinary(handle, nil, 0, &status)
        status = fresh
        var bytes = [UInt8](repeating: 0, count: Int(length))
        _ = ssicu_ucol_cloneBinary(handle, &bytes, length, &status)
        try check(status, "ucol_cloneBinary")
        return bytes
    }

    /// `ucol_setAttribute` with ICU's numbers for the attribute and the value.
    func setAttribute(_ attribute: Int32, _ value: Int32) throws(ICUError) {
        var status = fresh
        ssicu_ucol_setAttributeValue(handle, attribute, value, &status)
        try check(status, "ucol_setAttribute(\(attribute), \(value))")
    }

    /// `ucol_getAttribute` with ICU's number for the attribute.
    func attribute(_ attribute: Int32) -> Int32 {
        var status = fresh
        return ssicu_ucol_getAttribute(handle, SSICUCollatorAttribute(rawValue: UInt32(attribute)), &status)
    }

    func setReorderCodes(_ codes: [Int32]) throws(ICUError) {
        var status = fresh
        ssicu_ucol_setReorderCodes(handle, codes, Int32(codes.count), &status)
        try check(status, "ucol_setReorderCodes(\(codes))")
    }

    var reorderCodes: [Int32] {
        var status = fresh
        let count = ssicu_ucol_getReorderCodes(handle, nil, 0, &status)
        guard count > 0 else { return [] }
        status = fresh
        var codes = [Int32](repeating: 0, count: Int(count))
        _ = ssicu_ucol_getReorderCodes(handle, &codes, count, &status)
        return codes
    }

    /// `ucol_setMaxVariable` with a reorder code (0x1000 space ... 0x1003 currency).
    func setMaxVariable(_ group: Int32) throws(ICUError) {
        var status = fresh
        ssicu_ucol_setMaxVariable(handle, group, &status)
        try check(status, "ucol_setMaxVariable(\(group))")
    }

    var maxVariable: Int32 { ssicu_ucol_getMaxVariable(handle) }

    var variableTop: UInt32 {
        var status = fresh
        return ssicu_ucol_getVariableTop(handle, &status)
    }

    /// The 64-bit collation elements of `text` from ICU's iterator, without their quaternary
    /// bits (0xC0 of the low byte), which the iterator does not hand out.
    func collationElements(of text: String) -> [UInt64] {
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

    /// ICU's sort key of UTF-16 text, terminator included.
    func sortKey(utf16 units: [UInt16]) -> [UInt8] {
        let length = ssicu_ucol_getSortKey(handle, units, Int32(units.count), nil, 0)
        var key = [UInt8](repeating: 0, count: Int(length))
        _ = ssicu_ucol_getSortKey(handle, units, Int32(units.count), &key, length)
        return key
    }
}

/// ICU data that the collation runtime's tests compare with.
enum ICUCollationInternals {
    /// The root collation data (`ucadata` in ICU's collation tree), from its indexes on.
    static func rootData() -> [UInt8]? {
        var version: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &version) { ssicu_getVersion($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        var status = fresh
        guard let data = ssicu_udata_open("icudt\(version.0)l-coll", "icu", "ucadata", &status), status <= 0 else { return nil }
        defer { ssicu_udata_close(data) }
        guard let memory = ssicu_udata_getMemory(data) else { return nil }
        // Sound: ICU keeps the data mapped while `data` is open; the total size is index 19.
        let indexes = memory.assumingMemoryBound(to: Int32.self)
        let size = Int(indexes[0] > 19 ? indexes[19] : indexes[Int(indexes[0]) - 1])
        return Array(UnsafeRawBufferPointer(start: memory, count: size))
    }

    /// The NFD of `text` as code points, from ICU's normalizer.
    static func nfd(_ text: String) -> [UInt32] {
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
        let normalized = output[..<min(Int(length), output.count)]
        let array = Array(normalized)
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

    /// The ISO 15924 code of an ICU script code, nil beyond the last.
    static func scriptCode(_ script: Int32) -> String? {
        ssicu_uscript_getShortName(script).map { String(cString: $0) }
    }
}

/// ICU's `ucol_getSortKey` as the library calls it, for the benchmark's comparison with the
/// collation runtime (``Collator``). Confined to one thread, like the collator it holds.
package final class ICUSortKeyContender {
    private let collator: ICUCollator
    private let buffer = KeyBuffer()

    /// The collator of `locale` with the library's `options`, as `IndexedCollation` opens it.
    package init?(locale: String, options: CollationOptions = CollationOptions()) {
        let canonical = LocaleIdentifier.canonical(locale)
        guard let settings = try? options.icuSettings(merging: CollationKeywords(canonicalLocale: canonical), locale: locale),
            let collator = try? ICUCollator(locale: canonical, settings: settings)
        else { return nil }
        self.collator = collator
    }

    /// Appends the key of `utf8` (UTF-16 transcoding included, as the library does) to `key`.
    package func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        buffer.removeAll()
        collator.appendSortKey(utf8: utf8, to: buffer, method: .utf16Whole)
        key.append(contentsOf: UnsafeBufferPointer(start: buffer.pointer(at: 0), count: buffer.count))
    }
}
