import Synchronization

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

/// Cancellation and progress for one engine run, shared between the caller and the workers.
final class EngineControl: Sendable {
    private let cancelled = Atomic<Bool>(false)
    private let keysDone = Atomic<Int>(0)
    private let progress: (@Sendable (SectioningProgress) -> Void)?

    init(progress: (@Sendable (SectioningProgress) -> Void)?) {
        self.progress = progress
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Throws `CancellationError` once the run has been cancelled.
    func checkCancellation() throws(CancellationError) {
        if isCancelled { throw CancellationError() }
    }

    func keysComputed(_ count: Int, of total: Int) {
        guard let progress else { return }
        let done = keysDone.wrappingAdd(count, ordering: .relaxed).newValue
        progress(SectioningProgress(phase: .computingKeys, completed: done, total: total))
    }

    func report(_ phase: SectioningProgress.Phase, completed: Int, total: Int) {
        progress?(SectioningProgress(phase: phase, completed: completed, total: total))
    }
}
