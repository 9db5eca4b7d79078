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
        let jobs = JobCounter(count: count)
        DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in jobs.runJobs(body) }
    }

    /// Runs `first()` on the calling thread while the other threads start on the jobs, then helps
    /// them with the rest; returns when all have finished. For work that only the calling thread may
    /// do (calling a caller's function) and that the jobs wait for piece by piece.
    ///
    /// The other threads are asked for on `helpers` (Dispatch's global queue at the calling
    /// thread's quality of service); the calling thread waits only for those that have started by
    /// the time it has run out of jobs, so it never waits for a thread the queue cannot give (when
    /// all of the queue's threads are callers like it).
    ///
    /// With one thread or one job, `first()` runs before the jobs, on the calling thread.
    func run(
        _ count: Int, whileCallerRuns first: () -> Void, helpers: DispatchQueue = Self.helperQueue(),
        _ body: @Sendable (Int) -> Void
    ) {
        let helperCount = min(threads, count) - 1
        guard helperCount > 0 else {
            first()
            for job in 0..<count { body(job) }
            return
        }
        let jobs = SharedJobs(count: count)
        // `body` is handed to the helpers through `jobs` and taken back before this returns.
        withoutActuallyEscaping(body) { body in
            jobs.open(body)
            for _ in 0..<helperCount {
                helpers.async { jobs.help() }
            }
            first()
            jobs.runJobs(body)
            jobs.close()
        }
    }

    /// Dispatch's global queue at the calling thread's quality of service.
    static func helperQueue() -> DispatchQueue {
        let qos: DispatchQoS.QoSClass =
            switch Thread.current.qualityOfService {
            case .userInteractive: .userInteractive
            case .userInitiated: .userInitiated
            case .utility: .utility
            case .background: .background
            default: .default
            }
        return DispatchQueue.global(qos: qos)
    }
}

/// The jobs of a ``WorkerPool/run(_:whileCallerRuns:helpers:_:)``, and the helper threads
/// running them.
///
/// Sendability: `@unchecked` because of `body` and the helpers' state. `body` is written by the
/// calling thread in `open()` (before any helper is asked for) and in `close()` (once no helper
/// runs jobs and none can join); a helper reads it only between joining and leaving, which take
/// `state`'s lock like those writes. `closed` and `running` are accessed under the lock only.
private final class SharedJobs: @unchecked Sendable {
    private let jobs: JobCounter
    private let state = NSCondition()
    private var body: (@Sendable (Int) -> Void)?
    private var closed = false
    /// The helpers running jobs now.
    private var running = 0

    init(count: Int) {
        jobs = JobCounter(count: count)
    }

    func open(_ body: @escaping @Sendable (Int) -> Void) {
        state.lock()
        self.body = body
        state.unlock()
    }

    /// Runs jobs until none is left, unless the calling thread has closed already.
    func help() {
        state.lock()
        if closed {
            state.unlock()
            return
        }
        running += 1
        state.unlock()
        runJobsOfBody()
        state.lock()
        running -= 1
        if running == 0 { state.signal() }
        state.unlock()
    }

    /// Runs jobs with `body`. Out of line so that the copy of `body` it takes is released when it
    /// returns, before the helper leaves: `withoutActuallyEscaping` traps if a copy outlives the
    /// run.
    @inline(never)
    private func runJobsOfBody() {
        runJobs(body!)
    }

    func runJobs(_ body: @Sendable (Int) -> Void) {
        jobs.runJobs(body)
    }

    /// Stops helpers from joining, waits for those running jobs (every job has been claimed: they
    /// are finishing their last ones) and takes `body` back.
    func close() {
        state.lock()
        closed = true
        while running > 0 { state.wait() }
        body = nil
        state.unlock()
    }
}

/// The next job of a ``WorkerPool``'s run, claimed by the threads in turn.
private final class JobCounter: Sendable {
    private let count: Int
    private let next = Atomic<Int>(0)

    init(count: Int) {
        self.count = count
    }

    /// Runs the jobs not claimed yet, one after another, until none is left.
    func runJobs(_ body: @Sendable (Int) -> Void) {
        while true {
            let job = next.wrappingAdd(1, ordering: .relaxed).oldValue
            if job >= count { return }
            body(job)
        }
    }
}
