import Foundation
import Synchronization

/// What to section: one string per item (and optionally a second one), in input order.
struct SectioningInput: Sendable {
    enum Keys: Sendable {
        case strings(primary: [String], secondary: [String]?)
        /// Strings made for one run, which releases each item's as it keys it.
        case runOwned(primary: KeyStrings, secondary: KeyStrings?)
        case utf8(UTF8Keys)
    }

    /// How each item is read: a phonetic reading that sections and orders it in place of its key.
    enum Readings: Sendable {
        /// One reading per item; nil or empty means none.
        case strings([String?])
        /// `read(item, body)` calls `body` once, synchronously, with item `item`'s reading as UTF-8
        /// (nil or empty: none); called from several threads at once.
        case utf8(@Sendable (Int, (UnsafeBufferPointer<UInt8>?) -> Void) -> Void)
    }

    var keys: Keys
    var primaryDirection: SortOrder = .forward
    var secondaryDirection: SortOrder = .forward
    /// Readings given with the items.
    var readings: Readings?
    /// Read keys with Han characters, of items without a reading, as Chinese names.
    var readsChineseNames = false

    /// Whether keys have the form of readings (``SectioningEngine/appendKey``).
    var hasReadings: Bool { readings != nil || readsChineseNames }

    init(
        primaryKeys: [String], secondaryKeys: [String]? = nil,
        primaryDirection: SortOrder = .forward, secondaryDirection: SortOrder = .forward
    ) {
        if let secondaryKeys {
            precondition(secondaryKeys.count == primaryKeys.count, "secondary keys must be as many as primary keys")
        }
        self.init(
            keys: .strings(primary: primaryKeys, secondary: secondaryKeys),
            primaryDirection: primaryDirection, secondaryDirection: secondaryDirection)
    }

    init(keys: Keys, primaryDirection: SortOrder, secondaryDirection: SortOrder) {
        self.keys = keys
        self.primaryDirection = primaryDirection
        self.secondaryDirection = secondaryDirection
    }

    var count: Int {
        switch keys {
        case .strings(let primary, _): primary.count
        case .runOwned(let primary, _): primary.count
        case .utf8(let keys): keys.count
        }
    }

    /// Whether the keys are strings that the run's caller writes while the run keys them.
    var writesKeysDuringRun: Bool {
        if case .runOwned(let primary, let secondary) = keys { !primary.isWritten || secondary?.isWritten == false } else { false }
    }

    /// Whether a run may read the keys: run-owned key strings are read by one run, which releases
    /// them as it goes.
    var keysAreUnread: Bool {
        if case .runOwned(let primary, let secondary) = keys { primary.isUnreleased && secondary?.isUnreleased != false } else { true }
    }

    /// Waits until the run-owned key strings of `items` are written (nothing for other keys).
    func waitForKeys(of items: Range<Int>) {
        guard case .runOwned(let primary, let secondary) = keys else { return }
        primary.waitUntilWritten(items)
        secondary?.waitUntilWritten(items)
    }

    /// Releases the run-owned key strings of `items` (nothing for other keys), which are not read
    /// again.
    ///
    /// - Complexity: O(k) for k items.
    func releaseKeys(of items: Range<Int>) {
        guard case .runOwned(let primary, let secondary) = keys else { return }
        primary.release(items)
        secondary?.release(items)
    }

    /// Calls `body` with each item of `items` and the UTF-8 bytes of its keys: the primary key, the
    /// secondary keys (``SecondaryKeys``) and the reading.
    ///
    /// The key source is unpacked once per call, not once per item: unpacking retains the shared
    /// arrays or closure, and threads retaining the same object contend for its cache line.
    @inline(__always)
    func forEachKey(
        in items: Range<Int>,
        _ body: (Int, UnsafeBufferPointer<UInt8>, SecondaryKeys, _ reading: UnsafeBufferPointer<UInt8>?) -> Void
    ) {
        switch readings {
        case nil:
            forEachKeyPair(in: items) { body($0, $1, $2, nil) }
        case .strings(let readings):
            forEachKeyPair(in: items) { item, primary, secondaries in
                if var reading = readings[item] {
                    reading.withUTF8 { body(item, primary, secondaries, $0) }
                } else {
                    body(item, primary, secondaries, nil)
                }
            }
        case .utf8(let read):
            forEachKeyPair(in: items) { item, primary, secondaries in read(item) { body(item, primary, secondaries, $0) } }
        }
    }

    @inline(__always)
    private func forEachKeyPair(in items: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>, SecondaryKeys) -> Void) {
        switch keys {
        case .strings(let primary, let secondary):
            for item in items {
                var first = primary[item]
                first.withUTF8 { firstBytes in
                    if var second = secondary?[item] {
                        second.withUTF8 { SecondaryKeys.withOne($0) { body(item, firstBytes, $0) } }
                    } else {
                        body(item, firstBytes, SecondaryKeys())
                    }
                }
            }
        case .runOwned(let primary, let secondary):
            for item in items {
                primary.withUTF8(item) { firstBytes in
                    if let secondary {
                        secondary.withUTF8(item) { SecondaryKeys.withOne($0) { body(item, firstBytes, $0) } }
                    } else {
                        body(item, firstBytes, SecondaryKeys())
                    }
                }
            }
        case .utf8(let keys):
            let read = keys.read
            for item in items { read(item) { body(item, $0, $1) } }
        }
    }

    /// Whether some keys are escaped (``KeyUnescaping``): then ``forEachKey(in:escaped:)`` reads
    /// them, else ``forEachKey(in:_:)``.
    var hasEscapedKeys: Bool {
        if case .utf8(let keys) = keys { keys.unescaping != nil } else { false }
    }

    /// ``forEachKey(in:_:)`` that also tells `body` which of an item's keys are escaped
    /// (``KeyUnescaping``; nil for none): a look-up per item, kept out of the loop of inputs
    /// without escaped keys.
    func forEachKey(
        in items: Range<Int>,
        escaped body: (Int, UnsafeBufferPointer<UInt8>, SecondaryKeys, _ reading: UnsafeBufferPointer<UInt8>?, EscapedKeys?) -> Void
    ) {
        guard case .utf8(let keys) = keys, let unescaping = keys.unescaping else {
            forEachKey(in: items) { body($0, $1, $2, $3, nil) }
            return
        }
        forEachKey(in: items) { item, primary, secondaries, reading in
            body(item, primary, secondaries, reading, unescaping.items[item].map { EscapedKeys(keys: $0, unescape: unescaping.unescape) })
        }
    }
}

/// How the engine runs; none of this changes its output.
struct EngineConfiguration: Sendable {
    /// Worker threads; nil means ``AvailableProcessors/count``.
    var threads: Int?
    var keyMethod: SortKeyMethod = .table
    /// The fewest items for which `.table` builds the collation's key table (once per collation);
    /// smaller inputs use the table once it is built, and the collation runtime alone before.
    var keyTableMinimumCount = 100_000
    /// The fewest items for which the table covers Han too, where the collation reorders Han
    /// (``IndexedCollation/reordersHan``): its build then takes about three times as long, which
    /// only large lists of Chinese, Japanese or Korean names win back.
    var hanKeyTableMinimumCount = 1_000_000
    /// Inputs of at least this many items (and fewer than `keyTableMinimumCount`) start building
    /// the table in the background when it is not built, for the collation's later calls.
    var keyTableBackgroundMinimumCount = 256
    /// Whether smaller inputs start a background build (the library's calls; not the command-line
    /// tool's, whose process ends before a later call could use it).
    var buildsKeyTableInBackground = true
    /// The most items per key-computing job (one key buffer and one collator clone each); smaller
    /// inputs get smaller chunks so that every thread has several.
    var chunkSize = 4096
    /// Sections smaller than this are never split across threads.
    var minimumPieceSize = 16384
    /// Return an empty result once keys and sections are computed (to time that phase alone).
    var stopsAfterKeys = false
}

extension EngineConfiguration {
    /// The key table to key `count` items with: none unless the method is `.table`; else the
    /// collation's, built now if `count` is large enough (covering Han if it is larger still),
    /// and else perhaps started in the background for later calls.
    func keyTable(of collation: IndexedCollation, count: Int) -> SortKeyTable? {
        guard keyMethod == .table else { return nil }
        if count >= keyTableMinimumCount {
            return collation.sortKeyTable(building: true, coveringHan: count >= hanKeyTableMinimumCount)
        }
        let table = collation.sortKeyTable(building: false)
        if table == nil && buildsKeyTableInBackground && count >= keyTableBackgroundMinimumCount {
            collation.buildSortKeyTableInBackground()
        }
        return table
    }
}

/// The engine's result: input positions in output order, grouped by section.
struct SectionedPermutation: Sendable {
    /// Input positions, section after section in `sectionTitles` order.
    var order: [Int]
    /// The items of section `s` are `order[sectionStarts[s]..<sectionStarts[s + 1]]`.
    var sectionStarts: [Int]

    func range(ofSection section: Int) -> Range<Int> { sectionStarts[section]..<sectionStarts[section + 1] }
}

/// The bulk engine: keys once per item into chunk arenas, sections by binary search against the
/// index boundaries, a stable counting scatter into sections, then sorts of sections (and of
/// pieces of large sections) in parallel, merged in parallel.
///
/// Memory beyond the items and their extracted strings: the key bytes (about 2–3 bytes per
/// character per collation level in use), 24 bytes per item for the by-item entries, 24 for the
/// by-section entries (the by-item ones are freed before sorting starts, and split sections reuse
/// them as merge scratch), 4 for the section numbers and 8 for the output order.
enum SectioningEngine {
    /// ``run(_:collation:configuration:control:sortedKeys:writingKeys:)`` without a control: nothing can
    /// cancel it, and a worker without a collator of its own shares the collation's, so it
    /// cannot fail.
    static func runToCompletion(
        _ input: SectioningInput, collation: IndexedCollation,
        configuration: EngineConfiguration = EngineConfiguration(),
        sortedKeys: ((SectionedPermutation, _ keyAtPosition: @Sendable (Int) -> UnsafeBufferPointer<UInt8>) -> Void)? = nil
    )
        -> SectionedPermutation
    {
        do {
            return try run(input, collation: collation, configuration: configuration, control: nil, sortedKeys: sortedKeys)
        } catch {
            preconditionFailure("a run without a control cannot be cancelled")
        }
    }

    /// - Complexity: O(n·m) to compute keys, where m is the average string length, plus
    ///   O(n log n) comparisons to sort; both spread over the configured threads.
    ///
    /// - Parameters:
    ///   - sortedKeys: called once sorting is done, before the keys are freed, with the result and
    ///     a function that gives the key at each position of its `order`.
    ///   - writingKeys: called once on this thread when the run has set up (not at all for no
    ///     items), before any key is read; for run-owned key strings written as the run goes
    ///     (``SectioningInput/writesKeysDuringRun``), the function that writes every one of them,
    ///     while the other threads key what it has written.
    static func run(
        _ input: SectioningInput, collation: IndexedCollation, configuration: EngineConfiguration = EngineConfiguration(),
        control: EngineControl? = nil,
        sortedKeys: ((SectionedPermutation, _ keyAtPosition: @Sendable (Int) -> UnsafeBufferPointer<UInt8>) -> Void)? = nil,
        writingKeys: () -> Void = {}
    ) throws(CancellationError) -> SectionedPermutation {
        let count = input.count
        precondition(count < UInt32.max, "at most \(UInt32.max - 1) items can be sectioned at once")
        precondition(input.keysAreUnread, "run-owned key strings are read by one run")
        let sectionCount = collation.sectionTitles.count
        guard count > 0 else {
            return SectionedPermutation(order: [], sectionStarts: Array(repeating: 0, count: sectionCount + 1))
        }
        let pool = WorkerPool(threads: configuration.threads)
        let chunkSize = max(1, min(configuration.chunkSize, max(256, count / (pool.threads * 16))))
        let chunkCount = (count + chunkSize - 1) / chunkSize

        let byItem = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: count)
        var byItemAllocated = true
        defer { if byItemAllocated { byItem.deallocate() } }
        // Written for every item by the keys' phase before anything reads it: left uninitialized
        // here, so that its pages are first touched by the workers, not on this thread.
        let sections = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count)
        var sectionsAllocated = true
        defer { if sectionsAllocated { sections.deallocate() } }
        var histograms = [Int](repeating: 0, count: chunkCount * sectionCount)
        var buffers = [KeyBuffer?](repeating: nil, count: chunkCount)
        let names = input.readsChineseNames ? collation.chineseNameReader() : nil
        let table = configuration.keyTable(of: collation, count: count)

        // Phase 1: keys and sections, chunk by chunk.
        histograms.withUnsafeMutableBufferPointer { histogramBuffer in
            buffers.withUnsafeMutableBufferPointer { bufferSlots in
                let sections = SharedMutableBuffer(sections)
                let histograms = SharedMutableBuffer(histogramBuffer)
                let slots = SharedMutableBuffer(bufferSlots)
                let entries = SharedMutableBuffer(byItem)
                let keyChunk: @Sendable (Int) -> Void = { chunk in
                    let items = chunk * chunkSize..<min(count, (chunk + 1) * chunkSize)
                    input.waitForKeys(of: items)
                    if control?.isCancelled == true { return }
                    let buffer = KeyBuffer(capacity: items.count * 48)
                    var histogram = [Int](repeating: 0, count: sectionCount)
                    let offsets = ChineseNameReader.withWorker(of: names) { nameReader in
                        collation.withKeyWriter(method: configuration.keyMethod, table: table) { keys in
                            collation.locator.withLookup { lookup in
                                computeKeys(
                                    items, input: input, lookup: lookup, keys: keys, names: nameReader, into: buffer,
                                    sections: sections, histogram: &histogram)
                            }
                        }
                    }
                    input.releaseKeys(of: items)
                    buffer.shrinkToFit()
                    for (position, item) in items.enumerated() {
                        let start = offsets[position], end = offsets[position + 1]
                        (entries.base.baseAddress! + item).initialize(
                            to: SortEntry(key: buffer.pointer(at: start), length: end - start, index: item))
                    }
                    for section in 0..<sectionCount { histograms[chunk * sectionCount + section] = histogram[section] }
                    slots[chunk] = buffer
                    control?.keysComputed(items.count, of: count)
                }
                if input.writesKeysDuringRun {
                    pool.run(
                        chunkCount,
                        whileCallerRuns: {
                            writingKeys()
                            // Else the jobs would wait for the missing strings for ever.
                            precondition(!input.writesKeysDuringRun, "the run's key strings are not all written")
                        }, keyChunk)
                } else {
                    writingKeys()
                    pool.run(chunkCount, keyChunk)
                }
            }
        }
        try control?.checkCancellation()
        if configuration.stopsAfterKeys {
            withExtendedLifetime(buffers) {}
            return SectionedPermutation(order: [], sectionStarts: Array(repeating: 0, count: sectionCount + 1))
        }

        // Phase 2: stable scatter into sections (chunk order, then item order inside a chunk).
        var sectionStarts = [Int](repeating: 0, count: sectionCount + 1)
        var writePositions = [Int](repeating: 0, count: chunkCount * sectionCount)
        var running = 0
        for section in 0..<sectionCount {
            sectionStarts[section] = running
            for chunk in 0..<chunkCount {
                writePositions[chunk * sectionCount + section] = running
                running += histograms[chunk * sectionCount + section]
            }
        }
        sectionStarts[sectionCount] = running
        let bySection = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: count)
        defer { bySection.deallocate() }
        writePositions.withUnsafeMutableBufferPointer { positionsBuffer in
            let sections = SharedMutableBuffer(sections)
            let positions = SharedMutableBuffer(positionsBuffer)
            let source = SharedMutableBuffer(byItem)
            let destination = SharedMutableBuffer(bySection)
            pool.run(chunkCount) { chunk in
                for item in chunk * chunkSize..<min(count, (chunk + 1) * chunkSize) {
                    let slot = chunk * sectionCount + Int(sections[item])
                    (destination.base.baseAddress! + positions[slot]).initialize(to: source[item])
                    positions[slot] += 1
                }
            }
        }
        sections.deallocate()
        sectionsAllocated = false
        try control?.checkCancellation()

        // Phase 3: sort sections, split the large ones, merge the pieces.
        control?.report(.sorting, completed: 0, total: count)
        byItemAllocated = false
        let scratch = byItem  // reused as merge scratch: its entries have all been moved out
        ParallelSectionSorter(
            pool: pool, entries: SharedMutableBuffer(bySection), scratch: SharedMutableBuffer(scratch),
            minimumPieceSize: configuration.minimumPieceSize, control: control
        )
        .sort(sectionStarts: sectionStarts)
        scratch.deallocate()
        try control?.checkCancellation()

        // Phase 4: the permutation.
        // Every position is written by one job: no zeros written first on this thread.
        let order = [Int](unsafeUninitializedCapacity: count) { orderBuffer, initialized in
            let order = SharedMutableBuffer(orderBuffer)
            let sorted = SharedMutableBuffer(bySection)
            pool.run(chunkCount) { chunk in
                for position in chunk * chunkSize..<min(count, (chunk + 1) * chunkSize) {
                    (order.base.baseAddress! + position).initialize(to: Int(sorted[position].index))
                }
            }
            initialized = count
        }
        let permutation = SectionedPermutation(order: order, sectionStarts: sectionStarts)
        permutation.checkInvariants(count: count, sectionCount: sectionCount) { position in
            UnsafeBufferPointer(start: bySection[position].key, count: Int(bySection[position].length))
        }
        if let sortedKeys {
            // Read-only while the callback runs; bySection is freed only after it returns.
            let sorted = SharedMutableBuffer(bySection)
            sortedKeys(SectionedPermutation(order: order, sectionStarts: sectionStarts)) { position in
                UnsafeBufferPointer(start: sorted[position].key, count: Int(sorted[position].length))
            }
        }
        withExtendedLifetime(buffers) {}
        control?.report(.finished, completed: count, total: count)
        return SectionedPermutation(order: order, sectionStarts: sectionStarts)
    }

    /// Appends the keys of `items` to `buffer`, records each item's section, and returns the key
    /// offsets (one more than the items: the end of the last key).
    private static func computeKeys(
        _ items: Range<Int>, input: SectioningInput, lookup: SectionLocator.Lookup, keys: SortKeyWriter,
        names: ChineseNameReader.Worker?, into buffer: KeyBuffer,
        sections: SharedMutableBuffer<UInt32>, histogram: inout [Int]
    ) -> [Int] {
        var offsets = [Int]()
        offsets.reserveCapacity(items.count + 1)
        let hasReadings = input.hasReadings
        // Two loops with the same body: a local function shared by them would capture `offsets`
        // and `histogram`, whose every access would then be checked for exclusivity at run time.
        guard input.hasEscapedKeys else {
            input.forEachKey(in: items) { item, primary, secondaries, reading in
                offsets.append(buffer.count)
                let section = appendKey(
                    primary: primary, secondaries: secondaries, reading: reading, hasReadings: hasReadings, names: names,
                    directions: (input.primaryDirection, input.secondaryDirection),
                    keys: keys, lookup: lookup, to: buffer)
                sections[item] = UInt32(section)
                histogram[section] += 1
            }
            offsets.append(buffer.count)
            return offsets
        }
        input.forEachKey(
            in: items,
            escaped: { item, primary, secondaries, reading, escaped in
                offsets.append(buffer.count)
                let section = appendKey(
                    primary: primary, secondaries: secondaries, reading: reading, hasReadings: hasReadings, names: names,
                    directions: (input.primaryDirection, input.secondaryDirection),
                    keys: keys, lookup: lookup, to: buffer, escaped: escaped)
                sections[item] = UInt32(section)
                histogram[section] += 1
            })
        offsets.append(buffer.count)
        return offsets
    }

    /// Appends one item's key to `buffer` (its primary sort key, reversed for a descending order,
    /// then each of its secondary ones likewise) and returns the item's section.
    ///
    /// With readings (`hasReadings`), the primary part is the sort key of the item's reading (the
    /// given one, else the Chinese-name reading of a key with Han characters) followed by the sort
    /// key of the key itself, which orders equal readings; an item without a reading has the sort
    /// key of its key followed by a single zero byte. Sort keys end with their only zero byte, so
    /// each part ends unambiguously and comparing the bytes compares part by part: an item
    /// without a reading goes before the items whose reading equals its key. The secondary sort
    /// keys follow in their order, each ended by its zero byte likewise, so that they compare one
    /// after another.
    ///
    /// The keys that `escaped` names are the escaped bytes of their text (``KeyUnescaping``).
    @inline(__always)
    static func appendKey(
        primary: UnsafeBufferPointer<UInt8>, secondaries: SecondaryKeys,
        reading: UnsafeBufferPointer<UInt8>? = nil, hasReadings: Bool = false, names: ChineseNameReader.Worker? = nil,
        directions: (primary: SortOrder, secondary: SortOrder),
        keys: SortKeyWriter, lookup: SectionLocator.Lookup, to buffer: KeyBuffer, escaped: EscapedKeys? = nil
    ) -> Int {
        if let escaped {
            return appendEscapedKey(
                primary: primary, secondaries: secondaries, reading: reading, hasReadings: hasReadings, names: names,
                directions: directions, keys: keys, lookup: lookup, to: buffer, escaped: escaped)
        }
        let start = buffer.count
        let section: Int
        if hasReadings {
            let given = reading.flatMap { $0.isEmpty ? nil : $0 }
            if let given {
                keys.appendSortKey(utf8: given, to: buffer)
            } else if let names, names.read(primary) {
                names.reading.withUnsafeBufferPointer { keys.appendSortKey(utf8: $0, to: buffer) }
            } else {
                keys.appendSortKey(utf8: primary, to: buffer)
                section = lookup.section(forKey: UnsafeBufferPointer(start: buffer.pointer(at: start), count: buffer.count - start))
                buffer.append(0)
                if directions.primary == .reverse { buffer.complement(from: start) }
                appendSecondaries(secondaries, direction: directions.secondary, keys: keys, to: buffer)
                return section
            }
            section = lookup.section(forKey: UnsafeBufferPointer(start: buffer.pointer(at: start), count: buffer.count - start))
            keys.appendSortKey(utf8: primary, to: buffer)
            if directions.primary == .reverse { buffer.complement(from: start) }
            appendSecondaries(secondaries, direction: directions.secondary, keys: keys, to: buffer)
            return section
        }
        keys.appendSortKey(utf8: primary, to: buffer)
        // The section comes from the primary level of the primary key, before any reversal.
        section = lookup.section(forKey: UnsafeBufferPointer(start: buffer.pointer(at: start), count: buffer.count - start))
        if directions.primary == .reverse { buffer.complement(from: start) }
        appendSecondaries(secondaries, direction: directions.secondary, keys: keys, to: buffer)
        return section
    }

    /// ``appendKey(primary:secondaries:reading:hasReadings:names:directions:keys:lookup:to:escaped:)``
    /// for an item with escaped keys: each is unescaped a piece at a time as its sort key is
    /// written, so that a long one is not held unescaped whole. With readings, which read the
    /// whole text of a key (Chinese names), they are unescaped whole first.
    @inline(never)
    private static func appendEscapedKey(
        primary: UnsafeBufferPointer<UInt8>, secondaries: SecondaryKeys, reading: UnsafeBufferPointer<UInt8>?, hasReadings: Bool,
        names: ChineseNameReader.Worker?, directions: (primary: SortOrder, secondary: SortOrder),
        keys: SortKeyWriter, lookup: SectionLocator.Lookup, to buffer: KeyBuffer, escaped: EscapedKeys
    ) -> Int {
        func append(_ index: Int, _ text: UnsafeBufferPointer<UInt8>) {
            if escaped.contains(index) {
                keys.appendSortKey(escaped: text, unescape: escaped.unescape, to: buffer)
            } else {
                keys.appendSortKey(utf8: text, to: buffer)
            }
        }
        guard !hasReadings else {
            // Every key's text one after another, and where each is.
            var texts: [UInt8] = [], ranges: [Range<Int>] = []
            for (index, text) in ([primary] + Array(secondaries)).enumerated() {
                let start = texts.count
                texts += escaped.contains(index) ? KeyUnescaping.unescaped(text, escaped.unescape) : Array(text)
                ranges.append(start..<texts.count)
            }
            return texts.withUnsafeBufferPointer { texts in
                SecondaryKeys.with(count: secondaries.count, { UnsafeBufferPointer(rebasing: texts[ranges[$0 + 1]]) }) { secondaries in
                    appendKey(
                        primary: UnsafeBufferPointer(rebasing: texts[ranges[0]]), secondaries: secondaries, reading: reading,
                        hasReadings: true, names: names, directions: directions, keys: keys, lookup: lookup, to: buffer)
                }
            }
        }
        let start = buffer.count
        append(0, primary)
        let section = lookup.section(forKey: UnsafeBufferPointer(start: buffer.pointer(at: start), count: buffer.count - start))
        if directions.primary == .reverse { buffer.complement(from: start) }
        for (index, secondary) in secondaries.enumerated() {
            let secondaryStart = buffer.count
            append(1 + index, secondary)
            if directions.secondary == .reverse { buffer.complement(from: secondaryStart) }
        }
        return section
    }

    /// ``appendKey(primary:secondaries:reading:hasReadings:names:directions:keys:lookup:to:escaped:)`` for
    /// an item with at most one secondary key.
    @inline(__always)
    static func appendKey(
        primary: UnsafeBufferPointer<UInt8>, secondary: UnsafeBufferPointer<UInt8>?,
        reading: UnsafeBufferPointer<UInt8>? = nil, hasReadings: Bool = false, names: ChineseNameReader.Worker? = nil,
        directions: (primary: SortOrder, secondary: SortOrder),
        keys: SortKeyWriter, lookup: SectionLocator.Lookup, to buffer: KeyBuffer
    ) -> Int {
        func append(_ secondaries: SecondaryKeys) -> Int {
            appendKey(
                primary: primary, secondaries: secondaries, reading: reading, hasReadings: hasReadings, names: names,
                directions: directions, keys: keys, lookup: lookup, to: buffer)
        }
        guard let secondary else { return append(SecondaryKeys()) }
        return SecondaryKeys.withOne(secondary, append)
    }

    @inline(__always)
    private static func appendSecondaries(
        _ secondaries: SecondaryKeys, direction: SortOrder, keys: SortKeyWriter, to buffer: KeyBuffer
    ) {
        for secondary in secondaries {
            let secondaryStart = buffer.count
            keys.appendSortKey(utf8: secondary, to: buffer)
            if direction == .reverse { buffer.complement(from: secondaryStart) }
        }
    }
}
