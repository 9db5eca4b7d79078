import Foundation
import SectionSort

/// The ordering key (section rank, then the engine's key bytes) of every record of a batch, kept
/// for `--check` and `--merge`, which compare records that are not sorted together: records in
/// sectionsort's order have non-decreasing (rank, key) pairs.
struct OrderingKeys {
    private(set) var ranks: [Int] = []
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    /// The keys of every record of `batch`, computed by several threads.
    init(of batch: RecordSet, collation: IndexedCollation, sectioning: SectioningOptions) {
        let chunkSize = 4096
        let slots = ResultSlots<(ranks: [Int], bytes: [UInt8], ends: [Int])>(
            count: (batch.count + chunkSize - 1) / chunkSize, repeating: ([], [], []))
        collation.forEachOrderingKey(of: batch.utf8Keys, in: 0..<batch.count, options: sectioning, chunkSize: chunkSize) { chunk, keyOf in
            var part: (ranks: [Int], bytes: [UInt8], ends: [Int]) = ([], [], [])
            for item in chunk {
                let (rank, key) = keyOf(item)
                part.ranks.append(rank)
                part.bytes.append(contentsOf: key)
                part.ends.append(part.bytes.count)
            }
            slots[chunk.lowerBound / chunkSize] = part
        }
        for part in slots.elements {
            let base = bytes.count
            ranks += part.ranks
            bytes += part.bytes
            ends += part.ends.map { $0 + base }
        }
    }

    var count: Int { ranks.count }

    /// Record `index`'s key: its rank and its bytes.
    func key(_ index: Int) -> (rank: Int, bytes: ArraySlice<UInt8>) {
        (ranks[index], bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
    }

    /// The order of two keys: negative, zero or positive.
    static func compare(_ a: (rank: Int, bytes: ArraySlice<UInt8>), _ b: (rank: Int, bytes: ArraySlice<UInt8>)) -> Int {
        if a.rank != b.rank { return a.rank < b.rank ? -1 : 1 }
        return a.bytes.lexicographicallyPrecedes(b.bytes) ? -1 : (b.bytes.lexicographicallyPrecedes(a.bytes) ? 1 : 0)
    }
}
