import SectionSortICU

/// ICU's own sort keys, for the checks that compare the collation runtime with ICU byte for byte
/// (`sectionsort-bench --check-collation`, `--check-collation-exhaustive`): a collator opened by
/// ICU's locale name, set up with ICU's attribute numbers, writing keys into buffers it reuses.
///
/// A `UCollator` must not be used from two threads at once: each thread opens its own oracle, so
/// it is deliberately not `Sendable`.
package final class ICUSortKeyOracle {
    private let handle: OpaquePointer
    private var utf8Part = [UInt8](repeating: 0, count: 256)
    // The last UTF-16 key, reused so that keying allocates nothing. Sound: only this oracle
    // writes it, one key at a time, and a caller reads it before asking for the next (see
    // sortKey(utf16:)); it grows by reallocation, never in place.
    @exclusivity(unchecked) private var key = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 512)

    /// ICU's `UColAttribute` numbers, as SectionSortICU declares them.
    package enum Attribute {
        package static let french = Int32(SSICU_COLLATOR_FRENCH_COLLATION.rawValue)
        package static let alternate = Int32(SSICU_COLLATOR_ALTERNATE_HANDLING.rawValue)
        package static let caseFirst = Int32(SSICU_COLLATOR_CASE_FIRST.rawValue)
        package static let caseLevel = Int32(SSICU_COLLATOR_CASE_LEVEL.rawValue)
        package static let normalization = Int32(SSICU_COLLATOR_NORMALIZATION_MODE.rawValue)
        package static let strength = Int32(SSICU_COLLATOR_STRENGTH.rawValue)
        package static let numeric = Int32(SSICU_COLLATOR_NUMERIC_COLLATION.rawValue)
    }

    /// ICU's `UColAttributeValue` numbers, as SectionSortICU declares them (the strengths are
    /// their `CollationSettings.Strength` raw values).
    package enum Value {
        package static let off = Int32(SSICU_COLLATOR_OFF.rawValue)
        package static let on = Int32(SSICU_COLLATOR_ON.rawValue)
        package static let shifted = Int32(SSICU_COLLATOR_SHIFTED.rawValue)
        package static let nonIgnorable = Int32(SSICU_COLLATOR_NON_IGNORABLE.rawValue)
        package static let lowerFirst = Int32(SSICU_COLLATOR_LOWER_FIRST.rawValue)
        package static let upperFirst = Int32(SSICU_COLLATOR_UPPER_FIRST.rawValue)
    }

    /// Opens ICU's collator for `name`, ICU's spelling with keywords ("de@collation=phonebook",
    /// "root"); nil when ICU refuses it.
    package init?(name: String) {
        var status = SSICU_ZERO_ERROR
        guard let opened = ssicu_ucol_open(name, &status), status <= SSICU_ZERO_ERROR else { return nil }
        handle = opened
    }

    deinit {
        ssicu_ucol_close(handle)
        key.deallocate()
    }

    /// `ucol_setAttribute`; false when ICU refuses the value.
    package func setAttribute(_ attribute: Int32, _ value: Int32) -> Bool {
        var status = SSICU_ZERO_ERROR
        ssicu_ucol_setAttributeValue(handle, attribute, value, &status)
        return status <= SSICU_ZERO_ERROR
    }

    /// `ucol_getAttribute`.
    package func attribute(_ attribute: Int32) -> Int32 {
        var status = SSICU_ZERO_ERROR
        return ssicu_ucol_getAttribute(handle, SSICUCollatorAttribute(rawValue: UInt32(attribute)), &status)
    }

    /// `ucol_setMaxVariable` with a reorder code (0x1000 space ... 0x1003 currency); false when
    /// ICU refuses it.
    package func setMaxVariable(_ group: Int32) -> Bool {
        var status = SSICU_ZERO_ERROR
        ssicu_ucol_setMaxVariable(handle, group, &status)
        return status <= SSICU_ZERO_ERROR
    }

    /// `ucol_setReorderCodes`; false when ICU refuses the list.
    package func setReorderCodes(_ codes: [Int32]) -> Bool {
        var status = SSICU_ZERO_ERROR
        ssicu_ucol_setReorderCodes(handle, codes, Int32(codes.count), &status)
        return status <= SSICU_ZERO_ERROR
    }

    /// The script reordering in force (`ucol_getReorderCodes`).
    package var reorderCodes: [Int32] {
        var status = SSICU_ZERO_ERROR
        let count = ssicu_ucol_getReorderCodes(handle, nil, 0, &status)
        guard count > 0 else { return [] }
        status = SSICU_ZERO_ERROR
        var codes = [Int32](repeating: 0, count: Int(count))
        _ = ssicu_ucol_getReorderCodes(handle, &codes, count, &status)
        return codes
    }

    /// Every attribute, the variable top and the reordering: two oracles of one tailoring whose
    /// states are equal write equal keys.
    package var state: [Int64] {
        var status = SSICU_ZERO_ERROR
        let attributes = [0, 1, 2, 3, 4, 5, 7].map { Int64(attribute($0)) }
        return attributes + [Int64(ssicu_ucol_getVariableTop(handle, &status))] + reorderCodes.map(Int64.init)
    }

    /// ICU's sort key of UTF-16 text (`ucol_getSortKey`, terminator included), in a buffer of the
    /// oracle's that stays valid until its next key.
    ///
    /// - Complexity: O(m) for m code units.
    package func sortKey(utf16 units: UnsafeBufferPointer<UInt16>) -> UnsafeBufferPointer<UInt8> {
        while true {
            let length = Int(ssicu_ucol_getSortKey(handle, units.baseAddress, Int32(units.count), key.baseAddress, Int32(key.count)))
            if length <= key.count { return UnsafeBufferPointer(rebasing: key[..<length]) }
            key.deallocate()
            key = .allocate(capacity: length * 2)
        }
    }

    /// Writes ICU's sort key of UTF-8 bytes, read by ICU's UTF-8 character iterator (ill-formed
    /// bytes count as U+FFFD as ICU's iterator reads them), to the start of `key` with the
    /// terminator that `ucol_getSortKey` writes, and returns its length.
    ///
    /// - Complexity: O(m) for m bytes.
    package func writeSortKey(utf8 bytes: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) -> Int {
        var state: (UInt32, UInt32) = (0, 0)
        var length = 0
        while true {
            var status = SSICU_ZERO_ERROR
            let written = withUnsafeMutablePointer(to: &state) { state in
                state.withMemoryRebound(to: UInt32.self, capacity: 2) { state in
                    bytes.withMemoryRebound(to: CChar.self) { text in
                        utf8Part.withUnsafeMutableBufferPointer { part in
                            Int(
                                ssicu_ucol_nextSortKeyPartUTF8(
                                    handle, text.baseAddress, Int32(text.count), state, part.baseAddress, Int32(part.count), &status))
                        }
                    }
                }
            }
            if key.count < length + written + 1 { key += [UInt8](repeating: 0, count: length + written + 1 - key.count) }
            key.replaceSubrange(length..<length + written, with: utf8Part[..<written])
            length += written
            if written < utf8Part.count || status > SSICU_ZERO_ERROR { break }
        }
        key[length] = 0
        return length + 1
    }

    /// The characters and strings the tailoring maps differently from the root
    /// (`ucol_getTailoredSet`), as code points.
    package func tailoredSet() -> [[Unicode.Scalar]] {
        var status = SSICU_ZERO_ERROR
        guard let set = ssicu_ucol_getTailoredSet(handle, &status), status <= SSICU_ZERO_ERROR else { return [] }
        defer { ssicu_uset_close(set) }
        return ICUSet.strings(of: set).map { Array($0.unicodeScalars) }
    }

    /// The strings of contractions and prefix mappings (`ucol_getContractionsAndExpansions`).
    package func contractionsAndPrefixes() -> [[Unicode.Scalar]] {
        guard let set = ssicu_uset_openEmpty() else { return [] }
        defer { ssicu_uset_close(set) }
        var status = SSICU_ZERO_ERROR
        ssicu_ucol_getContractionsAndExpansions(handle, set, nil, 1, &status)
        guard status <= SSICU_ZERO_ERROR else { return [] }
        return ICUSet.strings(of: set).map { Array($0.unicodeScalars) }
    }
}
