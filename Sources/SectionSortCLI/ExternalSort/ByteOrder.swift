import Foundation

/// The order of byte strings that `LC_ALL=C sort` and `memcmp` give: the first differing byte
/// decides, and a string before one it starts.
enum ByteOrder {
    /// Negative, zero or positive as `a` comes before, equals or comes after `b`.
    ///
    /// - Complexity: O(min(a.count, b.count)).
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(a.count, b.count)
        let bytes = shared == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, shared)
        return bytes != 0 ? Int(bytes) : a.count - b.count
    }
}
