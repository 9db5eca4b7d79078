// ICU's own answers for the data the library carries: what the generator writes and what the tests
// compare the generated data with. Every C pointer stays in this target.
import SectionSortICU

/// ICU's locale data and script properties, asked of ICU itself.
package enum ICUReference {
    package enum ExemplarKind: Sendable { case index, standard }

    /// The exemplar characters of `locale` (`ulocdata_getExemplarSet`), or nil when ICU's data for
    /// it has none of that kind.
    package static func exemplars(of locale: String, kind: ExemplarKind) -> [String]? {
        var status = SSICU_ZERO_ERROR
        guard let data = ssicu_ulocdata_open(locale, &status), status <= 0 else { return nil }
        defer { ssicu_ulocdata_close(data) }
        guard let set = ssicu_uset_openEmpty() else { return nil }
        defer { ssicu_uset_close(set) }
        let type = kind == .index ? SSICU_EXEMPLARS_INDEX : SSICU_EXEMPLARS_STANDARD
        ssicu_ulocdata_getExemplarSet(data, set, 0, type, &status)
        if status > 0 { return nil }
        return ICUSet.strings(of: set)
    }

    /// The script code of `value` (`uscript_getScript`): ICU's UScriptCode.
    package static func script(of value: UInt32) -> Int32 {
        var status = SSICU_ZERO_ERROR
        return ssicu_uscript_getScript(Int32(bitPattern: value), &status)
    }

    /// ICU's code of the Latin script.
    package static let latinScript = SSICU_SCRIPT_LATIN
    /// ICU's code of the Han script.
    package static let hanScript = SSICU_SCRIPT_HAN

    /// The sample character of every script ICU knows (`uscript_getSampleString`), in the order
    /// of the script codes, each once, without the scripts that have none.
    package static func scriptSamples() -> [String] {
        var samples: [String] = []
        // Repeats are found by their UTF-16 units: hashing Strings would normalize each one.
        var seen = Set<[UInt16]>()
        var buffer = [UInt16](repeating: 0, count: 8)
        for script in 0...max(0, ssicu_uscript_maxCode()) {
            var status = SSICU_ZERO_ERROR
            let length = Int(ssicu_uscript_getSampleString(script, &buffer, Int32(buffer.count), &status))
            guard status <= 0, length > 0, length <= buffer.count, seen.insert(Array(buffer[..<length])).inserted
            else { continue }
            samples.append(String(decoding: buffer[..<length], as: UTF16.self))
        }
        return samples
    }
}

/// Reading ICU's `USet` into Swift strings.
enum ICUSet {
    static func strings(of set: OpaquePointer) -> [String] {
        var result: [String] = []
        var buffer = [UInt16](repeating: 0, count: 512)
        for item in 0..<ssicu_uset_getItemCount(set) {
            var start: SSICUChar32 = 0, end: SSICUChar32 = 0
            var status = SSICU_ZERO_ERROR
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
