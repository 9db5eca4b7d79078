/// How the engine computes sort keys; both give byte-identical keys. The benchmark compares them.
package enum SortKeyMethod: String, Sendable, CaseIterable {
    /// The collation runtime for every key.
    case runtime
    /// The collation's ``SortKeyTable`` where it covers the text (and the collator's settings
    /// allow one), the runtime elsewhere.
    case table
}
