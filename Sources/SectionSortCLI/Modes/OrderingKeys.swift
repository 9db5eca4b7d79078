import Foundation
import SectionSort

/// The ordering key (section rank, then the engine's key bytes) of every record of a batch, kept
/// for `--check` and `--merge`, which compare records that are not sorted together: records in
/// sectionsort's order have non-decreasing (rank, key) pairs.
///
/// The keys stay in the buffers the engine wrote them to (``OrderingKeyChunk``): copied out, a long
/// record's key would be held twice beside the record.
struct OrderingKeys {
    private let chunks: [OrderingKeyChunk]
    private static let chunkSize = 4096
    let count: Int

    /// The keys of every record of `batch`, computed by several threads.
    init(of batch: RecordSet, collation: IndexedCollation, sectioning: SectioningOptions) {
        chunks = collation.orderingKeyChunks(
            of: batch.utf8Keys, in: 0..<batch.count, options: sectioning, chunkSize: Self.chunkSize)
        count = batch.count
    }

    /// Calls `body` with record `index`'s key, its rank and its bytes (valid during the call).
    func withKey<Result, Failure: Error>(
        _ index: Int, _ body: (_ rank: Int, _ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let chunk = chunks[index / Self.chunkSize], local = index % Self.chunkSize
        return try chunk.withKey(local) { (bytes) throws(Failure) in try body(chunk.sectionRanks[local], bytes) }
    }

    /// The order of record `index`'s key and record `otherIndex`'s of `other`: negative, zero or
    /// positive.
    func compare(_ index: Int, with other: OrderingKeys, _ otherIndex: Int) -> Int {
        withKey(index) { rank, bytes in
            other.withKey(otherIndex) { otherRank, otherBytes in
                rank != otherRank ? (rank < otherRank ? -1 : 1) : ByteOrder.compare(bytes, otherBytes)
            }
        }
    }
}

/// The key of the record before, to compare the next with: its rank, and its bytes in a
/// ``PreviousKey`` (a long key in a temporary file, not in a copy beside its record).
struct PreviousOrderingKey {
    private var rank: Int?
    private let bytes: PreviousKey

    /// - Parameter parent: where a long key's file goes (`-T`; default TMPDIR, else /tmp).
    init(spillingUnder parent: String?) {
        bytes = PreviousKey(spillingUnder: parent)
    }

    /// Negative, zero or positive as (`rank`, `key`) comes before, equals or comes after the key
    /// before it; nil when there is none. O(`key.count`).
    func compare(rank: Int, _ key: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Int? {
        guard let previous = self.rank else { return nil }
        if previous != rank { return rank < previous ? -1 : 1 }
        return try bytes.compare(key)
    }

    /// Makes (`rank`, `key`) the key before the next.
    mutating func remember(rank: Int, _ key: UnsafeBufferPointer<UInt8>) throws(CLIError) {
        self.rank = rank
        try bytes.remember(key)
    }
}
