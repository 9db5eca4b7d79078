import Dispatch
import Foundation
import Synchronization
import Testing

@testable import SectionSort

/// The compact sorter keeps 19 key bytes per item and sorts tie groups by keys computed again: its
/// order and sections must be the full-key engine's, byte for byte, above all where prefixes tie.
@Suite struct CompactSorterTests {
    /// Texts that tie heavily: long shared starts (longer than a prefix), exact duplicates, empty
    /// texts, keys shorter and longer than the prefix, accents and case, several scripts.
    private static func tyingTexts(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        let starts = ["", "Anna-Karin Anderssonsdotter ", "Anna-Karin Anderssonsdotter", "Åsa ", "Öberg", "林", "Жанна ", "12", "ǅemal "]
        let pieces = ["a", "A", "á", "Å", "ä", "ö", "o", "z", " ", "-", "ж", "Ж", "林", "東", "1", "9", "ß", "ss", "e\u{301}", "é", "😀"]
        var texts: [[UInt8]] = []
        for _ in 0..<count {
            if !texts.isEmpty && Int.random(in: 0..<5, using: &generator) == 0 {
                texts.append(texts[Int.random(in: 0..<texts.count, using: &generator)])  // an exact duplicate
                continue
            }
            var text = starts[Int.random(in: 0..<starts.count, using: &generator)]
            for _ in 0..<Int.random(in: 0...6, using: &generator) { text += pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
            texts.append(Array(text.utf8))
        }
        return texts
    }

    /// The compact sorter's sections and order, the texts appended in batches of `batchSizes`
    /// (cycled) and identified by `3 * item + 5` (ascending, not the item numbers).
    private static func compactOrder(
        _ texts: [[UInt8]], collation: IndexedCollation, options: SectioningOptions, batchSizes: [Int]
    ) -> (titles: [String], ranks: [Int], order: [[Int]]) {
        let sorter = filledSorter(texts, collation: collation, options: options, batchSizes: batchSizes)
        let sections = sorter.sort { identifier, body in texts[(Int(identifier) - 5) / 3].withUnsafeBufferPointer { body($0) } }
        return (
            sections.map(\.title), sections.map(\.rank),
            sections.map { $0.positions.map { (Int(sorter.identifier(at: $0)) - 5) / 3 } }
        )
    }

    /// A compact sorter holding `texts`, appended in batches of `batchSizes` (cycled) and
    /// identified by `3 * item + 5`.
    private static func filledSorter(
        _ texts: [[UInt8]], collation: IndexedCollation, options: SectioningOptions, batchSizes: [Int],
        repeatedTextsShareIdentifiers: Bool = false
    ) -> CompactSorter {
        let sorter = CompactSorter(
            collation: collation, options: options, capacity: texts.count, repeatedTextsShareIdentifiers: repeatedTextsShareIdentifiers)
        var start = 0, batch = 0
        while start < texts.count {
            let end = min(texts.count, start + batchSizes[batch % batchSizes.count])
            let first = start
            let keys = UTF8Keys(count: end - start) { item, body in
                texts[first + item].withUnsafeBufferPointer { body($0, SecondaryKeys()) }
            }
            sorter.append(keys) { UInt32(3 * (first + $0) + 5) }
            start = end
            batch += 1
        }
        #expect(sorter.count == texts.count)
        return sorter
    }

    private static func engineOrder(
        _ texts: [[UInt8]], collation: IndexedCollation, options: SectioningOptions
    ) throws -> (titles: [String], ranks: [Int], order: [[Int]]) {
        let keys = UTF8Keys(count: texts.count) { item, body in texts[item].withUnsafeBufferPointer { body($0, SecondaryKeys()) } }
        let sorted = try collation.sectionedOrder(of: keys, options: options)
        return (sorted.sections.map(\.title), sorted.sections.map(\.rank), sorted.sections.map { Array(sorted.order[$0.positions]) })
    }

    @Test(arguments: [
        ("sv_SE", CollationOptions()), ("en_US", CollationOptions(ignoresAccents: true)), ("ru_RU", CollationOptions(ignoresCase: true)),
        ("sv_SE", CollationOptions(otherSection: .first)),
    ])
    func sameOrderAsTheFullKeyEngine(locale: String, collationOptions: CollationOptions) throws {
        let collation = try IndexedCollation(locale: locale, options: collationOptions)
        let texts = Self.tyingTexts(count: 3000, seed: 41)
        for threads in 1...4 {
            for direction in [SortOrder.forward, .reverse] {
                var options = SectioningOptions(order: direction, threads: threads)
                options.includesEmptySections = threads == 3
                let expected = try Self.engineOrder(texts, collation: collation, options: options)
                for batchSizes in [[texts.count], [1, 7, 300], [1000]] {
                    let compact = Self.compactOrder(texts, collation: collation, options: options, batchSizes: batchSizes)
                    #expect(compact.titles == expected.titles, "threads \(threads), \(direction), batches \(batchSizes)")
                    #expect(compact.ranks == expected.ranks)
                    #expect(compact.order == expected.order, "threads \(threads), \(direction), batches \(batchSizes)")
                }
            }
        }
    }

    @Test func largeTieGroupsAndChineseNames() throws {
        // Thousands of items with one 19-byte prefix: the radix passes run out of bytes and the
        // whole group is ordered by full keys.
        let collation = try IndexedCollation(locale: "zh_CN")
        var generator = SeededGenerator(seed: 5)
        let names = ["曾", "单", "解", "林", "Anna Andersson", "Anna Anderssonsson", "Anna Andersson "]
        let texts = (0..<5000).map { _ in
            Array(
                (names[Int.random(in: 0..<names.count, using: &generator)]
                    + String(repeating: "a", count: Int.random(in: 0...2, using: &generator))).utf8)
        }
        for threads in [1, 2] {
            for readsChineseNames in [false, true] {
                let options = SectioningOptions(threads: threads, readsChineseNames: readsChineseNames)
                let expected = try Self.engineOrder(texts, collation: collation, options: options)
                let compact = Self.compactOrder(texts, collation: collation, options: options, batchSizes: [777])
                #expect(compact.titles == expected.titles)
                #expect(compact.order == expected.order, "threads \(threads), Chinese names \(readsChineseNames)")
            }
        }
    }

    @Test(arguments: [1, 2, 4], [false, true])
    func tiesResolvedPieceByPieceGiveTheWholeSortsOrder(threads: Int, matchesKeys: Bool) throws {
        // As the command-line tool writes: sorted leaving small ties, then each piece's ties put
        // in order (pieces on several threads at once) just before it would be written. Besides
        // small groups: one group of 300 copies, and one larger than `largeTieGroup` of texts that
        // differ past the prefix (which the sort puts in order, and pieces cut anywhere).
        let collation = try IndexedCollation(locale: "sv_SE")
        var generator = SeededGenerator(seed: UInt64(threads))
        let large = (0..<CompactSorter.largeTieGroup + 900).map { _ in
            Array(("Anna-Karin Anderssonsdotter " + ["b", "a", "å", "B", "á"][Int.random(in: 0..<5, using: &generator)]).utf8)
        }
        let texts = Self.tyingTexts(count: 4000, seed: 7) + Array(repeating: Array("Åsa Öberg Anderssonsdotter".utf8), count: 300) + large
        let options = SectioningOptions(threads: threads)
        let expected = try Self.engineOrder(texts, collation: collation, options: options)
        let sorter = Self.filledSorter(texts, collation: collation, options: options, batchSizes: [1000])
        let keyOf: CompactSorter.KeyReader = { identifier, body in texts[(Int(identifier) - 5) / 3].withUnsafeBufferPointer { body($0) } }
        // Under an NSLock, which ThreadSanitizer sees (see ProgressLog).
        let matched = Locked(0)
        let matcher: CompactSorter.KeyMatcher = { identifier, text in
            matched.withLock { $0 += 1 }
            return texts[(Int(identifier) - 5) / 3].elementsEqual(text)
        }
        let keyMatches = matchesKeys ? matcher : nil
        let sections = sorter.sort(keyOf: keyOf, keyMatches: keyMatches, leavingSmallTies: true)
        #expect(sections.map(\.title) == expected.titles)
        func order() -> [[Int]] { sections.map { $0.positions.map { (Int(sorter.identifier(at: $0)) - 5) / 3 } } }
        #expect(order() != expected.order, "some ties are left for the pieces")
        // Pieces of 1 to 3,000 positions, cut where `tieGroupStart` allows: inside the large
        // group, and at the ends of small ones.
        var cuts = [0]
        while cuts.last! < sorter.count {
            let cut = sorter.tieGroupStart(atOrAfter: min(sorter.count, cuts.last! + Int.random(in: 1...3000, using: &generator)))
            #expect(cut > cuts.last! && cut <= sorter.count)
            cuts.append(cut)
        }
        let pieces = (0..<cuts.count - 1).map { cuts[$0]..<cuts[$0 + 1] }
        let hinted = Locked(0)
        DispatchQueue.concurrentPerform(iterations: pieces.count) { piece in
            sorter.resolveTies(in: pieces[piece], keyOf: keyOf, prefetchKeyOf: { _ in hinted.withLock { $0 += 1 } }, keyMatches: keyMatches)
        }
        #expect(order() == expected.order)
        #expect(hinted.withLock { $0 } > 300, "the copies' texts were hinted")
        #expect((matched.withLock { $0 } > 300) == matchesKeys, "the copies' texts were matched")
    }

    @Test func groupsJustAboveTheLargeLimitAreOrderedWhereverTheyAreCut() throws {
        // Groups of largeTieGroup, one more and two more items, whose texts differ past the
        // prefix, cut at every position tieGroupStart allows: the group of two more is the
        // smallest that a cut falls inside, and the sort must have ordered it; the group of one
        // more is never cut, and the sort must have ordered it too (the pieces leave it).
        let collation = try IndexedCollation(locale: "sv_SE")
        var generator = SeededGenerator(seed: 11)
        let starts = ["Anna-Karin Anderssonsdotter ", "Britt-Marie Anderssonsdotter ", "Carl-Gustaf Anderssonsdotter "]
        var grouped: [[UInt8]] = []
        for (group, start) in starts.enumerated() {
            for _ in 0..<CompactSorter.largeTieGroup + group {
                grouped.append(Array((start + ["b", "a", "å", "B", "á"][Int.random(in: 0..<5, using: &generator)]).utf8))
            }
        }
        let texts = grouped.shuffled(using: &generator)
        let options = SectioningOptions(threads: 2)
        let expected = try Self.engineOrder(texts, collation: collation, options: options)
        let sorter = Self.filledSorter(texts, collation: collation, options: options, batchSizes: [5000])
        let keyOf: CompactSorter.KeyReader = { identifier, body in texts[(Int(identifier) - 5) / 3].withUnsafeBufferPointer { body($0) } }
        let sections = sorter.sort(keyOf: keyOf, leavingSmallTies: true)
        var cuts = [0]
        while cuts.last! < sorter.count { cuts.append(sorter.tieGroupStart(atOrAfter: cuts.last! + 1)) }
        #expect(cuts.count == 5, "the three groups' ends, and one cut inside the largest: \(cuts)")
        let largest = sections[2].positions
        #expect(cuts.contains { $0 > largest.lowerBound && $0 < largest.upperBound })
        let pieces = (0..<cuts.count - 1).map { cuts[$0]..<cuts[$0 + 1] }
        DispatchQueue.concurrentPerform(iterations: pieces.count) { sorter.resolveTies(in: pieces[$0], keyOf: keyOf) }
        let order = sections.map { $0.positions.map { (Int(sorter.identifier(at: $0)) - 5) / 3 } }
        // Compared as one value: a failure would otherwise print twelve thousand items twice.
        let same = order == expected.order
        let firstDifference = zip(order.joined(), expected.order.joined()).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(same, "the first position out of order: \(String(describing: firstDifference))")
    }

    /// Where repeated texts share identifiers, every position reads the text the full-key order
    /// puts there, and the copies of a text in a tie group read one identifier, one of theirs:
    /// in small groups resolved piece by piece, in groups of one text larger than
    /// `largeTieGroup`, and in groups of several texts (which the copies share within). Without
    /// it, every item keeps its own.
    @Test(arguments: [1, 2], [false, true])
    func repeatedTextsShareOneIdentifierWhereAsked(threads: Int, sharing: Bool) throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        var generator = SeededGenerator(seed: 23)
        let copies = Array(repeating: Array("Åsa Öberg Anderssonsdotter".utf8), count: CompactSorter.largeTieGroup + 10)
        let mixed = (0..<3000).map { _ in
            Array(("Anna-Karin Anderssonsdotter " + ["b", "a", "å", "B", "á"][Int.random(in: 0..<5, using: &generator)]).utf8)
        }
        let texts = (Self.tyingTexts(count: 4000, seed: 3) + copies + mixed).shuffled(using: &generator)
        let options = SectioningOptions(threads: threads)
        let expected = try Self.engineOrder(texts, collation: collation, options: options)
        let sorter = Self.filledSorter(
            texts, collation: collation, options: options, batchSizes: [900], repeatedTextsShareIdentifiers: sharing)
        let keyOf: CompactSorter.KeyReader = { identifier, body in texts[(Int(identifier) - 5) / 3].withUnsafeBufferPointer { body($0) } }
        let sections = sorter.sort(keyOf: keyOf, leavingSmallTies: true)
        var cuts = [0]
        while cuts.last! < sorter.count { cuts.append(sorter.tieGroupStart(atOrAfter: min(sorter.count, cuts.last! + 500))) }
        let pieces = (0..<cuts.count - 1).map { cuts[$0]..<cuts[$0 + 1] }
        DispatchQueue.concurrentPerform(iterations: pieces.count) { sorter.resolveTies(in: pieces[$0], keyOf: keyOf) }
        let items = sections.flatMap { $0.positions.map { (Int(sorter.identifier(at: $0)) - 5) / 3 } }
        #expect(items.map { texts[$0] } == expected.order.joined().map { texts[$0] }, "each position reads its text")
        // Each text's identifiers: one where shared, one per copy where not.
        var identifiers: [[UInt8]: Set<Int>] = [:]
        for item in items { identifiers[texts[item], default: []].insert(item) }
        let copiesRead = identifiers[copies[0]]?.count ?? 0
        #expect(copiesRead == (sharing ? 1 : copies.count))
        for text in Set(mixed) {
            let read = identifiers[text]?.count ?? 0
            #expect(read == (sharing ? 1 : texts.count { $0 == text }), "\(String(decoding: text, as: UTF8.self))")
        }
        #expect(sharing || Set(items).count == texts.count)
    }

    @Test func tieGroupStartsAreWhereNoSmallGroupContinues() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let large = CompactSorter.largeTieGroup + 10
        let texts = (["b", "a", "a", "a", "c", "c", "d"] + Array(repeating: "e", count: large) + ["f"]).map { Array($0.utf8) }
        let sorter = Self.filledSorter(texts, collation: collation, options: SectioningOptions(), batchSizes: [7])
        _ = sorter.sort(
            keyOf: { identifier, body in texts[(Int(identifier) - 5) / 3].withUnsafeBufferPointer { body($0) } }, leavingSmallTies: true)
        // a a a b c c d e… f: small groups at 0..<3 and 4..<6, a large one at 7..<7 + large.
        #expect((0...7).map { sorter.tieGroupStart(atOrAfter: $0) } == [0, 3, 3, 3, 4, 6, 6, 7])
        // Inside the large group, anywhere more than `largeTieGroup` positions from its end.
        #expect(sorter.tieGroupStart(atOrAfter: 8) == 8)
        #expect(sorter.tieGroupStart(atOrAfter: 7 + large - CompactSorter.largeTieGroup - 1) == 7 + large - CompactSorter.largeTieGroup - 1)
        #expect(sorter.tieGroupStart(atOrAfter: 7 + large - CompactSorter.largeTieGroup) == 7 + large)
        #expect(sorter.tieGroupStart(atOrAfter: texts.count) == texts.count)
    }

    /// Entries that share their first bytes (tie groups, names that start alike) are sorted from
    /// the first byte they do not all share: the order is a comparison sort's whatever they share.
    @Test(arguments: [0, 1, 2, 7, 8, 15, 16, 19, 20, 22])
    func prefixEntriesSortAsComparisonsDoWhateverTheyShare(shared: Int) {
        var generator = SystemRandomNumberGenerator()
        let start = (0..<shared).map { _ in UInt8.random(in: 0...0xFF, using: &generator) }
        for count in [2, 33, 600, 5000] {
            // Bytes past the shared ones from a small alphabet, so that many tie up to the
            // identifiers, which are distinct (and not in order, as after earlier passes).
            let entries = (0..<count).map { index in
                let bytes = start + (shared..<PrefixEntry.orderBytes).map { _ in UInt8.random(in: 0...2, using: &generator) }
                let key = Array(bytes[1..<PrefixEntry.radixBytes])
                let identifier = bytes[20...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & ~0x3FFF | UInt32(index)
                return key.withUnsafeBufferPointer { PrefixEntry(section: Int(bytes[0]), key: $0, identifier: identifier) }
            }
            let expected = entries.sorted(by: PrefixEntry.precedes).map(\.identifier)
            let sorted = entries.withUnsafeBufferPointer { source in
                let buffer = UnsafeMutableBufferPointer<PrefixEntry>.allocate(capacity: count)
                defer { buffer.deallocate() }
                _ = buffer.initialize(from: source)
                let differing = (0..<PrefixEntry.orderBytes).first { byte in Set(entries.map { $0.radixByte(byte) }).count > 1 }
                #expect(PrefixEntrySorting.firstDifferingByte(of: buffer, after: -1) == differing)
                #expect(differing.map { $0 >= shared } == true)
                PrefixEntrySorting.sort(buffer, fromByte: 0)
                return buffer.map(\.identifier)
            }
            #expect(sorted == expected, "\(count) entries sharing \(shared) bytes")
        }
    }

    @Test func prefixesOrderLikeTheirKeys() {
        // A key that ends inside the prefix is zero-padded: it goes before longer keys it starts.
        let short: [UInt8] = [5, 6], longer: [UInt8] = [5, 6, 0, 1], other: [UInt8] = [5, 7]
        func entry(_ key: [UInt8], section: Int = 1) -> PrefixEntry {
            key.withUnsafeBufferPointer { PrefixEntry(section: section, key: $0, identifier: 0) }
        }
        #expect(PrefixEntry.precedes(entry(short), entry(longer)))
        #expect(PrefixEntry.precedes(entry(longer), entry(other)))
        #expect(PrefixEntry.precedes(entry(other, section: 0), entry(short)))
        let twenty = (1...20).map { UInt8($0) }
        var changedLast = twenty
        changedLast[19] = 200
        #expect(PrefixEntry.ties(entry(twenty), entry(changedLast)), "byte 20 is past the prefix")
        for position in [18, 9, 3] {
            changedLast[position] = 200
            #expect(!PrefixEntry.ties(entry(twenty), entry(changedLast)))
            #expect(PrefixEntry.precedes(entry(twenty), entry(changedLast)))
        }
        #expect((0..<20).map { entry(twenty).radixByte($0) } == [1] + (1...19).map { $0 })
        // Keys of every length, shorter than the prefix, as long and longer: its bytes, then zeros.
        for length in 0...24 {
            let key = (0..<length).map { UInt8(0xF0 - $0) }
            let made = entry(key, section: 7)
            #expect((0..<PrefixEntry.radixBytes).map(made.radixByte) == [7] + (0..<19).map { $0 < length ? Int(key[$0]) : 0 }, "\(length)")
        }
        // A key whose only zero byte ends it is whole in the prefix up to 19 bytes, its zero last.
        for length in 1...24 {
            let key = (1..<length).map { UInt8(0xF0 - $0) } + [0]
            #expect(entry(key).endsWithinPrefix == (length <= PrefixEntry.keyBytes), "\(length)")
        }
        // Past the prefix, the identifier's bytes, most significant first: a tie group's order.
        let identified = twenty.withUnsafeBufferPointer { PrefixEntry(section: 1, key: $0, identifier: 0x0A0B_0C0D) }
        #expect((20..<PrefixEntry.orderBytes).map { identified.radixByte($0) } == [0x0A, 0x0B, 0x0C, 0x0D])
    }
}
