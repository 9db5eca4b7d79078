/// The library's keying path one key at a time: ``SortKeyWriter`` as the engine sets it up for a
/// large input (the default ``SortKeyMethod/table`` method, the collation's key table built now,
/// covering Han where the collation reorders it, a worker's clone of the collator and the
/// options' leading articles), for
/// `sectionsort-bench --key-speeds`, which measures it beside the collation runtime alone and ICU.
///
/// It holds a collator clone and scratch memory, so it belongs to one thread at a time and is
/// deliberately not `Sendable`.
package final class LibraryKeyWriter {
    private let writer: SortKeyWriter
    private let table: SortKeyTable?
    private let buffer = KeyBuffer()
    private let probe = KeyBuffer()
    private let probeScratch = SortKeyTable.Scratch()

    fileprivate init(writer: SortKeyWriter, table: SortKeyTable?) {
        self.writer = writer
        self.table = table
    }

    /// Whether the collation has a key table (without one, every key is the runtime's).
    package var hasTable: Bool { table != nil }

    /// Writes the sort key of the UTF-8 text `utf8` (terminating zero byte included) in place of
    /// the one written before, and returns its length.
    ///
    /// - Complexity: O(m) for m bytes of text.
    package func writeSortKey(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        buffer.removeAll()
        writer.appendSortKey(utf8: utf8, to: buffer)
        return buffer.count
    }

    /// The key that ``writeSortKey(utf8:)`` wrote last.
    package var lastKey: [UInt8] { buffer.bytes(at: 0, length: buffer.count) }

    /// Whether the key table writes the key of `utf8` (every character covered, well-formed
    /// UTF-8), rather than the runtime.
    ///
    /// - Complexity: O(m) for m bytes of text.
    package func tableKeys(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        probe.removeAll()
        return table?.appendSortKey(utf8: utf8, to: probe, scratch: probeScratch) == true
    }
}

extension IndexedCollation {
    /// A writer of this collation's keys one at a time, as the engine writes them for an input
    /// large enough to build the whole key table (which this builds, once per collation): one of
    /// ``EngineConfiguration/hanKeyTableMinimumCount`` items.
    ///
    /// - Complexity: building the table, the first time: see ``SortKeyTable/init(collator:coveringHan:)``.
    package func libraryKeyWriter() -> LibraryKeyWriter {
        let configuration = EngineConfiguration()
        let table = configuration.keyTable(of: self, count: configuration.hanKeyTableMinimumCount)
        let writer = SortKeyWriter(
            collator: collator.withLock { $0.clone() }, method: configuration.keyMethod, table: table, articles: articles)
        return LibraryKeyWriter(writer: writer, table: table)
    }
}
