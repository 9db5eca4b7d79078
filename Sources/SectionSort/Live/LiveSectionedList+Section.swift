extension LiveSectionedList {
    /// One section of a live list as it is now: its title and its items, in order.
    ///
    /// A section shares the list's storage, as a copy of the list does: it stays as it was when it
    /// was read, and the first edit of the list while a section is alive copies what the edit
    /// touches.
    public struct Section: TitledSection {
        public typealias Index = Int
        public typealias Element = Item

        /// The section header, e.g. "A" or "#".
        public let title: String
        /// The position of this section's title in ``LiveSectionedList/indexTitles``.
        public let indexTitleIndex: Int?
        let keys: SectionKeys
        let storage: [Item?]

        public var startIndex: Int { 0 }
        /// The number of items in the section.
        public var endIndex: Int { keys.count }

        /// The item at `row`.
        ///
        /// - Complexity: O(c), where c is the number of chunks of the section (its items / 128 at
        ///   most), read from one small array. Iterating reads each item in O(1).
        public subscript(row: Int) -> Item {
            guard let position = keys.position(ofEntry: row), row >= 0 else {
                preconditionFailure("row \(row) is out of range 0..<\(keys.count) in section '\(title)'")
            }
            return storage[Int(keys.slot(at: position))]!
        }

        /// Reads the items chunk after chunk.
        public func makeIterator() -> Iterator {
            Iterator(chunks: keys.chunks, storage: storage)
        }

        /// Reads a section's items in order, each in O(1).
        public struct Iterator: IteratorProtocol {
            let chunks: [KeyChunk]
            let storage: [Item?]
            var chunk = 0
            var index = 0

            public mutating func next() -> Item? {
                while chunk < chunks.count {
                    let slots = chunks[chunk].slots
                    if index < slots.count {
                        defer { index += 1 }
                        return storage[Int(slots[index])]!
                    }
                    chunk += 1
                    index = 0
                }
                return nil
            }
        }
    }
}

extension LiveSectionedList.Section: Sendable where Item: Sendable {}
extension LiveSectionedList.Section.Iterator: Sendable where Item: Sendable {}
