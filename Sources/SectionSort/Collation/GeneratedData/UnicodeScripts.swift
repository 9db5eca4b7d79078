/// The script of each code point as ICU's `uscript_getScript` gives it, from the generated table
/// of script runs.
enum UnicodeScripts {
    /// ICU's UScriptCode of the Latin script.
    static let latin = 25
    /// ICU's UScriptCode of the Han script.
    static let han = 17

    /// ICU's UScriptCode of `value`.
    ///
    /// - Complexity: O(log r) for the r runs of the table.
    static func script(of value: UInt32) -> Int {
        let table = GeneratedTable.scriptRuns
        // The last run that starts at or before `value`; the first run starts at U+0000.
        var low = 0, high = table.count / 4
        while high - low > 1 {
            let middle = (low + high) / 2
            if table.u24(at: middle * 4) <= Int(value) { low = middle } else { high = middle }
        }
        return Int(table[low * 4 + 3])
    }

    /// The sample character of every script ICU knows (`uscript_getSampleString`), in the order
    /// of the script codes, each once, without the scripts that have none.
    static func samples() -> [String] {
        let table = GeneratedTable.scriptSamples
        var samples: [String] = []
        var offset = 0
        while offset < table.count {
            let (sample, next) = table.string(at: offset)
            samples.append(sample)
            offset = next
        }
        return samples
    }
}
