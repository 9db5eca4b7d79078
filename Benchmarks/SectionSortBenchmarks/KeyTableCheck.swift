import Foundation
import SectionSort

/// `--check-key-tables`: every locale's key table against ICU, byte for byte.
enum KeyTableCheck {
    /// Compares the tables of all of Foundation's locale identifiers (ICU's available list) with
    /// ICU, `texts` random texts in all; prints a summary and returns whether every key matched.
    static func run(texts: Int) -> Bool {
        let locales = Locale.availableIdentifiers.sorted()
        let perLocale = max(1, texts / max(1, locales.count))
        var withTable = 0, compared = 0, failed: [(String, [String])] = [], buildTimes: [Double] = []
        var minimumCovered = Int.max
        for locale in locales {
            guard let collation = try? IndexedCollation(locale: locale) else {
                failed.append((locale, ["cannot open the collation"]))
                continue
            }
            let audit = collation.auditKeyTable(randomTexts: perLocale, seed: UInt64(truncatingIfNeeded: locale.hashValue & 0xFFFF) + 1)
            guard audit.hasTable else { continue }
            withTable += 1
            compared += audit.keysCompared
            buildTimes.append(audit.buildSeconds)
            minimumCovered = min(minimumCovered, audit.coveredCodePoints)
            if !audit.mismatches.isEmpty { failed.append((locale, audit.mismatches)) }
        }
        buildTimes.sort()
        let median = buildTimes.isEmpty ? 0 : buildTimes[buildTimes.count / 2]
        print(
            "key tables: \(locales.count) locales, \(withTable) with a table (the others' settings leave every key to the runtime), "
                + "\(compared) keys compared with ICU's, \(failed.count) locales with differences")
        if withTable > 0 {
            print(
                String(
                    format: "covered code points: at least %d per table; build time median %.1f ms, longest %.1f ms",
                    minimumCovered, median * 1000, (buildTimes.last ?? 0) * 1000))
        }
        for (locale, texts) in failed {
            let shown = texts.map { text in
                text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            }
            print("\(locale): differs for \(shown.joined(separator: "; "))")
        }
        return failed.isEmpty
    }
}
