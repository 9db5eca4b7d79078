/// Where an item of a live list is: its section, its slot and its ordering key.
struct LiveLocation: Sendable {
    var section: Int
    var slot: Int32
    var key: [UInt8]
}
