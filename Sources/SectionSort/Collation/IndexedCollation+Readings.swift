extension IndexedCollation {
    /// Sorts `items` into sections by how they are read: the phonetic reading that address books
    /// store beside a name (yomigana for 山田 is やまだ), where an item has one, else its key.
    ///
    /// An item with a reading goes into the section of its reading and is ordered by it: in ja_JP,
    /// 山田 read やまだ (or ヤマダ: hiragana and katakana read alike) goes under や, where kanji
    /// alone would go under "#". Items whose readings are equal are ordered by their keys, then by
    /// `secondaryKey`, then by input order. An item whose reading is nil or empty is sectioned and
    /// ordered by its key, before the items whose reading equals that key.
    ///
    /// ```swift
    /// let list = collation.sections(of: contacts, by: \.lastName, reading: \.phoneticLastName,
    ///                               then: \.firstName)
    /// ```
    ///
    /// With ``SectioningOptions/readsChineseNames``, items without a reading whose keys have Han
    /// characters are read as Chinese names.
    ///
    /// - Parameters:
    ///   - items: the items, in any order.
    ///   - key: the string each item shows and is ordered by among equal readings.
    ///   - reading: the item's reading, or nil (or "") when it has none.
    ///   - secondaryKey: orders items whose readings and keys are equal.
    ///   - options: direction, empty sections, threads, Chinese names.
    /// - Returns: the non-empty sections in display order (all sections with
    ///   ``SectioningOptions/includesEmptySections``).
    /// - Complexity: O(n·m + n log n), where n is the number of items and m the length of their
    ///   strings and readings, divided among the threads. Each reading is read once.
    @_specialize(where Item == Int)
    @_specialize(where Item == String)
    public func sections<Item>(
        of items: [Item], by key: (Item) -> String, reading: (Item) -> String?,
        then secondaryKey: ((Item) -> String)? = nil,
        options: SectioningOptions = SectioningOptions()
    ) -> SectionedList<Item> {
        let permutation = permutation(
            of: items, by: key, then: secondaryKey, readings: .strings(items.map(reading)), options: options)
        return makeList(items, permutation: permutation, options: options)
    }
}
