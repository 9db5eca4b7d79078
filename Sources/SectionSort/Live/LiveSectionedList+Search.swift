extension LiveSectionedList {
    /// The items whose key string has a word starting with `query` under the list's collation at
    /// primary strength (see ``SearchQuery``), in their sections and order.
    ///
    /// The list keeps each word's search key, so searching compares bytes only: no collation key
    /// is computed per item, nothing is sorted again, and no item is copied: the result refers to
    /// the matching items by position (see ``SearchResult``). Runs of chunks are searched in
    /// parallel (``SectioningOptions/threads``).
    ///
    /// ```swift
    /// let result = contacts.search("ake")   // en_US: "Åke Berg" and "Ake Ng", not "Jake" (not a word start)
    /// ```
    ///
    /// - Returns: the matching items and where they match; an empty query returns every item.
    /// - Complexity: O(n·w) byte comparisons for n items of w words, spread over the threads,
    ///   plus O(k) to gather the positions of k matches.
    public func search(_ query: String) -> SearchResult<Item> {
        search(SearchQuery(query, collation: collation))
    }

    /// The items that match `query` (see ``search(_:)-(String)``).
    ///
    /// - Complexity: as ``search(_:)-(String)``.
    public func search(_ query: SearchQuery) -> SearchResult<Item> {
        // Jobs are runs of at most `jobChunks` chunks of one section, so that their matches
        // concatenate into sections.
        let jobChunks = 48
        var jobs: [(section: Int, chunks: Range<Int>)] = []
        for section in shown {
            let count = keyChunks[section].chunks.count
            for start in stride(from: 0, to: count, by: jobChunks) {
                jobs.append((section, start..<Swift.min(count, start + jobChunks)))
            }
        }
        var found = [SearchScan](repeating: SearchScan(), count: jobs.count)
        let sections = keyChunks, jobList = jobs
        query.key.withUnsafeBufferPointer { key in
            let queryKey = UncheckedSendable(key)
            found.withUnsafeMutableBufferPointer { buffer in
                let results = SharedMutableBuffer(buffer)
                WorkerPool(threads: options.threads).run(jobList.count) { job in
                    let (section, range) = jobList[job]
                    sections[section].chunks.withUnsafeBufferPointer { chunks in
                        var scan = SearchScan()
                        for chunk in range { scan.scan(chunks.baseAddress! + chunk, query: queryKey.value) }
                        results[job] = scan
                    }
                }
            }
        }

        var slots: [Int32] = []
        slots.reserveCapacity(found.reduce(0) { $0 + $1.slots.count })
        var ranges: [Range<Int>] = [], titleIndices: [Int] = []
        var job = 0
        for section in shown {
            let start = slots.count
            while job < jobs.count && jobs[job].section == section {
                appendMatches(found[job], query: query, to: &slots)
                job += 1
            }
            guard slots.count > start else { continue }
            ranges.append(start..<slots.count)
            titleIndices.append(section)
        }
        return SearchResult(
            query: query, collation: collation, storage: storage, slots: slots, sectionRanges: ranges,
            sectionIndices: titleIndices, searchedString: primaryString, threads: options.threads)
    }

    /// Appends the matches of one job, checking those whose stored key was cut short of the query
    /// against the whole key.
    private func appendMatches(_ scan: SearchScan, query: SearchQuery, to slots: inout [Int32]) {
        guard !scan.unchecked.isEmpty else {
            slots.append(contentsOf: scan.slots)
            return
        }
        LiveKeyWorker.with(collation: collation) { worker in
            var unchecked = scan.unchecked[...]
            for (position, slot) in scan.slots.enumerated() {
                if unchecked.first == position {
                    unchecked.removeFirst()
                    let text = primaryString(storage[Int(slot)]!)
                    guard worker.firstMatchingWord(in: text, query: query.key) != nil else { continue }
                }
                slots.append(slot)
            }
        }
    }
}
