import Synchronization

/// One ``LiveKeyWorker`` shared by the copies of a live list and its search results, behind a lock.
final class LiveKeyMaker: Sendable {
    private let worker: Mutex<LiveKeyWorker>

    init(collation: IndexedCollation, options: SectioningOptions) {
        // Cloning a collator that is open already fails only when memory is exhausted.
        worker = Mutex(try! LiveKeyWorker(collation: collation, options: options))
    }

    /// See ``LiveKeyWorker/keys(primary:secondary:)``.
    func keys(primary: String, secondary: String?) -> LiveKeys {
        worker.withLock { $0.keys(primary: primary, secondary: secondary) }
    }

    /// See ``LiveKeyWorker/firstMatchingWord(utf8:query:from:)``.
    func firstMatchingWord(in text: String, query: [UInt8], from firstWord: Int = 0) -> (word: Int, offset: Int)? {
        worker.withLock { $0.firstMatchingWord(in: text, query: query, from: firstWord) }
    }

    /// See ``LiveKeyWorker/primaryKey(of:)``.
    func primaryKey(of text: String) -> [UInt8] {
        worker.withLock { $0.primaryKey(of: text) }
    }
}
