import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

@Suite struct SectioningEngineTests {
    /// Small chunks and pieces so that a few hundred items exercise splitting and merging.
    static func configuration(threads: Int, method: SortKeyMethod = .runtime) -> EngineConfiguration {
        EngineConfiguration(threads: threads, keyMethod: method, chunkSize: 7, minimumPieceSize: 5)
    }

    @Test(arguments: ["sv_SE", "en_US", "ja_JP", "zh", "ko_KR", "de"])
    func matchesSequentialReferenceForAnyThreadCount(locale: String) throws {
        let collation = try IndexedCollation(locale: locale)
        for (seed, count) in [(1, 0), (2, 1), (3, 50), (4, 700)] as [(UInt64, Int)] {
            let input = SectioningInput(primaryKeys: RandomStrings.make(count, seed: seed))
            let expected = SequentialReference.permutation(input, collation: collation)
            for threads in [1, 2, 8] {
                let actual = try SectioningEngine.run(input, collation: collation, configuration: Self.configuration(threads: threads))
                #expect(
                    firstDifference(actual.order, expected.order) == nil,
                    "\(locale), \(count) items, \(threads) threads: order differs from the reference")
                #expect(actual.sectionStarts == expected.sectionStarts, "\(locale), \(threads) threads: sections differ")
            }
        }
    }

    @Test func secondaryKeysAndDirectionsMatchReference() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let first = RandomStrings.make(600, seed: 11), second = RandomStrings.make(600, seed: 12)
        for (primary, secondary) in [
            (SortOrder.forward, SortOrder.reverse), (.reverse, .forward), (.reverse, .reverse),
        ] {
            let input = SectioningInput(primaryKeys: first, secondaryKeys: second, primaryDirection: primary, secondaryDirection: secondary)
            let expected = SequentialReference.permutation(input, collation: collation)
            for threads in [1, 2, 8] {
                let actual = try SectioningEngine.run(input, collation: collation, configuration: Self.configuration(threads: threads))
                #expect(
                    firstDifference(actual.order, expected.order) == nil,
                    "\(primary)/\(secondary) with \(threads) threads differs from the reference")
            }
        }
    }

    @Test func everyItemAppearsExactlyOnce() throws {
        let collation = try IndexedCollation(locale: "ru")
        for seed in 20..<30 as Range<UInt64> {
            let keys = RandomStrings.make(Int(seed) * 37, seed: seed)
            let result = try SectioningEngine.run(
                SectioningInput(primaryKeys: keys), collation: collation,
                configuration: Self.configuration(threads: 3))
            #expect(result.order.sorted() == Array(keys.indices), "seed \(seed): an item is missing or repeated")
            #expect(result.sectionStarts.last == keys.count)
            #expect(zip(result.sectionStarts, result.sectionStarts.dropFirst()).allSatisfy { $0 <= $1 }, "section ranges must not overlap")
        }
    }

    /// The engine's invariants (every input once, contiguous sections, keys not decreasing in a
    /// section, stable ties) on runs of every kind: directions, secondary keys, readings, Chinese
    /// names, split sections, both key methods, any number of threads.
    @Test func invariantsHoldForEveryKindOfRun() throws {
        for locale in ["sv_SE", "zh_CN", "ja_JP"] {
            let collation = try IndexedCollation(locale: locale)
            let count = 900
            // Many repeats, so that ties are common.
            let primary = RandomStrings.make(count, seed: 5).map { String($0.prefix(2)) }
            let secondary = RandomStrings.make(count, seed: 6).map { String($0.prefix(1)) }
            for (index, direction) in [SortOrder.forward, .reverse].enumerated() {
                for threads in [1, 3] {
                    var input = SectioningInput(
                        primaryKeys: primary, secondaryKeys: index == 0 ? nil : secondary, primaryDirection: direction,
                        secondaryDirection: .reverse)
                    input.readsChineseNames = locale == "zh_CN"
                    if locale == "ja_JP" { input.readings = .strings(primary.map { $0.hasPrefix("a") ? "かめ" : nil }) }
                    for method in [SortKeyMethod.runtime, .table] {
                        var violation: String? = "no keys were read"
                        _ = try SectioningEngine.run(
                            input, collation: collation, configuration: Self.configuration(threads: threads, method: method)
                        ) { permutation, keyAt in
                            violation = permutation.invariantViolation(
                                count: count, sectionCount: collation.sectionTitles.count, keyAtPosition: keyAt)
                        }
                        #expect(violation == nil, "\(locale) \(direction) \(threads) threads \(method)")
                    }
                }
            }
        }
    }

    @Test func theInvariantCheckFindsEachKindOfBreak() {
        func check(_ order: [Int], _ starts: [Int], keys: [[UInt8]] = [[1], [2], [2], [5]]) -> String? {
            let stored = keys.map { key in
                let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: key.count)
                _ = bytes.initialize(from: key)
                return UnsafeBufferPointer(bytes)
            }
            defer { stored.forEach { $0.deallocate() } }
            return SectionedPermutation(order: order, sectionStarts: starts).invariantViolation(count: 4, sectionCount: 2) {
                stored[$0]
            }
        }
        #expect(check([0, 1, 2, 3], [0, 2, 4]) == nil)
        #expect(check([0, 1, 1, 3], [0, 2, 4])?.contains("twice") == true)
        #expect(check([0, 1, 2], [0, 2, 4]) != nil, "an item is missing")
        #expect(check([0, 1, 2, 3], [0, 5, 4])?.contains("after its end") == true)
        #expect(check([0, 1, 2, 3], [0, 3, 2]) != nil, "sections end before the last item")
        #expect(check([0, 1, 2, 3], [0, 2, 4], keys: [[2], [1], [3], [4]])?.contains("decrease") == true)
        #expect(check([0, 2, 1, 3], [0, 1, 4])?.contains("input order") == true, "equal keys 2, 2 with inputs 2, 1")
    }

    @Test func bothKeyMethodsGiveICUsKeysAndOrder() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let icu = try ICUCollator(locale: "sv_SE", options: CollationOptions())
        let differing = collation.withWorkerCollator { collator in
            (RandomStrings.make(300, seed: 5) + [String(repeating: "ö", count: 5000)]).filter { text in
                collator.sortKey(of: text) != icu.sortKey(of: text)
            }
        }
        #expect(differing.isEmpty, "keys differ from ICU's for \(differing.map(\.debugDescription))")
        let input = SectioningInput(primaryKeys: RandomStrings.make(400, seed: 6))
        let runtime = try SectioningEngine.run(input, collation: collation, configuration: Self.configuration(threads: 2, method: .runtime))
        var withTable = Self.configuration(threads: 2, method: .table)
        withTable.keyTableMinimumCount = 0
        let table = try SectioningEngine.run(input, collation: collation, configuration: withTable)
        #expect(firstDifference(runtime.order, table.order) == nil)
    }

    @Test func largeSingleSectionIsSplitAndMergedIdentically() throws {
        // Every string starts with "M": one section, far above the piece size, so it is sorted in
        // pieces and merged over several rounds.
        let collation = try IndexedCollation(locale: "en_US")
        let keys = RandomStrings.make(3000, seed: 9).map { "M" + $0 }
        let input = SectioningInput(primaryKeys: keys)
        let expected = SequentialReference.permutation(input, collation: collation)
        for threads in [1, 2, 4, 8, 16] {
            let configuration = EngineConfiguration(threads: threads, chunkSize: 64, minimumPieceSize: 50)
            let actual = try SectioningEngine.run(input, collation: collation, configuration: configuration)
            #expect(firstDifference(actual.order, expected.order) == nil, "\(threads) threads")
        }
    }

    @Test func longSharedPrefixesGoOnByRadixPastEightBytes() throws {
        // Thousands of keys that agree on their first 8, 16, 40 bytes or all of them (repeats),
        // with case and accent variants: the radix sort reloads prefixes from deeper key bytes
        // and must still give the reference's order, descending too.
        let collation = try IndexedCollation(locale: "sv_SE")
        let stems = ["Andersson Karl", "Andersson Karl-Johan Östen", String(repeating: "Lindqvist-", count: 6), ""]
        let tails = ["", "a", "A", "å", "Å", "b", "ö", "O", "aa", " 1", " 10", " 2"]
        let keys = (0..<4000).map { stems[$0 % stems.count] + tails[($0 / 4) % tails.count] + tails[($0 / 48) % tails.count] }
        for direction in [SortOrder.forward, .reverse] {
            let input = SectioningInput(primaryKeys: keys, primaryDirection: direction)
            let expected = SequentialReference.permutation(input, collation: collation)
            for threads in [1, 4] {
                let actual = try SectioningEngine.run(
                    input, collation: collation,
                    configuration: EngineConfiguration(threads: threads, chunkSize: 64, minimumPieceSize: 300))
                #expect(firstDifference(actual.order, expected.order) == nil, "\(direction), \(threads) threads")
            }
        }
    }
}

/// The first position where two sequences differ (a shorter one differs where it ends), or nil.
func firstDifference<T: Equatable>(_ a: [T], _ b: [T]) -> Int? {
    for position in 0..<max(a.count, b.count) where position >= a.count || position >= b.count || a[position] != b[position] {
        return position
    }
    return nil
}
