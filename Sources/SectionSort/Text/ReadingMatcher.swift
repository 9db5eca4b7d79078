/// Search by reading: a query typed the way people type names matches a text from one of its word
/// starts when each character of the text, in turn, takes a piece of the query:
/// - a Han character (with Chinese names read) takes any non-empty start of its toneless pinyin
///   syllable, the character's reading as a name (the first character of a run of Han characters
///   with its surname reading): "zs", "zhangs", "zhang san" and "zhangsan" all match 张三;
/// - a Hangul syllable takes its initial consonant ("ㄱㅅ" matches 김수, "ㄲ" matches 까), itself,
///   or, as the query's last character, a syllable typed partially: the same initial consonant
///   and vowel without a final one ("김수" is typed ㄱ → 기 → 김 → 김ㅅ → 김수);
/// - any character takes itself, Latin letters in either case.
///
/// Spaces in the query are ignored; spaces in the text between characters are skipped. The match
/// ends where the text character that takes the query's last piece ends.
struct ReadingMatcher: Sendable {
    /// The query's characters without spaces, ASCII letters in lower case.
    private let query: [Unicode.Scalar]
    /// Whether Han characters are read as Chinese names.
    let readsChineseNames: Bool

    /// A matcher for `query`; nil when no text could match by reading that does not match
    /// otherwise: the query has no Hangul and (without Chinese names) nothing to read Han with.
    init?(_ query: String, readsChineseNames: Bool) {
        self.query = query.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Self.folded)
        self.readsChineseNames = readsChineseNames
        let hasHangul = self.query.contains { Self.isHangulSyllable($0) || Self.initialConsonantIndex(ofJamo: $0) != nil }
        let hasLatin = self.query.contains { $0.isASCII && $0.properties.isAlphabetic }
        guard !self.query.isEmpty, hasHangul || (readsChineseNames && hasLatin) else { return nil }
    }

    /// Whether `utf8` could match by reading at all: Han and Hangul take three or four bytes in
    /// UTF-8, starting with a byte of at least 0xE3.
    static func mayMatch(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.contains { $0 >= 0xE3 }
    }

    /// The UTF-8 offsets of the first match in `utf8`, from the first word start where the query
    /// matches by reading; nil when none does.
    ///
    /// - Parameter names: reads runs of Han characters; nil when Chinese names are not read.
    /// - Complexity: O(w·m·q·s) for w word starts, m characters, a query of q characters and
    ///   syllables of at most s letters, plus reading the Han characters once.
    func firstMatch(utf8: UnsafeBufferPointer<UInt8>, names: ChineseNameReader.Worker?) -> Range<Int>? {
        guard Self.mayMatch(utf8) else { return nil }
        let units = Self.units(of: utf8, names: readsChineseNames ? names : nil)
        var unit = 0
        for start in WordStarts.offsets(in: utf8) {
            while unit < units.count && units[unit].start < start { unit += 1 }
            guard unit < units.count else { break }
            var failed = Set<Int>()
            if let last = match(0, unit, units, failed: &failed) { return start..<units[last].end }
        }
        return nil
    }

    func firstMatch(in text: String, names: ChineseNameReader.Worker?) -> Range<Int>? {
        var text = text
        return text.withUTF8 { firstMatch(utf8: $0, names: names) }
    }

    /// One character of the text: where it is and the pinyin forms that read it.
    private struct Unit {
        var scalar: Unicode.Scalar
        var start: Int
        var end: Int
        var syllables: [[Unicode.Scalar]] = []
    }

    /// Matches the query from its character `position` against the text from unit `unit`: the
    /// index of the unit that takes the query's last piece. `failed` remembers the pairs that do
    /// not match, so that no pair is tried twice.
    private func match(_ position: Int, _ unit: Int, _ units: [Unit], failed: inout Set<Int>) -> Int? {
        guard unit < units.count else { return nil }
        let state = position * (units.count + 1) + unit
        if failed.contains(state) { return nil }
        let text = units[unit]
        let remaining = query.count - position
        func next(_ taken: Int) -> Int? {
            taken == remaining ? unit : match(position + taken, unit + 1, units, failed: &failed)
        }
        if text.scalar.properties.isWhitespace, unit > 0, let found = match(position, unit + 1, units, failed: &failed) {
            return found
        }
        if Self.folded(text.scalar) == query[position], let found = next(1) { return found }
        for syllable in text.syllables {
            for length in stride(from: min(syllable.count, remaining), to: 0, by: -1)
            where syllable[..<length].elementsEqual(query[position..<position + length]) {
                if let found = next(length) { return found }
            }
        }
        if Self.isHangulSyllable(text.scalar) {
            let index = Int(text.scalar.value - 0xAC00)
            let initial = index / 588
            if Self.initialConsonantIndex(ofJamo: query[position]) == initial, let found = next(1) { return found }
            // The last syllable typed so far, still without its final consonant.
            let typed = query[position]
            if remaining == 1 && Self.isHangulSyllable(typed) {
                let typedIndex = Int(typed.value - 0xAC00)
                if typedIndex % 28 == 0 && typedIndex / 28 == index / 28 { return unit }
            }
        }
        failed.insert(state)
        return nil
    }

    /// The characters of `utf8` with their offsets, Han characters with their readings.
    private static func units(of utf8: UnsafeBufferPointer<UInt8>, names: ChineseNameReader.Worker?) -> [Unit] {
        var units: [Unit] = []
        // Ill-formed bytes read as U+FFFD with their own length, so that offsets stay those of
        // `utf8` (the command-line tool's --lossy keys).
        var offset = 0
        var parser = Unicode.UTF8.ForwardParser(), bytes = utf8.makeIterator()
        parsing: while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded):
                units.append(Unit(scalar: UTF8.decode(encoded), start: offset, end: offset + encoded.count))
                offset += encoded.count
            case .error(let length):
                units.append(Unit(scalar: "\u{FFFD}", start: offset, end: offset + length))
                offset += length
            case .emptyInput:
                break parsing
            }
        }
        guard let names else { return units }
        var run = 0
        while run < units.count {
            guard units[run].scalar.properties.isIdeographic else {
                run += 1
                continue
            }
            var end = run
            while end < units.count && units[end].scalar.properties.isIdeographic { end += 1 }
            // The run read alone, as a name: its first character with its surname reading.
            let read = UnsafeBufferPointer(rebasing: utf8[units[run].start..<units[end - 1].end])
            if names.read(read) {
                let syllables = String(decoding: names.reading, as: UTF8.self).split(separator: " ")
                if syllables.count == end - run {
                    for (unit, syllable) in zip(run..<end, syllables) { units[unit].syllables = forms(of: syllable) }
                }
            }
            run = end
        }
        return units
    }

    /// A pinyin syllable without its tone marks, in lower case; with ü also as v and as u.
    private static func forms(of syllable: Substring) -> [[Unicode.Scalar]] {
        var plain: [Unicode.Scalar] = [], withV: [Unicode.Scalar] = []
        var hasUmlaut = false
        for scalar in syllable.unicodeScalars {
            let base = scalar.isASCII ? folded(scalar) : toneless[scalar.value]
            guard let base else { continue }
            if base == "ü" {
                hasUmlaut = true
                plain.append("u")
                withV.append("v")
            } else {
                plain.append(base)
                withV.append(base)
            }
        }
        return hasUmlaut ? [withV, plain] : [plain]
    }

    /// The letters of pinyin with tone marks (and ü, ê), by the letter without them: Foundation's
    /// decomposition costs more than the rest of a match.
    private static let toneless: [UInt32: Unicode.Scalar] = {
        let letters: [(String, Unicode.Scalar)] = [
            ("āáǎàĀÁǍÀ", "a"), ("ēéěèêếềĒÉĚÈÊ", "e"), ("īíǐìĪÍǏÌ", "i"), ("ōóǒòŌÓǑÒ", "o"), ("ūúǔùŪÚǓÙ", "u"),
            ("ǖǘǚǜüǕǗǙǛÜ", "ü"), ("ńňǹŃŇǸ", "n"), ("ḿḾ", "m"),
        ]
        var table: [UInt32: Unicode.Scalar] = [:]
        for (toned, base) in letters { for scalar in toned.unicodeScalars { table[scalar.value] = base } }
        return table
    }()

    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(scalar.value | 0x20)! : scalar
    }

    private static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// The compatibility jamo (as typed) of the 19 initial consonants, in the order of Hangul
    /// syllables: ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ.
    private static let initialConsonants: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147, 0x3148,
        0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]

    /// The index of the initial consonant that `scalar` is, as a compatibility jamo or a leading
    /// conjoining jamo (U+1100...U+1112); nil for anything else.
    private static func initialConsonantIndex(ofJamo scalar: Unicode.Scalar) -> Int? {
        if (0x1100...0x1112).contains(scalar.value) { return Int(scalar.value - 0x1100) }
        return initialConsonants.firstIndex(of: scalar.value)
    }
}
