extension IndexedCollation {
    /// The items of `keys` whose primary key has a word starting with `query` (see ``SearchQuery``),
    /// ascending: the command-line tool's `--grep`, over keys read in place.
    ///
    /// Each item's key is computed only as far as the query's key is long, at each word start. An
    /// item also matches by reading (see ``SearchQuery``): Korean initial consonants always, pinyin
    /// with `readsChineseNames`, and its reading, where the keys have readings, as a key would.
    ///
    /// - Complexity: O(n·w·q) for n items of w words and a query of q characters, divided among
    ///   the threads.
    package func positions(
        matching query: String, in keys: UTF8Keys, readsChineseNames: Bool = false, threads: Int?, chunkSize: Int = 8192
    ) -> [Int] {
        let queryKey = LiveKeyWorker.with(collation: self) { $0.primaryKey(of: query) }
        if queryKey.isEmpty { return Array(0..<keys.count) }
        let readings = ReadingMatcher(query, readsChineseNames: readsChineseNames)
        let reader = readsChineseNames && readings != nil ? chineseNameReader() : nil
        let chunkCount = (keys.count + chunkSize - 1) / chunkSize
        var found = [[Int]](repeating: [], count: chunkCount)
        found.withUnsafeMutableBufferPointer { buffer in
            let slots = SharedMutableBuffer(buffer)
            WorkerPool(threads: threads).run(chunkCount) { chunk in
                let readReading = keys.readReading
                slots[chunk] = ChineseNameReader.withWorker(of: reader) { names in
                    LiveKeyWorker.with(collation: self) { worker in
                        var matches: [Int] = []
                        for item in chunk * chunkSize..<min(keys.count, (chunk + 1) * chunkSize) {
                            var matched = false
                            keys.readPrimaryText(item) { primary in
                                matched =
                                    worker.firstMatchingWord(utf8: primary, query: queryKey) != nil
                                    || readings?.firstMatch(utf8: primary, names: names) != nil
                            }
                            if !matched, let readReading {
                                readReading(item) { reading in
                                    guard let reading, !reading.isEmpty else { return }
                                    matched =
                                        worker.firstMatchingWord(utf8: reading, query: queryKey) != nil
                                        || readings?.firstMatch(utf8: reading, names: names) != nil
                                }
                            }
                            if matched { matches.append(item) }
                        }
                        return matches
                    }
                }
            }
        }
        return found.flatMap { $0 }
    }
}
