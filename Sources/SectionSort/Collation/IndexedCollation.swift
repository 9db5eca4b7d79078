import Synchronization

/// Locale-aware section titles and section assignment: the counterpart of UIKit's
/// `UILocalizedIndexedCollation`, for every locale ICU knows.
///
/// ```swift
/// let collation = try IndexedCollation(locale: "sv_SE")
/// collation.sectionTitles          // ["A", …, "Z", "Å", "Ä", "Ö", "#"]
/// collation.section(for: "Öberg")  // 28
/// ```
///
/// Titles are Latin A–Z, then the locale's own index letters (ICU's index exemplar characters) in
/// the locale's collation order, then "#". A string belongs to the last title whose boundary sorts
/// at or before it at primary strength; strings before the first letter, in scripts without titles
/// in this locale, digits, symbols and empty strings belong to "#".
///
/// An `IndexedCollation` is immutable and can be shared between threads and tasks.
public final class IndexedCollation: Sendable {
    /// The locale identifier this collation was created with.
    public let requestedLocale: String
    /// The ICU locale whose data is in use, e.g. "sv" for "sv_SE" or "root" for an unknown locale.
    public let locale: String
    /// Whether ICU had no data for the requested language and fell back to its root locale.
    public let isFallback: Bool
    /// The options this collation compares with.
    public let options: CollationOptions
    /// The titles of all sections, in display order.
    public let sectionTitles: [String]

    let locator: SectionLocator
    private let collator: Mutex<ICUCollator>
    /// Opened the first time a list is read as Chinese names.
    private let nameReader = Mutex<ChineseNameReader?>(nil)

    /// Creates the collation of `locale`.
    ///
    /// An unknown locale falls back the way ICU does (to the root collation and Latin titles) and
    /// says so in ``isFallback``.
    ///
    /// - Parameters:
    ///   - locale: an ICU or BCP 47 locale identifier, such as "sv_SE", "zh-Hant" or "de@collation=phonebook".
    ///   - options: strength, numeric ordering and where "#" goes.
    /// - Throws: `CollationError` when ICU cannot open a collator (its data is missing).
    /// - Complexity: O(c log c) collator comparisons, where c is the number of candidate labels; build
    ///   it once and reuse it.
    public init(locale: String, options: CollationOptions = CollationOptions()) throws(CollationError) {
        let canonical = ICULocaleData.canonicalIdentifier(locale)
        let collator: ICUCollator
        let index: AlphabeticIndex
        do {
            collator = try ICUCollator(locale: canonical, settings: options.icuSettings)
            index = try AlphabeticIndex(locale: canonical, collator: collator)
        } catch {
            throw CollationError(locale: locale, reason: error.description)
        }
        requestedLocale = locale
        self.options = options
        let valid = collator.validLocale
        self.locale = valid
        let requestedLanguage = ICULocaleData.language(of: canonical)
        isFallback = valid == "root" && !(requestedLanguage.isEmpty || requestedLanguage == "root" || requestedLanguage == "und")
        let letters = index.titles.count - 1
        switch options.otherSection {
        case .last:
            sectionTitles = index.titles
            locator = SectionLocator(index: index, displayPosition: Array(0...letters))
        case .first:
            sectionTitles = [AlphabeticIndex.otherTitle] + index.titles.dropLast()
            locator = SectionLocator(index: index, displayPosition: Array((0..<letters).map { $0 + 1 }) + [0])
        }
        self.collator = Mutex(collator)
    }

    /// The titles for a table view's section index; the same as ``sectionTitles``.
    public var sectionIndexTitles: [String] { sectionTitles }

    /// The index in ``sectionTitles`` of the "#" section.
    public var otherSectionIndex: Int { options.otherSection == .first ? 0 : sectionTitles.count - 1 }

    /// The section that `string` belongs to, as an index into ``sectionTitles``.
    ///
    /// - Complexity: O(m + log t), where m is the length of the string and t the number of titles.
    public func section(for string: String) -> Int {
        sortKey(of: string).withUnsafeBufferPointer { locator.section(forKey: $0) }
    }

    /// The section a tap on the section index title at `indexTitleIndex` scrolls to. Titles and
    /// sections correspond one to one, so this is the identity, as in UIKit.
    public func section(forSectionIndexTitleAt indexTitleIndex: Int) -> Int {
        precondition(sectionTitles.indices.contains(indexTitleIndex), "index title \(indexTitleIndex) is out of range 0..<\(sectionTitles.count)")
        return indexTitleIndex
    }

    /// The ICU sort key of `string` under this collation's options: byte order of keys is the
    /// collation order of strings.
    ///
    /// - Complexity: O(m), where m is the length of the string.
    public func sortKey(of string: String) -> [UInt8] {
        collator.withLock { $0.sortKey(of: string) }
    }

    /// Compares two strings under this collation.
    public func compare(_ a: String, _ b: String) -> Int {
        collator.withLock { $0.compare(a, b) }
    }

    /// The reader of Chinese names, opened once per collation.
    func chineseNameReader() throws(ICUError) -> ChineseNameReader {
        try nameReader.withLock { reader throws(ICUError) in
            if let reader { return reader }
            let opened = try ChineseNameReader()
            reader = opened
            return opened
        }
    }

    /// A collator for one worker thread of the engine.
    func makeWorkerCollator() throws(ICUError) -> ICUCollator {
        try collator.withLock { collator throws(ICUError) in try collator.clone() }
    }
}

/// The error thrown when a collation cannot be created.
public struct CollationError: Error, CustomStringConvertible, Sendable {
    /// The locale that was asked for.
    public let locale: String
    /// What ICU reported.
    public let reason: String
    public var description: String { "cannot create a collation for locale '\(locale)': \(reason)" }
}
