import Foundation

/// Finds the section of a sort key: the place of the key's primary level among the bucket
/// boundaries of an ``AlphabeticIndex``, which are stored contiguously, compared first by their
/// first seven bytes as numbers (which decide almost every comparison), then byte by byte.
///
/// Lookups run through ``withLookup(_:)`` on raw buffers, so that threads looking up sections at
/// the same time touch no shared reference counts.
struct SectionLocator: Sendable {
    /// The primary-level bytes of every boundary, one after another, in collation order.
    private let boundaryBytes: [UInt8]
    /// Boundary `b` is `boundaryBytes[boundaryStarts[b]..<boundaryStarts[b + 1]]`.
    private let boundaryStarts: [Int]
    /// The first seven bytes of each boundary (``Lookup/word(_:)``).
    private let boundaryWords: [Int]
    /// The section (index in `sectionTitles`) of each bucket.
    private let bucketSections: [Int]

    init(index: AlphabeticIndex, displayPosition: [Int]) {
        self.init(boundaries: index.boundaries, bucketSections: index.bucketTitles.map { displayPosition[$0] })
    }

    /// A locator of the buckets that start at `boundaries` (primary-level bytes, none below 0x02,
    /// in collation order; the first one empty), whose sections are `bucketSections`.
    init(boundaries: [[UInt8]], bucketSections: [Int]) {
        precondition(boundaries.first == [] && boundaries.count == bucketSections.count, "an empty first boundary, one section each")
        boundaryBytes = boundaries.flatMap { $0 }
        var starts = [0]
        for boundary in boundaries { starts.append(starts[starts.count - 1] + boundary.count) }
        boundaryStarts = starts
        boundaryWords = boundaries.map { $0.withUnsafeBufferPointer(Lookup.word) }
        self.bucketSections = bucketSections
    }

    /// Calls `body` with a lookup that is valid only inside it.
    func withLookup<Result>(_ body: (Lookup) -> Result) -> Result {
        boundaryBytes.withUnsafeBufferPointer { bytes in
            boundaryStarts.withUnsafeBufferPointer { starts in
                boundaryWords.withUnsafeBufferPointer { words in
                    bucketSections.withUnsafeBufferPointer { sections in
                        body(Lookup(bytes: bytes, starts: starts, words: words, sections: sections))
                    }
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
        let words: UnsafeBufferPointer<Int>
        let sections: UnsafeBufferPointer<Int>

        /// Up to how many boundaries a look-up counts them instead of searching.
        static let countedBoundaries = 64

        /// The primary bytes among the first seven of `key` (up to the first byte below 0x02),
        /// big-endian and zero-padded: a number below 2⁵⁶.
        ///
        /// Primary bytes are never below 0x02, so padded words compare as the bytes do, a shorter
        /// level first; when two words are equal, the bytes of the one at most seven bytes long
        /// start the other.
        @inline(__always)
        static func word(_ key: UnsafeBufferPointer<UInt8>) -> Int {
            var word = 0, length = 0
            while length < wordBytes && length < key.count && key[length] >= 0x02 {
                word = word << 8 | Int(key[length])
                length += 1
            }
            return word << (8 * (wordBytes - length))
        }

        /// The bytes of a word: seven, so that the difference of two words is a signed number.
        static let wordBytes = 7

        /// The section of the item whose full sort key is `key`: the last bucket whose boundary is
        /// at or before the key's primary level.
        ///
        /// - Complexity: O(b) comparisons of numbers for b buckets up to ``countedBoundaries``,
        ///   O(log b) beyond; plus O(p) for a key whose first seven primary bytes are those of a
        ///   boundary longer than that, where p is the primary length.
        func section(forKey key: UnsafeBufferPointer<UInt8>) -> Int {
            let keyWord = Self.word(key)
            // The last boundary whose word is at or before the key's. Boundary 0 is the empty
            // underflow boundary, at or before everything, and the words are in order: counting
            // those at or before the key has no branch that depends on the key (a binary search's
            // would be mispredicted half the time), and is the faster for the few dozen boundaries
            // of most indexes.
            var last: Int
            if words.count <= Self.countedBoundaries {
                // Each word at or before the key's adds 1 + 0; each after it, 1 - 1 (the sign of the
                // difference): arithmetic, which no compiler turns into a branch.
                var count = 0
                for word in words { count &+= 1 &+ ((keyWord &- word) >> 63) }
                last = count - 1
            } else {
                last = 0
                var remaining = words.count
                while remaining > 1 {
                    let half = remaining / 2
                    if words[last + half] <= keyWord { last += half }
                    remaining -= half
                }
            }
            // A boundary of more than seven bytes whose word is the key's may still go after it; such
            // boundaries are consecutive, so step back over those that do.
            while last > 0 && words[last] == keyWord && starts[last + 1] - starts[last] > Self.wordBytes && compareBoundary(last, key) > 0 {
                last -= 1
            }
            return sections[last]
        }

        /// Compares boundary `boundary` with the primary level of `key`, byte by byte.
        private func compareBoundary(_ boundary: Int, _ key: UnsafeBufferPointer<UInt8>) -> Int {
            var keyLength = 0
            // Bytes below 0x02 end the primary level (0x01 separates levels, 0x00 ends the key).
            while keyLength < key.count && key[keyLength] >= 0x02 { keyLength += 1 }
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
