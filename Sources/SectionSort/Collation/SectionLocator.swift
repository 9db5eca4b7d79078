import Foundation

/// Finds the section of a sort key: a binary search of the key's primary level against the
/// bucket boundaries of an ``AlphabeticIndex``, which are stored contiguously.
///
/// Lookups run through ``withLookup(_:)`` on raw buffers, so that threads looking up sections at
/// the same time touch no shared reference counts.
struct SectionLocator: Sendable {
    /// The primary-level bytes of every boundary, one after another, in collation order.
    private let boundaryBytes: [UInt8]
    /// Boundary `b` is `boundaryBytes[boundaryStarts[b]..<boundaryStarts[b + 1]]`.
    private let boundaryStarts: [Int]
    /// The section (index in `sectionTitles`) of each bucket.
    private let bucketSections: [Int]

    init(index: AlphabeticIndex, displayPosition: [Int]) {
        boundaryBytes = index.boundaries.flatMap { $0 }
        var starts = [0]
        for boundary in index.boundaries { starts.append(starts[starts.count - 1] + boundary.count) }
        boundaryStarts = starts
        bucketSections = index.bucketTitles.map { displayPosition[$0] }
    }

    /// Calls `body` with a lookup that is valid only inside it.
    func withLookup<Result>(_ body: (Lookup) -> Result) -> Result {
        boundaryBytes.withUnsafeBufferPointer { bytes in
            boundaryStarts.withUnsafeBufferPointer { starts in
                bucketSections.withUnsafeBufferPointer { sections in
                    body(Lookup(bytes: bytes, starts: starts, sections: sections))
                }
            }
        }
    }

    /// The section of a single key.
    func section(forKey key: UnsafeBufferPointer<UInt8>) -> Int {
        withLookup { $0.section(forKey: key) }
    }

    /// A view of a locator's storage for the duration of ``SectionLocator/withLookup(_:)``.
    struct Lookup {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int>
        let sections: UnsafeBufferPointer<Int>

        /// The section of the item whose full sort key is `key`: the last bucket whose boundary is
        /// at or before the key's primary level.
        ///
        /// - Complexity: O(p + log b · p), where p is the primary length and b the number of buckets.
        func section(forKey key: UnsafeBufferPointer<UInt8>) -> Int {
            var primaryLength = 0
            // Bytes below 0x02 end the primary level (0x01 separates levels, 0x00 ends the key).
            while primaryLength < key.count && key[primaryLength] >= 0x02 { primaryLength += 1 }
            // Boundary 0 is the empty underflow boundary, at or before everything.
            var low = 0, high = starts.count - 1
            while high - low > 1 {
                let middle = (low + high) / 2
                if compareBoundary(middle, key, primaryLength) <= 0 { low = middle } else { high = middle }
            }
            return sections[low]
        }

        private func compareBoundary(_ boundary: Int, _ key: UnsafeBufferPointer<UInt8>, _ keyLength: Int) -> Int {
            let start = starts[boundary], length = starts[boundary + 1] - start
            let shared = min(length, keyLength)
            if shared > 0, let base = bytes.baseAddress, let keyBase = key.baseAddress {
                let order = memcmp(base + start, keyBase, shared)
                if order != 0 { return Int(order) }
            }
            return length - keyLength
        }
    }
}
