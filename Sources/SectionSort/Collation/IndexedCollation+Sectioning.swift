import Dispatch

extension IndexedCollation {
    /// Sorts `items` into sections by the string `key` returns.
    ///
    /// Each item's string is extracted once (`key` is called once per item, in order, on the calling
    /// thread) and its collation key computed once, on all cores: the other threads start on the
    /// strings `key` has returned while it goes on. Sections are sorted in parallel. Items whose
    /// keys are equal keep their input order.
    ///
    /// Keys come from the collation's key table where it covers the text (<doc:TheEngine>): a call
    /// of 100,000 items or more builds it first (about 20 ms, once), and a call of 256 or more
    /// starts building it in the background for later calls; keep the collation to benefit.
    ///
    /// ```swift
    /// let list = collation.sections(of: contacts, by: \.lastName)
    /// ```
    ///
    /// - Parameters:
    ///   - items: the items, in any order.
    ///   - key: the string each item is sectioned and sorted by.
    ///   - options: direction, empty sections, threads.
    /// - Returns: the non-empty sections in display order (all sections with
    ///   ``SectioningOptions/includesEmptySections``).
    /// - Complexity: O(n·m + n log n), where n is the number of items and m the length of their
    ///   strings, divided among the threads.
    @_specialize(where Item == String)
    public func sections<Item>(
        of items: [Item], by key: (Item) -> String,
        options: SectioningOptions = SectioningOptions()
    ) -> SectionedList<Item> {
        makeList(items, permutation: permutation(of: items, by: key, options: options), options: options)
    }

    /// Sorts `items` into sections by `key`, ordering items with equal keys by `secondaryKey`: the
    /// first name after the last name.
    ///
    /// ```swift
    /// let list = collation.sections(of: contacts, by: \.lastName, then: \.firstName)
    /// ```
    ///
    /// - Complexity: O(n·m + n log n), where n is the number of items and m the length of their strings.
    public func sections<Item>(
        of items: [Item], by key: (Item) -> String, then secondaryKey: (Item) -> String,
        options: SectioningOptions = SectioningOptions()
    ) -> SectionedList<Item> {
        // Called only during the run: no longer than this call.
        withoutActuallyEscaping(secondaryKey) { secondaryKey in
            makeList(items, permutation: permutation(of: items, by: key, then: secondaryKey, options: options), options: options)
        }
    }

    /// Sections the positions of `items` instead of the items: the shape MSTableViewOrganizer
    /// returns, for data that should not be copied. `list[section: s, row: r]` is an index into `items`.
    ///
    /// - Complexity: O(n·m + n log n), where n is the number of items and m the length of their strings.
    @_specialize(where Item == Int)
    @_specialize(where Item == String)
    public func sectionedIndices<Item>(
        of items: [Item], by key: (Item) -> String, reading: ((Item) -> String?)? = nil,
        then secondaryKey: ((Item) -> String)? = nil,
        options: SectioningOptions = SectioningOptions()
    ) -> SectionedList<Int> {
        let permutation = permutation(
            of: items, by: key, then: secondaryKey, readings: reading.map { .strings(items.map($0)) }, options: options)
        return makeList(Array(items.indices), permutation: permutation, options: options)
    }

    /// Sorts `items` into sections off the caller's thread.
    ///
    /// The work runs on Dispatch's global queues, not on the caller's actor, so a main-actor caller
    /// stays responsive. Cancelling the calling task stops the work early and throws
    /// `CancellationError`.
    ///
    /// ```swift
    /// let list = try await collation.sections(of: contacts, by: \.lastName) { progress in
    ///     print(progress.phase, progress.fractionCompleted)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - items: the items, in any order.
    ///   - key: the string each item is sectioned and sorted by.
    ///   - reading: how each item is read, as in ``sections(of:by:reading:then:options:)``.
    ///   - secondaryKey: the string that orders items whose keys are equal, if any.
    ///   - options: direction, empty sections, threads, Chinese names.
    ///   - progress: called from worker threads as keys are computed and when sorting starts and ends.
    /// - Returns: the sections, as ``sections(of:by:options:)`` returns them.
    /// - Throws: `CancellationError` when the calling task is cancelled.
    /// - Complexity: O(n·m + n log n), where n is the number of items and m the length of their strings.
    @_specialize(where Item == Int)
    @_specialize(where Item == String)
    public func sections<Item: Sendable>(
        of items: [Item], by key: @escaping @Sendable (Item) -> String,
        reading: (@Sendable (Item) -> String?)? = nil,
        then secondaryKey: (@Sendable (Item) -> String)? = nil,
        options: SectioningOptions = SectioningOptions(),
        progress: (@Sendable (SectioningProgress) -> Void)? = nil
    ) async throws -> SectionedList<Item> {
        let control = EngineControl(progress: progress)
        return try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(
                        with: Result {
                            try control.checkCancellation()
                            let readings = reading.map { SectioningInput.Readings.strings(items.map($0)) }
                            try control.checkCancellation()
                            let permutation = try self.permutation(
                                of: items, by: key, then: secondaryKey, readings: readings, options: options, control: control)
                            return self.makeList(items, permutation: permutation, options: options)
                        })
                }
            }
        } onCancel: {
            control.cancel()
        }
    }

    /// The permutation of one run over the keys `key(item)` (and `secondaryKey(item)`) of `items`,
    /// which this thread makes while the run's other threads key the ones it has made: the key
    /// functions are the caller's, called on the caller's thread only.
    ///
    /// A run without a control cannot be cancelled, so it cannot fail: collators fail only in
    /// `init`.
    ///
    /// - Complexity: O(n) calls of each key function, and the run's.
    func permutation<Item>(
        of items: [Item], by key: (Item) -> String, then secondaryKey: ((Item) -> String)? = nil,
        readings: SectioningInput.Readings? = nil, options: SectioningOptions, control: EngineControl? = nil
    ) throws(CancellationError) -> SectionedPermutation {
        let primaries = KeyStrings(count: items.count)
        let secondaries = secondaryKey.map { _ in KeyStrings(count: items.count) }
        var input = SectioningInput(
            keys: .runOwned(primary: primaries, secondary: secondaries), primaryDirection: options.order,
            secondaryDirection: options.secondaryOrder)
        input.readings = readings
        input.readsChineseNames = options.readsChineseNames
        return try SectioningEngine.run(
            input, collation: self, configuration: engineConfiguration(options), control: control,
            writingKeys: {
                for start in stride(from: 0, to: items.count, by: KeyStrings.writingStep) {
                    let range = start..<min(items.count, start + KeyStrings.writingStep)
                    primaries.write(items, in: range, key: key)
                    if let secondaries, let secondaryKey { secondaries.write(items, in: range, key: secondaryKey) }
                }
            })
    }

    /// ``permutation(of:by:then:readings:options:control:)`` of a run that nothing can cancel.
    func permutation<Item>(
        of items: [Item], by key: (Item) -> String, then secondaryKey: ((Item) -> String)? = nil,
        readings: SectioningInput.Readings? = nil, options: SectioningOptions
    ) -> SectionedPermutation {
        do {
            return try permutation(of: items, by: key, then: secondaryKey, readings: readings, options: options, control: nil)
        } catch {
            preconditionFailure("a run without a control cannot be cancelled")
        }
    }

    private func engineConfiguration(_ options: SectioningOptions) -> EngineConfiguration {
        var configuration = EngineConfiguration()
        configuration.threads = options.threads
        configuration.keyMethod = options.keyMethod
        configuration.stopsAfterKeys = options.stopsAfterKeys
        return configuration
    }

    /// The sections of `collation` in display order for `options`: letters reversed for descending
    /// lists, "#" where the collation's options put it.
    func displayOrder(_ options: SectioningOptions) -> [Int] {
        let all = Array(sectionTitles.indices)
        guard options.order == .reverse else { return all }
        let other = otherSectionIndex
        let letters = all.filter { $0 != other }.reversed()
        return self.options.otherSection == .first ? [other] + letters : letters + [other]
    }

    @_specialize(where Item == Int)
    @_specialize(where Item == String)
    func makeList<Item>(_ items: [Item], permutation: SectionedPermutation, options: SectioningOptions) -> SectionedList<Item> {
        var ranges: [Range<Int>] = [], titles: [String] = [], titleIndices: [Int?] = []
        var sources: [Range<Int>] = []  // positions in the permutation, per output section
        var count = 0
        for section in displayOrder(options) {
            let positions = permutation.range(ofSection: section)
            guard options.includesEmptySections || !positions.isEmpty else { continue }
            ranges.append(count..<count + positions.count)
            sources.append(positions)
            titles.append(sectionTitles[section])
            titleIndices.append(section)
            count += positions.count
        }
        let storage = PermutedCopy.copy(
            items, order: permutation.order, ranges: zip(sources, ranges).map { ($0, $1.lowerBound) },
            threads: options.threads)
        return SectionedList(
            indexTitles: sectionTitles, storage: storage, sectionRanges: ranges, titles: titles, titleIndices: titleIndices)
    }
}

extension IndexedCollation {
    /// The position and sort key of one item as the engine orders it: sorting many items by
    /// (`sectionRank`, `key` as bytes, input position) gives exactly the order and grouping of
    /// ``sections(of:by:reading:then:options:)``. Use it to sort beyond one machine with any
    /// byte-order sorter.
    ///
    /// - Parameters:
    ///   - primary: the item's primary string.
    ///   - reading: its reading, if the list has readings (nil or empty: none).
    ///   - secondary: its secondary string, if the list has one.
    ///   - options: the same options as the sectioning call (directions and
    ///     ``SectioningOptions/readsChineseNames`` matter).
    ///   - listHasReadings: whether the list is sectioned with a `reading:` function, so that this
    ///     item's key has the form of one without a reading even when `reading` is nil.
    /// - Returns: `sectionRank`, the position of the item's section in the displayed list of all
    ///   sections; `section`, its index in ``sectionTitles``; and `key`, the sort key bytes.
    /// - Complexity: O(m), where m is the length of the strings.
    public func orderingKey(
        primary: String, reading: String? = nil, secondary: String? = nil,
        options: SectioningOptions = SectioningOptions(),
        listHasReadings: Bool = false
    ) -> (sectionRank: Int, section: Int, key: [UInt8]) {
        let buffer = KeyBuffer()
        var primary = primary, reading = reading, secondary = secondary
        let hasReadings = listHasReadings || reading != nil || options.readsChineseNames
        let names = options.readsChineseNames ? chineseNameReader() : nil
        let section = ChineseNameReader.withWorker(of: names) { names in
            withWorkerCollator { collator in
                locator.withLookup { lookup in
                    primary.withUTF8 { primaryBytes in
                        func append(_ readingBytes: UnsafeBufferPointer<UInt8>?, _ secondaryBytes: UnsafeBufferPointer<UInt8>?) -> Int {
                            SectioningEngine.appendKey(
                                primary: primaryBytes, secondary: secondaryBytes, reading: readingBytes,
                                hasReadings: hasReadings, names: names,
                                directions: (options.order, options.secondaryOrder),
                                keys: SortKeyWriter(collator: collator, method: .runtime, table: nil, articles: articles),
                                lookup: lookup, to: buffer)
                        }
                        func withSecondary(_ readingBytes: UnsafeBufferPointer<UInt8>?) -> Int {
                            if secondary != nil { return secondary!.withUTF8 { append(readingBytes, $0) } }
                            return append(readingBytes, nil)
                        }
                        if reading != nil { return reading!.withUTF8 { withSecondary($0) } }
                        return withSecondary(nil)
                    }
                }
            }
        }
        let rank = displayOrder(options).firstIndex(of: section) ?? section
        return (rank, section, buffer.bytes(at: 0, length: buffer.count))
    }
}
