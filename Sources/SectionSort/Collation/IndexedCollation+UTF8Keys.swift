import Dispatch
import Synchronization

/// Keys read in place from the caller's UTF-8 bytes: no `String` per item. This is how the
/// command-line tool sections millions of records straight from its input buffer.
///
/// `read(item, body)` must call `body` once, synchronously, with the bytes of item `item`'s primary
/// key and of its secondary keys (``SecondaryKeys``: none, one, or several that order in turn); it
/// is called from several threads at once. Ill-formed UTF-8 counts as U+FFFD.
package struct UTF8Keys: Sendable {
    package let count: Int
    let read: @Sendable (Int, (UnsafeBufferPointer<UInt8>, SecondaryKeys) -> Void) -> Void
    /// Reads each item's reading the same way (nil or empty: none); nil when the items have none.
    let readReading: (@Sendable (Int, (UnsafeBufferPointer<UInt8>?) -> Void) -> Void)?
    /// The keys that `read` hands on escaped, and how they are unescaped; nil for none.
    package let unescaping: KeyUnescaping?

    /// - Parameter readReading: when the items have readings (``IndexedCollation/sections(of:by:reading:then:options:)``),
    ///   calls its second argument once, synchronously, with the bytes of item `item`'s reading
    ///   (nil or empty when it has none); it is called from several threads at once.
    /// - Parameter unescaping: the keys that `read` hands on escaped (``KeyUnescaping``), whose
    ///   sort keys are written as those of their text; nil for none.
    package init(
        count: Int,
        read: @escaping @Sendable (Int, (UnsafeBufferPointer<UInt8>, SecondaryKeys) -> Void) -> Void,
        readReading: (@Sendable (Int, (UnsafeBufferPointer<UInt8>?) -> Void) -> Void)? = nil,
        unescaping: KeyUnescaping? = nil
    ) {
        self.count = count
        self.read = read
        self.readReading = readReading
        self.unescaping = unescaping.flatMap { $0.items.isEmpty ? nil : $0 }
    }

    /// Calls `body` with item `item`'s primary key as text: unescaped whole when it is escaped.
    /// For what reads the text itself rather than writing its sort key (search).
    func readPrimaryText(_ item: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        read(item) { primary, _ in
            guard let unescaping, let keys = unescaping.items[item], keys & 1 != 0 else { return body(primary) }
            KeyUnescaping.unescaped(primary, unescaping.unescape).withUnsafeBufferPointer(body)
        }
    }

    /// The engine's input for these keys under `options`.
    func input(_ options: SectioningOptions) -> SectioningInput {
        var input = SectioningInput(keys: .utf8(self), primaryDirection: options.order, secondaryDirection: options.secondaryOrder)
        input.readings = readReading.map { .utf8($0) }
        input.readsChineseNames = options.readsChineseNames
        return input
    }
}

/// The engine's result without a copy of the items: positions in output order and the sections,
/// in display order, as ranges of those positions.
package struct SectionedOrder: Sendable {
    package struct Section: Sendable {
        package var title: String
        /// The section's place among all sections in display order (empty ones included): the
        /// first field of an ordering key.
        package var rank: Int
        /// Where the section's items are in ``SectionedOrder/order``.
        package var positions: Range<Int>
    }

    /// Item numbers; each section's are contiguous.
    package var order: [Int]
    /// The sections in display order (empty ones only with ``SectioningOptions/includesEmptySections``).
    package var sections: [Section]
}

extension IndexedCollation {
    /// Sections items whose keys are UTF-8 bytes, without copying them into strings.
    ///
    /// - Parameters:
    ///   - progress: called from worker threads as keys are computed and when sorting starts and ends.
    ///   - sortedKeys: called before the keys are freed with the result and a function that gives
    ///     the engine's key for each position of its `order` (the `key` of
    ///     ``orderingKey(primary:reading:secondary:options:listHasReadings:)``); for writing sorted runs with their keys.
    ///     The function may be called from several threads at once during the call.
    /// - Complexity: O(n·m + n log n), as ``sections(of:by:options:)``.
    package func sectionedOrder(
        of keys: UTF8Keys, options: SectioningOptions,
        progress: (@Sendable (SectioningProgress) -> Void)? = nil,
        sortedKeys: ((SectionedOrder, _ keyAtPosition: @Sendable (Int) -> UnsafeBufferPointer<UInt8>) -> Void)? = nil
    ) throws -> SectionedOrder {
        let input = keys.input(options)
        var configuration = EngineConfiguration()
        configuration.threads = options.threads
        configuration.keyMethod = options.keyMethod
        configuration.buildsKeyTableInBackground = false
        // Not through `Optional.map`: a closure made there is a generic value, and each key read
        // through the one it passes on went through two conversion thunks.
        var visit: ((SectionedPermutation, @Sendable (Int) -> UnsafeBufferPointer<UInt8>) -> Void)?
        if let sortedKeys {
            visit = { permutation, keyAt in sortedKeys(self.sectionedOrder(permutation, options: options), keyAt) }
        }
        let permutation = try SectioningEngine.run(
            input, collation: self, configuration: configuration, control: progress.map { EngineControl(progress: $0) },
            sortedKeys: visit)
        return sectionedOrder(permutation, options: options)
    }

    private func sectionedOrder(_ permutation: SectionedPermutation, options: SectioningOptions) -> SectionedOrder {
        var sections: [SectionedOrder.Section] = []
        for (rank, section) in displayOrder(options).enumerated() {
            let positions = permutation.range(ofSection: section)
            guard options.includesEmptySections || !positions.isEmpty else { continue }
            sections.append(SectionedOrder.Section(title: sectionTitles[section], rank: rank, positions: positions))
        }
        return SectionedOrder(order: permutation.order, sections: sections)
    }

    /// The titles of all sections in display order for `options`: ranks name them.
    package func sectionTitlesInDisplayOrder(_ options: SectioningOptions) -> [String] {
        displayOrder(options).map { sectionTitles[$0] }
    }

    /// Computes the ordering key (``orderingKey(primary:reading:secondary:options:listHasReadings:)``) of each item in
    /// `items`, in parallel chunks: `body` gets a chunk's range and the rank and key of each of its
    /// items, valid during the call. Chunks run on several threads at once.
    ///
    /// - Complexity: O(n·m) for n items of average length m, divided among the threads.
    package func forEachOrderingKey(
        of keys: UTF8Keys, in items: Range<Int>, options: SectioningOptions, chunkSize: Int = 4096,
        _ body: @Sendable (_ chunk: Range<Int>, _ keyOf: (Int) -> (rank: Int, key: UnsafeBufferPointer<UInt8>)) -> Void
    ) {
        let pool = WorkerPool(threads: options.threads)
        let chunkCount = (items.count + chunkSize - 1) / chunkSize
        let ranks = Self.ranks(displayOrder(options))
        let names = options.readsChineseNames ? chineseNameReader() : nil
        let table = orderingKeyTable(options, count: items.count)
        pool.run(chunkCount) { chunk in
            let range = items.lowerBound + chunk * chunkSize..<min(items.upperBound, items.lowerBound + (chunk + 1) * chunkSize)
            let (buffer, starts, sectionRanks) = orderingKeys(
                of: keys, in: range, options: options, ranks: ranks, names: names, table: table)
            body(range) { item in
                let local = item - range.lowerBound
                return (
                    sectionRanks[local],
                    UnsafeBufferPointer(start: buffer.pointer(at: starts[local]), count: starts[local + 1] - starts[local])
                )
            }
        }
    }

    /// Computes the ordering keys of `items` in parallel chunks of `chunkSize` and keeps them, in
    /// the buffers they were written to: for callers that compare them afterwards (the tool's
    /// `--check` and `--merge`), which a copy of a long key would hold twice.
    ///
    /// - Complexity: O(n·m) for n items of average length m, divided among the threads.
    package func orderingKeyChunks(
        of keys: UTF8Keys, in items: Range<Int>, options: SectioningOptions, chunkSize: Int = 4096
    ) -> [OrderingKeyChunk] {
        let chunkCount = (items.count + chunkSize - 1) / chunkSize
        let ranks = Self.ranks(displayOrder(options))
        let names = options.readsChineseNames ? chineseNameReader() : nil
        let table = orderingKeyTable(options, count: items.count)
        let chunks = Locked<[OrderingKeyChunk?]>(Array(repeating: nil, count: chunkCount))
        WorkerPool(threads: options.threads).run(chunkCount) { chunk in
            let range = items.lowerBound + chunk * chunkSize..<min(items.upperBound, items.lowerBound + (chunk + 1) * chunkSize)
            let (buffer, starts, sectionRanks) = orderingKeys(
                of: keys, in: range, options: options, ranks: ranks, names: names, table: table)
            chunks.withLock { $0[chunk] = OrderingKeyChunk(buffer: buffer, starts: starts, sectionRanks: sectionRanks) }
        }
        return chunks.withLock { $0.map { $0! } }
    }

    /// Computes the ordering key of item `item` alone, on the calling thread, and calls `body`
    /// with its rank and key, valid during the call: for a record too long to be keyed among
    /// others, whose key the caller writes out as it is instead of copying it.
    ///
    /// - Complexity: O(m) for an item of length m.
    package func withOrderingKey<Result, Failure: Error>(
        of keys: UTF8Keys, item: Int, options: SectioningOptions,
        _ body: (_ rank: Int, _ key: UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let names = options.readsChineseNames ? chineseNameReader() : nil
        let (buffer, starts, sectionRanks) = orderingKeys(
            of: keys, in: item..<item + 1, options: options, ranks: Self.ranks(displayOrder(options)), names: names,
            table: orderingKeyTable(options, count: 1))
        return try body(sectionRanks[0], UnsafeBufferPointer(start: buffer.pointer(at: starts[0]), count: starts[1] - starts[0]))
    }

    private func orderingKeyTable(_ options: SectioningOptions, count: Int) -> SortKeyTable? {
        var configuration = EngineConfiguration()
        configuration.keyMethod = options.keyMethod
        configuration.buildsKeyTableInBackground = false
        return configuration.keyTable(of: self, count: count)
    }

    /// The keys of the items in `range`, one after another in a buffer: item `range.lowerBound + i`'s
    /// key is at `starts[i]..<starts[i + 1]`, its section's display rank `sectionRanks[i]`.
    private func orderingKeys(
        of keys: UTF8Keys, in range: Range<Int>, options: SectioningOptions, ranks: [Int], names: ChineseNameReader?,
        table: SortKeyTable?
    ) -> (buffer: KeyBuffer, starts: [Int], sectionRanks: [Int]) {
        let input = keys.input(options)
        let hasReadings = input.hasReadings
        let buffer = KeyBuffer(capacity: range.count * 48)
        let (starts, sectionRanks) = ChineseNameReader.withWorker(of: names) { nameReader in
            withKeyWriter(method: options.keyMethod, table: table) { keys in
                var starts: [Int] = [], sectionRanks: [Int] = []
                starts.reserveCapacity(range.count + 1)
                sectionRanks.reserveCapacity(range.count)
                locator.withLookup { lookup in
                    // Two loops with the same body, as in the engine's computeKeys: the look-up of
                    // escaped keys stays out of the loop of inputs without them.
                    guard input.hasEscapedKeys else {
                        input.forEachKey(in: range) { _, primary, secondaries, reading in
                            starts.append(buffer.count)
                            let section = SectioningEngine.appendKey(
                                primary: primary, secondaries: secondaries, reading: reading,
                                hasReadings: hasReadings, names: nameReader,
                                directions: (options.order, options.secondaryOrder),
                                keys: keys, lookup: lookup, to: buffer)
                            sectionRanks.append(ranks[section])
                        }
                        return
                    }
                    input.forEachKey(
                        in: range,
                        escaped: { _, primary, secondaries, reading, escaped in
                            starts.append(buffer.count)
                            let section = SectioningEngine.appendKey(
                                primary: primary, secondaries: secondaries, reading: reading,
                                hasReadings: hasReadings, names: nameReader,
                                directions: (options.order, options.secondaryOrder),
                                keys: keys, lookup: lookup, to: buffer, escaped: escaped)
                            sectionRanks.append(ranks[section])
                        })
                }
                starts.append(buffer.count)
                return (starts, sectionRanks)
            }
        }
        return (buffer, starts, sectionRanks)
    }

    /// The display rank of each section index.
    private static func ranks(_ displayOrder: [Int]) -> [Int] {
        var ranks = [Int](repeating: 0, count: displayOrder.count)
        for (rank, section) in displayOrder.enumerated() { ranks[section] = rank }
        return ranks
    }
}

/// The ordering keys of consecutive items (``IndexedCollation/orderingKeyChunks(of:in:options:chunkSize:)``),
/// each with its section's display rank.
package struct OrderingKeyChunk: Sendable {
    /// Written once, before the chunk is made, and only read after: its bytes do not move.
    fileprivate let buffer: KeyBuffer
    fileprivate let starts: [Int]
    /// The display rank of each item's section.
    package let sectionRanks: [Int]

    /// Calls `body` with the key of the chunk's item `index` (counted from the chunk's first),
    /// valid during the call. O(1).
    package func withKey<Result, Failure: Error>(
        _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withExtendedLifetime(buffer) { () throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: buffer.pointer(at: starts[index]), count: starts[index + 1] - starts[index]))
        }
    }
}
