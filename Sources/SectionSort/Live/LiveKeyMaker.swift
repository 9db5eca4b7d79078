/// The keys of single items for a live list and its search results, computed by a
/// ``LiveKeyWorker`` whose collators come from the collation's pools for each call.
final class LiveKeyMaker: Sendable {
    private let collation: IndexedCollation
    private let options: SectioningOptions

    init(collation: IndexedCollation, options: SectioningOptions) {
        self.collation = collation
        self.options = options
    }

    /// See ``LiveKeyWorker/keys(primary:secondary:)``.
    func keys(primary: String, secondary: String?) -> LiveKeys {
        LiveKeyWorker.with(collation: collation, options: options) { $0.keys(primary: primary, secondary: secondary) }
    }

    /// See ``LiveKeyWorker/firstMatchingWord(utf8:query:from:)``.
    func firstMatchingWord(in text: String, query: [UInt8], from firstWord: Int = 0) -> (word: Int, offset: Int)? {
        LiveKeyWorker.with(collation: collation, options: options) { $0.firstMatchingWord(in: text, query: query, from: firstWord) }
    }

    /// See ``LiveKeyWorker/primaryKey(of:)``.
    func primaryKey(of text: String) -> [UInt8] {
        LiveKeyWorker.with(collation: collation, options: options) { $0.primaryKey(of: text) }
    }
}
