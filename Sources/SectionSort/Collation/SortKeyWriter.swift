/// How one worker computes sort keys: from the collation's ``SortKeyTable`` where it covers the
/// text, with the collation runtime otherwise. Both give the same bytes.
///
/// Confined to one thread, like the collator and the scratch memory it holds.
struct SortKeyWriter {
    let collator: LocaleCollator
    let method: SortKeyMethod
    /// Nil to use the runtime for every key.
    private let table: SortKeyTable?
    /// This worker's memory for the table's keys.
    private let scratch: SortKeyTable.Scratch

    /// The leading articles that keys skip; nil for none.
    private let articles: LeadingArticleMatcher?

    init(collator: LocaleCollator, method: SortKeyMethod, table: SortKeyTable?, articles: LeadingArticleMatcher? = nil) {
        self.collator = collator
        self.method = method
        self.table = method == .table ? table : nil
        scratch = SortKeyTable.Scratch()
        self.articles = articles
    }

    /// Appends the sort key of the UTF-8 text `utf8` (with its terminating zero byte) to
    /// `buffer`. Ill-formed bytes count as U+FFFD.
    ///
    /// - Complexity: O(m) for m bytes of text.
    @inline(__always)
    func appendSortKey(utf8: UnsafeBufferPointer<UInt8>, to buffer: KeyBuffer) {
        let utf8 = articles?.remainder(of: utf8) ?? utf8
        // Optional chaining borrows the table: no reference counting per key.
        if table?.appendSortKey(utf8: utf8, to: buffer, scratch: scratch) == true { return }
        collator.appendSortKey(utf8: utf8, to: buffer)
    }

    /// Appends the sort key of the text that `unescape` makes of `escaped` (``KeyUnescaping``),
    /// unescaped a piece at a time: the same bytes as ``appendSortKey(utf8:to:)`` of that text.
    ///
    /// - Complexity: O(m) for m bytes of text.
    func appendSortKey(escaped: UnsafeBufferPointer<UInt8>, unescape: @escaping KeyUnescaping.Unescape, to buffer: KeyBuffer) {
        collator.appendSortKey(escaped: escaped, unescape: unescape, articles: articles, to: buffer)
    }
}
