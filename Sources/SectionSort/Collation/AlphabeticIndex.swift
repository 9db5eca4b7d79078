import Foundation

/// The index of a locale: its section titles and the collation boundaries that decide which section
/// a string belongs to. Built the way ICU's `AlphabeticIndex` builds its buckets, with Latin A–Z
/// always present as UIKit's `UILocalizedIndexedCollation` shows them.
///
/// Every string falls into exactly one bucket: the last one whose lower boundary sorts at or before
/// it at primary strength. Underflow, inflow (scripts without labels) and overflow buckets all show
/// as the "other" section, "#".
struct AlphabeticIndex: Sendable {
    /// Section titles in display order, "other" ("#") last.
    let titles: [String]
    /// Lower boundaries of the buckets, as primary-level sort key bytes, in collation order.
    let boundaries: [[UInt8]]
    /// For each bucket, the index in `titles` it shows under.
    let bucketTitles: [Int]

    static let otherTitle = "#"

    /// The noncharacter that prefixes ICU's script-boundary contractions ("first letter of script X").
    private static let scriptBoundaryPrefix = Unicode.Scalar(UInt32(0xFDD1))!
    /// The noncharacter that prefixes the index-boundary contractions of the Chinese tailorings
    /// (pinyin initials, stroke counts).
    private static let chineseBoundaryPrefix = Unicode.Scalar(UInt32(0xFDD0))!
    /// The noncharacter that sorts after every assigned character.
    private static let maximalScalar = Unicode.Scalar(UInt32(0xFFFF))!
    private static let latinAlphabet = (0x41...0x5A).map { String(UnicodeScalar(UInt8($0))) }

    /// What follows U+FDD0 in the index characters of ICU's Han tailorings, one family per kind of
    /// index.
    private enum ChineseIndexFamily: CaseIterable {
        /// Pinyin initials A–Z (zh).
        case pinyin
        /// Stroke counts as U+2800 + n (zh_Hant, yue, zh@collation=stroke).
        case strokes
        /// Zhuyin letters (zh@collation=zhuyin).
        case zhuyin
        /// The Kangxi radicals as unified ideographs (@collation=unihan).
        case radicals

        /// The first member, which a tailoring has if it has the family.
        var first: String {
            switch self {
            case .pinyin: "A"
            case .strokes: "\u{2801}"
            case .zhuyin: "\u{3105}"
            case .radicals: "\u{4E00}"
            }
        }

        var members: [String] {
            switch self {
            case .pinyin: Self.scalars(0x41...0x5A)
            case .strokes: Self.scalars(0x2801...0x28FF)
            case .zhuyin: Self.scalars(0x3105...0x312F)
            case .radicals: Self.scalars(0x2F00...0x2FD5).map(\.decomposedStringWithCompatibilityMapping)
            }
        }

        private static func scalars(_ values: ClosedRange<UInt32>) -> [String] {
            values.compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        }
    }

    private enum BucketKind { case underflow, normal, inflow, overflow }

    private struct Bucket {
        var label: String
        var boundary: String
        var kind: BucketKind
        /// The bucket whose title this one shows under (pinyin → ASCII, invisible → previous).
        var displayBucket: Int?
    }

    /// How the index learns what it needs of the collation: the boundary contractions (the first
    /// character of each script, U+FDD1 + a sample letter; the index characters of the Han
    /// tailorings, U+FDD0 + pinyin initial, stroke count, zhuyin letter or radical) and the number
    /// of primary weights of each label. Both methods give the same index.
    enum Method {
        /// Compares the few hundred strings ICU's data builds the contractions from (the script
        /// samples, the index character families) and counts primary weights in sort keys.
        case probing
        /// Takes the contractions and the counts from an enumeration, as ICU's own `AlphabeticIndex`
        /// takes them from its collator: tests pass ICU's answers, and the collator's own.
        case enumerating(Enumeration)
    }

    /// What ICU's own `AlphabeticIndex` asks its collator: every contraction that starts with a
    /// given character, and the number of collation elements with a primary weight in a text.
    struct Enumeration {
        var contractions: (Unicode.Scalar) -> [String]
        var primaryWeightCount: (String) -> Int

        /// The answers of `collator` (its contractions and collation elements).
        static func of(_ collator: LocaleCollator) -> Enumeration {
            Enumeration(contractions: collator.contractions(startingWith:), primaryWeightCount: collator.primaryWeightCount(of:))
        }
    }

    /// Builds the index of `locale`.
    ///
    /// - Parameters:
    ///   - locale: the requested locale identifier, used for its index exemplars.
    ///   - collator: the collator the items are keyed with; boundaries are computed with it so that
    ///     their primary bytes are comparable with the items' keys.
    ///   - primary: a primary-strength clone of `collator` (see `LocaleCollator.primaryOnlyClone()`),
    ///     or nil to make one.
    ///   - method: how to learn what the index needs of the collation; both methods give the same
    ///     index.
    ///   - indexLocales: more locales whose index letters join the index (ICU's
    ///     `AlphabeticIndex.addLabels`), placed in `collator`'s order.
    ///   - localeData: where the exemplars, script samples and scripts come from: the generated
    ///     data, or (in tests) ICU itself.
    init(
        locale: String, collator: LocaleCollator, primary primaryClone: LocaleCollator? = nil, method: Method = .probing,
        indexLocales: [String] = [], localeData: IndexLocaleData = .generated
    ) {
        let primary = primaryClone ?? collator.primaryOnlyClone()
        let scriptStarts = Self.scriptStarts(primary, method: method, samples: localeData.scriptSamples)
        var initial = Self.initialLabels(locale: locale, primary: primary, method: method, exemplars: localeData.exemplars)
        for extra in indexLocales {
            initial.formUnion(
                localeData.exemplars(extra, .index)
                    ?? Array(Self.synthesizedLabels(locale: extra, standard: localeData.exemplars(extra, .standard) ?? [])))
        }
        let labels = Self.limited(Self.distinctLabels(initial, primary: primary, scriptStarts: scriptStarts))
        let buckets = Self.buckets(labels: labels, primary: primary, scriptStarts: scriptStarts, method: method)

        // Visible buckets become titles: Latin first (UIKit shows A–Z before the locale's own
        // letters), each group in collation order, then "#".
        var visible: [(bucket: Int, title: String, isLatin: Bool)] = []
        let preferredTitles = Self.uikitTitles[LocaleIdentifier.language(of: locale)] ?? [:]
        for (index, bucket) in buckets.enumerated() where bucket.kind == .normal && bucket.displayBucket == nil {
            var title = Self.displayTitle(for: bucket.label)
            if let preferred = preferredTitles[bucket.label],
                Self.bucketIndex(of: preferred, in: buckets, primary: primary) == index
            {
                title = preferred
            }
            let isLatin = title.unicodeScalars.first.map(localeData.isLatin) ?? false
            visible.append((index, title, isLatin))
        }
        let ordered = visible.filter(\.isLatin) + visible.filter { !$0.isLatin }
        var titleOfBucket = [Int](repeating: ordered.count, count: buckets.count)
        for (titleIndex, entry) in ordered.enumerated() { titleOfBucket[entry.bucket] = titleIndex }
        for (index, bucket) in buckets.enumerated() {
            if let target = bucket.displayBucket { titleOfBucket[index] = titleOfBucket[target] }
        }
        titles = ordered.map(\.title) + [Self.otherTitle]
        bucketTitles = titleOfBucket
        boundaries = buckets.map { PrimaryKey.prefix(of: collator.sortKey(of: $0.boundary)) }
    }

    // MARK: Building

    /// The first string of each script in collation order; the last one starts the overflow.
    private static func scriptStarts(
        _ primary: LocaleCollator, method: Method, samples scriptSamples: () -> [String]
    ) -> [String] {
        let boundaries: [String]
        switch method {
        case .enumerating(let source):
            boundaries = source.contractions(scriptBoundaryPrefix)
        case .probing:
            // ICU's data makes each script's boundary from the script's sample character (CLDR's
            // script metadata, which uscript_getSampleString returns), and the boundary of the
            // unassigned code points from U+FDD0.
            let samples = scriptSamples()
            let unassigned = String(Character(chineseBoundaryPrefix))
            let suffixes = samples.contains(unassigned) ? samples : samples + [unassigned]
            boundaries = contractions(of: scriptBoundaryPrefix, amongSuffixes: suffixes, primary: primary)
        }
        var starts = boundaries.filter { boundary in
            let scalars = Array(boundary.unicodeScalars)
            guard scalars.count >= 2 else { return false }
            // Real scripts have a letter as their sample; unassigned code points (implicit weights)
            // are the last boundary. The special reordering groups (digits, symbols) are skipped.
            switch scalars[1].properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .unassigned:
                return true
            default:
                return false
            }
        }
        // Sorted by sort key: the order of compare(_:_:) with one key per string instead of two
        // conversions per comparison.
        starts = starts.map { (string: $0, key: primary.sortKey(of: $0)) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .map { $0.string }
        while let first = starts.first, primary.compare(first, "") == 0 { starts.removeFirst() }
        // The root collation has the boundaries of every script; every tailoring falls back to it.
        precondition(!starts.isEmpty, "the compiled-in root collation has no script boundaries")
        return starts
    }

    private static func initialLabels(
        locale: String, primary: LocaleCollator, method: Method,
        exemplars: (String, ICULocaleData.ExemplarKind) -> [String]?
    ) -> Set<String> {
        var labels = Set(latinAlphabet)
        let chinese: [String]
        switch method {
        case .enumerating(let source):
            chinese = source.contractions(chineseBoundaryPrefix)
        case .probing:
            // A tailoring has a family's contractions if it has the family's first one. ICU's
            // enumeration also lists their canonical equivalents (U+FDD0 + "À", a compatibility
            // ideograph), which sort with the plain one and never become its label.
            chinese = ChineseIndexFamily.allCases.flatMap { family in
                contractions(of: chineseBoundaryPrefix, amongSuffixes: [family.first], primary: primary).isEmpty
                    ? [] : contractions(of: chineseBoundaryPrefix, amongSuffixes: family.members, primary: primary)
            }
        }
        if !chinese.isEmpty {
            labels.formUnion(chinese)
            return labels
        }
        if let index = exemplars(locale, .index) {
            labels.formUnion(index)
        } else {
            labels.formUnion(synthesizedLabels(locale: locale, standard: exemplars(locale, .standard) ?? []))
        }
        return labels
    }

    /// Index labels made from the standard exemplars of a locale whose data has no index set.
    private static func synthesizedLabels(locale: String, standard: [String]) -> Set<String> {
        var kept: [String] = []
        var hasHangulSyllables = false
        for exemplar in standard {
            let scalars = exemplar.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first {
                // Hangul syllables are cut down to the first syllable of each initial consonant,
                // Ethiopic to the first form of each consonant (blocks of 8).
                if (0xAC00...0xD7A3).contains(scalar.value) { hasHangulSyllables = true; continue }
                if (0x1200...0x137F).contains(scalar.value) && scalar.value & 7 != 0 { continue }
            }
            kept.append(exemplar)
        }
        var labels = Set(LocaleIdentifier.uppercased(kept, locale: locale))
        if hasHangulSyllables {
            for value: UInt32 in [
                0xAC00, 0xB098, 0xB2E4, 0xB77C, 0xB9C8, 0xBC14, 0xC0AC,
                0xC544, 0xC790, 0xCC28, 0xCE74, 0xD0C0, 0xD30C, 0xD558,
            ] {
                labels.insert(String(Character(Unicode.Scalar(value)!)))
            }
        }
        return labels
    }

    /// Keeps the labels that sort distinctly inside the alphabetic scripts, one per primary weight,
    /// sorted in collation order.
    private static func distinctLabels(_ initial: Set<String>, primary: LocaleCollator, scriptStarts: [String]) -> [String] {
        // Compared by primary sort keys, which order as compare(_:_:) does: one key per string
        // instead of a UTF-16 copy of both strings per comparison.
        let firstScriptStart = primary.sortKey(of: scriptStarts[0])
        let overflowStart = primary.sortKey(of: scriptStarts[scriptStarts.count - 1])
        var sorted: [(label: String, key: [UInt8])] = []
        // Iterate in a fixed order so that ties are resolved the same way every run.
        for candidate in initial.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
            var item = candidate
            var checkDistinct = item.unicodeScalars.count > 1
            if item.hasSuffix("*") && !item.hasSuffix("**") {
                // A trailing star marks a label to keep even if it does not sort distinctly.
                item.removeLast()
                checkDistinct = false
            }
            let key = primary.sortKey(of: item)
            if key.lexicographicallyPrecedes(firstScriptStart) { continue }
            if !key.lexicographicallyPrecedes(overflowStart) { continue }
            if checkDistinct && key == primary.sortKey(of: separated(item)) { continue }
            // Binary search for the insertion point.
            var low = 0, high = sorted.count
            var equalAt: Int?
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].key == key { equalAt = middle; break }
                if sorted[middle].key.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
            }
            if let equalAt {
                if isBetterLabel(item, than: sorted[equalAt].label) { sorted[equalAt].label = item }
            } else {
                sorted.insert((item, key), at: low)
            }
        }
        return sorted.map { $0.label }
    }

    /// ICU's limit on the number of labels (`AlphabeticIndex`'s default maximum label count).
    static let maximumLabelCount = 99

    /// `labels` (in collation order) cut down as ICU's `AlphabeticIndex` cuts a list of more than
    /// ``maximumLabelCount`` + 1 labels: the k-th label (from 1) is kept when ⌊k · 99 / (n − 1)⌋
    /// differs from the last kept one's, which keeps the first label and labels evenly spread
    /// over the list, about 100 of them.
    static func limited(_ labels: [String]) -> [String] {
        let size = labels.count - 1
        guard size > maximumLabelCount else { return labels }
        var kept: [String] = []
        var last = -1
        for (offset, label) in labels.enumerated() {
            let bump = (offset + 1) * maximumLabelCount / size
            if bump != last {
                kept.append(label)
                last = bump
            }
        }
        return kept
    }

    /// The strings `prefix` + suffix that are contractions: those that do not sort like their
    /// code points taken one by one.
    private static func contractions(
        of prefix: Unicode.Scalar, amongSuffixes suffixes: [String], primary: LocaleCollator
    ) -> [String] {
        suffixes.compactMap { suffix in
            let candidate = String(Character(prefix)) + suffix
            return primary.compare(candidate, separated(candidate)) == 0 ? nil : candidate
        }
    }

    /// `item` with a combining grapheme joiner between its code points, which blocks contractions.
    private static func separated(_ item: String) -> String {
        var result = String.UnicodeScalarView()
        for (offset, scalar) in item.unicodeScalars.enumerated() {
            if offset > 0 { result.append("\u{034F}") }
            result.append(scalar)
        }
        return String(result)
    }

    /// Of two primary-equal labels, prefer the shorter compatibility decomposition, then the lower
    /// code points.
    private static func isBetterLabel(_ one: String, than other: String) -> Bool {
        let first = Array(one.decomposedStringWithCompatibilityMapping.unicodeScalars.map(\.value))
        let second = Array(other.decomposedStringWithCompatibilityMapping.unicodeScalars.map(\.value))
        if first.count != second.count { return first.count < second.count }
        if first != second { return first.lexicographicallyPrecedes(second) }
        return one.unicodeScalars.map(\.value).lexicographicallyPrecedes(other.unicodeScalars.map(\.value))
    }

    private static func buckets(
        labels: [String], primary: LocaleCollator, scriptStarts: [String], method: Method
    ) -> [Bucket] {
        let counts =
            switch method {
            case .probing: primary.primaryWeightCounts(of: labels)
            case .enumerating(let source): labels.map(source.primaryWeightCount)
            }
        let primaryWeightCount = Dictionary(uniqueKeysWithValues: zip(labels, counts))
        var buckets = [Bucket(label: otherTitle, boundary: "", kind: .underflow)]
        var scriptIndex = -1
        var scriptUpperBoundary = ""
        var asciiBuckets = [Int?](repeating: nil, count: 26)
        var pinyinBuckets = [Int?](repeating: nil, count: 26)
        var hasPinyin = false

        for label in labels {
            if primary.compare(label, scriptUpperBoundary) >= 0 {
                // The label starts a new script; scripts skipped on the way get an inflow bucket.
                let inflowBoundary = scriptUpperBoundary
                var skippedScript = false
                while true {
                    scriptIndex += 1
                    scriptUpperBoundary = scriptStarts[scriptIndex]
                    if primary.compare(label, scriptUpperBoundary) < 0 { break }
                    skippedScript = true
                }
                if skippedScript && buckets.count > 1 {
                    buckets.append(Bucket(label: otherTitle, boundary: inflowBoundary, kind: .inflow))
                }
            }
            buckets.append(Bucket(label: label, boundary: label, kind: .normal))
            let scalars = Array(label.unicodeScalars)
            if scalars.count == 1, (0x41...0x5A).contains(scalars[0].value) {
                asciiBuckets[Int(scalars[0].value - 0x41)] = buckets.count - 1
            } else if scalars.count == 2, scalars[0] == chineseBoundaryPrefix, (0x41...0x5A).contains(scalars[1].value) {
                pinyinBuckets[Int(scalars[1].value - 0x41)] = buckets.count - 1
                hasPinyin = true
            }
            // A label with several primary weights ("Sch") would swallow everything after it up to
            // the next label; an invisible bucket at label+U+FFFF sends those back to the previous
            // single-weight bucket.
            if scalars.first != chineseBoundaryPrefix && primaryWeightCount[label, default: 0] > 1 && scalars.last != maximalScalar {
                var previous = buckets.count - 2
                while previous >= 0 && buckets[previous].kind == .normal {
                    if buckets[previous].displayBucket == nil && primaryWeightCount[buckets[previous].boundary, default: 0] <= 1 {
                        buckets.append(
                            Bucket(label: "", boundary: label + String(Character(maximalScalar)), kind: .normal, displayBucket: previous))
                        break
                    }
                    previous -= 1
                }
            }
        }
        buckets.append(Bucket(label: otherTitle, boundary: scriptUpperBoundary, kind: .overflow))
        if hasPinyin {
            var ascii: Int?
            for letter in 0..<26 {
                if let bucket = asciiBuckets[letter] { ascii = bucket }
                if let pinyin = pinyinBuckets[letter], let ascii { buckets[pinyin].displayBucket = ascii }
            }
        }
        return buckets
    }

    /// The title shown for a bucket label: Chinese boundary contractions lose their prefix, stroke
    /// counts read "N劃".
    private static func displayTitle(for label: String) -> String {
        let scalars = Array(label.unicodeScalars)
        guard scalars.first == chineseBoundaryPrefix, scalars.count >= 2 else { return label }
        let rest = scalars[1].value
        if rest > 0x2800 && rest <= 0x28FF {
            return "\(rest - 0x2800)\u{5283}"
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.dropFirst())
        return String(view)
    }

    /// The bucket `text` falls into: the last one whose boundary sorts at or before it.
    private static func bucketIndex(of text: String, in buckets: [Bucket], primary: LocaleCollator) -> Int {
        buckets.lastIndex { primary.compare($0.boundary, text) <= 0 } ?? 0
    }

    /// Where UIKit titles a section with another letter of the same bucket than CLDR's index
    /// exemplar (used only while that letter really falls in the bucket). Arabic: CLDR's first index
    /// letter is ALEF (ا); UIKit shows ALEF WITH MADDA ABOVE (آ), which sorts in ALEF's bucket.
    private static let uikitTitles: [String: [String: String]] = [
        "ar": ["\u{0627}": "\u{0622}"]
    ]
}

/// The primary level of an ICU sort key: the bytes before the first level separator (0x01) or the
/// end of the key (0x00).
enum PrimaryKey {
    static func prefix(of key: [UInt8]) -> [UInt8] {
        Array(key.prefix { $0 >= 0x02 })
    }
}
