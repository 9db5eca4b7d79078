extension IndexedCollation {
    /// The items of `keys` whose primary key has a word starting with `query` (see ``SearchQuery``),
    /// ascending: the command-line tool's `--grep`, over keys read in place.
    ///
    /// Each item's key is computed only as far as the query's key is long, at each word start.
    ///
    /// - Complexity: O(n·w·q) for n items of w words and a query of q characters, divided among
    ///   the threads.
    package func positions(matching query: String, in keys: UTF8Keys, threads: Int?, chunkSize: Int = 8192) -> [Int] {
        let queryKey = LiveKeyWorker.with(collation: self) { $0.primaryKey(of: query) }
        if queryKey.isEmpty { return Array(0..<keys.count) }
        let chunkCount = (keys.count + chunkSize - 1) / chunkSize
        var found = [[Int]](repeating: [], count: chunkCount)
        found.withUnsafeMutableBufferPointer { buffer in
            let slots = SharedMutableBuffer(buffer)
            WorkerPool(threads: threads).run(chunkCount) { chunk in
                let read = keys.read
                slots[chunk] = LiveKeyWorker.with(collation: self) { worker in
                    var matches: [Int] = []
                    for item in chunk * chunkSize..<min(keys.count, (chunk + 1) * chunkSize) {
                        read(item) { primary, _ in
                            if worker.firstMatchingWord(utf8: primary, query: queryKey) != nil { matches.append(item) }
                        }
                    }
                    return matches
                }
            }
        }
        return found.flatMap { $0 }
    }
}
