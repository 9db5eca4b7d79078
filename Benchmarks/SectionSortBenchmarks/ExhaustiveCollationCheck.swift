import Foundation
import SectionSort
import SectionSortICUSupport
import Synchronization

/// `--check-collation-exhaustive`: every code point U+0000...U+10FFFF in three positions (alone,
/// before "a", after "a" and U+0301), keyed by the collation runtime and by ICU, byte for byte,
/// in every distinct tailoring of the generated data under every combination of the library's
/// collation options.
///
/// The runtime opens each collation as the library does (``Collator/init(locale:options:)``,
/// which maps the options to settings); ICU's collator gets the attributes the options are
/// documented to mean. Surrogate code points are not text: they are keyed as their three bytes in
/// the UTF-8 pattern, which are ill-formed (three U+FFFD as ICU reads them), through ICU's own
/// UTF-8 reading; every other string through ICU's UTF-16 key path. Option sets that leave a
/// tailoring with the same settings in both as an earlier set (a tailoring that normalizes
/// anyway, say) are not compared again.
enum ExhaustiveCollationCheck {
    /// One combination of the library's options, named by its flags ("case+numeric").
    struct OptionSet: Sendable {
        var name: String
        var options: CollationOptions
    }

    /// Every combination of the options that change keys: ignoresCase, ignoresAccents, numeric,
    /// ignoresPunctuation, normalizes and caseFirst (nil, upper, lower): 96. (otherSection and
    /// ignoredArticles do not reach the collator.)
    static let optionSets: [OptionSet] = {
        var sets: [OptionSet] = []
        for caseFirst: CollationOptions.CaseFirst? in [nil, .upper, .lower] {
            for flags in 0..<32 {
                var options = CollationOptions()
                var names: [String] = []
                func flag(_ bit: Int, _ name: String, _ set: (inout CollationOptions) -> Void) {
                    guard flags & bit != 0 else { return }
                    set(&options)
                    names.append(name)
                }
                flag(1, "case") { $0.ignoresCase = true }
                flag(2, "accents") { $0.ignoresAccents = true }
                flag(4, "numeric") { $0.numeric = true }
                flag(8, "punctuation") { $0.ignoresPunctuation = true }
                flag(16, "normalizes") { $0.normalizes = true }
                if let caseFirst {
                    options.caseFirst = caseFirst
                    names.append(caseFirst == .upper ? "upper" : "lower")
                }
                sets.append(OptionSet(name: names.isEmpty ? "default" : names.joined(separator: "+"), options: options))
            }
        }
        return sets
    }()

    /// The three strings of each code point.
    static let positions = 3
    static let planes = 17
    static let stringsPerPair = positions * planes * 0x10000
    /// The most differences printed in full, in all and per tailoring and option set.
    static let printedLimit = 200
    static let printedPerPair = 3

    private struct Pair: Sendable {
        var name: String
        var identifier: String
        var type: String
        var optionSet: OptionSet
    }

    private struct PairTally {
        var planesDone = 0
        var compared = 0
        var differences = 0
        var printed = 0
    }

    private struct Tally {
        var pairs: [PairTally]
        var printed = 0
        var pairsDone = 0
    }

    private struct Worker {
        var pair = -1
        var comparison: CollationKeyComparison?
        var text = CollationCheckText()
    }

    /// Runs the check on `threads` threads over the tailorings ICU names in `tailorings` (nil: all)
    /// and the option sets named in `optionNames` (nil: all), comparing the planned pairs in
    /// `pairRange` (nil: all); prints a line per tailoring and option set as it finishes, the
    /// differences, and a summary; returns whether every key matched.
    static func run(threads: Int, tailorings: [String]?, optionNames: [String]?, pairRange: Range<Int>? = nil) -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        var selectedSets = optionSets
        if let optionNames {
            func flags(_ name: String) -> Set<Substring> { name == "default" ? [] : Set(name.split(separator: "+")) }
            let known = Dictionary(optionSets.map { (flags($0.name), $0) }, uniquingKeysWith: { first, _ in first })
            var sets: [OptionSet] = []
            for name in optionNames {
                guard let set = known[flags(name)] else {
                    print(
                        "check-collation-exhaustive: unknown option set '\(name)' (flags: case, accents, numeric, punctuation, normalizes, upper, lower)"
                    )
                    return false
                }
                sets.append(set)
            }
            selectedSets = sets
        }
        guard let collations = distinctTailorings(named: tailorings) else { return false }

        // The pairs, option set by option set (the defaults first), less those whose settings
        // repeat an earlier pair's in both ICU and the runtime.
        var planned: [Pair] = []
        var skipped = 0
        var failures = 0
        var seen = Set<SettingsState>()
        for set in selectedSets {
            for (identifier, type) in collations {
                let name = CollationKeyComparison.icuName(identifier: identifier, type: type)
                switch CollationKeyComparison.open(name: name, options: set.options) {
                case .failure(let failure):
                    print("difference: \(name) with options \(set.name): \(failure)")
                    failures += 1
                case .success(let comparison):
                    // Aliases ("mo" for "ro") resolve to another entry of the same tailoring.
                    let tailoring = comparison.runtime.tailoring
                    let table = CollationLocaleTable.shared
                    if table.tailoringIndex(tailoring.identifier, type: tailoring.type) != table.tailoringIndex(identifier, type: type) {
                        print("difference: \(name) opens the runtime's \(tailoring.identifier)/\(tailoring.type)")
                        failures += 1
                        continue
                    }
                    guard seen.insert(SettingsState(comparison: comparison, identifier: identifier, type: type)).inserted else {
                        skipped += 1
                        continue
                    }
                    planned.append(Pair(name: name, identifier: identifier, type: type, optionSet: set))
                }
            }
        }
        print(
            "check-collation-exhaustive: \(collations.count) tailorings × \(selectedSets.count) option sets: \(planned.count) to compare "
                + "(\(skipped) with the settings of an earlier set), \(stringsPerPair) strings each, \(threads) threads, "
                + String(format: "planned in %.1f s", seconds(since: start)))

        let pairs: [Pair]
        if let pairRange {
            guard pairRange.upperBound <= planned.count else {
                print(
                    "check-collation-exhaustive: --pairs \(pairRange.lowerBound)..<\(pairRange.upperBound) is past the \(planned.count) planned"
                )
                return false
            }
            pairs = Array(planned[pairRange])
            print("check-collation-exhaustive: comparing pairs \(pairRange.lowerBound)..<\(pairRange.upperBound) of \(planned.count)")
        } else {
            pairs = planned
        }
        let tally = Mutex(Tally(pairs: Array(repeating: PairTally(), count: pairs.count)))
        let unfinished = CheckWorkers.run(units: pairs.count * planes, threads: threads, makeWorker: { Worker() }) { worker, unit, slot in
            let index = unit / planes
            let pair = pairs[index]
            if worker.pair != index {
                worker.comparison = nil
                worker.pair = index
                guard case .success(let comparison) = CollationKeyComparison.open(name: pair.name, options: pair.optionSet.options) else {
                    return
                }
                comparison.slot = slot
                slot.setContext("locale \(pair.name) options \(pair.optionSet.name)")
                worker.comparison = comparison
            }
            guard let comparison = worker.comparison else { return }
            let plane = UInt32(unit % planes)
            var differences = 0
            // The three strings of each code point in fixed buffers, with the code point at
            // `at`: "X", "Xa", "a\u{301}X" (U+0301 is CC 81 in UTF-8).
            var utf8: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0]
            var utf16: [UInt16] = [0, 0, 0, 0, 0]
            for value in plane << 16..<(plane + 1) << 16 {
                let scalar = Unicode.Scalar(value)
                for position in 0..<positions {
                    var length8 = 0, length16 = 0
                    if position == 2 {
                        utf8[0] = 0x61
                        utf8[1] = 0xCC
                        utf8[2] = 0x81
                        utf16[0] = 0x61
                        utf16[1] = 0x301
                        length8 = 3
                        length16 = 2
                    }
                    // A surrogate is written in the UTF-8 pattern, which makes the bytes ill-formed.
                    switch value {
                    case 0..<0x80:
                        utf8[length8] = UInt8(value)
                        length8 += 1
                    case 0x80..<0x800:
                        utf8[length8] = 0xC0 | UInt8(value >> 6)
                        utf8[length8 + 1] = 0x80 | UInt8(value & 0x3F)
                        length8 += 2
                    case 0x800..<0x10000:
                        utf8[length8] = 0xE0 | UInt8(value >> 12)
                        utf8[length8 + 1] = 0x80 | UInt8(value >> 6 & 0x3F)
                        utf8[length8 + 2] = 0x80 | UInt8(value & 0x3F)
                        length8 += 3
                    default:
                        utf8[length8] = 0xF0 | UInt8(value >> 18)
                        utf8[length8 + 1] = 0x80 | UInt8(value >> 12 & 0x3F)
                        utf8[length8 + 2] = 0x80 | UInt8(value >> 6 & 0x3F)
                        utf8[length8 + 3] = 0x80 | UInt8(value & 0x3F)
                        length8 += 4
                    }
                    if value < 0x10000 {
                        utf16[length16] = UInt16(value)
                        length16 += 1
                    } else {
                        utf16[length16] = UInt16(0xD800 + (value - 0x10000) >> 10)
                        utf16[length16 + 1] = UInt16(0xDC00 + (value & 0x3FF))
                        length16 += 2
                    }
                    if position == 1 {
                        utf8[length8] = 0x61
                        utf16[length16] = 0x61
                        length8 += 1
                        length16 += 1
                    }
                    let match = utf8.withUnsafeBufferPointer { utf8 in
                        let bytes = UnsafeBufferPointer(rebasing: utf8[..<length8])
                        guard scalar != nil else { return comparison.keysMatch(utf8: bytes, utf16: nil) }
                        return utf16.withUnsafeBufferPointer {
                            comparison.keysMatch(utf8: bytes, utf16: UnsafeBufferPointer(rebasing: $0[..<length16]))
                        }
                    }
                    if match { continue }
                    differences += 1
                    worker.text.removeAll()
                    worker.text.appendIllFormed(Array(utf8[..<length8]))
                    if scalar != nil { worker.text.isWellFormed = true }
                    let report =
                        "difference: locale \(pair.name) options \(pair.optionSet.name)\n  text: \(worker.text.codePoints)\n\(comparison.lastKeys)"
                    tally.withLock {
                        if $0.printed < printedLimit && $0.pairs[index].printed < printedPerPair {
                            $0.printed += 1
                            $0.pairs[index].printed += 1
                            print(report)
                        }
                    }
                }
            }
            tally.withLock {
                $0.pairs[index].planesDone += 1
                $0.pairs[index].compared += positions * 0x10000
                $0.pairs[index].differences += differences
                if $0.pairs[index].planesDone == planes {
                    $0.pairsDone += 1
                    let done = $0.pairs[index]
                    print(
                        "\(pair.name) options \(pair.optionSet.name): \(done.compared) strings, \(done.differences) differences "
                            + String(format: "(%d of %d done, %.0f s)", $0.pairsDone, pairs.count, seconds(since: start)))
                    // A log read while the check runs shows each line as it comes.
                    fflush(nil)
                }
            }
        }
        let result = tally.withLock { $0 }
        let compared = result.pairs.reduce(0) { $0 + $1.compared }
        let differences = result.pairs.reduce(0) { $0 + $1.differences } + failures
        let pairsWithDifferences = result.pairs.filter { $0.differences > 0 }.count
        let elapsed = String(format: "%.0f", seconds(since: start))
        var summary = "check-collation-exhaustive: tailorings=\(collations.count) option-sets=\(selectedSets.count) pairs=\(pairs.count)"
        summary += " skipped-as-equal=\(skipped) strings=\(compared) differences=\(differences)"
        // A plane with a text ICU never finishes (see KeyingSlot) is left unfinished, and its pair
        // is not counted as done; a text the runtime never finishes is a failure.
        let icuUnfinished = unfinished.filter { $0.side == .icu }.count
        let runtimeUnfinished = unfinished.count - icuUnfinished
        summary += " pairs-with-differences=\(pairsWithDifferences) icu-unfinished=\(icuUnfinished)"
        summary += " runtime-unfinished=\(runtimeUnfinished) threads=\(threads) seconds=\(elapsed)"
        print(summary)
        return differences == 0 && runtimeUnfinished == 0
    }

    /// One locale table entry of each distinct tailoring, "root" or the one with the shortest
    /// identifier; or those of the tailorings ICU names in `names`.
    static func distinctTailorings(named names: [String]?) -> [(identifier: String, type: String)]? {
        let table = CollationLocaleTable.shared
        if let names {
            return names.map { CollationLocaleName.split($0) }
        }
        var chosen: [Int: (identifier: String, type: String)] = [:]
        for entry in table.identifiersAndTypes {
            guard !entry.identifier.isEmpty, let index = table.tailoringIndex(entry.identifier, type: entry.type) else { continue }
            func rank(_ identifier: String) -> (Int, Int, String) { (identifier == "root" ? 0 : 1, identifier.count, identifier) }
            if let current = chosen[index], rank(current.identifier) <= rank(entry.identifier) {
                continue
            }
            chosen[index] = entry
        }
        return chosen.keys.sorted().map { chosen[$0]! }
    }

    /// What decides a pair's keys: the tailoring, ICU's attributes and the runtime's settings.
    private struct SettingsState: Hashable {
        var identifier: String
        var type: String
        var icu: [Int64]
        var runtime: CollationSettings

        init(comparison: CollationKeyComparison, identifier: String, type: String) {
            self.identifier = identifier
            self.type = type
            icu = comparison.icu.state
            runtime = comparison.runtime.settings
        }
    }
}
