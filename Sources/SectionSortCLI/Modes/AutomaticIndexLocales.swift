import SectionSort

/// `--index-locales auto`: the index locales for the alphabets the records are written in, chosen
/// by the library's ``IndexedCollation/indexLocales(forLettersIn:besides:)`` from the first letter
/// of each record's reading (where it has one) or key.
///
/// The collation must exist before the first record is keyed: its sections number the sorted runs
/// and the key records. So the choice reads the batches that are read before sorting starts: the
/// whole input when it is sorted in memory, else its first batch (with `-m`, the first batch of
/// each input). A script that first appears after that batch has no letters of its own, and its
/// records go under "#", as without the option.
enum AutomaticIndexLocales {
    /// The locales for the letters of `batches`' records, in the order their alphabets first
    /// appear, none of `locale`'s language.
    ///
    /// - Complexity: O(n) for n records, each read up to its first letter.
    static func choose(for batches: [RecordSet], besides locale: String) -> [String] {
        // Each distinct first letter once, in the order of first appearance: the library's
        // function reads texts, and one letter is all it reads of each.
        var seen = Set<Unicode.Scalar>(), letters: [String] = []
        for batch in batches {
            batch.keyBytes.withUnsafeBufferPointer { keyBytes in
                for record in 0..<batch.count {
                    // As the engine sections: by the reading where there is one, else by the key.
                    let letter =
                        if let readings = batch.readingSpans, !readings[record].isEmpty {
                            firstLetter(of: UnsafeBufferPointer(rebasing: keyBytes[readings[record]]))
                        } else {
                            batch.withKeyText(of: record) { firstLetter(of: $0) }
                        }
                    if let letter, seen.insert(letter).inserted { letters.append(String(Character(letter))) }
                }
            }
        }
        return IndexedCollation.indexLocales(forLettersIn: letters, besides: locale)
    }

    /// The first alphabetic scalar of `utf8` (ill-formed bytes skipped), as the library's choice
    /// reads a text; nil for an ASCII letter, which every index has, and for none.
    private static func firstLetter(of utf8: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var bytes = utf8.makeIterator(), parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.isASCII {
                    if scalar.properties.isAlphabetic { return nil }
                    continue
                }
                if scalar.properties.isAlphabetic { return scalar }
            case .error: continue
            case .emptyInput: return nil
            }
        }
    }
}
