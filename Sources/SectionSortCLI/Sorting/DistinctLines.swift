import Foundation
import SectionSort

/// The lines of the batches given, each distinct line kept once with how many records it stands
/// for, and which distinct line each record is: where lines repeat (names, categories, log
/// levels), keys are then computed and sorted for the distinct lines alone
/// (``DistinctLinesSorter``).
///
/// Lines are found through a hash table of open addressing, one shard for each thread that
/// inserts. Its memory, and the lines' copies, are the type's own and written through plain
/// pointers in the loop over a batch's lines (a Swift array appended there would be checked for
/// uniqueness and capacity at every line): sound because the lines' bytes, starts and first records
/// are reserved for the most the batch can add before the loop, so every write goes below a
/// capacity reserved first; the table is written below its own capacity, which it doubles (a
/// new block, the slots moved, the old one freed) before it is three quarters full; and nothing
/// outside the type sees the pointers.
final class DistinctLines {
    /// The hash table's shards, one per thread that inserts: a line goes to the shard its hash
    /// names.
    private var tables: [Table]
    /// Which distinct line each record is, in input order, as a shard's line number times the
    /// number of shards, plus the shard.
    private var identifiers = Storage<UInt32>()

    /// How many records there may be: identifiers are 32-bit, with room for the shard.
    static let recordLimit = Int(UInt32.max) / 16

    /// Lines collapsed by `shards` threads at once (1 to 16).
    init(shards: Int = 1) {
        tables = (0..<min(16, max(1, shards))).map { _ in Table() }
    }

    deinit {
        for table in tables { table.free() }
        identifiers.free()
    }

    /// The number of distinct lines.
    var distinctCount: Int { tables.reduce(0) { $0 + $1.lineCount } }

    /// The number of records added.
    var recordCount: Int { identifiers.count }

    /// The bytes of the distinct lines.
    var distinctByteCount: Int { tables.reduce(0) { $0 + $1.bytes.count } }

    /// The bytes this holds (those it has reserved but not written are not resident).
    var memoryBytes: Int { tables.reduce(4 * identifiers.count) { $0 + $1.memoryBytes } }

    /// The bytes of the hash table, which ``releaseTable()`` gives back.
    var tableBytes: Int { tables.reduce(0) { $0 + MemoryLayout<Slot>.stride * $1.slots.capacity } }

    /// Gives back the hash table once no more lines are added: the lines, their counts (as
    /// ``distinct()`` read them before) and the records' identifiers stay.
    func releaseTable() {
        for shard in tables.indices { tables[shard].releaseSlots() }
    }

    /// What ``rollBack(to:)`` returns to: the counts of each shard's lines and of records.
    struct Mark {
        fileprivate var distinct: [Int]
        fileprivate var records: Int
    }

    /// The state to return to if the records added next are taken back.
    func mark() -> Mark { Mark(distinct: tables.map(\.lineCount), records: recordCount) }

    /// Takes back the records added since `mark`, and the distinct lines they added; without
    /// `keepingTable`, the hash table is given back too (``releaseTable()``), for lines that are
    /// read back but not added to.
    ///
    /// - Complexity: O(n + s) for n records and s slots of the table.
    func rollBack(to mark: Mark, keepingTable: Bool = true) {
        identifiers.truncate(to: mark.records)
        guard keepingTable else {
            for shard in tables.indices { tables[shard].truncate(to: mark.distinct[shard]) }
            releaseTable()
            return
        }
        let shards = tables.count
        var counts = mark.distinct.map { [UInt32](repeating: 0, count: $0) }
        for record in 0..<recordCount {
            let identifier = Int(identifiers.base[record])
            counts[identifier % shards][identifier / shards] += 1
        }
        for shard in tables.indices { tables[shard].rollBack(to: mark.distinct[shard], counts: counts[shard]) }
    }

    /// Adds the records of `batch` at `positions`, each its whole line, hashed by `threads`
    /// threads, and returns true; or returns false, having added part of them, when a shard's
    /// table would grow past `slotBytes` bytes (the caller then takes them back with
    /// ``rollBack(to:)``).
    ///
    /// - Complexity: O(m) for the m bytes of those records, expected.
    @discardableResult
    func add(_ batch: RecordSet, positions: Range<Int>, threads: Int = 1, slotBytes: Int = .max) -> Bool {
        precondition(batch.keySpans == nil, "only lines are their own keys")
        precondition(tables[0].slots.capacity > 0, "lines are added only before the table is given back")
        precondition(positions.count <= Int(Int32.max), "a batch's records are numbered in 32 bits")
        guard !positions.isEmpty else { return true }
        let hashes = Self.hashes(of: batch, positions: positions, threads: threads)
        let shards = tables.count, firstRecord = identifiers.count
        // Each shard's room: its records and their bytes, should every line be new.
        var records = [Int](repeating: 0, count: shards), byteCounts = [Int](repeating: 0, count: shards)
        for (offset, position) in positions.enumerated() {
            let shard = Self.shard(of: hashes[offset], among: shards)
            records[shard] += 1
            byteCounts[shard] += batch.spans[position].count
        }
        identifiers.reserve(identifiers.count + positions.count)
        for shard in 0..<shards { tables[shard].reserve(lines: records[shard], bytes: byteCounts[shard]) }
        // Each shard is inserted into by one thread, on a copy of its table that is put back
        // after the loop (the class's own property would be checked for exclusive access at
        // every line); the threads write the identifiers of their own records only.
        let shared = ResultSlots<Table>(count: shards, repeating: Table.empty)
        let finished = ResultSlots<Bool>(count: shards, repeating: true)
        for shard in 0..<shards { shared[shard] = tables[shard] }
        let spans = batch.spans, bytes = batch.bytes, slotLimit = slotBytes / shards / MemoryLayout<Slot>.stride
        let shardRecords = records
        let output = Slots(base: identifiers.base + firstRecord)
        DispatchQueue.concurrentPerform(iterations: shards) { shard in
            var table = shared[shard]
            // The shard's records first (without a branch a record: which shard a record goes to
            // is random), then their lines.
            // Each offset is written, and kept by moving on where it is the shard's: room for one
            // more than the shard's records.
            let mine = [Int32](unsafeUninitializedCapacity: shardRecords[shard] + 1) { offsets, count in
                var next = 0
                for offset in 0..<hashes.count {
                    offsets[next] = Int32(offset)
                    next &+= Self.shard(of: hashes[offset], among: shards) == shard ? 1 : 0
                }
                count = next
            }
            bytes.withUnsafeBufferPointer { input in
                hashes.withUnsafeBufferPointer { hashes in
                    // A line's slot is looked for ahead of the line, and a long line's bytes
                    // (once its slot is in the cache) a little less far ahead.
                    let slotDistance = 16, lineDistance = 8
                    for (index, offset) in mine.enumerated() {
                        if index + slotDistance < mine.count { table.prefetchSlot(hashes[Int(mine[index + slotDistance])]) }
                        if index + lineDistance < mine.count { table.prefetchLongLine(hashes[Int(mine[index + lineDistance])]) }
                        let record = Int(offset)
                        guard
                            let line = table.insert(
                                Line(UnsafeBufferPointer(rebasing: input[spans[positions.lowerBound + record]]), in: input),
                                hash: hashes[record], record: firstRecord + record, slotLimit: slotLimit)
                        else {
                            finished[shard] = false
                            break
                        }
                        output.base[record] = UInt32(line * shards + shard)
                    }
                }
            }
            shared[shard] = table
        }
        tables = shared.elements
        // Records a shard stopped before have no identifier: all are taken back.
        identifiers.setCount(firstRecord + positions.count)
        return !finished.elements.contains(false)
    }

    /// The shard of the line whose hash is `hash`: its low bits (the table's slots use the high).
    @inline(__always)
    private static func shard(of hash: UInt64, among shards: Int) -> Int {
        Int(truncatingIfNeeded: hash & 0xFFFF) % shards
    }
}

/// A line being looked for: its bytes, and its first 16 bytes as two words (zero past its end),
/// which a slot of the table holds too.
private struct Line {
    var bytes: UnsafeBufferPointer<UInt8>
    var prefix: (UInt64, UInt64)

    /// The line `bytes`, which lie in `buffer`: the words are read whole where 16 bytes of the
    /// buffer follow the line's start, and masked.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        guard let start = bytes.baseAddress else {
            prefix = (0, 0)
            return
        }
        if buffer.baseAddress! + buffer.count - start >= 16 {
            let first = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
            let second = UnsafeRawPointer(start + 8).loadUnaligned(as: UInt64.self)
            prefix = (Self.keep(first, bytes: bytes.count), Self.keep(second, bytes: bytes.count - 8))
        } else {
            prefix = Self.copiedPrefix(of: bytes)
        }
    }

    /// The line of `count` bytes at `start`, its words copied.
    init(storedAt start: UnsafePointer<UInt8>, count: Int) {
        bytes = UnsafeBufferPointer(start: start, count: count)
        prefix = Self.copiedPrefix(of: bytes)
    }

    private static func copiedPrefix(of line: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        let first = UnsafeRawBufferPointer(line).prefix(16)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: first)) }
        return words
    }

    /// `word`'s first `bytes` bytes in memory order (all of them for 8 or more, none for 0 or less).
    @inline(__always)
    private static func keep(_ word: UInt64, bytes: Int) -> UInt64 {
        if bytes >= 8 { return word }
        if bytes <= 0 { return 0 }
        let bits = UInt64(8 * bytes)
        // Memory order is the words' little- or big-endian order.
        return 1.littleEndian == 1 ? word & ((1 << bits) - 1) : word & ~(UInt64.max >> bits)
    }
}

/// A slot of the hash table: empty while `identifier` is 0; else the line's hash (its high 32
/// bits), its line number plus one, how many records it stands for, its length, and its first
/// 16 bytes, so that a line of 16 bytes or fewer is matched without reading it elsewhere.
private struct Slot {
    var tag: UInt32
    var identifier: UInt32
    var count: UInt32
    var length: UInt32
    var prefix: (UInt64, UInt64)
}

/// The memory of one shard of ``DistinctLines``: its lines, each one's first record, and the hash
/// table.
///
/// Sendability: `@unchecked` because it holds pointers to its memory. Each table is used by one
/// thread at a time: ``DistinctLines`` hands one to each thread of a `concurrentPerform` and
/// takes it back after the join.
private struct Table: @unchecked Sendable {
    /// The distinct lines' bytes, one after another, in the order they first came.
    var bytes = Storage<UInt8>()
    /// Where distinct line `i` starts in ``bytes``; entry `i + 1` is where it ends.
    var starts = Storage<Int>()
    /// The first record that each distinct line is.
    var firstRecords = Storage<UInt32>()
    var slots = Storage<Slot>()

    /// A table that holds no memory, for slots that are filled at once.
    static let empty = Table(holdingNothing: ())

    private init(holdingNothing: ()) {}

    init() {
        starts.reserve(1)
        starts.append(0)
        slots.resize(zeroedTo: 1 << 10)
    }

    func free() {
        bytes.free()
        starts.free()
        firstRecords.free()
        slots.free()
    }

    mutating func releaseSlots() {
        slots.free()
        slots = Storage()
    }

    var lineCount: Int { firstRecords.count }

    var memoryBytes: Int { bytes.count + 8 * starts.count + 4 * firstRecords.count + MemoryLayout<Slot>.stride * slots.capacity }

    func span(of line: Int) -> Range<Int> { starts[line]..<starts[line + 1] }

    /// How many records each line stands for.
    func counts() -> [Int] {
        precondition(slots.capacity > 0 || lineCount == 0, "counts are read before the table is given back")
        var counts = [Int](repeating: 0, count: lineCount)
        for index in 0..<slots.capacity where slots.base[index].identifier != 0 {
            counts[Int(slots.base[index].identifier) - 1] = Int(slots.base[index].count)
        }
        return counts
    }

    mutating func reserve(lines: Int, bytes byteCount: Int) {
        bytes.reserve(bytes.count + byteCount)
        starts.reserve(starts.count + lines)
        firstRecords.reserve(firstRecords.count + lines)
    }

    /// The first slot of the search for a line whose hash is `hash`.
    @inline(__always)
    private func slotIndex(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> 32) & (slots.capacity - 1)
    }

    @inline(__always)
    func prefetchSlot(_ hash: UInt64) {
        MemoryHints.prefetch(slots.base + slotIndex(hash))
    }

    /// Hints the bytes of the line in the first slot of `hash`'s search, if it is longer than the
    /// slot's 16.
    @inline(__always)
    func prefetchLongLine(_ hash: UInt64) {
        let slot = slots.base + slotIndex(hash)
        guard slot.pointee.length > 16 else { return }
        MemoryHints.prefetch(bytes.base + starts.base[Int(slot.pointee.identifier) - 1] + 16)
    }

    /// Counts `line` (record `record`, whose hash is `hash`) and returns its line number in this
    /// table; nil where a new line would need more than `slotLimit` slots.
    @inline(__always)
    mutating func insert(_ line: Line, hash: UInt64, record: Int, slotLimit: Int = .max) -> Int? {
        // At most three slots in four taken: each slot is 32 bytes.
        if 4 * (lineCount + 1) > 3 * slots.capacity {
            guard 2 * slots.capacity <= slotLimit else { return nil }
            grow()
        }
        let tag = UInt32(truncatingIfNeeded: hash >> 32), mask = slots.capacity - 1, length = line.bytes.count
        var index = slotIndex(hash)
        while true {
            let slot = slots.base + index
            if slot.pointee.identifier == 0 {
                let identifier = lineCount
                bytes.append(contentsOf: line.bytes)
                starts.append(bytes.count)
                firstRecords.append(UInt32(record))
                slot.pointee = Slot(tag: tag, identifier: UInt32(identifier + 1), count: 1, length: UInt32(length), prefix: line.prefix)
                return identifier
            }
            if slot.pointee.tag == tag && slot.pointee.length == UInt32(length) && slot.pointee.prefix == line.prefix {
                let identifier = Int(slot.pointee.identifier) - 1
                if length <= 16 || memcmp(bytes.base + starts.base[identifier] + 16, line.bytes.baseAddress! + 16, length - 16) == 0 {
                    slot.pointee.count += 1
                    return identifier
                }
            }
            index = (index + 1) & mask
        }
    }

    /// Puts `slot` in the first empty slot of its search.
    private mutating func place(_ slot: Slot) {
        let mask = slots.capacity - 1
        var index = Int(slot.tag) & mask
        while slots.base[index].identifier != 0 { index = (index + 1) & mask }
        slots.base[index] = slot
    }

    /// Doubles the table.
    private mutating func grow() {
        var old = Storage<Slot>()
        old.resize(zeroedTo: 2 * slots.capacity)
        swap(&old, &slots)
        for index in 0..<old.capacity where old.base[index].identifier != 0 { place(old.base[index]) }
        old.free()
    }

    /// Keeps the first `distinct` lines only, without their slots' counts.
    mutating func truncate(to distinct: Int) {
        bytes.truncate(to: starts.base[distinct])
        starts.truncate(to: distinct + 1)
        firstRecords.truncate(to: distinct)
    }

    /// Keeps the first `distinct` lines only, counted `counts` times.
    mutating func rollBack(to distinct: Int, counts: [UInt32]) {
        truncate(to: distinct)
        slots.resize(zeroedTo: slots.capacity)
        for line in 0..<distinct {
            let start = bytes.base + starts.base[line], length = starts.base[line + 1] - starts.base[line]
            let hash = DistinctLines.hash(UnsafeBufferPointer(start: start, count: length))
            place(
                Slot(
                    tag: UInt32(truncatingIfNeeded: hash >> 32), identifier: UInt32(line + 1), count: counts[line], length: UInt32(length),
                    prefix: Line(storedAt: start, count: length).prefix))
        }
    }
}

extension DistinctLines {
    /// The hashes of the records at `positions`, computed by `threads` threads.
    private static func hashes(of batch: RecordSet, positions: Range<Int>, threads: Int) -> [UInt64] {
        guard !positions.isEmpty else { return [] }
        let pieces = positions.count < 1 << 16 ? 1 : max(1, threads)
        let spans = batch.spans
        return [UInt64](unsafeUninitializedCapacity: positions.count) { hashes, count in
            let output = Slots(base: hashes.baseAddress!), bytes = batch.bytes
            DispatchQueue.concurrentPerform(iterations: pieces) { piece in
                let first = positions.count * piece / pieces, last = positions.count * (piece + 1) / pieces
                bytes.withUnsafeBufferPointer { input in
                    for offset in first..<last {
                        output.base[offset] = hash(UnsafeBufferPointer(rebasing: input[spans[positions.lowerBound + offset]]))
                    }
                }
            }
            count = positions.count
        }
    }

    /// How many distinct lines an input of `records` records whose first lines are `batch`'s is
    /// expected to have: Chao's estimate of the number of species in a population, from the
    /// batch's first `sampleSize` lines (the sample's distinct lines, plus, where the input is
    /// larger than the sample, f₁(f₁ - 1) / 2(f₂ + 1) for f₁ lines seen once and f₂ seen twice),
    /// hashed by `threads` threads.
    ///
    /// Lines are told apart by 32 bits of their hash, in a table of their own that holds no bytes:
    /// among a sample of a few hundred thousand lines, a few pairs at most share those bits, which
    /// an estimate does not see.
    ///
    /// - Complexity: O(m) for the m bytes of the sample.
    static func estimatedDistinctCount(in batch: RecordSet, sampleSize: Int, records: Int, threads: Int) -> Double {
        let count = min(batch.count, sampleSize)
        guard count > 0 else { return 0 }
        let hashes = Self.hashes(of: batch, positions: 0..<count, threads: threads)
        var capacity = 1
        while capacity < 2 * count { capacity <<= 1 }
        // A slot is a line's 32 bits (never 0) and its count.
        var slots = [UInt64](repeating: 0, count: capacity)
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = capacity - 1
            func key(_ hash: UInt64) -> UInt64 { max(1, hash >> 32) }
            for offset in 0..<count {
                if offset + 16 < count { MemoryHints.prefetch(slots.baseAddress! + Int(key(hashes[offset + 16])) & mask) }
                let key = key(hashes[offset])
                var index = Int(key) & mask
                while slots[index] != 0 && slots[index] >> 32 != key { index = (index + 1) & mask }
                slots[index] = slots[index] == 0 ? key << 32 | 1 : slots[index] + 1
            }
        }
        var distinct = 0.0, once = 0.0, twice = 0.0
        for slot in slots where slot != 0 {
            distinct += 1
            if slot & 0xFFFF_FFFF == 1 { once += 1 } else if slot & 0xFFFF_FFFF == 2 { twice += 1 }
        }
        return records > count ? distinct + once * (once - 1) / (2 * (twice + 1)) : distinct
    }

    /// A hash of `line`'s bytes, eight at a time.
    static func hash(_ line: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(line.count &+ 1)
        guard let base = line.baseAddress else { return hash }
        var offset = 0
        while offset + 8 <= line.count {
            hash = (hash ^ UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0, shift: UInt64 = 0
        while offset < line.count {
            tail |= UInt64(base[offset]) << shift
            shift += 8
            offset += 1
        }
        // A full avalanche last (MurmurHash3's finalizer): every bit of the result depends on
        // every byte, so that lines that differ in their last byte spread over the table's slots
        // (its high bits) and shards (its low bits).
        hash ^= tail
        hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        hash = (hash ^ (hash >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 33)
    }

    // MARK: Reading back

    /// The distinct lines, each once: their bytes and spans as one batch, shard after shard and
    /// in each shard in the order they first came; how many records each stands for, and the
    /// first record (in input order) each is.
    struct Distinct {
        var records: RecordSet
        var counts: [Int]
        var firstRecords: [Int]
    }

    func distinct(releasingTable: Bool = false) -> Distinct {
        // Each line's count is read from its slot before the slots are given back, and the
        // lines are copied after.
        let lineCounts = tables.map { $0.counts() }
        if releasingTable { releaseTable() }
        var counts: [Int] = [], firstRecords: [Int] = []
        counts.reserveCapacity(distinctCount)
        firstRecords.reserveCapacity(distinctCount)
        for (shard, table) in tables.enumerated() {
            counts += lineCounts[shard]
            for line in 0..<table.lineCount { firstRecords.append(Int(table.firstRecords[line])) }
        }
        return Distinct(records: distinctRecords(), counts: counts, firstRecords: firstRecords)
    }

    /// The distinct lines as one batch, shard after shard.
    private func distinctRecords() -> RecordSet {
        var set = RecordSet()
        set.bytes.reserveCapacity(distinctByteCount)
        set.spans.reserveCapacity(distinctCount)
        for table in tables {
            let base = set.bytes.count
            set.bytes.append(contentsOf: UnsafeBufferPointer(start: table.bytes.base, count: table.bytes.count))
            for line in 0..<table.lineCount {
                let span = table.span(of: line)
                set.spans.append(base + span.lowerBound..<base + span.upperBound)
            }
        }
        set.inputStarts = [("", 0, 1)]
        return set
    }

    /// Calls `body` with each record's distinct line (its position in ``distinct()``), in input
    /// order.
    ///
    /// - Complexity: O(n) for n records.
    func forEachRecord(_ body: (_ distinct: Int) -> Void) {
        let shards = tables.count
        var offsets = [0]
        for table in tables.dropLast() { offsets.append(offsets.last! + table.lineCount) }
        for record in 0..<recordCount {
            let identifier = Int(identifiers.base[record])
            body(offsets[identifier % shards] + identifier / shards)
        }
    }

    /// The records in input order, as batches of `batchCounts` records each, sharing the distinct
    /// lines' bytes.
    func records(inBatchesOf batchCounts: [Int]) -> [RecordSet] {
        let distinct = distinctRecords(), shards = tables.count
        var offsets = [0]
        for table in tables.dropLast() { offsets.append(offsets.last! + table.lineCount) }
        var sets: [RecordSet] = [], first = 0
        for count in batchCounts {
            var set = RecordSet()
            set.bytes = distinct.bytes
            set.inputStarts = distinct.inputStarts
            set.spans = RecordSpans(
                (first..<first + count).lazy.map { record in
                    let identifier = Int(self.identifiers.base[record])
                    return distinct.spans[offsets[identifier % shards] + identifier / shards]
                })
            sets.append(set)
            first += count
        }
        return sets
    }
}

/// Memory that the threads of a `concurrentPerform` write at the positions of their own records.
///
/// Sendability: `@unchecked` because it is a pointer. Each position is written by one thread
/// only, the memory outlives the `concurrentPerform`, and its join orders the writes before any
/// read.
private struct Slots<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}

/// Memory of `Element`s that ``DistinctLines`` manages: a count, a capacity reserved ahead, and
/// appends that do not check it (callers reserve first; debug builds check).
private struct Storage<Element: BitwiseCopyable> {
    private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 0)
    private(set) var count = 0
    private(set) var capacity = 0

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count)
        return base[index]
    }

    /// Makes room for `minimumCapacity` elements in all, at least doubling the capacity.
    mutating func reserve(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        let newCapacity = max(minimumCapacity, 2 * capacity)
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }

    /// Makes `count` zeroed elements in place of these (for the hash table).
    mutating func resize(zeroedTo count: Int) {
        base.deallocate()
        base = UnsafeMutablePointer<Element>.allocate(capacity: count)
        UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0, count: count * MemoryLayout<Element>.stride)
        self.count = count
        capacity = count
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        assert(count < capacity)
        base[count] = element
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        assert(count + elements.count <= capacity)
        if let source = elements.baseAddress { (base + count).update(from: source, count: elements.count) }
        count += elements.count
    }

    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    /// Counts as written the elements up to `newCount`, which the caller has initialized.
    mutating func setCount(_ newCount: Int) {
        precondition(newCount >= count && newCount <= capacity)
        count = newCount
    }

    func array() -> [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func free() { base.deallocate() }
}
