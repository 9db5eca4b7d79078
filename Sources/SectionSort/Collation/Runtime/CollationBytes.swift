import SectionSortCollationData

/// A read-only view of constant little-endian bytes compiled into the library (the blobs of
/// `SectionSortCollationData`), read in place.
///
/// The one type of the collation runtime that reads raw memory. Sound because every blob is a
/// `static const` array of the C target: it lives as long as the process, is never written, and
/// each read checks its offset against the blob's length in debug builds (the data's own offsets
/// come from ICU's writer and from our generator, and tests walk every code point through them).
/// Unaligned loads keep the reads independent of where the C compiler places each part.
package struct CollationBytes: @unchecked Sendable {
    private let base: UnsafeRawPointer
    /// The number of bytes.
    package let count: Int

    init(_ blob: SSCDBytes) {
        base = UnsafeRawPointer(blob.bytes)
        count = Int(blob.count)
    }

    private init(base: UnsafeRawPointer, count: Int) {
        self.base = base
        self.count = count
    }

    /// The bytes `offset..<offset + count` as a view of their own.
    package func slice(_ offset: Int, count: Int) -> CollationBytes {
        precondition(offset >= 0 && count >= 0 && offset + count <= self.count, "collation data slice out of range")
        return CollationBytes(base: base + offset, count: count)
    }

    @inline(__always) package func uint8(at offset: Int) -> UInt8 {
        assert(offset >= 0 && offset < count)
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The 16-bit value at `index` (counted in 16-bit units).
    @inline(__always) package func uint16(_ index: Int) -> UInt16 {
        assert(index >= 0 && index * 2 + 2 <= count)
        return UInt16(littleEndian: base.loadUnaligned(fromByteOffset: index &* 2, as: UInt16.self))
    }

    /// The 32-bit value at `index` (counted in 32-bit units).
    @inline(__always) package func uint32(_ index: Int) -> UInt32 {
        assert(index >= 0 && index * 4 + 4 <= count)
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
    }

    /// The 64-bit value at `index` (counted in 64-bit units).
    @inline(__always) package func uint64(_ index: Int) -> UInt64 {
        assert(index >= 0 && index * 8 + 8 <= count)
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
    }

    /// The bytes `offset..<offset + count` as a string (ASCII identifiers of the locale table).
    package func string(_ offset: Int, count: Int) -> String {
        precondition(offset >= 0 && count >= 0 && offset + count <= self.count)
        return String(decoding: UnsafeRawBufferPointer(start: base + offset, count: count), as: UTF8.self)
    }

    /// Compares the bytes `offset..<offset + count` with `other` as unsigned bytes.
    package func compare(_ offset: Int, count: Int, with other: [UInt8]) -> Int {
        precondition(offset >= 0 && count >= 0 && offset + count <= self.count)
        for index in 0..<min(count, other.count) {
            let byte = uint8(at: offset + index)
            if byte != other[index] { return byte < other[index] ? -1 : 1 }
        }
        return count == other.count ? 0 : (count < other.count ? -1 : 1)
    }
}
