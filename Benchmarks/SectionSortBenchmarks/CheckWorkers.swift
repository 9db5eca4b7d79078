import Foundation
import Synchronization

/// Threads that take units of work from a shared counter until none is left: how the collation
/// checks spread over `--threads`. A unit's result does not depend on the thread that ran it.
enum CheckWorkers {
    private final class Counter: Sendable {
        let next = Atomic<Int>(0)
    }

    /// Runs `body(unit)` for every unit in 0..<units on `threads` threads (each with state of its
    /// own, made by `makeWorker`), and returns when all are done.
    static func run<Worker>(
        units: Int, threads: Int, makeWorker: @escaping @Sendable () -> Worker,
        body: @escaping @Sendable (inout Worker, Int) -> Void
    ) {
        let counter = Counter()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(threads, units)) {
            group.enter()
            let thread = Thread {
                var worker = makeWorker()
                while true {
                    let unit = counter.next.add(1, ordering: .relaxed).oldValue
                    if unit >= units { break }
                    body(&worker, unit)
                }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
    }
}

/// Seconds since `start` (`DispatchTime.now().uptimeNanoseconds`).
func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
