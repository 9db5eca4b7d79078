/// What an ``AlphabeticIndex`` takes from a locale's data apart from collation: exemplar
/// characters, script samples and scripts. The library reads the data generated from ICU; tests
/// build indexes from ICU's own answers too and compare.
struct IndexLocaleData: Sendable {
    /// The exemplar characters of a locale, or nil when its data has none of that kind.
    var exemplars: @Sendable (String, ICULocaleData.ExemplarKind) -> [String]?
    /// The sample character of every script, in the order of the script codes, each once.
    var scriptSamples: @Sendable () -> [String]
    /// Whether a character belongs to the Latin script.
    var isLatin: @Sendable (Unicode.Scalar) -> Bool

    /// The data generated from ICU.
    static let generated = IndexLocaleData(
        exemplars: { ICULocaleData.exemplars(of: $0, kind: $1) }, scriptSamples: { ICULocaleData.scriptSamples() },
        isLatin: { ICULocaleData.isLatin($0) })
}
