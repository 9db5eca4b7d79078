import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// The identical level is written from the NFD of the text in pieces, so that a long text's NFD
/// is never held whole: the pieces joined are ICU's NFD of the whole text, and the keys of texts
/// longer than a piece are ICU's.
@Suite struct IdenticalLevelTests {
    /// Marks out of canonical order (one of them supplementary), characters that decompose into
    /// marks or into a starter and marks, Hangul syllables and jamo, Han, the merge separator and
    /// ill-formed UTF-8.
    static let pieces: [[UInt8]] =
        [
            "a", "Z", "é", "e\u{301}\u{323}", "\u{323}", "\u{301}", "\u{308}\u{316}\u{31B}", "\u{1D16D}", "\u{344}",
            "\u{F73}", "ǖ", "ệ", "Å", "ά", "ë\u{35C}", "가", "힣", "각", "\u{1100}\u{1161}\u{11A8}", "中", "林", "𠀀", "\u{FFFE}",
            "あ", "ゞ", "ж", "ก\u{E48}", "😀", " ", "5",
        ].map { Array($0.utf8) } + CollatorTests.illFormed

    static func randomText(pieces count: Int, using generator: inout SeededGenerator) -> [UInt8] {
        (0..<count).flatMap { _ in pieces.randomElement(using: &generator)! }
    }

    /// Each piece after the first starts with a starter, and the pieces joined are ICU's NFD of
    /// the whole text (ill-formed parts as U+FFFD), for pieces of every size down to one code
    /// point: so at every place where a piece may end.
    @Test(arguments: [1, 2, 3, 5, 8, 64])
    func piecesJoinedAreTheNFDOfTheWholeText(pieceSize: Int) {
        var generator = SeededGenerator(seed: UInt64(100 + pieceSize))
        for _ in 0..<20 {
            let text = Self.randomText(pieces: 400, using: &generator)
            var joined: [UInt32] = []
            var pieceCount = 0
            text.withUnsafeBufferPointer { bytes in
                NormalizationTable.shared.forEachNFDPiece(utf8: bytes, pieceSize: pieceSize) { piece in
                    if pieceCount > 0 { #expect(NormalizationTable.shared.combiningClass(piece[0]) == 0) }
                    pieceCount += 1
                    joined.append(contentsOf: piece)
                }
            }
            let whole = ICUCollationInternals.nfd(String(decoding: text, as: UTF8.self))
            #expect(joined == whole, "\(CollatorTests.describe(text))")
            #expect(pieceCount > 1)
        }
    }

    /// Texts longer than the collator's pieces (4,096 code points) at identical strength, with a
    /// run of marks out of canonical order at each place around the end of the first piece, after
    /// letters alone or after characters that decompose, and random texts of every piece.
    @Test(arguments: ["en-u-ks-identic", "ja-u-ks-identic", "ko-u-ks-identic", "zh-u-ks-identic"])
    func keysTextsLongerThanAPieceAsICU(locale: String) throws {
        let marks = "x\u{301}\u{323}\u{308}\u{316}\u{31B}"
        var texts: [[UInt8]] = []
        for prefix in 4086...4100 {
            texts.append(Array((String(repeating: "a", count: prefix) + marks + "b").utf8))
            // é decomposes into two code points, 가 into two, 각 into three.
            texts.append(Array((String(repeating: "é", count: prefix / 2) + marks + "b").utf8))
            texts.append(Array((String(repeating: "가", count: prefix / 3) + "각" + marks + "b").utf8))
            texts.append(Array((String(repeating: "中", count: prefix) + marks + "\u{FFFE}中").utf8))
        }
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<8 { texts.append(Self.randomText(pieces: 6_000, using: &generator)) }
        #expect(try CollatorTests.compare(locale, CollationOptions(), texts: texts) == texts.count)
    }
}
