/// What the engine is doing, reported to a progress callback.
public struct SectioningProgress: Sendable, Hashable {
    /// The phases of a run, in order.
    public enum Phase: Sendable, Hashable {
        /// Extracting strings and computing collation keys and sections.
        case computingKeys
        /// Sorting within sections and merging.
        case sorting
        /// The run is complete.
        case finished
    }

    /// The current phase.
    public var phase: Phase
    /// Items done in this phase.
    public var completed: Int
    /// Items in this phase.
    public var total: Int

    /// The fraction of this phase that is done, from 0 to 1.
    public var fractionCompleted: Double { total == 0 ? 1 : Double(completed) / Double(total) }
}
