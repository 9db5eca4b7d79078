import Foundation
import SectionSort
import SectionSortICUSupport

/// A sectioned result reduced to what must be identical between contenders.
struct SectionedOutput: Equatable {
    var titles: [String]
    var items: [[String]]

    init(_ list: SectionedList<String>) {
        titles = list.sectionTitles
        items = list.map(\.items)
    }

    init(titles: [String], items: [[String]]) {
        self.titles = titles
        self.items = items
    }
}

/// What a contender returns: arrays of sections, the library's list, or nothing (a floor).
enum ContenderOutput {
    case sections(SectionedOutput)
    case list(SectionedList<String>)
    case none

    /// The result as arrays of sections, to compare with the naive sort's.
    var sections: SectionedOutput? {
        switch self {
        case .sections(let output): output
        case .list(let list): SectionedOutput(list)
        case .none: nil
        }
    }
}

/// The ways of sectioning a list of names that the benchmark compares.
enum Contenders {
    /// What the UIKit recipes do (seeds 002 and 003): put each item in its section, then sort each
    /// section with a comparator that calls Foundation's localized compare on every comparison.
    static func naive(_ names: [String], collation: IndexedCollation, locale: Locale) -> SectionedOutput {
        var sections = [[String]](repeating: [], count: collation.sectionTitles.count)
        for name in names { sections[collation.section(for: name)].append(name) }
        var titles: [String] = [], items: [[String]] = []
        for (index, section) in sections.enumerated() where !section.isEmpty {
            titles.append(collation.sectionTitles[index])
            items.append(section.sorted { $0.compare($1, options: [], range: nil, locale: locale) == .orderedAscending })
        }
        return SectionedOutput(titles: titles, items: items)
    }

    /// What a careful app developer writes instead of Foundation's compare: each item in its
    /// section, then each section sorted with ICU's own comparator on the strings' UTF-8
    /// (`ucol_strcollUTF8` on every comparison, no conversion), on one thread.
    static func icuComparator(_ names: [String], collation: IndexedCollation) -> SectionedOutput {
        var sections = [[String]](repeating: [], count: collation.sectionTitles.count)
        for name in names { sections[collation.section(for: name)].append(name) }
        // ICU opens every locale and option the library opens (the tests compare the two).
        guard let icu = try? ICUCollator(locale: collation.requestedLocale, options: collation.options) else {
            preconditionFailure("ICU cannot open the collator of \(collation.requestedLocale)")
        }
        var titles: [String] = [], items: [[String]] = []
        for (index, section) in sections.enumerated() where !section.isEmpty {
            titles.append(collation.sectionTitles[index])
            items.append(section.sorted { ascending($0, $1, icu.compare(utf8:_:)) })
        }
        return SectionedOutput(titles: titles, items: items)
    }

    /// Whether `a` comes before `b`: native strings are contiguous UTF-8, compared in place
    /// (`withUTF8` copies only a bridged string, which the generated names are not).
    private static func ascending(
        _ a: String, _ b: String, _ compare: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Int
    ) -> Bool {
        var a = a, b = b
        return a.withUTF8 { a in b.withUTF8 { b in compare(a, b) < 0 } }
    }

    /// The engine with `threads` threads (nil: all cores) and a key method (by default the
    /// library's: the key table where it covers the text).
    static func engine(
        _ names: [String], collation: IndexedCollation, threads: Int?,
        keyMethod: SortKeyMethod = .table
    ) -> SectionedList<String> {
        var options = SectioningOptions(threads: threads)
        options.keyMethod = keyMethod
        return collation.sections(of: names, by: { $0 }, options: options)
    }

    /// Only the first phase of the engine: keys and sections. The floor under the engine's time.
    static func keysOnly(_ names: [String], collation: IndexedCollation, threads: Int?, keyMethod: SortKeyMethod = .table) {
        var options = SectioningOptions(threads: threads)
        options.stopsAfterKeys = true
        options.keyMethod = keyMethod
        _ = collation.sections(of: names, by: { $0 }, options: options)
    }
}
