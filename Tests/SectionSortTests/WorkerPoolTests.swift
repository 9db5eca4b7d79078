import Dispatch
import Foundation
import Synchronization
import Testing

@testable import SectionSort

@Suite struct WorkerPoolTests {
    /// Counts of each job's runs, from any thread.
    final class JobRuns: Sendable {
        private let runs: Locked<[Int]>
        init(_ count: Int) { runs = Locked(Array(repeating: 0, count: count)) }
        func record(_ job: Int) { runs.withLock { $0[job] += 1 } }
        var counts: [Int] { runs.withLock { $0 } }
    }

    @Test(arguments: [1, 2, 3, 8])
    func everyJobRunsOnceWhileTheCallerWorks(threads: Int) {
        for count in [0, 1, 2, 5, 100] {
            let runs = JobRuns(count)
            let caller = Thread.current
            var firstRanOnCaller = false
            WorkerPool(threads: threads).run(count, whileCallerRuns: { firstRanOnCaller = Thread.current === caller }) {
                runs.record($0)
            }
            #expect(firstRanOnCaller, "\(threads) threads, \(count) jobs: the caller's work ran on another thread")
            #expect(runs.counts == Array(repeating: 1, count: count), "\(threads) threads, \(count) jobs: a job ran twice or never")
        }
    }

    /// Jobs may wait for what the caller's work makes: the helpers start on them meanwhile.
    @Test func jobsWaitForTheCallersWork() {
        let count = 64
        let made = Atomic<Int>(0)
        let runs = JobRuns(count)
        WorkerPool(threads: 4).run(
            count,
            whileCallerRuns: {
                for job in 0..<count {
                    made.store(job + 1, ordering: .releasing)
                    if job % 8 == 0 { Thread.sleep(forTimeInterval: 0.0002) }
                }
            }
        ) { job in
            while made.load(ordering: .acquiring) <= job { Thread.sleep(forTimeInterval: 0.00005) }
            runs.record(job)
        }
        #expect(runs.counts == Array(repeating: 1, count: count))
    }

    /// Helpers the queue does not start before the caller has run every job are not waited for
    /// (when every thread of the queue is a caller like this one, they never would start), and
    /// when they start afterwards, they run nothing.
    @Test func theCallerDoesNotWaitForHelpersThatHaveNotStarted() {
        let helpers = DispatchQueue(label: "helpers that start after the run")
        helpers.suspend()
        let runs = JobRuns(50)
        // On a thread of its own, so that a run that waits for the helpers fails the test rather
        // than hanging it.
        let returned = DispatchSemaphore(value: 0)
        Thread {
            WorkerPool(threads: 4).run(50, whileCallerRuns: {}, helpers: helpers) { runs.record($0) }
            returned.signal()
        }.start()
        let outcome = returned.wait(timeout: .now() + 60)
        #expect(outcome == .success, "the run waited for helpers that had not started")
        #expect(runs.counts == Array(repeating: 1, count: 50))
        helpers.resume()
        helpers.sync {}
        #expect(runs.counts == Array(repeating: 1, count: 50), "a helper that started after the run ran a job")
    }
}
