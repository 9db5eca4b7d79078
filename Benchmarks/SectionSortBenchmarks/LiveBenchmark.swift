import Foundation
import SectionSort

/// Live lists against sectioning again: inserting one item, applying a batch of 1,000 edits, and
/// searching, on a list of n generated names (`--live`, default n = 1,000,000). Every contender's
/// result is checked against sectioning from scratch (or against matching every item again)
/// before anything is timed; rounds of the two contenders alternate, so that the machine's noise
/// falls on both.
struct LiveBenchmark {
    struct Entry: Sendable, Hashable {
        var id: Int
        var name: String
    }

    let collation: IndexedCollation
    let size: Int
    let rounds: Int
    let cores = AvailableProcessors.count

    func run(into report: inout Report) throws {
        var generator = SplitMix64(seed: 77)
        let workload = NameWorkload(seed: 20261122)
        let names = workload.names(size + 2_000)
        let entries = (0..<size).map { Entry(id: $0, name: names[$0]) }
        var spare = (size..<names.count).map { Entry(id: $0, name: names[$0]) }.makeIterator()
        func resection(_ entries: [Entry]) -> SectionedList<Entry> { collation.sections(of: entries, by: \.name) }
        func output(_ list: SectionedList<Entry>) -> SectionedOutput {
            SectionedOutput(titles: list.sectionTitles, items: list.map { $0.map(\.name) })
        }

        let buildStart = ContinuousClock.now
        var live = LiveSectionedList(entries, collation: collation, by: \.name, identifiedBy: \.id)
        let buildSeconds = seconds(since: buildStart)
        try requireIdentical(output(live.sectionedList), output(resection(entries)), "the live list as built")

        // One insertion: the list with one more item, sectioned again, against insert(_:).
        let probe = spare.next()!
        live.insert(probe)
        try requireIdentical(output(live.sectionedList), output(resection(entries + [probe])), "one insertion")
        live.remove(id: probe.id)
        var resectionTimes: [Double] = [], insertTimes: [Double] = []
        for _ in 0..<rounds {
            let item = spare.next()!
            let start = ContinuousClock.now
            _ = resection(entries + [item]).itemCount
            resectionTimes.append(seconds(since: start))
            for _ in 0..<40 {  // single insertions take microseconds: several per round
                let item = spare.next()!
                let insertStart = ContinuousClock.now
                _ = live.insert(item)
                insertTimes.append(seconds(since: insertStart))
                live.remove(id: item.id)
            }
        }

        // A batch of 1,000 edits: 400 insertions, 300 renames (most change section), 300 removals.
        func batch() -> (inserted: [Entry], renamed: [Entry], removed: [Int], originals: [Entry]) {
            var touched = Set<Int>()
            var renamed: [Entry] = [], originals: [Entry] = [], removed: [Int] = []
            while renamed.count < 300 {
                let index = Int(generator.next() % UInt64(size))
                guard touched.insert(index).inserted else { continue }
                originals.append(entries[index])
                renamed.append(Entry(id: index, name: names[Int(generator.next() % UInt64(size))]))
            }
            while removed.count < 300 {
                let index = Int(generator.next() % UInt64(size))
                if touched.insert(index).inserted { removed.append(index) }
            }
            let inserted = (0..<400).map { _ in
                Entry(id: size + 10_000 + Int(generator.next() % 1_000_000_000), name: names[Int(generator.next() % UInt64(size))])
            }
            return (inserted, renamed, removed, originals)
        }
        func edited(_ edit: (inserted: [Entry], renamed: [Entry], removed: [Int], originals: [Entry])) -> [Entry] {
            // The live list's order: renamed items that changed key arrive again, after the others.
            let renamedIDs = Set(edit.renamed.map(\.id)), removedIDs = Set(edit.removed)
            let unchanged = Dictionary(
                uniqueKeysWithValues: zip(edit.originals, edit.renamed).map {
                    ($0.id, collation.sortKey(of: $0.name) == collation.sortKey(of: $1.name))
                })
            var result: [Entry] = []
            for entry in entries where !removedIDs.contains(entry.id) {
                if renamedIDs.contains(entry.id) {
                    if unchanged[entry.id]! { result.append(edit.renamed.first { $0.id == entry.id }!) }
                } else {
                    result.append(entry)
                }
            }
            return result + edit.renamed.filter { !unchanged[$0.id]! } + edit.inserted
        }
        func undo(_ edit: (inserted: [Entry], renamed: [Entry], removed: [Int], originals: [Entry])) {
            live.apply(inserting: edit.removed.map { entries[$0] }, updating: edit.originals, removing: edit.inserted.map(\.id))
        }
        let first = batch()
        live.apply(inserting: first.inserted, updating: first.renamed, removing: first.removed)
        try requireIdentical(output(live.sectionedList), output(resection(edited(first))), "a batch of 1,000 edits")
        undo(first)
        var batchResectionTimes: [Double] = [], batchTimes: [Double] = []
        for _ in 0..<rounds {
            let edit = batch()
            let list = edited(edit)
            let start = ContinuousClock.now
            _ = resection(list).itemCount
            batchResectionTimes.append(seconds(since: start))
            let batchStart = ContinuousClock.now
            _ = live.apply(inserting: edit.inserted, updating: edit.renamed, removing: edit.removed)
            batchTimes.append(seconds(since: batchStart))
            undo(edit)
        }

        // Search: the stored word keys against matching every item again (keys computed per item).
        var searchMeasurements: [Measurement] = []
        let allNames = live.sectionedList.allItems.map(\.name)
        for query in ["a", "berg", "ö", "ива"] {
            let result = live.search(query)
            let keys = UTF8Keys(count: allNames.count) { item, body in
                var name = allNames[item]
                name.withUTF8 { body($0, SecondaryKeys()) }
            }
            let expected = collation.positions(matching: query, in: keys, threads: nil).map { allNames[$0] }
            guard result.list.allItems.map(\.name) == expected else {
                throw BenchmarkFailure(message: "search for '\(query)' differs from matching every item again; not timing a wrong result")
            }
            // Rounds alternate: matching every item again (computing each word's key as far as the
            // query goes, the command line's --grep), then the live list's stored keys.
            var times: [Double] = [], againTimes: [Double] = []
            for round in 0..<max(rounds, 5) {
                if round < 3 {
                    let start = ContinuousClock.now
                    _ = collation.positions(matching: query, in: keys, threads: nil).count
                    againTimes.append(seconds(since: start))
                }
                let start = ContinuousClock.now
                _ = live.search(query).itemCount
                times.append(seconds(since: start))
            }
            var again = Measurement(
                name: "match '\(query)' against every item again, all cores", items: size, threads: cores,
                repetitions: againTimes.count, seconds: againTimes, peakMemoryBytes: PeakMemory.current())
            var search = Measurement(
                name: "search '\(query)' (\(result.itemCount) matches), all cores", items: size, threads: cores,
                repetitions: times.count, seconds: times, peakMemoryBytes: PeakMemory.current())
            again.speedupOverNaive = 1
            search.speedupOverNaive = again.median / search.median
            searchMeasurements += [again, search]
            report.ratios["live_search_\(query)_vs_matching_again"] = search.speedupOverNaive
        }

        var resectionOne = Measurement(
            name: "section \(size + 1) items again, all cores", items: size + 1, threads: cores,
            repetitions: rounds, seconds: resectionTimes, peakMemoryBytes: PeakMemory.current())
        var insertOne = Measurement(
            name: "LiveSectionedList.insert, 1 item", items: 1, threads: 1, repetitions: insertTimes.count,
            seconds: insertTimes, peakMemoryBytes: PeakMemory.current())
        var resectionBatch = Measurement(
            name: "section the edited \(size) items again, all cores", items: size, threads: cores,
            repetitions: rounds, seconds: batchResectionTimes, peakMemoryBytes: PeakMemory.current())
        var applyBatch = Measurement(
            name: "LiveSectionedList.apply, 1,000 edits", items: 1_000, threads: 1, repetitions: rounds,
            seconds: batchTimes, peakMemoryBytes: PeakMemory.current())
        insertOne.speedupOverNaive = resectionOne.median / insertOne.median
        applyBatch.speedupOverNaive = resectionBatch.median / applyBatch.median
        resectionOne.speedupOverNaive = 1
        resectionBatch.speedupOverNaive = 1
        let build = Measurement(
            name: "build LiveSectionedList (once)", items: size, threads: cores, repetitions: 1,
            seconds: [buildSeconds], peakMemoryBytes: PeakMemory.current())
        report.live = [build, resectionOne, insertOne, resectionBatch, applyBatch] + searchMeasurements
        report.ratios["live_insert_1_vs_resection"] = insertOne.speedupOverNaive
        report.ratios["live_batch_1000_vs_resection"] = applyBatch.speedupOverNaive
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    private func requireIdentical(_ output: SectionedOutput, _ expected: SectionedOutput, _ what: String) throws {
        guard output == expected else { throw BenchmarkFailure(message: "outputs differ (\(what)); not timing a wrong result") }
    }
}
