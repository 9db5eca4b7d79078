/// The versions that decide how a collation orders strings: equal versions (with equal locale
/// and options) give equal sort keys, so keys computed on different machines can be compared only
/// when their versions are equal.
public struct CollationVersion: Hashable, Sendable {
    /// The ICU library's version, e.g. "76.1".
    public var icu: String
    /// The version of the Unicode Collation Algorithm's data (the DUCET) ICU is built with, e.g. "15.1".
    public var uca: String
    /// The version of the locale's collator: its rules, tailoring and ICU's runtime code.
    public var collator: String

    /// Creates a version from its parts, for instance read back from where keys were stored.
    public init(icu: String, uca: String, collator: String) {
        self.icu = icu
        self.uca = uca
        self.collator = collator
    }
}

extension IndexedCollation {
    /// The ICU, UCA and collator versions of this collation.
    ///
    /// - Complexity: O(1).
    public var version: CollationVersion {
        collator.withLock { collator in
            CollationVersion(
                icu: LocaleCollator.icuVersion, uca: collator.ucaVersion, collator: collator.version
            )
        }
    }
}
