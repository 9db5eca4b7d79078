extension IndexedCollation {
    /// A locale for each alphabet an index can add, by the Unicode block of its letters: the
    /// locale whose index letters are that alphabet's.
    private static let alphabetLocales: [(letters: ClosedRange<UInt32>, locale: String)] = [
        (0x0370...0x03FF, "el"), (0x0400...0x04FF, "ru"), (0x0530...0x058F, "hy"), (0x0590...0x05FF, "he"),
        (0x0600...0x06FF, "ar"), (0x0900...0x097F, "hi"), (0x0980...0x09FF, "bn"), (0x0B80...0x0BFF, "ta"),
        (0x0E00...0x0E7F, "th"), (0x10A0...0x10FF, "ka"), (0x1100...0x11FF, "ko"), (0x3040...0x30FF, "ja"),
        (0x3130...0x318F, "ko"), (0xAC00...0xD7A3, "ko"),
    ]

    /// The index locales that give the first letter of every one of `texts` a section of its
    /// alphabet: the automatic choice for ``init(locale:indexLocales:options:)``, for a list in
    /// several alphabets that are not known in advance.
    ///
    /// Each text counts by its first letter. Latin needs no locale (every index has A–Z); nor do
    /// Han characters, whose sections a locale's collation decides (pinyin in Chinese, stroke
    /// counts in Traditional Chinese), nor alphabets the table lacks. A locale is listed once, in
    /// the order its alphabet first appears, and never when it shares `locale`'s language.
    ///
    /// ```swift
    /// let names = ["Anna", "Иван", "Αλέξης", "김수", "Борис"]
    /// let locales = IndexedCollation.indexLocales(forLettersIn: names, besides: "en_US")  // ["ru", "el", "ko"]
    /// let collation = try IndexedCollation(locale: "en_US", indexLocales: locales)
    /// ```
    ///
    /// - Complexity: O(n) for n texts (each read up to its first letter).
    public static func indexLocales(forLettersIn texts: some Sequence<String>, besides locale: String) -> [String] {
        let own = LocaleIdentifier.language(of: LocaleIdentifier.canonical(locale))
        var found: [String] = []
        for text in texts {
            guard let letter = text.unicodeScalars.first(where: \.properties.isAlphabetic),
                let entry = alphabetLocales.first(where: { $0.letters.contains(letter.value) }),
                entry.locale != own, !found.contains(entry.locale)
            else { continue }
            found.append(entry.locale)
            if found.count == alphabetLocales.count { break }
        }
        return found
    }
}
