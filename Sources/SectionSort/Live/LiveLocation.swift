/// Where an item of a live list is: its section, its slot and its ordering key.
@usableFromInline
struct LiveLocation: Sendable {
    @usableFromInline var section: Int
    @usableFromInline var slot: Int32
    @usableFromInline var key: [UInt8]

    @usableFromInline
    init(section: Int, slot: Int32, key: [UInt8]) {
        self.section = section
        self.slot = slot
        self.key = key
    }
}
