import Foundation
import SectionSortICUSupport
import Testing

@testable import SectionSort

/// The transform computed from the generated data gives ICU's `Han-Latin/Names` output, character
/// by character and for names mixed with other scripts, punctuation and spacing.
@Suite struct HanNameTransformTests {
    let icu = ICUTransliterator(id: ChineseNameReader.transformID)!
    let transform = HanNameTransform()

    @Test func polyphonicSurnamesAndNamesAreICUs() {
        for (surname, _, _) in ReadingTests.polyphonicSurnames {
            for text in [surname, surname + "小明", "小明" + surname, "A" + surname, surname + " " + surname] {
                #expect(transform.transliterate(text) == icu.transliterate(text), "\(text)")
            }
        }
    }

    /// Every Han and ideographic character at the start of a name (after a hyphen: surname
    /// readings) and inside one (after 一), in runs of 256 that ICU transforms at once.
    @Test func everyReadingIsICUs() {
        let characters = (UInt32(0x2E80)...0x323AF).compactMap(Unicode.Scalar.init).filter {
            ICULocaleData.isHan($0) || $0.properties.isIdeographic
        }
        var mismatches: [String] = []
        for start in stride(from: 0, to: characters.count, by: 256) {
            let run = characters[start..<min(characters.count, start + 256)]
            for separator in ["-", "\u{4E00}"] {
                let text = run.map { separator + String(Character($0)) }.joined()
                if transform.transliterate(text) != icu.transliterate(text) && mismatches.count < 10 {
                    mismatches.append(
                        "after \(separator), U+\(String(run.first!.value, radix: 16)) to U+\(String(run.last!.value, radix: 16))")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(characters.count > 90_000)
    }

    /// Names mixed with everything the spacing step treats specially: CJK and fullwidth
    /// punctuation, fullwidth and halfwidth forms, compatibility ideographs, radicals, letters with
    /// combining marks, kana, Hangul, digits, emoji.
    static let pieces =
        [
            "曾", "单", "沈", "阳", "万", "俟", "长", "孙", "江", "令", "狐", "重", "庆", "秘", "鲁", "藏", "文", "语", "澹", "台",
            "尉", "迟", "解", "区", "乐", "查", "單", "樂", "區", "張", "偉", "志", "伟", "小", "明", "一", "丁", "𠀀", "𪚥",
            "々", "〇", "豈", "⼀", "㈠", "ａ", "Ａ", "A", "z", "é", "e\u{301}", " ", "  ", "·", "-", "。", "、", "《", "》", "「",
            "」", "（", "）", "(", ")", "！", "？", ".", ",", "“", "”", "み", "カ", "ｶ", "ﾞ", "Ж", "한", "1", "１", "😀",
            "\u{3000}", "〜",
        ] + [String(Character(Unicode.Scalar(UInt32(0xFDD1))!))]

    @Test func mixedTextIsICUs() {
        var generator = SeededGenerator(seed: 21)
        var mismatches: [String] = []
        for _ in 0..<5000 {
            let length = Int.random(in: 1...6, using: &generator)
            let text = (0..<length).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)] }.joined()
            let expected = icu.transliterate(text)
            if transform.transliterate(text) != expected && mismatches.count < 10 {
                mismatches.append(
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) }): \(transform.transliterate(text)), ICU \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
