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
/// ``sort(keyOf:prefetchKeyOf:leavingSmallTies:)`` once, then read ``identifier(at:)`` from any
/// thread; after a sort that left small ties, ``resolveTies(in:keyOf:prefetchKeyOf:)`` for pieces
/// of positions (from several threads, pieces that do not overlap) before their identifiers are
/// read. Where the caller lets repeated texts share an identifier (`repeatedTextsShareIdentifiers`),
/// the items of a tie group that have one text all read the identifier of one of them: a caller
/// that reads texts by identifier (to write them) then reads each text once, from the cache,
/// however often it repeats.
///
/// Sendability: `@unchecked` because it owns a raw buffer. It is sound under the use above:
/// `append` and `sort` mutate only on the calling thread and inside their own parallel phases
/// (each job writes its own entries, joined before they return); `resolveTies(in:)` writes only the
/// identifiers of its range, which the callers keep apart, and reads only the prefixes of the
/// entries around it; after that, the entries are only read.
package final class CompactSorter: @unchecked Sendable {
    /// Calls its second argument once, synchronously, with the key text (UTF-8) of the item with
    /// the identifier given; called from several threads at once.
    package typealias KeyReader = @Sendable (_ identifier: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    /// Hints that the key text of the item with the identifier given is read soon
    /// (``MemoryHints/prefetch(_:)``); called from several threads at once.
    package typealias KeyPrefetcher = @Sendable (_ identifier: UInt32) -> Void
    /// Whether the key text of the item with the identifier given is the text given, as
    /// ``KeyReader`` would read it (a reader that knows the text's length can skip finding where
    /// the item's text ends); called from several threads at once.
    package typealias KeyMatcher = @Sendable (_ identifier: UInt32, _ text: UnsafeBufferPointer<UInt8>) -> Bool

    /// Bytes each item takes.
    package static let bytesPerItem = MemoryLayout<PrefixEntry>.stride

    private let collation: IndexedCollation
    private let options: SectioningOptions
    private let repeatedTextsShareIdentifiers: Bool
    private let entries: UnsafeMutableBufferPointer<PrefixEntry>
    /// Items appended so far. Not checked for exclusive access at run time (every read of an
    /// identifier reads it, from the writer's threads): only `append` changes it, on the thread
    /// that appends, before any other thread reads it (see the use above).
    @exclusivity(unchecked) package private(set) var count = 0
    private var sections: [SectionedOrder.Section] = []
    /// The key table and Chinese name reader that tie groups' keys are computed with: set by the
    /// sort, before the threads that resolve ties read them.
    private var tieKeys: (table: SortKeyTable?, names: ChineseNameReader?) = (nil, nil)

    /// Whether `collation`'s sections fit a prefix entry's section byte.
    package static func supports(_ collation: IndexedCollation) -> Bool { collation.sectionTitles.count <= 256 }

    /// A sorter for at most `capacity` items. Memory is reserved, not touched: pages count only
    /// once entries are written to them. With `repeatedTextsShareIdentifiers`, the items of a tie
    /// group whose texts are the same bytes end with one identifier, one of theirs (for a caller
    /// to whom any of them names the same record, not one that needs each item's own).
    package init(collation: IndexedCollation, options: SectioningOptions, capacity: Int, repeatedTextsShareIdentifiers: Bool = false) {
        precondition(Self.supports(collation), "the compact sorter handles at most 256 sections")
        self.collation = collation
        self.options = options
        self.repeatedTextsShareIdentifiers = repeatedTextsShareIdentifiers
        entries = .allocate(capacity: max(1, capacity))
    }

    deinit { entries.deallocate() }

    /// The most items the sorter holds.
    package var capacity: Int { entries.count }

    /// Computes the entries of `keys` (primary keys only), one chunk per job on the configured
    /// threads. `identifiers(i)` names key `i`; identifiers must strictly ascend across all calls.
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
    /// With `leavingSmallTies`, tie groups (items with equal sections and prefixes) of at most
    /// ``largeTieGroup`` items are left in identifier order: the caller puts every position in
    /// order with ``resolveTies(in:keyOf:prefetchKeyOf:)`` before it reads its identifier. A
    /// caller that reads every item's text in sorted order anyway (to write it) resolves the ties
    /// of a piece just before, so that each text read for a tie is read again from the cache.
    ///
    /// - Parameters:
    ///   - keyOf: reads an item's key text again, for the items in tie groups.
    ///   - prefetchKeyOf: hints that an item's key text is read soon: called for tie groups' items
    ///     a few groups ahead of reading them, so that their reads overlap (not when leaving small
    ///     ties: the large groups' texts are read one group at a time).
    ///   - keyMatches: tells whether an item's key text is a given one, in place of reading it
    ///     with `keyOf` and comparing (nil: `keyOf`).
    ///   - leavingSmallTies: whether groups of at most ``largeTieGroup`` items are left for
    ///     ``resolveTies(in:keyOf:prefetchKeyOf:keyMatches:)``.
    /// - Complexity: O(n · d) in-place radix passes for d distinguishing prefix bytes, plus the
    ///   keys of the items in tie groups, computed again.
    package func sort(
        keyOf: @escaping KeyReader, prefetchKeyOf: KeyPrefetcher? = nil, keyMatches: KeyMatcher? = nil,
        leavingSmallTies: Bool = false
    ) -> [SectionedOrder.Section] {
        let sorted = UnsafeMutableBufferPointer(rebasing: entries[0..<count])
        let pool = WorkerPool(threads: options.threads)
        tieKeys = (
            Self.keyTable(of: collation, options: options, count: count), options.readsChineseNames ? collation.chineseNameReader() : nil
        )
        // The first pass, by section and first key byte, gives the section ranges, and jobs of a
        // size that balances across threads.
        var sectionStarts = [Int](repeating: 0, count: collation.sectionTitles.count + 1)
        let buckets = PrefixEntrySorting.distributeByFirstTwoBytes(sorted)
        for range in buckets { sectionStarts[sorted[range.lowerBound].section + 1] = range.upperBound }
        for section in 1..<sectionStarts.count where sectionStarts[section] == 0 { sectionStarts[section] = sectionStarts[section - 1] }
        let shared = SharedMutableBuffer(sorted)
        // Largest first, so that the last job to start is a small one. A job is one bucket of the
        // first two radix bytes, so no tie group crosses its ends.
        let jobs = buckets.sorted { ($0.count, $1.lowerBound) > ($1.count, $0.lowerBound) }
        pool.run(jobs.count) { job in
            PrefixEntrySorting.sort(shared.slice(jobs[job]), fromByte: 2)
            // Large groups' texts are read one group at a time, without hints.
            self.withTieResolver(
                keyOf: keyOf, prefetchKeyOf: leavingSmallTies ? nil : prefetchKeyOf, keyMatches: keyMatches,
                groupSizes: leavingSmallTies ? Self.largeTieGroup + 1...Int.max : 2...Int.max
            ) { $0.resolveTies(in: shared.slice(jobs[job])) }
        }
        sections = []
        for (rank, section) in collation.displayOrder(options).enumerated() {
            let positions = sectionStarts[section]..<sectionStarts[section + 1]
            guard options.includesEmptySections || !positions.isEmpty else { continue }
            sections.append(SectionedOrder.Section(title: collation.sectionTitles[section], rank: rank, positions: positions))
        }
        return sections
    }

    /// Tie groups larger than this are put in order by the sort itself, even when it leaves
    /// ties: so that ranges for ``resolveTies(in:keyOf:prefetchKeyOf:)`` (pieces of output, which
    /// the writer holds rendered) can always be cut within this many positions.
    package static let largeTieGroup = 4096

    /// The first position at or after `position` where a range given to
    /// ``resolveTies(in:keyOf:prefetchKeyOf:)`` may start or end, after a sort that left small
    /// ties: `position` itself where it starts a tie group, stands alone, or lies inside a group
    /// that goes on for more than ``largeTieGroup`` positions (which the sort put in order); else
    /// the end of its group.
    ///
    /// - Complexity: O(``largeTieGroup``) at most.
    package func tieGroupStart(atOrAfter position: Int) -> Int {
        precondition(position >= 0 && position <= count, "position out of range")
        var start = position
        while start > 0 && start < count && prefixesTie(start - 1, start) {
            start += 1
            if start - position > Self.largeTieGroup { return position }
        }
        return start
    }

    /// Whether the entries at `a` and `b` have equal sections and prefixes. Reads their prefixes
    /// alone: another thread may be rewriting the identifiers of a neighbouring range's groups.
    @inline(__always)
    private func prefixesTie(_ a: Int, _ b: Int) -> Bool {
        entries[a].high == entries[b].high && entries[a].middle == entries[b].middle && entries[a].low == entries[b].low
    }

    /// Puts the tie groups of `positions` in order by full key, then identifier, after a sort
    /// that left small ties; `positions` must start and end where ``tieGroupStart(atOrAfter:)``
    /// says a range may. Several threads may call it at once for ranges that do not overlap. The
    /// part of a large group (put in order by the sort) at either end is left as it is.
    ///
    /// - Parameters:
    ///   - keyOf: reads an item's key text again.
    ///   - prefetchKeyOf: hints that an item's key text is read soon.
    ///   - keyMatches: tells whether an item's key text is a given one (nil: `keyOf`).
    /// - Complexity: O(n) for n positions, plus the keys of the tie groups' distinct texts.
    package func resolveTies(
        in positions: Range<Int>, keyOf: @escaping KeyReader, prefetchKeyOf: KeyPrefetcher? = nil, keyMatches: KeyMatcher? = nil
    ) {
        precondition(positions.lowerBound >= 0 && positions.upperBound <= count, "positions out of range")
        precondition(
            tieGroupStart(atOrAfter: positions.lowerBound) == positions.lowerBound
                && tieGroupStart(atOrAfter: positions.upperBound) == positions.upperBound,
            "a range that cuts a small tie group")
        // A range that starts or ends inside a group starts or ends inside a large one.
        var start = positions.lowerBound, end = positions.upperBound
        while start > 0 && start < end && prefixesTie(start - 1, start) { start += 1 }
        while end < count && end > start && prefixesTie(end - 1, end) { end -= 1 }
        guard end - start > 1 else { return }
        // Larger groups wholly inside the range the sort has ordered already.
        withTieResolver(keyOf: keyOf, prefetchKeyOf: prefetchKeyOf, keyMatches: keyMatches, groupSizes: 2...Self.largeTieGroup) {
            $0.resolveTies(in: UnsafeMutableBufferPointer(rebasing: entries[start..<end]))
        }
    }

    /// Calls `body` with a resolver of the groups whose sizes are in `groupSizes`.
    private func withTieResolver(
        keyOf: @escaping KeyReader, prefetchKeyOf: KeyPrefetcher?, keyMatches: KeyMatcher?, groupSizes: ClosedRange<Int>,
        _ body: (inout TieResolver) -> Void
    ) {
        let (table, names) = tieKeys
        ChineseNameReader.withWorker(of: names) { nameReader in
            collation.withKeyWriter(method: options.keyMethod, table: table) { keyWriter in
                collation.locator.withLookup { lookup in
                    var resolver = TieResolver(
                        keyOf: keyOf, prefetchKeyOf: prefetchKeyOf, keyMatches: keyMatches, groupSizes: groupSizes,
                        sharesIdentifiers: repeatedTextsShareIdentifiers, options: options, hasReadings: options.readsChineseNames,
                        names: nameReader, keyWriter: keyWriter, lookup: lookup)
                    body(&resolver)
                }
            }
        }
    }

    /// The collation's key table for `count` items, as the engine takes it.
    private static func keyTable(of collation: IndexedCollation, options: SectioningOptions, count: Int) -> SortKeyTable? {
        var configuration = EngineConfiguration()
        configuration.keyMethod = options.keyMethod
        return configuration.keyTable(of: collation, count: count)
    }

    /// The identifier of the item at `position` of the sorted order (with
    /// `repeatedTextsShareIdentifiers`, perhaps that of another item of the same text).
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
    let prefetchKeyOf: CompactSorter.KeyPrefetcher?
    let keyMatches: CompactSorter.KeyMatcher?
    /// Groups of other sizes are left as they are; from 2 up (a single entry is not a group).
    let groupSizes: ClosedRange<Int>
    /// Whether the members of a group that have one text all get one identifier of theirs.
    let sharesIdentifiers: Bool
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
        keyOf: @escaping CompactSorter.KeyReader, prefetchKeyOf: CompactSorter.KeyPrefetcher?, keyMatches: CompactSorter.KeyMatcher?,
        groupSizes: ClosedRange<Int>, sharesIdentifiers: Bool, options: SectioningOptions, hasReadings: Bool,
        names: ChineseNameReader.Worker?, keyWriter: SortKeyWriter, lookup: SectionLocator.Lookup
    ) {
        self.keyOf = keyOf
        self.prefetchKeyOf = prefetchKeyOf
        self.keyMatches = keyMatches
        precondition(groupSizes.lowerBound >= 2, "a tie group has two entries or more")
        self.groupSizes = groupSizes
        self.sharesIdentifiers = sharesIdentifiers
        self.options = options
        self.hasReadings = hasReadings
        self.names = names
        self.keyWriter = keyWriter
        self.lookup = lookup
    }

    /// How many entries ahead of the group in hand tie groups' texts are hinted.
    static let prefetchDistance = 64

    mutating func resolveTies(in entries: UnsafeMutableBufferPointer<PrefixEntry>) {
        // Copied out once: called through `self` inside a mutating method, each call would retain
        // and release its closure.
        let keyOf = self.keyOf, keyMatches = self.keyMatches
        let hints = self.prefetchKeyOf != nil, prefetchKeyOf = self.prefetchKeyOf ?? { _ in }
        // Where every key's only zero byte is its last (ICU's sort keys, unless a descending order
        // complements them or a Chinese-name reading's key comes before the item's), an entry
        // whose prefix ends in a zero byte holds its key whole: a group of such entries has
        // equal keys, and is in order as it is.
        let keysEndWithTheirOnlyZero = options.order == .forward && !hasReadings
        let holdsWholeKey = { (entry: PrefixEntry) in keysEndWithTheirOnlyZero && entry.endsWithinPrefix }
        var start = 0
        // The entries up to here whose texts were hinted (those in tie groups).
        var hinted = 0
        while start < entries.count {
            // Tie groups' texts are scattered over the input: hinted this many entries ahead, the
            // reads of several groups are in flight at once.
            let through = hints ? min(entries.count, start + Self.prefetchDistance) : 0
            while hinted < through {
                if !holdsWholeKey(entries[hinted])
                    && ((hinted > 0 && PrefixEntry.ties(entries[hinted - 1], entries[hinted]))
                        || (hinted + 1 < entries.count && PrefixEntry.ties(entries[hinted], entries[hinted + 1])))
                {
                    prefetchKeyOf(entries[hinted].identifier)
                }
                hinted += 1
            }
            var end = start + 1
            while end < entries.count && PrefixEntry.ties(entries[start], entries[end]) { end += 1 }
            if groupSizes.contains(end - start) && !holdsWholeKey(entries[start]) {
                let group = UnsafeMutableBufferPointer(rebasing: entries[start..<end])
                // The group's entries come in identifier order (the radix passes end by
                // identifier), so a group of one text repeated (most tie groups of generated
                // names) is already in order.
                if !Self.textsAreAllSame(group, keyOf: keyOf, keyMatches: keyMatches) {
                    resolve(group)
                } else if sharesIdentifiers {
                    let first = group[0].identifier
                    for index in group.indices { group[index].identifier = first }
                }
            }
            start = end
        }
    }

    /// Whether every entry of `group` has the same text.
    private static func textsAreAllSame(
        _ group: UnsafeMutableBufferPointer<PrefixEntry>, keyOf: @escaping CompactSorter.KeyReader,
        keyMatches: CompactSorter.KeyMatcher?
    ) -> Bool {
        var allSame = true
        keyOf(group[0].identifier) { first in
            if let keyMatches {
                allSame = group.dropFirst().allSatisfy { keyMatches($0.identifier, first) }
                return
            }
            for entry in group.dropFirst() where allSame {
                keyOf(entry.identifier) { text in
                    allSame = text.count == first.count && (text.isEmpty || memcmp(first.baseAddress!, text.baseAddress!, text.count) == 0)
                }
            }
        }
        return allSame
    }

    /// Orders one tie group whose texts are not all the same: a key per distinct text (texts
    /// with equal bytes have equal keys).
    private mutating func resolve(_ group: UnsafeMutableBufferPointer<PrefixEntry>) {
        // Copied out once: a closure that reads them through `self` in a mutating method copied
        // the whole resolver (a retain and a release of each of its references) at every call.
        let keyOf = self.keyOf, keys = self.keys, keyWriter = self.keyWriter, lookup = self.lookup, names = self.names
        let hasReadings = self.hasReadings, directions = (options.order, options.secondaryOrder)
        members.removeAll(keepingCapacity: true)
        for entry in group { members.append((Self.hash(entry.identifier, keyOf: keyOf), entry.identifier, 0)) }
        members.sort { ($0.hash, $0.identifier) < ($1.hash, $1.identifier) }
        keys.removeAll()
        texts.removeAll(keepingCapacity: true)
        var representative = 0
        for index in members.indices {
            if index > 0 && members[index].hash == members[representative].hash
                && Self.sameText(members[index].identifier, members[representative].identifier, keyOf: keyOf)
            {
                members[index].text = members[representative].text
                continue
            }
            representative = index
            let start = keys.count
            keyOf(members[index].identifier) { text in
                _ = SectioningEngine.appendKey(
                    primary: text, secondary: nil, hasReadings: hasReadings, names: names, directions: directions,
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
        // Where members share, a text's first member (in hash order) stands for all of them.
        var textIdentifiers = [UInt32](repeating: 0, count: sharesIdentifiers ? distinct.count : 0)
        if sharesIdentifiers {
            for member in members.reversed() { textIdentifiers[member.text] = member.identifier }
        }
        members.sort { (ranks[$0.text], $0.identifier) < (ranks[$1.text], $1.identifier) }
        for (index, member) in members.enumerated() {
            group[index].identifier = sharesIdentifiers ? textIdentifiers[member.text] : member.identifier
        }
    }

    /// A hash of the text of the item `identifier` names.
    private static func hash(_ identifier: UInt32, keyOf: @escaping CompactSorter.KeyReader) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        keyOf(identifier) { text in
            for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return hash
    }

    private static func sameText(_ a: UInt32, _ b: UInt32, keyOf: @escaping CompactSorter.KeyReader) -> Bool {
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
