import Foundation
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
    /// The further locales whose index letters the titles include (empty for the locale's own
    /// letters only).
    public let indexLocales: [String]
    /// The titles of all sections, in display order.
    public let sectionTitles: [String]

    let locator: SectionLocator
    /// The leading articles that keys skip (``CollationOptions/ignoredArticles``); nil for none.
    let articles: LeadingArticleMatcher?
    let collator: Locked<LocaleCollator>
    /// Clones of `collator` that no thread is using, kept for the engine's next jobs.
    private let idleWorkerCollators = Locked<[PooledCollator]>([])
    /// A primary-strength clone of `collator` (for search keys), and its idle clones.
    private let primaryCollator: Locked<LocaleCollator>
    private let idlePrimaryCollators = Locked<[PooledCollator]>([])
    /// Opened the first time a list is read as Chinese names.
    private let nameReader = Locked<ChineseNameReader?>(nil)
    /// Built the first time a large list is keyed (or in the background after a smaller one), and
    /// again to cover Han the first time a very large one is (``reordersHan``); nil inside when
    /// the collator's settings allow none.
    private let keyTable = Locked<SortKeyTable??>(nil)
    /// Held while the key table is built; whether a background build was asked for.
    private let keyTableBuild = Locked<Void>(())
    let keyTableRequested = Locked(false)

    /// Creates the collation of `locale`.
    ///
    /// An unknown locale falls back the way ICU does (to the root collation and Latin titles) and
    /// says so in ``isFallback``.
    ///
    /// - Parameters:
    ///   - locale: an ICU or BCP 47 locale identifier, such as "sv_SE", "zh-Hant" or "de@collation=phonebook".
    ///   - options: strength, numeric ordering, punctuation, normalization, case order and where
    ///     "#" goes. Collation keywords of `locale` ("en-u-kn") set what these leave at their
    ///     defaults.
    /// - Throws: ``SectionSortError/collationUnavailable(locale:icuError:)`` when `locale` has a
    ///   collation keyword whose value ICU's collator refuses (naming ICU's error for it);
    ///   ``SectionSortError/conflictingCollationSetting(locale:keyword:option:)`` when a keyword
    ///   of `locale` contradicts `options`; ``SectionSortError/unknownArticleLanguage(_:)`` when
    ///   `options` skip the articles of a language without built-in articles.
    /// - Complexity: O(c log c) collator comparisons, where c is the number of candidate labels; build
    ///   it once and reuse it.
    public convenience init(locale: String, options: CollationOptions = CollationOptions()) throws(SectionSortError) {
        try self.init(locale: locale, indexLocales: [], options: options)
    }

    /// Creates the collation of `locale` whose section titles also hold the index letters of
    /// `indexLocales`: a contact list in English, Russian and Greek with sections А…Я and Α…Ω
    /// instead of "#" for Иван and Αλέξης, as Android's contacts index adds the user's other
    /// languages and ICU's `AlphabeticIndex.addLabels` does.
    ///
    /// Items are compared and ordered by `locale` alone; the added letters take their place in
    /// its collation order. Latin A–Z comes first as always, then the other scripts in `locale`'s
    /// order, so a locale that reorders its own script first (Russian, Korean) keeps its letters
    /// before the added ones. A letter that `locale` sorts equal to one already there adds
    /// nothing.
    ///
    /// - Parameters:
    ///   - locale: the locale that collates, as in ``init(locale:options:)-(String,_)``.
    ///   - indexLocales: locale identifiers whose index letters join the titles, such as
    ///     ["ru", "el"].
    ///   - options: as in ``init(locale:options:)-(String,_)``.
    /// - Throws: as ``init(locale:options:)-(String,_)``, and
    ///   ``SectionSortError/collationUnavailable(locale:icuError:)`` naming an index locale that
    ///   ICU has no data for.
    /// - Complexity: as ``init(locale:options:)-(String,_)``, with the added letters among the
    ///   candidate labels.
    public init(locale: String, indexLocales: [String], options: CollationOptions = CollationOptions()) throws(SectionSortError) {
        let extraLocales = indexLocales.map(LocaleIdentifier.canonical)
        for (given, canonical) in zip(indexLocales, extraLocales) where !LocaleIdentifier.hasData(forLanguageOf: canonical) {
            throw .collationUnavailable(locale: given, icuError: "U_MISSING_RESOURCE_ERROR")
        }
        let canonical = LocaleIdentifier.canonical(locale)
        let attributes = try options.collatorAttributes(merging: CollationKeywords(canonicalLocale: canonical), locale: locale)
        articles = try options.ignoredArticles.flatMap { choice throws(SectionSortError) in
            LeadingArticleMatcher(articles: try choice.articles(localeLanguage: LocaleIdentifier.language(of: canonical)))
        }
        let collator: LocaleCollator
        do {
            collator = try LocaleCollator(canonicalLocale: canonical, attributes: attributes)
        } catch {
            throw .collationUnavailable(locale: locale, icuError: error.icuErrorName)
        }
        let primaryCollator = collator.primaryOnlyClone()
        let index = AlphabeticIndex(locale: canonical, collator: collator, primary: primaryCollator, indexLocales: extraLocales)
        requestedLocale = locale
        self.options = options
        self.indexLocales = indexLocales
        let valid = collator.validLocale
        self.locale = valid
        isFallback = !LocaleIdentifier.hasData(forLanguageOf: canonical)
        let letters = index.titles.count - 1
        switch options.otherSection {
        case .last:
            sectionTitles = index.titles
            locator = SectionLocator(index: index, displayPosition: Array(0...letters))
        case .first:
            sectionTitles = [AlphabeticIndex.otherTitle] + index.titles.dropLast()
            locator = SectionLocator(index: index, displayPosition: Array((0..<letters).map { $0 + 1 }) + [0])
        }
        self.collator = Locked(collator)
        self.primaryCollator = Locked(primaryCollator)
    }

    /// Creates the collation of `locale`.
    ///
    /// - Throws: as ``init(locale:options:)-(String,_)``.
    /// - Complexity: as ``init(locale:options:)-(String,_)``.
    public convenience init(locale: Locale, options: CollationOptions = CollationOptions()) throws(SectionSortError) {
        try self.init(locale: locale.identifier(.icu), options: options)
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
        precondition(
            sectionTitles.indices.contains(indexTitleIndex), "index title \(indexTitleIndex) is out of range 0..<\(sectionTitles.count)")
        return indexTitleIndex
    }

    /// The sort key of `string` under this collation's options, byte for byte the key ICU's
    /// `ucol_getSortKey` writes: byte order of keys is the collation order of strings. A leading article that the options skip is not part of it.
    ///
    /// - Complexity: O(m), where m is the length of the string.
    public func sortKey(of string: String) -> [UInt8] {
        let string = articles?.remainder(of: string) ?? string
        return collator.withLock { $0.sortKey(of: string) }
    }

    /// Compares two strings under this collation, as the sections order them (without the
    /// leading articles that the options skip).
    ///
    /// For sorting many items, ``sections(of:by:options:)`` is much faster: it computes each key
    /// once instead of comparing strings O(n log n) times.
    ///
    /// - Complexity: O(m), where m is the length of the strings.
    public func compare(_ a: String, _ b: String) -> ComparisonResult {
        let a = articles?.remainder(of: a) ?? a, b = articles?.remainder(of: b) ?? b
        let order = collator.withLock { $0.compare(a, b) }
        return switch order {
        case ..<0: .orderedAscending
        case 0: .orderedSame
        default: .orderedDescending
        }
    }

    /// The reader of Chinese names, made once per collation (optional for the callers that read
    /// names only on request).
    func chineseNameReader() -> ChineseNameReader? {
        nameReader.withLock { reader in
            if let reader { return reader }
            let made = ChineseNameReader()
            reader = made
            return made
        }
    }

    /// The table that writes the keys of text of the characters it covers without the collation
    /// runtime's iterator: built by the first call with `building` (a build under way on another
    /// thread is waited for); nil before that, and when the collator's settings allow none. With
    /// `coveringHan` (and `building`), a table that covers Han where the collation reorders it
    /// (``reordersHan``), built now in place of one that does not.
    func sortKeyTable(building: Bool = true, coveringHan: Bool = false) -> SortKeyTable? {
        let coveringHan = coveringHan && reordersHan
        if let table = keyTable.withLock({ $0 }), !(building && coveringHan && table?.coversHan == false) { return table }
        guard building else { return nil }
        buildSortKeyTable(coveringHan: coveringHan)
        return keyTable.withLock { $0 } ?? nil
    }

    /// Whether the collation's script order names Han (``LocaleCollator/reordersHan``).
    var reordersHan: Bool { collator.withLock(\.reordersHan) }

    /// Starts building the key table on a background thread (once per collation), so that later
    /// calls of any size use it. Nothing waits for it; results are the same with or without it.
    func buildSortKeyTableInBackground() {
        let first = keyTableRequested.withLock { requested in
            defer { requested = true }
            return !requested
        }
        guard first else { return }
        DispatchQueue.global(qos: .utility).async { [self] in buildSortKeyTable() }
    }

    /// Builds the key table (`coveringHan`: one that covers Han) unless one is built that
    /// covers as much, one build at a time, from a clone of the collator (so that workers can
    /// still take clones meanwhile).
    private func buildSortKeyTable(coveringHan: Bool = false) {
        keyTableBuild.withLock { _ in
            if let built = keyTable.withLock({ $0 }), built?.coversHan != false || !coveringHan { return }
            let source = collator.withLock { $0.clone() }
            let built = SortKeyTable(collator: source, coveringHan: coveringHan)
            keyTable.withLock { $0 = .some(built) }
        }
    }

    /// Runs `body` on the calling thread with a key writer whose collator no other thread uses
    /// meanwhile (as ``withWorkerCollator(_:)``), using `table` for the text it covers.
    func withKeyWriter<Result>(method: SortKeyMethod, table: SortKeyTable?, _ body: (SortKeyWriter) -> Result) -> Result {
        withWorkerCollator { body(SortKeyWriter(collator: $0, method: method, table: table, articles: articles)) }
    }

    /// Runs `body` on the calling thread with a collator that no other thread uses meanwhile: an
    /// idle clone, or a new one, which goes back to the pool afterwards.
    func withWorkerCollator<Result>(_ body: (LocaleCollator) -> Result) -> Result {
        Self.withPooled(from: idleWorkerCollators, cloning: collator, body)
    }

    /// As ``withWorkerCollator(_:)``, with a collator of primary strength whatever the options
    /// (search compares base letters only).
    func withPrimaryWorkerCollator<Result>(_ body: (LocaleCollator) -> Result) -> Result {
        Self.withPooled(from: idlePrimaryCollators, cloning: primaryCollator, body)
    }

    private static func withPooled<Result>(
        from pool: Locked<[PooledCollator]>, cloning source: Locked<LocaleCollator>,
        _ body: (LocaleCollator) -> Result
    ) -> Result {
        let pooled = pool.withLock { $0.popLast() } ?? PooledCollator(collator: source.withLock { $0.clone() })
        defer { pool.withLock { $0.append(pooled) } }
        return body(pooled.collator)
    }
}

/// A worker collator while it waits in the pool.
///
/// `@unchecked Sendable` is sound because the pool hands each collator to one thread at a time:
/// `withWorkerCollator` takes it out under the pool's lock and puts it back only after its
/// `body` returned, so no two threads ever use it at once.
private struct PooledCollator: @unchecked Sendable {
    let collator: LocaleCollator
}
