/// Random texts for `--check-collation`: pieces of many scripts and of what collation treats
/// specially, strung together, so that each piece meets the others' contexts.
///
/// A text is 0 to 8 pieces; a piece is letters of one script (Latin with accents, Cyrillic, Greek,
/// Arabic, Hebrew, Thai, Devanagari and other Indic, Han up to extension I, Hangul syllables,
/// conjoining jamo in and out of syllable order, kana with the length mark and iteration marks),
/// combining marks in canonical order or not, digit runs (some past ICU's 254-digit numeric
/// limit), punctuation, spaces and symbols, emoji with ZWJ sequences, flags, skin tones and keycaps,
/// any code point at all, ill-formed UTF-8, or a string the tailoring itself maps (its tailored set,
/// contractions and prefix mappings, from ICU).
struct RandomCollationText {
    typealias Ranges = [ClosedRange<UInt32>]

    static let latin: Ranges = [0x41...0x5A, 0x61...0x7A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0xFB00...0xFB06, 0x2C60...0x2C7F]
    static let cyrillic: Ranges = [0x400...0x52F, 0x1C80...0x1C88, 0xA640...0xA69F]
    static let greek: Ranges = [0x370...0x3FF, 0x1F00...0x1FFF]
    static let arabic: Ranges = [0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF]
    static let hebrew: Ranges = [0x591...0x5F4, 0xFB1D...0xFB4F]
    static let thai: Ranges = [0xE01...0xE5B, 0xE81...0xEDF]
    static let indic: Ranges = [0x900...0x97F, 0x900...0x97F, 0x980...0x9FF, 0xB80...0xBFF, 0xD80...0xDFF]
    static let han: Ranges = [
        0x4E00...0x9FFF, 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x20000...0x2A6DF, 0x2A700...0x2EE5D,
        0x30000...0x323AF, 0xF900...0xFAFF, 0x2F800...0x2FA1F, 0x2E80...0x2FDF, 0x3005...0x3007,
    ]
    static let kana: Ranges = [0x3041...0x3096, 0x30A1...0x30FA, 0x31F0...0x31FF, 0xFF66...0xFF9D, 0x1B000...0x1B122, 0x3099...0x309A]
    /// The length mark, the iteration marks and their half-width, vertical and ideographic kin:
    /// the prefix mappings of Japanese.
    static let kanaMarks: [UInt32] = [0x30FC, 0x309D, 0x309E, 0x30FD, 0x30FE, 0x3005, 0xFF70, 0x3031, 0x3032, 0x3033, 0x3035, 0x303B]
    static let combiningMarks: Ranges = [
        0x300...0x36F, 0x300...0x36F, 0x483...0x489, 0x591...0x5BD, 0x64B...0x65F, 0x670...0x670, 0x93C...0x94D,
        0xE31...0xE3A, 0xE47...0xE4E, 0xF71...0xF84, 0x1AB0...0x1ACE, 0x1DC0...0x1DFF, 0x20D0...0x20F0, 0x302A...0x302F,
        0x3099...0x309A, 0xFE20...0xFE2F, 0x1D165...0x1D169, 0x1D16D...0x1D172, 0x034F...0x034F,
    ]
    static let bases: Ranges = [
        0x41...0x5A, 0x61...0x7A, 0xC0...0xFF, 0x391...0x3C9, 0x410...0x44F, 0x5D0...0x5EA, 0x627...0x64A, 0xF40...0xF6C,
    ]
    static let digits: Ranges = [
        0x30...0x39, 0x30...0x39, 0x30...0x39, 0x660...0x669, 0x6F0...0x6F9, 0x966...0x96F, 0xE50...0xE59, 0xFF10...0xFF19,
        0x1D7CE...0x1D7FF, 0x1040...0x1049,
    ]
    static let punctuation: Ranges = [
        0x20...0x2F, 0x20...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E, 0x9...0xD, 0xA0...0xBF, 0x2000...0x206F,
        0x20A0...0x20C0, 0x3000...0x3003, 0xFF01...0xFF0F, 0xFFF9...0xFFFF, 0xAD...0xAD, 0x0...0x8,
    ]
    static let emoji: Ranges = [0x1F300...0x1F5FF, 0x1F600...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x2600...0x27BF]
    static let people: [UInt32] = [0x1F468, 0x1F469, 0x1F9D1, 0x1F466, 0x1F467, 0x1F44D, 0x1F64B, 0x1F3C3]
    /// The piece kinds, repeated by how often they are drawn.
    enum Piece: CaseIterable {
        case latin, cyrillic, greek, arabic, hebrew, thai, indic, han, hangul, jamo, kana, marks, digits, punctuation
        case emoji, anyCodePoint, illFormed, tailored
    }
    static let weightedPieces: [Piece] =
        [.latin, .latin, .latin, .marks, .marks, .digits, .digits, .punctuation, .punctuation, .tailored, .tailored, .tailored]
        + Piece.allCases

    /// The strings the tailoring maps (and the root's contractions), drawn by `.tailored`.
    let tailored: [[Unicode.Scalar]]

    init(tailored: [[Unicode.Scalar]]) {
        self.tailored = tailored
    }

    /// Replaces `text` with a new random text.
    func next(into text: inout CollationCheckText, using generator: inout some RandomNumberGenerator) {
        text.removeAll()
        let pieces =
            Int.random(in: 0...8, using: &generator) == 0
            ? Int.random(in: 0...1, using: &generator) : Int.random(in: 1...8, using: &generator)
        for _ in 0..<pieces { append(Self.weightedPieces.randomElement(using: &generator)!, to: &text, using: &generator) }
    }

    private func pick(_ ranges: Ranges, using generator: inout some RandomNumberGenerator) -> UInt32 {
        UInt32.random(in: ranges.randomElement(using: &generator)!, using: &generator)
    }

    private func letters(_ ranges: Ranges, _ text: inout CollationCheckText, using generator: inout some RandomNumberGenerator) {
        for _ in 0..<Int.random(in: 1...6, using: &generator) { text.append(code: pick(ranges, using: &generator)) }
    }

    private func append(_ piece: Piece, to text: inout CollationCheckText, using generator: inout some RandomNumberGenerator) {
        switch piece {
        case .latin: letters(Self.latin, &text, using: &generator)
        case .cyrillic: letters(Self.cyrillic, &text, using: &generator)
        case .greek: letters(Self.greek, &text, using: &generator)
        case .arabic: letters(Self.arabic, &text, using: &generator)
        case .hebrew: letters(Self.hebrew, &text, using: &generator)
        case .thai: letters(Self.thai, &text, using: &generator)
        case .indic: letters(Self.indic, &text, using: &generator)
        case .han: letters(Self.han, &text, using: &generator)
        case .hangul: letters([0xAC00...0xD7A3], &text, using: &generator)
        case .jamo:
            // Leading, vowel and optional trailing jamo (modern or old), a syllable followed by a
            // trailing jamo, or jamo in any order.
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                text.append(code: UInt32.random(in: 0x1100...0x1112, using: &generator))
                text.append(code: UInt32.random(in: 0x1161...0x1175, using: &generator))
                if Bool.random(using: &generator) { text.append(code: UInt32.random(in: 0x11A8...0x11C2, using: &generator)) }
            case 1:
                text.append(code: UInt32.random(in: 0x1100...0x115F, using: &generator))
                text.append(code: UInt32.random(in: 0x1160...0x11A7, using: &generator))
                text.append(code: UInt32.random(in: 0x11A8...0x11FF, using: &generator))
            case 2:
                // LV syllables are those at multiples of 28 from U+AC00.
                text.append(code: 0xAC00 + 28 * UInt32.random(in: 0..<399, using: &generator))
                text.append(code: UInt32.random(in: 0x11A8...0x11C2, using: &generator))
            default:
                letters([0x1100...0x11FF, 0x3131...0x318E, 0xFFA0...0xFFDC, 0xA960...0xA97C, 0xD7B0...0xD7FB], &text, using: &generator)
            }
        case .kana:
            letters(Self.kana, &text, using: &generator)
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                text.append(code: Self.kanaMarks.randomElement(using: &generator)!)
                if Bool.random(using: &generator) { text.append(code: pick(Self.kana, using: &generator)) }
            }
        case .marks:
            // A base (or none) and one to four marks, sorted by combining class half the time.
            if Int.random(in: 0..<4, using: &generator) != 0 { text.append(code: pick(Self.bases, using: &generator)) }
            var marks = (0..<Int.random(in: 1...4, using: &generator)).compactMap {
                _ in Unicode.Scalar(pick(Self.combiningMarks, using: &generator))
            }
            if Bool.random(using: &generator) {
                marks.sort { $0.properties.canonicalCombiningClass < $1.properties.canonicalCombiningClass }
            }
            text.append(marks)
        case .digits:
            let length =
                Int.random(in: 0..<50, using: &generator) == 0
                ? Int.random(in: 250...300, using: &generator) : Int.random(in: 1...12, using: &generator)
            let zeros = Bool.random(using: &generator) ? Int.random(in: 0...3, using: &generator) : 0
            let range = Self.digits.randomElement(using: &generator)!
            for position in 0..<length {
                text.append(code: position < zeros ? range.lowerBound : UInt32.random(in: range, using: &generator))
            }
            if Bool.random(using: &generator) { text.append(code: [0x2E, 0x2C, 0x20, 0x2D].randomElement(using: &generator)!) }
        case .punctuation: letters(Self.punctuation, &text, using: &generator)
        case .emoji:
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                // A ZWJ sequence of people, with skin tones and variation selectors.
                for index in 0..<Int.random(in: 2...4, using: &generator) {
                    if index > 0 { text.append(code: 0x200D) }
                    text.append(code: Self.people.randomElement(using: &generator)!)
                    if Bool.random(using: &generator) { text.append(code: UInt32.random(in: 0x1F3FB...0x1F3FF, using: &generator)) }
                }
                if Bool.random(using: &generator) {
                    text.append(code: 0x200D)
                    text.append(code: [0x2640, 0x2642, 0x2695, 0x1F4BB].randomElement(using: &generator)!)
                    text.append(code: 0xFE0F)
                }
            case 1:
                // A flag: two regional indicators, or a tag sequence (England).
                if Bool.random(using: &generator) {
                    text.append(code: UInt32.random(in: 0x1F1E6...0x1F1FF, using: &generator))
                    text.append(code: UInt32.random(in: 0x1F1E6...0x1F1FF, using: &generator))
                } else {
                    for value: UInt32 in [0x1F3F4, 0xE0067, 0xE0062, 0xE0065, 0xE006E, 0xE0067, 0xE007F] { text.append(code: value) }
                }
            case 2:
                // A person with a skin tone, or a keycap.
                if Bool.random(using: &generator) {
                    text.append(code: Self.people.randomElement(using: &generator)!)
                    text.append(code: UInt32.random(in: 0x1F3FB...0x1F3FF, using: &generator))
                } else {
                    text.append(code: UInt32.random(in: 0x30...0x39, using: &generator))
                    text.append(code: 0xFE0F)
                    text.append(code: 0x20E3)
                }
            default:
                letters(Self.emoji, &text, using: &generator)
                if Bool.random(using: &generator) { text.append(code: [0xFE0E, 0xFE0F].randomElement(using: &generator)!) }
            }
        case .anyCodePoint:
            // Any code point but a surrogate (those are ill-formed UTF-8, drawn below).
            var value: UInt32
            repeat { value = UInt32.random(in: 0...0x10FFFF, using: &generator) } while (0xD800...0xDFFF).contains(value)
            text.append(code: value)
        case .illFormed:
            text.appendIllFormed(Self.illFormed(using: &generator))
        case .tailored:
            guard let string = tailored.randomElement(using: &generator) else { return }
            text.append(string)
        }
    }

    /// A byte sequence that is not UTF-8: stray continuation bytes, lead bytes without their
    /// continuation, overlong forms, surrogates, code points past U+10FFFF, bytes never used.
    static func illFormed(using generator: inout some RandomNumberGenerator) -> [UInt8] {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: [UInt8.random(in: 0x80...0xBF, using: &generator)]
        case 1: [UInt8.random(in: 0xC2...0xF4, using: &generator)]
        case 2:
            [[0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xE0, 0x9F, 0xBF]].randomElement(using: &generator)!
        case 3: [0xED, UInt8.random(in: 0xA0...0xBF, using: &generator), UInt8.random(in: 0x80...0xBF, using: &generator)]
        case 4: [0xF4, UInt8.random(in: 0x90...0xBF, using: &generator), 0x80, 0x80]
        case 5: [UInt8.random(in: 0xF5...0xFF, using: &generator)]
        default:
            // A well-formed sequence of two to four bytes cut short.
            Array(String(Unicode.Scalar(UInt32.random(in: 0x80...0x10FFFF, using: &generator)) ?? "\u{FFFD}").utf8.dropLast())
        }
    }
}
