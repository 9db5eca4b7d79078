import Synchronization

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
