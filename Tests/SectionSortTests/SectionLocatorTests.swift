import Foundation
import Testing

@testable import SectionSort

/// The locator compares a key's first seven primary bytes with each boundary's as numbers and
/// falls back to bytes only where those are equal; it counts a few boundaries and searches many.
/// It must find the section a byte-by-byte search finds, for boundaries shorter and longer than
/// seven bytes, keys that stop or go on where a boundary does, few and many boundaries, and the
/// indexes of real locales.
@Suite struct SectionLocatorTests {
    /// The section of the last boundary at or before the key's primary level, byte by byte.
    static func referenceSection(_ key: [UInt8], boundaries: [[UInt8]], sections: [Int]) -> Int {
        let primary = Array(key.prefix { $0 >= 0x02 })
        let last = boundaries.lastIndex { $0 == primary || $0.lexicographicallyPrecedes(primary) }!
        return sections[last]
    }

    static func section(_ locator: SectionLocator, _ key: [UInt8]) -> Int {
        key.withUnsafeBufferPointer { locator.section(forKey: $0) }
    }

    /// Keys around every boundary: itself, one byte shorter and longer, its last byte one up and
    /// down, each alone or followed by the lower levels; and random keys.
    static func keys(around boundaries: [[UInt8]], randomCount: Int) -> [[UInt8]] {
        var generator = SystemRandomNumberGenerator()
        var primaries: [[UInt8]] = [[]]
        for boundary in boundaries where !boundary.isEmpty {
            primaries += [boundary, Array(boundary.dropLast()), boundary + [0x02], boundary + [0xFF, 0x80]]
            let last = boundary[boundary.count - 1]
            if last > 0x02 { primaries.append(boundary.dropLast() + [last - 1, 0xFF]) }
            if last < 0xFF { primaries.append(boundary.dropLast() + [last + 1]) }
        }
        for _ in 0..<randomCount {
            let base = boundaries.randomElement(using: &generator)!
            let kept = Int.random(in: 0...base.count, using: &generator)
            primaries.append(
                Array(base.prefix(kept)) + (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 0x02...0xFF) })
        }
        return primaries.flatMap { [$0, $0 + [0x00], $0 + [0x01, 0x05, 0x01, 0x05, 0x00]] }
    }

    @Test func findsTheSectionsOfBoundariesLongerAndShorterThanAWord() {
        let boundaries: [[UInt8]] = [
            [], [0x10], [0x10, 0x20], [0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70],
            [0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80],
            [0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x05],
            [0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x05, 0x06, 0x07],
            [0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90],
            [0x11], [0x11, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
        ]
        Self.check(boundaries)
    }

    /// A first byte decides a key's section where no boundary starts with it, or one that is that
    /// byte alone does; not where its one boundary is longer, nor where it has several.
    @Test func decidesByTheFirstByteOnlyWhereItCan() {
        let boundaries: [[UInt8]] = [[], [0x12], [0x13, 0x40], [0x14], [0x14, 0x50], [0x16], [0x17, 0x02], [0x18]]
        Self.check(boundaries)
        let sections = boundaries.indices.map { $0 * 10 }
        let locator = SectionLocator(boundaries: boundaries, bucketSections: sections)
        // Keys of first bytes that decide, and of those that do not, on either side of their boundaries.
        let expectations: [([UInt8], Int)] = [
            ([0x01, 0x05, 0x00], 0), ([0x11, 0xFF, 0x01, 0x05], 0), ([0x12, 0x01, 0x05], 10), ([0x12, 0xFF, 0xFF], 10),
            ([0x13, 0x3F, 0xFF], 10), ([0x13, 0x40, 0x01], 20), ([0x14, 0x4F], 30), ([0x14, 0x50, 0x02], 40),
            ([0x15, 0x02], 40), ([0x16], 50), ([0x17, 0x01, 0x05], 50), ([0x17, 0x02, 0x01], 60), ([0xFF, 0xFF], 70),
        ]
        for (key, section) in expectations {
            #expect(Self.section(locator, key) == section, "\(key)")
        }
        // And the table gives those of the deciding bytes itself, leaving the others to comparisons.
        let decided = locator.firstByteSections.indices.filter { locator.firstByteSections[$0] >= 0 }
        #expect(Set(decided) == Set(0...0xFF).subtracting([0x13, 0x14, 0x17]))
        for (key, section) in expectations where decided.contains(Int(key[0])) {
            #expect(Int(locator.firstByteSections[Int(key[0])]) == section, "\(key)")
        }
    }

    /// Boundaries out of byte order (a letter after its next one, as in Khmer's index): no first
    /// byte decides, every key is compared.
    @Test func comparesEveryKeyWhereBoundariesAreOutOfByteOrder() {
        let boundaries: [[UInt8]] = [[], [0x12], [0x20], [0x14, 0x30], [0x30]]
        let locator = SectionLocator(boundaries: boundaries, bucketSections: Array(boundaries.indices))
        #expect(locator.firstByteSections.isEmpty)
        // Keys whose last boundary at or before them is the same in the list's order and in byte
        // order; among them, some whose first byte alone would have decided.
        let keys: [[UInt8]] = [[0x11, 0x01], [0x12, 0x01], [0x13], [0x20, 0x01], [0x31, 0x01]]
        for key in keys {
            let expected = Self.referenceSection(key, boundaries: boundaries, sections: Array(boundaries.indices))
            #expect(Self.section(locator, key) == expected, "\(key)")
        }
    }

    @Test func findsTheSectionsOfManyBoundaries() {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<300).map { _ in (0..<Int.random(in: 1...11, using: &generator)).map { _ in UInt8.random(in: 0x02...0x06) } }
        let boundaries = [[]] + Set(random).sorted { $0.lexicographicallyPrecedes($1) }
        #expect(boundaries.count > SectionLocator.Lookup.countedBoundaries)
        Self.check(boundaries)
    }

    /// More boundaries than are counted under one first byte (the index of a script whose letters
    /// share a lead byte), beside others: those of the one byte are searched.
    @Test func findsTheSectionsOfManyBoundariesThatStartAlike() {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<400).map { _ in
            [0x40] + (0..<Int.random(in: 0...9, using: &generator)).map { _ in UInt8.random(in: 0x02...0xFF, using: &generator) }
        }
        let alike = Set(random).sorted { $0.lexicographicallyPrecedes($1) }
        #expect(alike.count > SectionLocator.Lookup.countedBoundaries)
        Self.check([[], [0x03], [0x3F, 0xFF]] + alike + [[0x41], [0xFF]])
    }

    static func check(_ boundaries: [[UInt8]]) {
        let sections = boundaries.indices.map { $0 % 2 == 0 ? $0 : $0 * 10 }
        let locator = SectionLocator(boundaries: boundaries, bucketSections: sections)
        for key in keys(around: boundaries, randomCount: 20_000) {
            let expected = referenceSection(key, boundaries: boundaries, sections: sections)
            #expect(section(locator, key) == expected, "\(boundaries.count) boundaries: \(key)")
        }
    }

    @Test(arguments: AlphabeticIndexTests.locales)
    func findsTheSectionsOfALocalesIndex(locale: String) throws {
        let canonical = LocaleIdentifier.canonical(locale)
        let collator = try LocaleCollator(canonicalLocale: canonical, attributes: CollatorAttributes())
        let index = AlphabeticIndex(locale: canonical, collator: collator, method: .probing)
        let locator = SectionLocator(index: index, displayPosition: Array(index.titles.indices))
        for key in Self.keys(around: index.boundaries, randomCount: 2_000) {
            let expected = Self.referenceSection(key, boundaries: index.boundaries, sections: index.bucketTitles)
            #expect(Self.section(locator, key) == expected, "\(locale): \(key)")
        }
    }
}
