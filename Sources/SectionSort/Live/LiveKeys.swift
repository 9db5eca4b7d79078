/// The keys of one item of a live list.
@usableFromInline
struct LiveKeys: Sendable {
    /// The item's section, an index into ``IndexedCollation/sectionTitles``.
    @usableFromInline var section: Int
    /// The engine's ordering key: items of a section are in byte order of these.
    @usableFromInline var ordering: [UInt8]
    /// Search keys: for each word start of the primary string, a length byte (the high bit set when
    /// the key was cut at ``LiveKeyWorker/searchKeyLimit`` bytes) and the start of the primary
    /// collation key of the text from that word on.
    @usableFromInline var search: [UInt8]
}
