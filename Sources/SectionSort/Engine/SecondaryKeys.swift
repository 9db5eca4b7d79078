/// The secondary keys of one item as UTF-8 bytes read in place, most significant first: what
/// orders items whose primary keys are equal (a list's `then:` key, the command-line tool's
/// `--then` columns). Empty when there are none.
///
/// The bytes belong to the caller and are valid only during the call that passes them, as the
/// buffers of `withUnsafeBufferPointer` are.
package struct SecondaryKeys: RandomAccessCollection {
    private let keys: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>

    /// No secondary key.
    package init() { keys = UnsafeBufferPointer(start: nil, count: 0) }

    /// The keys `keys` points to, in their order.
    package init(_ keys: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) { self.keys = keys }

    package var startIndex: Int { 0 }
    package var endIndex: Int { keys.count }
    package subscript(position: Int) -> UnsafeBufferPointer<UInt8> { keys[position] }

    /// Calls `body` with the one secondary key `key`.
    @inline(__always)
    package static func withOne<Result>(_ key: UnsafeBufferPointer<UInt8>, _ body: (SecondaryKeys) -> Result) -> Result {
        withUnsafePointer(to: key) { body(SecondaryKeys(UnsafeBufferPointer(start: $0, count: 1))) }
    }

    /// Calls `body` with `count` secondary keys, the `i`th being `key(i)`; no heap allocation for
    /// a few keys, so that it may run once per item.
    @inline(__always)
    package static func with<Result>(
        count: Int, _ key: (Int) -> UnsafeBufferPointer<UInt8>, _ body: (SecondaryKeys) -> Result
    ) -> Result {
        if count == 0 { return body(SecondaryKeys()) }
        // One key (one --then, the usual case) needs no buffer; and the temporary allocation's
        // element type was looked up in the runtime's generic metadata cache on every call.
        if count == 1 { return withOne(key(0), body) }
        return withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: count) { keys in
            for index in 0..<count { keys.initializeElement(at: index, to: key(index)) }
            // UnsafeBufferPointer is trivial: nothing to deinitialize.
            return body(SecondaryKeys(UnsafeBufferPointer(keys)))
        }
    }
}
