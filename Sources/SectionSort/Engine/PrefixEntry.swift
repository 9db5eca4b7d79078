/// One item as the compact sorter keeps it: 24 bytes, whatever the length of its key.
///
/// `(high, middle, low)` is a 20-byte number: the item's section (one byte), then the first 19
/// bytes of its sort key, zero-padded. (With 11 bytes, two thirds of a million generated names tie
/// and half of them need their keys again; with 19, a quarter tie and a tenth need them.) Since a key that ends inside the prefix is padded with zeros, and a
/// key's bytes past its end compare lower than any byte, comparing the number orders items
/// exactly as comparing (section, full key) does whenever the two differ; items whose numbers
/// are equal (a tie group) are put in order by their full keys afterwards.
///
/// `identifier` names the item to the caller (the compact sorter's caller reads its key again
/// through it); identifiers ascend in input order, so ordering by them keeps equal keys in input
/// order.
struct PrefixEntry {
    var high: UInt64
    var middle: UInt64
    var low: UInt32
    var identifier: UInt32

    /// Key bytes a prefix holds.
    static let keyBytes = 19
    /// Bytes of `(high, middle, low)`: the section, then the key bytes; entries whose radix bytes
    /// are equal tie.
    static let radixBytes = 20
    /// Bytes that order entries completely: ``radixBytes``, then the identifier's four bytes
    /// (most significant first), which put a tie group in input order.
    static let orderBytes = radixBytes + 4

    /// The entry of an item in `section` (below 256) whose key is `key`.
    init(section: Int, key: UnsafeBufferPointer<UInt8>, identifier: UInt32) {
        if key.count >= Self.keyBytes, let start = key.baseAddress {
            self.init(section: section, prefix: UnsafeRawPointer(start), identifier: identifier)
            return
        }
        // A shorter key (most keys fill the prefix), zero-padded to its length.
        self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.keyBytes) { padded in
            padded.initialize(repeating: 0)
            if let start = key.baseAddress, let destination = padded.baseAddress { destination.update(from: start, count: key.count) }
            return Self(section: section, prefix: UnsafeRawPointer(padded.baseAddress!), identifier: identifier)
        }
    }

    /// The entry whose key prefix is the ``keyBytes`` bytes at `prefix`: three loads (bytes 0–7,
    /// 7–14, 15–18), big-endian, so that the numbers order as the bytes do.
    private init(section: Int, prefix: UnsafeRawPointer, identifier: UInt32) {
        high = UInt64(truncatingIfNeeded: section) << 56 | UInt64(bigEndian: prefix.loadUnaligned(as: UInt64.self)) >> 8
        middle = UInt64(bigEndian: prefix.loadUnaligned(fromByteOffset: 7, as: UInt64.self))
        low = UInt32(bigEndian: prefix.loadUnaligned(fromByteOffset: 15, as: UInt32.self))
        self.identifier = identifier
    }

    /// The section the entry was made with.
    var section: Int { Int(high >> 56) }

    /// Byte `index` (0 is the section) of `(high, middle, low, identifier)`.
    @inline(__always)
    func radixByte(_ index: Int) -> Int {
        if index < 8 { return Int(truncatingIfNeeded: high >> UInt64(56 - 8 * index)) & 0xFF }
        if index < 16 { return Int(truncatingIfNeeded: middle >> UInt64(120 - 8 * index)) & 0xFF }
        if index < 20 { return Int(truncatingIfNeeded: low >> UInt32(152 - 8 * index)) & 0xFF }
        return Int(truncatingIfNeeded: identifier >> UInt32(184 - 8 * index)) & 0xFF
    }

    /// Whether the prefix's last key byte is zero: for keys whose only zero byte is their last
    /// (ICU's sort keys), the key ended within the prefix, which holds it whole.
    var endsWithinPrefix: Bool { low & 0xFF == 0 }

    /// Whether the section and key prefix of `a` and `b` are the same.
    @inline(__always)
    static func ties(_ a: PrefixEntry, _ b: PrefixEntry) -> Bool { a.high == b.high && a.middle == b.middle && a.low == b.low }

    /// Whether `a` goes before `b` by prefix, then identifier.
    @inline(__always)
    static func precedes(_ a: PrefixEntry, _ b: PrefixEntry) -> Bool {
        if a.high != b.high { return a.high < b.high }
        if a.middle != b.middle { return a.middle < b.middle }
        if a.low != b.low { return a.low < b.low }
        return a.identifier < b.identifier
    }
}
