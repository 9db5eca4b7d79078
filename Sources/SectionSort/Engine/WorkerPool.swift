import Dispatch
import Foundation
import Synchronization

/// Runs independent jobs on a fixed number of threads.
///
/// Jobs are claimed dynamically, so which thread runs which job depends on timing; the engine makes
/// every job write only its own outputs, so results never do.
struct WorkerPool: Sendable {
    /// The number of threads jobs run on, at least 1.
    let threads: Int

    /// - Parameter threads: the number of threads; `nil` means one per active processor core.
    init(threads: Int?) {
        self.threads = max(1, threads ?? AvailableProcessors.count)
    }

    /// Runs `body(job)` for every job in `0..<count` and returns when all have finished.
    func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if threads == 1 || count <= 1 {
            for job in 0..<count { body(job) }
            return
        }
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in
            while true {
                let job = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if job >= count { return }
                body(job)
            }
        }
    }
}
