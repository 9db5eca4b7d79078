/// A move of a section or row: where it was before the update and where it is after.
public struct ListMove<Position: Hashable & Sendable>: Hashable, Sendable {
    /// The position before the update.
    public var from: Position
    /// The position after the update.
    public var to: Position

    /// Creates a move.
    public init(from: Position, to: Position) {
        self.from = from
        self.to = to
    }
}
