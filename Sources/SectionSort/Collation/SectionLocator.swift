import Foundation

/// Finds the section of a sort key: the place of the key's primary level among the bucket
/// boundaries of an ``AlphabeticIndex``, which are stored contiguously, compared first by their
/// first seven bytes as numbers (which decide almost every comparison), then byte by byte. Only
/// the boundaries that start with the key's first byte are compared at all.
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
    /// For each first byte, the boundaries that start with it (``Lookup/firstByteRanges``); empty
    /// where the boundaries are not in byte order (or are 65,536 or more).
    private let firstByteRanges: [UInt32]
    /// For each first byte, the section of every key that starts with it where that byte decides,
    /// -1 where it does not (``Lookup/firstByteSections``); empty where `firstByteRanges` is.
    let firstByteSections: [Int32]
    /// The section (index in `sectionTitles`) of each bucket.
    private let bucketSections: [Int]

    init(index: AlphabeticIndex, displayPosition: [Int]) {
        self.init(boundaries: index.boundaries, bucketSections: index.bucketTitles.map { displayPosition[$0] })
    }

    /// A locator of the buckets that start at `boundaries` (primary-level bytes, none below 0x02,
    /// in collation order; the first one empty), whose sections are `bucketSections`.
    init(boundaries: [[UInt8]], bucketSections: [Int]) {
        precondition(boundaries.first == [] && boundaries.count == bucketSections.count, "an empty first boundary, one section each")
        precondition(bucketSections.allSatisfy { (0...Int(Int32.max)).contains($0) }, "sections are positions")
        boundaryBytes = boundaries.flatMap { $0 }
        var starts = [0]
        for boundary in boundaries { starts.append(starts[starts.count - 1] + boundary.count) }
        boundaryStarts = starts
        boundaryWords = boundaries.map { $0.withUnsafeBufferPointer(Lookup.word) }
        // In byte order, the boundaries of one first byte are consecutive: from the number of
        // those with a lower first byte to the number of those with a lower or equal one. (A few
        // indexes, such as Khmer's, have a boundary after its letter's next one, which searches
        // then go on to find among all of them, as before.)
        var ranges: [UInt32] = []
        if boundaries.count < 1 << 16 && zip(boundaries, boundaries.dropFirst()).allSatisfy({ $0.lexicographicallyPrecedes($1) }) {
            ranges = Array(repeating: 0, count: 256)
            var next = 0
            for byte in 0..<256 {
                let start = next
                while next < boundaries.count && (boundaries[next].first.map(Int.init) ?? 0) <= byte { next += 1 }
                ranges[byte] = UInt32(start) << 16 | UInt32(next)
            }
        }
        firstByteRanges = ranges
        self.bucketSections = bucketSections
        firstByteSections =
            ranges.isEmpty ? [] : Self.firstByteSections(boundaries: boundaries, ranges: ranges, bucketSections: bucketSections)
    }

    /// The section of the keys that start with each byte where the byte alone decides it, -1
    /// where it does not: no boundary starts with the byte (the keys go after the boundaries of
    /// lower first bytes), or one boundary does and it is that byte alone (a letter of a one-byte
    /// primary: every key that starts with it is at or after it, before the next byte's). Bytes
    /// below 0x02 start no primary: such a key's primary level is empty, before every boundary
    /// but the empty first one.
    private static func firstByteSections(boundaries: [[UInt8]], ranges: [UInt32], bucketSections: [Int]) -> [Int32] {
        (0..<256).map { byte in
            if byte < 0x02 { return Int32(bucketSections[0]) }
            let start = Int(ranges[byte] >> 16), end = Int(ranges[byte] & 0xFFFF)
            if start == end { return Int32(bucketSections[start - 1]) }
            if end == start + 1 && boundaries[start] == [UInt8(byte)] { return Int32(bucketSections[start]) }
            return -1
        }
    }

    /// Calls `body` with a lookup that is valid only inside it.
    func withLookup<Result>(_ body: (Lookup) -> Result) -> Result {
        boundaryBytes.withUnsafeBufferPointer { bytes in
            boundaryStarts.withUnsafeBufferPointer { starts in
                boundaryWords.withUnsafeBufferPointer { words in
                    bucketSections.withUnsafeBufferPointer { sections in
                        firstByteRanges.withUnsafeBufferPointer { ranges in
                            firstByteSections.withUnsafeBufferPointer { firstByteSections in
                                body(
                                    Lookup(
                                        bytes: bytes, starts: starts, words: words, sections: sections, firstByteRanges: ranges,
                                        firstByteSections: firstByteSections))
                            }
                        }
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
        /// For each byte (0 for the empty first boundary), the boundaries that start with it:
        /// the first one's index in the high 16 bits, the end's in the low 16 bits; empty where
        /// every boundary is compared.
        let firstByteRanges: UnsafeBufferPointer<UInt32>
        /// For each first byte, the section of every key that starts with it, or -1 where the
        /// byte does not decide; empty where every key is compared.
        let firstByteSections: UnsafeBufferPointer<Int32>

        /// Up to how many boundaries of one first byte a look-up counts them instead of searching.
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
        /// - Complexity: O(1) where the key's first byte decides; else O(b) comparisons of
        ///   numbers for the b boundaries that start with the key's first byte, up to
        ///   ``countedBoundaries``, O(log b) beyond; plus O(p) for a key whose first seven primary
        ///   bytes are those of a boundary longer than that, where p is the primary length.
        func section(forKey key: UnsafeBufferPointer<UInt8>) -> Int {
            // Most keys start with a letter of one primary byte, or a byte no boundary starts with.
            if !key.isEmpty && !firstByteSections.isEmpty {
                let section = firstByteSections[Int(key[0])]
                if section >= 0 { return Int(section) }
            }
            let keyWord = Self.word(key)
            // The last boundary whose word is at or before the key's. Boundary 0 is the empty
            // underflow boundary, at or before everything. Where the words are in order, every
            // boundary with a lower first byte is before the key, every one with a higher one
            // after it, so only those with the key's first byte are compared.
            var start = 0, end = words.count
            if !firstByteRanges.isEmpty {
                let range = firstByteRanges[keyWord >> (8 * Self.wordBytes - 8)]
                (start, end) = (Int(range >> 16), Int(range & 0xFFFF))
            }
            var last: Int
            if end - start <= Self.countedBoundaries {
                // Counting those at or before the key has no branch that depends on the key (a
                // binary search's would be mispredicted half the time): each word at or before the
                // key's adds 1 + 0, each after it 1 - 1 (the sign of the difference), arithmetic
                // that no compiler turns into a branch.
                var count = 0
                for index in start..<end { count &+= 1 &+ ((keyWord &- words[index]) >> 63) }
                last = start - 1 + count
            } else {
                // From the boundary before the range, which is before the key.
                last = max(start - 1, 0)
                var remaining = end - last
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
