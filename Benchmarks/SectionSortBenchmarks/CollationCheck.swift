import Foundation
import SectionSort
import SectionSortICUSupport
import Synchronization

/// `--check-collation`: random texts keyed by the collation runtime and by ICU, byte for byte,
/// in every entry of the generated locale table (each locale identifier and collation type) under
/// random attribute settings.
///
/// The count is spread over the table's entries in groups of about 40 texts (at least two
/// groups an entry); each group has
/// settings of its own (the first group of every entry the tailoring's defaults) and a generator
/// seeded from the run's seed and the group's number, so a seed repeats a run exactly whatever
/// the number of threads.
enum CollationCheck {
    /// The most differences printed in full.
    static let printedLimit = 20

    private struct Group {
        var identifier: String
        var type: String
        var tailoring: Int
        var texts: Int
        var defaults: Bool
    }

    private struct Tally {
        var compared = 0
        var differences = 0
        var printed = 0
        var refusedByBoth = 0
    }

    private final class Worker {
        var tailored: [Int: RandomCollationText] = [:]
        var text = CollationCheckText()

        /// The random texts of a tailoring, with the strings ICU lists for it (its tailored set
        /// and its contractions and prefix mappings, the root's included), asked of ICU once per
        /// thread.
        func texts(for tailoring: Int, comparison: CollationKeyComparison) -> RandomCollationText {
            if let texts = tailored[tailoring] { return texts }
            let texts = RandomCollationText(tailored: comparison.icu.tailoredSet() + comparison.icu.contractionsAndPrefixes())
            tailored[tailoring] = texts
            return texts
        }
    }

    /// Runs the check; prints the differences and a summary line; returns whether every key matched.
    static func run(count: Int, seed: UInt64?, threads: Int) -> Bool {
        let seed = seed ?? UInt64.random(in: 0...UInt64.max)
        print("check-collation: seed \(seed) (repeat with --seed \(seed))")
        let start = DispatchTime.now().uptimeNanoseconds
        let table = CollationLocaleTable.shared
        let entries = table.identifiersAndTypes
        let perEntry = max(2, count / (entries.count * 40))
        let groupCount = entries.count * perEntry
        let groups = (0..<groupCount).map { index in
            let entry = entries[index / perEntry]
            let texts = count / groupCount + (index < count % groupCount ? 1 : 0)
            return Group(
                identifier: entry.identifier, type: entry.type,
                tailoring: table.tailoringIndex(entry.identifier, type: entry.type) ?? -1, texts: texts,
                defaults: index % perEntry == 0)
        }
        let tally = Mutex(Tally())
        let unfinished = CheckWorkers.run(units: groups.count, threads: threads, makeWorker: { Worker() }) { worker, index, slot in
            let group = groups[index]
            var generator = SplitMix64(seed: seed ^ (UInt64(index + 1) &* 0xD1B5_4A32_D192_ED03))
            let attributes = group.defaults ? CollationAttributes() : CollationAttributes.random(using: &generator)
            let name = CollationKeyComparison.icuName(identifier: group.identifier, type: group.type)
            var comparison: CollationKeyComparison
            switch CollationKeyComparison.open(identifier: group.identifier, type: group.type, configure: attributes.apply) {
            case .success(let opened): comparison = opened
            case .failure(.bothRefused):
                // Settings both sides refuse (a reordering ICU does not allow) agree; the texts
                // are keyed at the defaults instead.
                tally.withLock { $0.refusedByBoth += 1 }
                guard case .success(let opened) = CollationKeyComparison.open(identifier: group.identifier, type: group.type) else {
                    return
                }
                comparison = opened
            case .failure(let failure):
                tally.withLock {
                    $0.differences += 1
                    print("difference: \(name) with \(attributes): \(failure)")
                }
                return
            }
            comparison.slot = slot
            slot.setContext("locale \(name) options \(attributes)")
            let texts = worker.texts(for: group.tailoring, comparison: comparison)
            var differences = 0
            for _ in 0..<group.texts {
                texts.next(into: &worker.text, using: &generator)
                if comparison.keysMatch(&worker.text) { continue }
                differences += 1
                let report =
                    "difference: locale \(name) (tailoring \(comparison.runtime.tailoring.identifier)/\(comparison.runtime.tailoring.type)) "
                    + "options \(attributes)\n  text: \(worker.text.codePoints)\n\(comparison.lastKeys)"
                tally.withLock {
                    if $0.printed < printedLimit {
                        $0.printed += 1
                        print(report)
                    }
                }
            }
            tally.withLock {
                $0.compared += group.texts
                $0.differences += differences
            }
        }
        let result = tally.withLock { $0 }
        let tailorings = Set(groups.map(\.tailoring)).count
        // A text ICU never finishes has no key to compare with (see KeyingSlot); one the runtime
        // never finishes is a failure.
        let icuUnfinished = unfinished.filter { $0.side == .icu }.count
        let runtimeUnfinished = unfinished.count - icuUnfinished
        print(
            "check-collation: count=\(result.compared) locales=\(entries.count) tailorings=\(tailorings) settings=\(groups.count) "
                + "refused-by-both=\(result.refusedByBoth) differences=\(result.differences) icu-unfinished=\(icuUnfinished) "
                + "runtime-unfinished=\(runtimeUnfinished) seed=\(seed) threads=\(threads) "
                + String(format: "seconds=%.1f", seconds(since: start)))
        return result.differences == 0 && runtimeUnfinished == 0
    }
}
