import Synchronization
import Testing

@testable import SectionSort

/// Keys read in place from UTF-8 bytes, as the command-line tool does, must be the keys of the
/// strings those bytes decode to: ill-formed bytes become U+FFFD exactly as in Swift.
@Suite struct UTF8KeysTests {
    /// Byte strings that are mostly well-formed, with truncated sequences, stray continuation
    /// bytes, overlongs, surrogates and bytes past U+10FFFF mixed in.
    private static func byteStrings(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("Ö".utf8), Array("ж".utf8), Array("林".utf8), Array("😀".utf8),
            [0xFF], [0x80], [0xC3], [0xE6, 0x9E], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80], Array("Zoë".utf8),
        ]
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...8, using: &generator)).flatMap { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
        }
    }

    @Test func decodingMatchesSwiftsReplacement() {
        for bytes in Self.byteStrings(count: 3000, seed: 7) {
            let expected = String(decoding: bytes, as: UTF8.self)
            let units = [UInt16](unsafeUninitializedCapacity: max(1, bytes.count)) { buffer, count in
                count = bytes.withUnsafeBufferPointer { UTF8Decoding.transcodeToUTF16($0, into: buffer.baseAddress!) }
            }
            #expect(units == Array(expected.utf16), "\(bytes)")
            let invalid = bytes.withUnsafeBufferPointer { UTF8Decoding.firstInvalidOffset($0) }
            #expect((invalid == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            if let invalid {
                #expect(String(validating: bytes[..<invalid], as: UTF8.self) != nil, "everything before the offset is valid")
            }
        }
    }

    @Test func inPlaceKeysGiveTheOrderAndKeysOfTheirStrings() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let primary = Self.byteStrings(count: 4000, seed: 11), secondary = Self.byteStrings(count: 4000, seed: 12)
        let keys = UTF8Keys(count: primary.count) { item, body in
            primary[item].withUnsafeBufferPointer { first in
                secondary[item].withUnsafeBufferPointer { SecondaryKeys.withOne($0) { body(first, $0) } }
            }
        }
        for options in [SectioningOptions(threads: 1), SectioningOptions(order: .reverse, secondaryOrder: .reverse, threads: 4)] {
            let sorted = try collation.sectionedOrder(of: keys, options: options)
            let strings = collation.sectionedIndices(
                of: Array(primary.indices), by: { String(decoding: primary[$0], as: UTF8.self) },
                then: { String(decoding: secondary[$0], as: UTF8.self) }, options: options)
            #expect(sorted.sections.map(\.title) == strings.map(\.title))
            #expect(sorted.sections.flatMap { sorted.order[$0.positions] } == strings.flatMap { Array($0) })

            let expected = primary.indices.map {
                collation.orderingKey(
                    primary: String(decoding: primary[$0], as: UTF8.self),
                    secondary: String(decoding: secondary[$0], as: UTF8.self), options: options)
            }
            let mismatches = Atomic(0)
            collation.forEachOrderingKey(of: keys, in: 0..<primary.count, options: options, chunkSize: 333) { chunk, keyOf in
                let wrong = chunk.filter { item in
                    let (rank, key) = keyOf(item)
                    return rank != expected[item].sectionRank || Array(key) != expected[item].key
                }.count
                mismatches.wrappingAdd(wrong, ordering: .relaxed)
            }
            #expect(mismatches.load(ordering: .relaxed) == 0)
        }
    }

    /// Several secondary keys order items whose primary keys are equal, one after another: the
    /// order of sorting by the last secondary key, then (stably) by the primary key and the first.
    @Test func severalSecondaryKeysOrderInTurn() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        // Few distinct strings, so that many items tie on the primary key and the first secondary.
        let pools = [["berg", "Berg", "ek"], ["anna", "Åsa", "bo"], ["lund", "Åre", "Zinkgruvan", "malmö"]]
        var generator = SeededGenerator(seed: 25)
        let rows = (0..<2000).map { _ in pools.map { $0[Int.random(in: 0..<$0.count, using: &generator)] } }
        let utf8 = rows.map { $0.map { Array($0.utf8) } }
        let keys = UTF8Keys(count: rows.count) { item, body in
            utf8[item][0].withUnsafeBufferPointer { primary in
                utf8[item][1].withUnsafeBufferPointer { first in
                    utf8[item][2].withUnsafeBufferPointer { second in
                        SecondaryKeys.with(count: 2, { $0 == 0 ? first : second }) { body(primary, $0) }
                    }
                }
            }
        }
        for options in [SectioningOptions(threads: 1), SectioningOptions(order: .reverse, secondaryOrder: .reverse, threads: 4)] {
            let bySecond = rows.indices.sorted {
                let (a, b) = (collation.orderingKey(primary: rows[$0][2]).key, collation.orderingKey(primary: rows[$1][2]).key)
                return options.secondaryOrder == .forward ? a.lexicographicallyPrecedes(b) : b.lexicographicallyPrecedes(a)
            }
            let expected = collation.sectionedIndices(of: bySecond, by: { rows[$0][0] }, then: { rows[$0][1] }, options: options)
            let sorted = try collation.sectionedOrder(of: keys, options: options)
            #expect(sorted.sections.map(\.title) == expected.map(\.title))
            #expect(sorted.sections.flatMap { sorted.order[$0.positions] } == expected.flatMap { $0.map { bySecond[$0] } })
        }
    }
}
