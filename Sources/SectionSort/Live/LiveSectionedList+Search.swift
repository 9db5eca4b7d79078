extension LiveSectionedList {
    /// The items whose key string has a word starting with `query` under the list's collation at
    /// primary strength (see ``SearchQuery``), in their sections and order.
    ///
    /// The list keeps each word's search key, so searching compares bytes only: no collation key
    /// is computed per item, and nothing is sorted again. Chunks are searched in parallel
    /// (``SectioningOptions/threads``).
    ///
    /// ```swift
    /// let result = contacts.search("ake")   // en_US: "Åke Berg" and "Ake Ng", not "Jake" (not a word start)
    /// ```
    ///
    /// - Returns: the matching items and where they match; an empty query returns every item.
    /// - Complexity: O(n·w) byte comparisons for n items of w words, spread over the threads,
    ///   plus O(k) to gather k matches.
    public func search(_ query: String) -> SearchResult<Item> {
        search(SearchQuery(query, collation: collation, keyMaker: keyMaker))
    }

    /// The items that match `query` (see ``search(_:)-(String)``).
    public func search(_ query: SearchQuery) -> SearchResult<Item> {
        var searchKeys: [PackedKeys] = []
        for section in shown {
            keyChunks[section].chunks.withUnsafeBufferPointer { chunks in
                for chunk in chunks.indices { searchKeys.append(chunks[chunk].searchKeys) }
            }
        }
        let key = query.key
        var found = [[WordMatch]](repeating: [], count: searchKeys.count)
        let chunks = searchKeys
        let groupSize = 32
        found.withUnsafeMutableBufferPointer { buffer in
            let slots = SharedMutableBuffer(buffer)
            WorkerPool(threads: options.threads).run((chunks.count + groupSize - 1) / groupSize) { group in
                for chunk in group * groupSize..<min(chunks.count, (group + 1) * groupSize) {
                    slots[chunk] = WordMatch.matches(of: key, in: chunks[chunk])
                }
            }
        }

        // The matches' slots first (numbers only), then the items, copied by several threads.
        var slots: [Int32] = [], words: [Int32] = []
        var ranges: [Range<Int>] = [], titles: [String] = [], titleIndices: [Int?] = []
        var job = 0
        for section in shown {
            let start = slots.count
            let chunks = keyChunks[section].chunks
            for chunk in chunks.indices {
                for match in found[job] {
                    let slot = chunks[chunk].slots[Int(match.item)]
                    if match.needsCheck {
                        // The stored key was cut short of the query: compare the whole key.
                        let text = primaryString(self.storage[Int(slot)]!)
                        guard let word = keyMaker.firstMatchingWord(in: text, query: key, from: Int(match.word)) else { continue }
                        words.append(Int32(word.word))
                    } else {
                        words.append(match.word)
                    }
                    slots.append(slot)
                }
                job += 1
            }
            guard slots.count > start else { continue }
            ranges.append(start..<slots.count)
            titles.append(collation.sectionTitles[section])
            titleIndices.append(section)
        }
        let storage = SlotGather.items(self.storage, at: slots, threads: options.threads)
        let list = SectionedList(
            indexTitles: collation.sectionTitles, storage: storage, sectionRanges: ranges, titles: titles,
            titleIndices: titleIndices)
        return SearchResult(query: query, list: list, matchedWords: words, searchedString: primaryString)
    }
}
