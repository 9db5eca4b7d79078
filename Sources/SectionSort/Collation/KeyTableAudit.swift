/// A comparison of a collation's ``SortKeyTable`` with the collation runtime (whose keys the tests
/// prove ICU's): the keys of every character the table covers and of random texts of them, byte
/// for byte (for `sectionsort-bench --check-key-tables`).
package struct KeyTableAudit: Sendable {
    /// Whether the collator's settings allow a table (see ``LocaleCollator/plainSortKeyLevels``).
    package var hasTable: Bool
    /// How many code points the table covers.
    package var coveredCodePoints: Int
    /// How many keys were compared: one per covered code point and the random texts.
    package var keysCompared: Int
    /// Texts whose table key differs from the runtime's (at most 10).
    package var mismatches: [String]
    /// How long building the table took.
    package var buildSeconds: Double
}

extension IndexedCollation {
    /// Builds this collation's key table anew (covering Han where the collation reorders it, as
    /// the engine's tables for large lists do) and compares its keys with the runtime's: each
    /// covered character alone, then `randomTexts` texts of 1 to 24 covered characters (a third
    /// of them from the ASCII letters, space, hyphen and apostrophe, as names are), drawn with
    /// `seed`.
    ///
    /// - Complexity: O(c + r·m) runtime keys for c covered characters and r texts of length m.
    package func auditKeyTable(randomTexts: Int, seed: UInt64) -> KeyTableAudit {
        collator.withLock { collator in
            let clock = ContinuousClock()
            var table: SortKeyTable?
            let duration = clock.measure { table = SortKeyTable(collator: collator, coveringHan: collator.reordersHan) }
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
            guard let table else {
                return KeyTableAudit(hasTable: false, coveredCodePoints: 0, keysCompared: 0, mismatches: [], buildSeconds: seconds)
            }
            let covered = table.coveredScalars
            let nameLike = covered.filter { $0.isASCII && ($0.properties.isAlphabetic || " -'".unicodeScalars.contains($0)) }
            var texts = covered.map { String(Character($0)) }
            var state = seed | 1
            func next(_ bound: Int) -> Int {
                // xorshift64*: a small generator whose sequence the seed fixes.
                state ^= state >> 12
                state ^= state << 25
                state ^= state >> 27
                return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
            }
            for _ in 0..<randomTexts {
                let pool = next(3) == 0 && !nameLike.isEmpty ? nameLike : covered
                var scalars = String.UnicodeScalarView()
                for _ in 0...next(24) { scalars.append(pool[next(pool.count)]) }
                texts.append(String(scalars))
            }
            var mismatches: [String] = []
            let buffer = KeyBuffer(), scratch = SortKeyTable.Scratch()
            for text in texts {
                buffer.removeAll()
                var copy = text
                let written = copy.withUTF8 { table.appendSortKey(utf8: $0, to: buffer, scratch: scratch) }
                // The table refuses text that is not FCD (a mark after a higher combining class).
                if written ? buffer.bytes(at: 0, length: buffer.count) != collator.sortKey(of: text) : SortKeyTable.isFCD(text) {
                    if mismatches.count < 10 { mismatches.append(text) }
                }
            }
            return KeyTableAudit(
                hasTable: true, coveredCodePoints: covered.count, keysCompared: texts.count, mismatches: mismatches,
                buildSeconds: seconds)
        }
    }
}
