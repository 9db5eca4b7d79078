/// The identical level of a sort key: the NFD of the text in ICU's BOCSU ("binary ordered
/// compression scheme for Unicode"), as ICU 76's `u_writeIdenticalLevelRun` writes it.
///
/// Each code point is written as its difference to the previous one, which is first moved to the
/// middle of its 128-block (or of the Unihan block), so that a run of one small script costs a
/// byte a character; the bytes order as the code points do and avoid 00, 01 and 02 (separators).
///
/// The writer carries the previous code point from one call of ``append(_:to:)`` to the next, so
/// that a long text's NFD is written in pieces, never held whole.
struct IdenticalLevelWriter {
    private static let minByte = 3
    private static let maxByte = 0xFF
    private static let middleByte = 0x81
    private static let tailCount = maxByte - minByte + 1
    private static let singleCount = 80
    private static let lead2Count = 42
    private static let lead3Count = 3
    private static let reachPositive1 = singleCount
    private static let reachNegative1 = -singleCount
    private static let reachPositive2 = lead2Count * tailCount + (lead2Count - 1)
    private static let reachNegative2 = -reachPositive2 - 1
    private static let reachPositive3 = lead3Count * tailCount * tailCount + (lead3Count - 1) * tailCount + (tailCount - 1)
    private static let reachNegative3 = -reachPositive3 - 1
    private static let startPositive2 = middleByte + singleCount + 1
    private static let startPositive3 = startPositive2 + lead2Count
    private static let startNegative2 = middleByte + reachNegative1
    private static let startNegative3 = startNegative2 - lead2Count

    /// The previous code point, from which the next one's difference is taken; 0 at the start
    /// and after a merge separator.
    private var previous = 0

    /// A writer at the start of a text.
    init() {}

    /// Appends the identical level of `codePoints` (already in NFD), which continue what this
    /// writer wrote before, to `sink`.
    ///
    /// - Complexity: O(n) for n code points.
    @inline(__always)
    mutating func append<Sink: SortKeySink>(_ codePoints: UnsafeBufferPointer<UInt32>, to sink: inout Sink) {
        var previous = previous
        for codePoint in codePoints {
            if previous < 0x4E00 || previous >= 0xA000 {
                previous = (previous & ~0x7F) - Self.reachNegative1
            } else {
                // Unihan: two bytes down from the top of the block.
                previous = 0x9FFF - Self.reachPositive2
            }
            let c = Int(codePoint)
            if c == 0xFFFE {
                sink.append(2)  // the merge separator
                previous = 0
            } else {
                Self.appendDifference(c - previous, to: &sink)
                previous = c
            }
        }
        self.previous = previous
    }

    private static func appendDifference<Sink: SortKeySink>(_ difference: Int, to sink: inout Sink) {
        var diff = difference
        if diff >= reachNegative1 {
            if diff <= reachPositive1 {
                sink.append(UInt8(middleByte + diff))
            } else if diff <= reachPositive2 {
                sink.append(UInt8(startPositive2 + diff / tailCount))
                sink.append(UInt8(minByte + diff % tailCount))
            } else if diff <= reachPositive3 {
                let third = UInt8(minByte + diff % tailCount)
                diff /= tailCount
                let second = UInt8(minByte + diff % tailCount)
                sink.append(UInt8(startPositive3 + diff / tailCount))
                sink.append(second)
                sink.append(third)
            } else {
                let fourth = UInt8(minByte + diff % tailCount)
                diff /= tailCount
                let third = UInt8(minByte + diff % tailCount)
                diff /= tailCount
                let second = UInt8(minByte + diff % tailCount)
                sink.append(UInt8(maxByte))
                sink.append(second)
                sink.append(third)
                sink.append(fourth)
            }
        } else {
            // Floor division, so that the trail bytes stay in range for negative differences.
            func floorDivide(_ n: inout Int) -> UInt8 {
                var m = n % tailCount
                n /= tailCount
                if m < 0 {
                    n -= 1
                    m += tailCount
                }
                return UInt8(minByte + m)
            }
            if diff >= reachNegative2 {
                let trail = floorDivide(&diff)
                sink.append(UInt8(startNegative2 + diff))
                sink.append(trail)
            } else if diff >= reachNegative3 {
                let third = floorDivide(&diff)
                let second = floorDivide(&diff)
                sink.append(UInt8(startNegative3 + diff))
                sink.append(second)
                sink.append(third)
            } else {
                let fourth = floorDivide(&diff)
                let third = floorDivide(&diff)
                let second = floorDivide(&diff)
                sink.append(UInt8(minByte))
                sink.append(second)
                sink.append(third)
                sink.append(fourth)
            }
        }
    }
}
