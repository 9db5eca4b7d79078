import Foundation

/// Sections and sorts items in 24 bytes each, however long their keys: the command-line tool's
/// in-memory sort for inputs that would not fit beside the full-key engine's entries.
///
/// Each item's full sort key is computed once, while its batch is at hand, and only its section
/// and the first 19 bytes of the key are kept (``PrefixEntry``). Sorting is in place. Items whose
/// sections and prefixes are equal (a tie group) get their keys computed again, once per distinct
/// text in the group, and are ordered by full key, then input order: so the order and sections
/// are exactly those of ``IndexedCollation/sectionedOrder(of:options:progress:sortedKeys:)``.
///
/// Only primary keys: no secondary keys and no readings of their own (Chinese names read from the
/// keys are fine), and at most 256 sections (``supports(_:)``).
///
/// Use: ``append(_:identifiers:)`` the batches in input order from one thread, then
/// ``sort(keyOf:)`` once, then read ``identifier(at:)`` from any thread.
///
/// Sendability: `@unchecked` because it owns a raw buffer. It is sound under the use above:
/// `append` and `sort` mutate only on the calling thread and inside their own parallel phases
/// (each job writes its own entries, joined before they return); after `sort` the entries are
/// only read.
package final class CompactSorter: @unchecked Sendable {
    /// Calls its second argument once, synchronously, with the key text (UTF-8) of the item with
    /// the identifier given; called from several threads at once.
    package typealias KeyReader = @Sendable (_ identifier: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Void

    /// Bytes each item takes.
    package static let bytesPerItem = MemoryLayout<PrefixEntry>.stride

    private let collation: IndexedCollation
    private let options: SectioningOptions
    private let entries: UnsafeMutableBufferPointer<PrefixEntry>
    /// Items appended so far.
    package private(set) var count = 0
    private var sections: [SectionedOrder.Section] = []

    /// Whether `collation`'s sections fit a prefix entry's section byte.
    package static func supports(_ collation: IndexedCollation) -> Bool { collation.sectionTitles.count <= 256 }

    /// A sorter for at most `capacity` items. Memory is reserved, not touched: pages count only
    /// once entries are written to them.
    package init(collation: IndexedCollation, options: SectioningOptions, capacity: Int) {
        precondition(Self.supports(collation), "the compact sorter handles at most 256 sections")
        self.collation = collation
        self.options = options
        entries = .allocate(capacity: max(1, capacity))
    }

    deinit { entries.deallocate() }

    /// The most items the sorter holds.
    package var capacity: Int { entries.count }

    /// Computes the entries of `keys` (primary keys only), one chunk per job on the configured
    /// threads. `identifiers(i)` names key `i`; identifiers must ascend across all calls.
    ///
    /// - Complexity: O(n·m) for n keys of average length m, divided among the threads.
    package func append(_ keys: UTF8Keys, identifiers: @Sendable (Int) -> UInt32) {
        precondition(keys.readReading == nil, "the compact sorter does not take readings")
        precondition(keys.unescaping == nil, "the compact sorter does not take escaped keys")
        precondition(count + keys.count <= capacity, "more items than the sorter's capacity")
        let total = keys.count
        guard total > 0 else { return }
        let input = keys.input(options)
        let pool = WorkerPool(threads: options.threads)
        let chunkSize = max(256, min(4096, total / (pool.threads * 8)))
        let chunkCount = (total + chunkSize - 1) / chunkSize
        let destination = SharedMutableBuffer(UnsafeMutableBufferPointer(rebasing: entries[count..<count + total]))
        let names = options.readsChineseNames ? collation.chineseNameReader() : nil
        let collation = self.collation, options = self.options
        let table = Self.keyTable(of: collation, options: options, count: count + total)
        pool.run(chunkCount) { chunk in
            let items = chunk * chunkSize..<min(total, (chunk + 1) * chunkSize)
            let buffer = KeyBuffer(capacity: 512)
            ChineseNameReader.withWorker(of: names) { nameReader in
                collation.withKeyWriter(method: options.keyMethod, table: table) { keys in
                    collation.locator.withLookup { lookup in
                        input.forEachKey(in: items) { item, primary, secondaries, reading in
                            precondition(secondaries.isEmpty, "the compact sorter does not take secondary keys")
                            buffer.removeAll()
                            let section = SectioningEngine.appendKey(
                                primary: primary, secondary: nil, reading: reading, hasReadings: input.hasReadings,
                                names: nameReader, directions: (options.order, options.secondaryOrder),
                                keys: keys, lookup: lookup, to: buffer)
                            destination[item] = PrefixEntry(
                                section: section, key: UnsafeBufferPointer(start: buffer.pointer(at: 0), count: buffer.count),
                                identifier: identifiers(item))
                        }
                    }
                }
            }
        }
        count += total
    }

    /// Sorts the items and returns the sections in display order, as ranges of positions for
    /// ``identifier(at:)``.
    ///
    /// - Parameter keyOf: reads an item's key text again, for the items in tie groups.
    /// - Complexity: O(n · d) in-place radix passes for d distinguishing prefix bytes, plus the
    ///   keys of the items in tie groups, computed again.
    package func sort(keyOf: @escaping KeyReader) -> [SectionedOrder.Section] {
        let sorted = UnsafeMutableBufferPointer(rebasing: entries[0..<count])
        let pool = WorkerPool(threads: options.threads)
        // The first pass, by section, gives the section ranges; the second, by the first key byte,
        // inside each section in parallel, gives jobs of a size that balances across threads.
        var sectionStarts = [Int](repeating: 0, count: collation.sectionTitles.count + 1)
        let bySection = PrefixEntrySorting.distribute(sorted, byte: 0)
        for range in bySection { sectionStarts[sorted[range.lowerBound].section + 1] = range.upperBound }
        for section in 1..<sectionStarts.count where sectionStarts[section] == 0 { sectionStarts[section] = sectionStarts[section - 1] }
        let shared = SharedMutableBuffer(sorted)
        let buckets = Locked<[[Range<Int>]]>(Array(repeating: [], count: bySection.count))
        pool.run(bySection.count) { job in
            let range = bySection[job]
            let inner = PrefixEntrySorting.distribute(shared.slice(range), byte: 1)
            buckets.withLock { $0[job] = inner.map { $0.lowerBound + range.lowerBound..<$0.upperBound + range.lowerBound } }
        }
        // Largest first, so that the last job to start is a small one.
        let jobs = buckets.withLock { $0.joined().sorted { ($0.count, $1.lowerBound) > ($1.count, $0.lowerBound) } }
        let names = options.readsChineseNames ? collation.chineseNameReader() : nil
        let collation = self.collation, options = self.options
        let table = Self.keyTable(of: collation, options: options, count: count)
        pool.run(jobs.count) { job in
            let range = shared.slice(jobs[job])
            PrefixEntrySorting.sort(range, fromByte: 2)
            ChineseNameReader.withWorker(of: names) { nameReader in
                collation.withKeyWriter(method: options.keyMethod, table: table) { keyWriter in
                    collation.locator.withLookup { lookup in
                        var resolver = TieResolver(
                            keyOf: keyOf, options: options, hasReadings: options.readsChineseNames, names: nameReader,
                            keyWriter: keyWriter, lookup: lookup)
                        resolver.resolveTies(in: range)
                    }
                }
            }
        }
        sections = []
        for (rank, section) in collation.displayOrder(options).enumerated() {
            let positions = sectionStarts[section]..<sectionStarts[section + 1]
            guard options.includesEmptySections || !positions.isEmpty else { continue }
            sections.append(SectionedOrder.Section(title: collation.sectionTitles[section], rank: rank, positions: positions))
        }
        return sections
    }

    /// The collation's key table for `count` items, as the engine takes it.
    private static func keyTable(of collation: IndexedCollation, options: SectioningOptions, count: Int) -> SortKeyTable? {
        var configuration = EngineConfiguration()
        configuration.keyMethod = options.keyMethod
        return configuration.keyTable(of: collation, count: count)
    }

    /// The identifier of the item at `position` of the sorted order.
    @inline(__always)
    package func identifier(at position: Int) -> UInt32 {
        precondition(position >= 0 && position < count, "position out of range")
        return entries[position].identifier
    }
}

/// Puts the tie groups of sorted entries (equal sections and prefixes) in order by full key,
/// then identifier.
private struct TieResolver {
    let keyOf: CompactSorter.KeyReader
    let options: SectioningOptions
    let hasReadings: Bool
    let names: ChineseNameReader.Worker?
    let keyWriter: SortKeyWriter
    let lookup: SectionLocator.Lookup
    /// The keys of the group in hand.
    private let keys = KeyBuffer(capacity: 4096)
    /// The group's members, and the distinct text each has (an index into `texts`).
    private var members: [(hash: UInt64, identifier: UInt32, text: Int)] = []
    /// The keys of the group's distinct texts, in `keys`.
    private var texts: [Range<Int>] = []

    init(
        keyOf: @escaping CompactSorter.KeyReader, options: SectioningOptions, hasReadings: Bool, names: ChineseNameReader.Worker?,
        keyWriter: SortKeyWriter, lookup: SectionLocator.Lookup
    ) {
        self.keyOf = keyOf
        self.options = options
        self.hasReadings = hasReadings
        self.names = names
        self.keyWriter = keyWriter
        self.lookup = lookup
    }

    mutating func resolveTies(in entries: UnsafeMutableBufferPointer<PrefixEntry>) {
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count && PrefixEntry.ties(entries[start], entries[end]) { end += 1 }
            if end - start > 1 { resolve(UnsafeMutableBufferPointer(rebasing: entries[start..<end])) }
            start = end
        }
    }

    /// Orders one tie group: a key per distinct text (texts with equal bytes have equal keys).
    ///
    /// The group's entries come in identifier order (the radix passes end by identifier), so a
    /// group of one text repeated (most tie groups of generated names) is already in order.
    private mutating func resolve(_ group: UnsafeMutableBufferPointer<PrefixEntry>) {
        var first: [UInt8] = []
        keyOf(group[0].identifier) { first = Array($0) }
        var allSame = true
        for entry in group.dropFirst() where allSame {
            keyOf(entry.identifier) { text in
                allSame =
                    text.count == first.count
                    && first.withUnsafeBufferPointer { first in
                        text.isEmpty || memcmp(first.baseAddress!, text.baseAddress!, text.count) == 0
                    }
            }
        }
        if allSame { return }
        members.removeAll(keepingCapacity: true)
        for entry in group { members.append((hash(entry.identifier), entry.identifier, 0)) }
        members.sort { ($0.hash, $0.identifier) < ($1.hash, $1.identifier) }
        keys.removeAll()
        texts.removeAll(keepingCapacity: true)
        var representative = 0
        for index in members.indices {
            if index > 0 && members[index].hash == members[representative].hash
                && sameText(members[index].identifier, members[representative].identifier)
            {
                members[index].text = members[representative].text
                continue
            }
            representative = index
            let start = keys.count
            keyOf(members[index].identifier) { text in
                _ = SectioningEngine.appendKey(
                    primary: text, secondary: nil, hasReadings: hasReadings, names: names,
                    directions: (options.order, options.secondaryOrder),
                    keys: keyWriter, lookup: lookup, to: keys)
            }
            texts.append(start..<keys.count)
            members[index].text = texts.count - 1
        }
        // Each distinct text's rank in key order; texts with equal keys share one.
        let buffer = keys, distinct = texts
        let byKey = distinct.indices.sorted { Self.compare(buffer, distinct[$0], distinct[$1]) < 0 }
        var ranks = [Int](repeating: 0, count: distinct.count), rank = 0
        for (position, text) in byKey.enumerated() {
            if position > 0 && Self.compare(buffer, distinct[byKey[position - 1]], distinct[text]) != 0 { rank += 1 }
            ranks[text] = rank
        }
        members.sort { (ranks[$0.text], $0.identifier) < (ranks[$1.text], $1.identifier) }
        for (index, member) in members.enumerated() { group[index].identifier = member.identifier }
    }

    /// A hash of the text of the item `identifier` names.
    private func hash(_ identifier: UInt32) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        keyOf(identifier) { text in
            for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return hash
    }

    private func sameText(_ a: UInt32, _ b: UInt32) -> Bool {
        var same = false
        keyOf(a) { first in
            keyOf(b) { second in
                same = first.count == second.count && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
            }
        }
        return same
    }

    /// Byte order of two keys in `buffer` (a shorter key that is a prefix of the other goes first).
    private static func compare(_ buffer: KeyBuffer, _ a: Range<Int>, _ b: Range<Int>) -> Int {
        let shared = min(a.count, b.count)
        let x = buffer.pointer(at: a.lowerBound), y = buffer.pointer(at: b.lowerBound)
        for offset in 0..<shared where x[offset] != y[offset] { return x[offset] < y[offset] ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
