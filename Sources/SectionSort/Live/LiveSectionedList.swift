/// A sectioned list that keeps every item's collation key, so that it can be edited without
/// sectioning it again: inserting, removing or updating an item finds its place by binary search
/// and returns the changes for an animated update (``SectionedListChanges``). It can also be
/// searched by word starts with its own locale (``search(_:)-(String)``).
///
/// ```swift
/// var contacts = LiveSectionedList(people, collation: collation, by: \.lastName, then: \.firstName,
///                                  identifiedBy: \.id)
/// let changes = contacts.insert(Contact(id: 7, firstName: "Ada", lastName: "Lovelace"))
/// changes.insertedRows      // her row, or changes.insertedSections when "L" is new
/// ```
///
/// After any sequence of edits the list is exactly what
/// ``IndexedCollation/sections(of:by:then:options:)`` gives for its items in the order they were
/// added (an update that changes an item's key counts as removing it and adding it again), so items
/// with equal keys keep the order in which they arrived.
///
/// Items and identifiers stay in slots of one array; each section is an array of chunks of at most
/// 128 entries (ordering key, search keys, slot), and an identifier table finds an item's key.
/// Memory per item, beyond the item: its identifier twice (slot and table), its ordering key twice
/// (chunk and table), its search keys (a length byte and at most 48 key bytes per word, and four
/// bytes per word in the chunk's index of words), a slot number and the offsets of its keys in
/// their chunk.
///
/// A `LiveSectionedList` is a ``SectionedCollection``, as ``SectionedList`` is: a random-access
/// collection of the sections shown (``Section``), each a random-access collection of its items.
///
/// A `LiveSectionedList` is a value: copies share storage until one is edited, and the first edit
/// of a copy copies the identifier table, O(n).
public struct LiveSectionedList<Item, ID: Hashable>: SectionedCollection {
    public typealias Index = Int
    public typealias Element = Section

    /// The collation that sections and orders the items.
    public let collation: IndexedCollation
    /// Direction, empty sections, Chinese names, as for ``IndexedCollation/sections(of:by:then:options:)``;
    /// `threads` is used when the list is built and searched, and by batches of edits.
    public let options: SectioningOptions

    // What the edits of ``apply(inserting:updating:removing:)`` touch is usable from inlinable
    // code, so that a client's module compiles them for its own Item and ID: the dictionary of
    // locations and the slots of items and identifiers, without a generic call per access.
    @usableFromInline let primaryString: @Sendable (Item) -> String
    @usableFromInline let secondaryString: (@Sendable (Item) -> String)?
    @usableFromInline let identifier: @Sendable (Item) -> ID
    /// The entries of each section, by section index of ``IndexedCollation/sectionTitles``.
    @usableFromInline var keyChunks: [SectionKeys]
    /// Items and identifiers by slot; nil in free slots.
    @usableFromInline var storage: [Item?]
    @usableFromInline var storedIDs: [ID?]
    @usableFromInline var freeSlots: [Int32] = []
    /// Where to find each item: its section and ordering key.
    @usableFromInline var locations: [ID: LiveLocation]
    /// All sections of the collation in display order.
    let displayOrder: [Int]
    /// The sections shown (non-empty ones, or all with ``SectioningOptions/includesEmptySections``), in display order.
    var shown: [Int] = []
    /// The position in `shown` of each section of the collation.
    @usableFromInline var shownPosition: [Int?] = []

    /// Sections `items` and keeps their keys.
    ///
    /// The list is built by the bulk engine (all cores), then each item's search keys are computed.
    ///
    /// - Parameters:
    ///   - items: the items, in any order; their identifiers must be unique.
    ///   - collation: the locale's collation.
    ///   - key: the string each item is sectioned, sorted and searched by.
    ///   - secondaryKey: orders items whose `key` strings are equal.
    ///   - identifier: each item's identity, for edits and changes.
    ///   - options: direction, empty sections, threads, Chinese names: every option is honoured, as
    ///     in ``IndexedCollation/sections(of:by:then:options:)``.
    /// - Complexity: O(n·m + n log n) for n items of length m, as sectioning; spread over the threads.
    public init(
        _ items: [Item], collation: IndexedCollation, by key: @escaping @Sendable (Item) -> String,
        then secondaryKey: (@Sendable (Item) -> String)? = nil, identifiedBy identifier: @escaping @Sendable (Item) -> ID,
        options: SectioningOptions = SectioningOptions()
    ) {
        self.collation = collation
        self.options = options
        primaryString = key
        secondaryString = secondaryKey
        self.identifier = identifier
        displayOrder = collation.displayOrder(options)

        let primaries = items.map(key)
        var input = SectioningInput(
            primaryKeys: primaries, secondaryKeys: secondaryKey.map { items.map($0) },
            primaryDirection: options.order, secondaryDirection: options.secondaryOrder)
        input.readsChineseNames = options.readsChineseNames
        var configuration = EngineConfiguration()
        configuration.threads = options.threads
        let sectionCount = collation.sectionTitles.count
        var keyChunks = [SectionKeys](repeating: SectionKeys(), count: sectionCount)
        var inputIDs: [ID] = []
        inputIDs.reserveCapacity(items.count)
        var locations: [ID: LiveLocation] = [:]
        locations.reserveCapacity(items.count)
        var order: [Int] = []
        for item in items {
            let id = identifier(item)
            precondition(
                locations.updateValue(LiveLocation(section: 0, slot: 0, key: []), forKey: id) == nil,
                "identifier \(id) appears twice; identifiers must be unique")
            inputIDs.append(id)
        }
        precondition(items.count < Int(Int32.max), "a live list holds fewer than 2³¹ items")
        var chunkJobs: [(section: Int, chunk: Int, positions: Range<Int>)] = []
        _ = SectioningEngine.runToCompletion(input, collation: collation, configuration: configuration) { permutation, keyAt in
            order = permutation.order
            for section in 0..<sectionCount {
                let range = permutation.range(ofSection: section)
                for start in stride(from: range.lowerBound, to: range.upperBound, by: KeyChunk.initialCount) {
                    let positions = start..<Swift.min(range.upperBound, start + KeyChunk.initialCount)
                    // Slots start out in list order, so that reading the list walks memory in order.
                    var chunk = KeyChunk()
                    for position in positions {
                        let orderingKey = keyAt(position)
                        chunk.append(slot: Int32(position), key: orderingKey)
                        locations[inputIDs[permutation.order[position]]] = LiveLocation(
                            section: section, slot: Int32(position), key: Array(orderingKey))
                    }
                    chunkJobs.append((section, keyChunks[section].chunks.count, positions))
                    keyChunks[section].append(chunk)
                }
            }
        }
        let searchKeys = Self.searchKeys(
            of: primaries, order: order, jobs: chunkJobs.map(\.positions), collation: collation, options: options)
        for (job, keys) in zip(chunkJobs, searchKeys) { keyChunks[job.section].setSearchKeys(keys, ofChunk: job.chunk) }
        self.keyChunks = keyChunks
        storage = order.map { items[$0] }
        storedIDs = order.map { inputIDs[$0] }
        self.locations = locations
        updateShownSections()
        checkInvariants()
    }

    /// The search keys of each job's items (positions of `order` into `primaries`), in parallel.
    private static func searchKeys(
        of primaries: [String], order: [Int], jobs: [Range<Int>], collation: IndexedCollation,
        options: SectioningOptions
    ) -> [SearchKeys] {
        let pool = WorkerPool(threads: options.threads)
        let groups = Swift.min(jobs.count, pool.threads * 8)
        var results = [SearchKeys](repeating: SearchKeys(), count: jobs.count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = SharedMutableBuffer(buffer)
            pool.run(groups) { group in
                LiveKeyWorker.with(collation: collation, options: options) { worker in
                    for job in jobs.count * group / groups..<jobs.count * (group + 1) / groups {
                        var keys = SearchKeys()
                        for position in jobs[job] {
                            var primary = primaries[order[position]]
                            primary.withUTF8 { bytes in keys.appendEntry { worker.appendSearchKeys(of: bytes, to: &$0) } }
                        }
                        slots[job] = keys
                    }
                }
            }
        }
        return results
    }

    @usableFromInline
    mutating func updateShownSections() {
        shown = displayOrder.filter { options.includesEmptySections || keyChunks[$0].count > 0 }
        shownPosition = [Int?](repeating: nil, count: keyChunks.count)
        for (position, section) in shown.enumerated() { shownPosition[section] = position }
    }

    // MARK: Reading

    public var startIndex: Int { 0 }
    /// The number of sections shown.
    public var endIndex: Int { shown.count }

    /// The section shown at `position`.
    ///
    /// - Complexity: O(1).
    public subscript(position: Int) -> Section {
        let section = shown[position]
        return Section(
            title: collation.sectionTitles[section], indexTitleIndex: section, keys: keyChunks[section], storage: storage)
    }

    /// The number of items.
    ///
    /// - Complexity: O(1).
    public var itemCount: Int { locations.count }

    /// The titles of the section index: every title of the collation.
    public var indexTitles: [String] { collation.sectionTitles }

    /// The titles of the sections shown, read without making sections.
    @usableFromInline var shownTitles: [String] { shown.map { collation.sectionTitles[$0] } }

    /// The list as a ``SectionedList``: equal to sectioning the items from scratch.
    ///
    /// - Complexity: O(n).
    public var sectionedList: SectionedList<Item> {
        var storage: [Item] = []
        storage.reserveCapacity(itemCount)
        var ranges: [Range<Int>] = []
        for section in shown {
            let start = storage.count
            for chunk in keyChunks[section].chunks {
                for slot in chunk.slots { storage.append(self.storage[Int(slot)]!) }
            }
            ranges.append(start..<storage.count)
        }
        return SectionedList(
            indexTitles: collation.sectionTitles, storage: storage, sectionRanges: ranges,
            titles: shownTitles, titleIndices: shown)
    }

    /// The identifiers, section by section: the data of a diffable data source's snapshot.
    ///
    /// - Complexity: O(n).
    public func snapshot() -> ListSnapshot<ID> {
        ListSnapshot(
            sections: shown.map { section in
                ListSnapshot.Section(
                    title: collation.sectionTitles[section],
                    items: keyChunks[section].chunks.flatMap { $0.slots.map { storedIDs[Int($0)]! } })
            })
    }

    /// Whether an item with identifier `id` is in the list.
    ///
    /// - Complexity: O(1).
    public func contains(id: ID) -> Bool { locations[id] != nil }

    /// The item with identifier `id`, if there is one.
    ///
    /// - Complexity: O(1).
    public func item(withID id: ID) -> Item? {
        guard let location = locations[id] else { return nil }
        return storage[Int(location.slot)]
    }

    /// Where the item with identifier `id` is, found by binary search on its key.
    ///
    /// - Complexity: O(log n + c), c the chunks of its section.
    public func indexPath(of id: ID) -> ListIndexPath? {
        guard let location = locations[id] else { return nil }
        let (chunk, index) = find(id, at: location)
        return path(section: location.section, chunk: chunk, index: index)
    }

    /// Where `item` would go if it were inserted now: after the items whose keys equal its key. When
    /// its section is not shown yet, `section` is the position the section would be inserted at
    /// and `row` is 0.
    ///
    /// - Complexity: O(m + log n + c): its key, a binary search, the chunks of its section.
    public func insertionIndexPath(for item: Item) -> ListIndexPath {
        let keys = LiveKeyWorker.with(collation: collation, options: options) {
            $0.keys(primary: primaryString(item), secondary: secondaryString.map { $0(item) })
        }
        let (chunk, index) = insertionPosition(of: keys.ordering, in: keys.section)
        guard let position = shownPosition[keys.section] else {
            let rank = displayOrder.firstIndex(of: keys.section)!
            return ListIndexPath(section: shown.filter { displayOrder.firstIndex(of: $0)! < rank }.count, row: 0)
        }
        return ListIndexPath(section: position, row: rowsBefore(chunk: chunk, in: keys.section) + index)
    }

    // MARK: Positions

    /// The chunk and index of the item `id`, whose location is `location`.
    func find(_ id: ID, at location: LiveLocation) -> (chunk: Int, index: Int) {
        keyChunks[location.section].position(of: location.key, slot: location.slot)
    }

    /// Where a key goes in `section`: after every equal key.
    func insertionPosition(of key: [UInt8], in section: Int) -> (chunk: Int, index: Int) {
        keyChunks[section].boundary(of: key, upper: true)
    }

    func rowsBefore(chunk: Int, in section: Int) -> Int {
        keyChunks[section].entries(before: chunk)
    }

    func path(section: Int, chunk: Int, index: Int) -> ListIndexPath {
        ListIndexPath(section: shownPosition[section]!, row: rowsBefore(chunk: chunk, in: section) + index)
    }

    /// The identifier of the item at `path`, or nil past the end of its section.
    func identifier(at path: ListIndexPath) -> ID? {
        let section = shown[path.section]
        guard let position = keyChunks[section].position(ofEntry: path.row) else { return nil }
        return storedIDs[Int(keyChunks[section].slot(at: position))]
    }
}

extension LiveSectionedList: Sendable where Item: Sendable, ID: Sendable {}

extension LiveSectionedList where ID == Item, Item: Hashable & Sendable {
    /// Sections `items` that are their own identity (strings, say); they must be unique.
    ///
    /// - Complexity: as ``init(_:collation:by:then:identifiedBy:options:)``.
    public init(
        _ items: [Item], collation: IndexedCollation, by key: @escaping @Sendable (Item) -> String,
        then secondaryKey: (@Sendable (Item) -> String)? = nil, options: SectioningOptions = SectioningOptions()
    ) {
        self.init(items, collation: collation, by: key, then: secondaryKey, identifiedBy: { $0 }, options: options)
    }
}
