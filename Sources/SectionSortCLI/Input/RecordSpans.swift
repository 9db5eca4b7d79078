import SectionSort

/// Where each record of a batch is in the batch's bytes, read as ranges: 8 bytes a record (half
/// of a `Range<Int>`), since a batch of short lines has about as many records as bytes of text.
///
/// Each span is packed into one `UInt64`: the start in the high 40 bits (batches up to 1 TiB),
/// the length in the low 24 bits; a record of 16 MiB less a byte or longer has the length's
/// all-ones value there and its length in a side table, which stays empty for ordinary inputs.
struct RecordSpans: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    private var packed: [UInt64] = []
    /// The lengths that do not fit the 24 bits, by record.
    private var longLengths: [Int: Int] = [:]

    private static let lengthBits: UInt64 = 24
    private static let lengthMask: UInt64 = (1 << lengthBits) - 1
    private static let startLimit = 1 << 40

    init() {}

    init(arrayLiteral elements: Range<Int>...) { self.init(elements) }

    init<Ranges: Sequence<Range<Int>>>(_ ranges: Ranges) {
        packed.reserveCapacity(ranges.underestimatedCount)
        for range in ranges { append(range) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { packed.count }

    subscript(position: Int) -> Range<Int> {
        let value = packed[position]
        let start = Int(truncatingIfNeeded: value >> Self.lengthBits)
        var length = Int(truncatingIfNeeded: value & Self.lengthMask)
        if value & Self.lengthMask == Self.lengthMask { length = longLengths[position]! }
        return start..<start + length
    }

    mutating func reserveCapacity(_ minimumCapacity: Int) { packed.reserveCapacity(minimumCapacity) }

    /// Hints that the span at `position` is read soon (``MemoryHints/prefetch(_:)``): for spans
    /// read in sorted order, scattered over a large batch.
    func prefetch(_ position: Int) {
        packed.withUnsafeBufferPointer {
            if let base = $0.baseAddress, $0.indices.contains(position) { MemoryHints.prefetch(base + position) }
        }
    }

    /// The length of the longest span (0 for none).
    ///
    /// - Complexity: O(n) for n spans, a pass over the packed words that does not build ranges.
    var longestCount: Int {
        // Lengths in the side table (2^24 - 1 and more) are longer than any that fits a word.
        if let longest = longLengths.values.max() { return longest }
        var longest: UInt64 = 0
        for value in packed { longest = Swift.max(longest, value & Self.lengthMask) }
        return Int(longest)
    }

    mutating func append(_ range: Range<Int>) {
        let index = packed.count
        packed.append(0)
        if !Slots.write(range, to: &packed[index]) { longLengths[index] = range.count }
    }

    /// Appends `count` spans that `fill` writes in place (several threads may write at once, each
    /// its own indices); `fill` must write each of the `count` slots once and return the indices
    /// and lengths of the spans whose ``Slots/write(_:at:)`` returned false.
    mutating func append(count: Int, _ fill: (Slots) -> [(index: Int, length: Int)]) {
        let old = packed.count
        var long: [(index: Int, length: Int)] = []
        if old == 0 && count > 0 {
            // The common case of one read per batch: the new spans are written once, not zeroed
            // first. (Never for 0 spans: that would write the runtime's shared empty storage.)
            packed = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
                long = fill(Slots(base: buffer.baseAddress, offset: 0))
                initialized = count
            }
        } else {
            packed.append(contentsOf: repeatElement(0, count: count))
            packed.withUnsafeMutableBufferPointer { buffer in long = fill(Slots(base: buffer.baseAddress, offset: old)) }
        }
        for (index, length) in long { longLengths[old + index] = length }
    }

    /// The slots of spans being appended, written by index from several threads.
    ///
    /// Sound to share: each index is written by one thread, and the slots live until
    /// ``RecordSpans/append(count:_:)`` returns, after every writer is done.
    struct Slots: @unchecked Sendable {
        fileprivate let base: UnsafeMutablePointer<UInt64>?
        fileprivate let offset: Int

        /// Writes `range` as new span `index`; false when its length needs the side table (the
        /// caller reports it back).
        @inline(__always)
        func write(_ range: Range<Int>, at index: Int) -> Bool {
            Self.write(range, to: &base![offset + index])
        }

        @inline(__always)
        fileprivate static func write(_ range: Range<Int>, to slot: inout UInt64) -> Bool {
            precondition(range.lowerBound < RecordSpans.startLimit, "a batch of 1 TiB or more")
            let fits = UInt64(range.count) < RecordSpans.lengthMask
            slot = UInt64(range.lowerBound) << RecordSpans.lengthBits | (fits ? UInt64(range.count) : RecordSpans.lengthMask)
            return fits
        }
    }
}
