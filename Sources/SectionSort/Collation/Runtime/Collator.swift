import SectionSortCollationData

/// Sort keys from the package's own collation data, byte-identical to ICU 76's `ucol_getSortKey`:
/// the one place that turns text into keys.
///
/// A collator is opened for a locale identifier in ICU's form ("de_DE@collation=phonebook;
/// colStrength=primary") or BCP 47 ("de-DE-u-co-phonebk-ks-level1") with every collation keyword
/// ICU accepts, then the library's ``CollationOptions`` are applied on top, as the library has
/// always applied them to ICU's collators (strength, case level and numeric order set explicitly).
///
/// It keeps scratch memory between keys, so one collator belongs to one thread at a time: each
/// worker uses its own (``clone()``). It is therefore deliberately not `Sendable`.
package final class Collator {
    /// The tailoring (locale and collation type) whose data the keys come from.
    package let tailoring: CollationTailoring
    /// The settings after the locale's keywords and the options.
    package let settings: CollationSettings
    // A constant, so that writing a key borrows the writer's level buffers in place rather than
    // copying it out (and retaining each buffer) for every key.
    private let writer = CollationKeyWriter()
    // Unchecked: a collator is confined to one thread (see above), and the iterator is only
    // borrowed for the length of one key, so no two accesses overlap; the checks cost a tenth of
    // a key.
    @exclusivity(unchecked) private var iterator: CollationElementIterator
    /// The root's compressible lead bytes, copied here so that a key reads no global (whose
    /// access checks its initialization every time) and no array. Sound: 256 entries, one per
    /// lead byte, owned by the collator, written only here at init and freed in its deinit.
    private let compressibleBytes: UnsafeBufferPointer<Bool> = {
        let table = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 256)
        _ = table.initialize(from: RootData.compressibleBytes)
        return UnsafeBufferPointer(table)
    }()

    /// Whether runs of primaries with the lead byte `lead` (before reordering) are written with
    /// the lead byte once: ICU's compressible lead bytes of the root.
    func isCompressible(leadByte lead: UInt32) -> Bool { compressibleBytes[Int(lead & 0xFF)] }

    /// Opens the collation of `locale` with `options`, merged with the locale's keywords as
    /// ``IndexedCollation`` merges them.
    ///
    /// - Throws: ``SectionSortError/conflictingCollationSetting(locale:keyword:option:)`` when a
    ///   keyword contradicts an option; ``CollationLocaleError`` for a keyword ICU's `ucol_open`
    ///   refuses.
    /// - Complexity: O(k) for k keywords, plus reading the tailoring's indexes.
    package convenience init(locale: String, options: CollationOptions = CollationOptions()) throws {
        let canonical = LocaleIdentifier.canonical(locale)
        let attributes = try options.collatorAttributes(merging: CollationKeywords(canonicalLocale: canonical), locale: locale)
        try self.init(canonicalLocale: canonical, attributes: attributes)
    }

    /// Opens the collation of `canonicalLocale` (ICU's form) as ICU's `ucol_open` opens it: the
    /// tailoring, its keywords applied as `ucol_open` applies them, then `attributes` as
    /// `ucol_setAttribute` sets them.
    ///
    /// - Throws: ``CollationLocaleError`` for a keyword ICU's `ucol_open` refuses.
    convenience init(canonicalLocale: String, attributes: CollatorAttributes) throws(CollationLocaleError) {
        let parsed = try CollationLocale(canonicalLocale)
        let tailoring = CollationTailoring.named(parsed.baseName, type: parsed.collationType) ?? CollationTailoring.named("root")!
        var settings = try Self.defaultSettings(of: tailoring)
        try parsed.apply(to: &settings)
        attributes.apply(to: &settings)
        self.init(tailoring: tailoring, settings: settings)
    }

    /// The writer's table of primary lead bytes for these settings (reordered, compressible),
    /// made once. Sound as the table above: 256 entries, owned by the collator, written only at
    /// init and freed in its deinit.
    private let leadBytes: UnsafeBufferPointer<UInt16>
    /// The characters' elements ready for keys up to the tertiary level (nil for other settings).
    private let prepared: PreparedElementTable?
    /// Where escaped text may be cut into pieces: read from the data for the first escaped key.
    private lazy var pieceBoundaries = PiecewiseCollationElements.Boundaries(tailoring: tailoring, numeric: settings.isNumeric)

    /// A collator with the given tailoring and settings.
    package init(tailoring: CollationTailoring, settings: CollationSettings) {
        self.tailoring = tailoring
        self.settings = settings
        let leadBytes = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 256)
        CollationKeyWriter.fillLeadBytes(leadBytes, settings: settings, compressibleBytes: compressibleBytes)
        self.leadBytes = UnsafeBufferPointer(leadBytes)
        prepared =
            CollationKeyWriter.takesCommonPath(settings)
            ? PreparedElementTable(data: tailoring.data, settings: settings, leadBytes: self.leadBytes) : nil
        iterator = CollationElementIterator(
            data: tailoring.data, utf8: UnsafeBufferPointer(start: nil, count: 0), numeric: settings.isNumeric,
            checkFCD: settings.checksFCD)
    }

    deinit {
        UnsafeMutableBufferPointer(mutating: compressibleBytes).deallocate()
        UnsafeMutableBufferPointer(mutating: leadBytes).deallocate()
    }

    /// A collator with the same tailoring and settings and scratch memory of its own, for another thread.
    package func clone() -> Collator { Collator(tailoring: tailoring, settings: settings) }

    /// The tailoring's own settings, decoded from its data (the root's when it tailors none).
    package static func defaultSettings(of tailoring: CollationTailoring) throws(CollationLocaleError) -> CollationSettings {
        // A tailoring stored without indexes (the root itself) has the root's settings.
        let options = tailoring.options == 0 ? RootData.options : tailoring.options
        do throws(CollationSettingsError) {
            return try CollationSettings(
                options: Int32(bitPattern: options), reorderCodes: tailoring.reorderCodes,
                reorderRanges: tailoring.reorderRanges, reorderTable: tailoring.reorderTable, scripts: RootData.scripts)
        } catch {
            throw .illegalReordering(error)
        }
    }

    /// Appends the sort key of the UTF-8 text `utf8` (with its terminating zero byte) to `sink`.
    /// Ill-formed bytes count as U+FFFD.
    ///
    /// - Complexity: O(m) for m bytes of text.
    @inline(__always)
    private func write<Sink: SortKeySink>(utf8: UnsafeBufferPointer<UInt8>, to sink: inout Sink) {
        iterator.reset(utf8: utf8)
        writer.appendSortKey(
            from: &iterator, settings: settings, compressibleBytes: compressibleBytes,
            leadBytes: leadBytes.baseAddress.unsafelyUnwrapped, prepared: prepared,
            identical: { NormalizationTable.shared.forEachNFDPiece(utf8: utf8, $0) }, to: &sink)
    }

    /// Appends the sort key of `utf8` (with its terminating zero byte) to `key`.
    package func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        write(utf8: utf8, to: &key)
    }

    /// Appends the sort key of `utf8` (with its terminating zero byte) to the library's key buffer.
    func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer) {
        var sink = buffer
        write(utf8: utf8, to: &sink)
    }

    /// Appends the sort key of the text that `unescape` makes of `escaped`, without its leading
    /// article (`articles`), to the library's key buffer: the same bytes as the key of that text
    /// unescaped whole, which is not held whole (``PiecewiseCollationElements``, and at the
    /// identical level ``KeyUnescaping/withCodePoints(of:_:articles:windowSize:_:)``).
    /// `windowSize` is for tests.
    ///
    /// - Complexity: O(m) for m bytes of text.
    func appendSortKey(
        escaped: UnsafeBufferPointer<UInt8>, unescape: @escaping KeyUnescaping.Unescape, articles: LeadingArticleMatcher?,
        to buffer: KeyBuffer, windowSize: Int = PiecewiseCollationElements.windowSize
    ) {
        var sink = buffer
        var source = PiecewiseCollationElements(
            escaped: escaped, unescape: unescape, articles: articles, tailoring: tailoring, settings: settings,
            boundaries: pieceBoundaries, windowSize: windowSize)
        defer { source.deallocate() }
        writer.appendSortKey(
            from: &source, settings: settings, compressibleBytes: compressibleBytes,
            leadBytes: leadBytes.baseAddress.unsafelyUnwrapped, prepared: prepared,
            identical: { body in
                KeyUnescaping.withCodePoints(of: escaped, unescape, articles: articles, windowSize: windowSize) { next in
                    NormalizationTable.shared.forEachNFDPiece(next: next, body)
                }
            }, to: &sink)
    }

    /// The sort key of `text` (terminating zero included).
    ///
    /// - Complexity: O(m) for m bytes of text.
    package func sortKey(of text: String) -> [UInt8] {
        var text = text
        var key: [UInt8] = []
        text.withUTF8 { appendSortKey(utf8: $0, to: &key) }
        return key
    }

    /// The sort key of UTF-8 bytes, well formed or not (terminating zero included).
    package func sortKey(utf8 bytes: [UInt8]) -> [UInt8] {
        var key: [UInt8] = []
        bytes.withUnsafeBufferPointer { appendSortKey(utf8: $0, to: &key) }
        return key
    }

    /// What the keys need of the root data: its settings, which lead bytes compress, its scripts.
    private enum RootData {
        static let indexes = CollationIndexes(CollationBytes(sscd_root()))
        static let options = indexes.value(CollationIndexes.options)
        static let compressibleBytes: [Bool] = {
            guard let part = indexes.part(CollationIndexes.compressibleBytes), part.count >= 256 else {
                preconditionFailure("the compiled-in root collation data has no compressible bytes")
            }
            return (0..<256).map { part.uint8(at: $0) != 0 }
        }()
        static let scripts: CollationScripts = {
            let part = CollationData.root.scripts
            guard let scripts = CollationScripts((0..<part.count / 2).map { part.uint16($0) }) else {
                preconditionFailure("the compiled-in root collation data has no script data")
            }
            return scripts
        }()
    }
}

extension CollationElementIterator: CollationElementSource {}
