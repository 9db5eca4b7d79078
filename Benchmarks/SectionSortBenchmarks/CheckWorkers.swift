import Foundation
import Synchronization

/// Threads that take units of work from a shared counter until none is left: how the collation
/// checks spread over `--threads`. A unit's result does not depend on the thread that ran it.
///
/// Each thread reports what it keys in a ``KeyingSlot``. A key that has not come after
/// ``keyingLimit`` (ICU 76 loops forever on some texts) is reported, and its thread is left behind
/// and replaced, so that the check ends. The watch's time is the clock's while the process runs: a
/// process stopped with SIGSTOP, or a machine suspended, for longer than the limit, does not make
/// the keys in progress late when it goes on.
enum CheckWorkers {
    private final class Counter: Sendable {
        let next = Atomic<Int>(0)
    }

    /// How long one key may take: keys take microseconds, and a machine busy enough to make one
    /// take a minute would stop the check anyway.
    static let keyingLimit: UInt64 = 60_000_000_000

    /// Runs `body(worker, unit, slot)` for every unit in 0..<units on `threads` threads (each with
    /// state of its own, made by `makeWorker`, and its slot), and returns when all are done or left
    /// behind: the keys that did not come within ``keyingLimit``, whose units were not finished.
    static func run<Worker>(
        units: Int, threads: Int, makeWorker: @escaping @Sendable () -> Worker,
        body: @escaping @Sendable (inout Worker, Int, KeyingSlot) -> Void
    ) -> [KeyingSlot.Unfinished] {
        let counter = Counter()
        let exited = DispatchSemaphore(value: 0)
        func start() -> KeyingSlot {
            let slot = KeyingSlot()
            let thread = Thread {
                var worker = makeWorker()
                while true {
                    let unit = counter.next.add(1, ordering: .relaxed).oldValue
                    if unit >= units { break }
                    body(&worker, unit, slot)
                }
                slot.finish()
                exited.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
            return slot
        }
        var slots = (0..<max(1, min(threads, units))).map { _ in start() }
        var unfinished: [KeyingSlot.Unfinished] = []
        var watchTime: UInt64 = 0
        var last = DispatchTime.now().uptimeNanoseconds
        while !slots.allSatisfy(\.isDone) {
            _ = exited.wait(timeout: .now() + .seconds(1))
            let now = DispatchTime.now().uptimeNanoseconds
            // A wait of a second that took much longer was a stop: it counts as two seconds.
            watchTime += min(now - last, 2_000_000_000)
            last = now
            for index in slots.indices {
                guard let late = slots[index].abandonIfOverdue(watchTime: watchTime, limit: keyingLimit) else { continue }
                print(
                    "unfinished: \(late.side) has been keying one text for \(keyingLimit / 1_000_000_000) s, its thread is left "
                        + "behind: \(late.context)\n  text: \(late.text)")
                fflush(nil)
                unfinished.append(late)
                slots.append(start())
            }
        }
        return unfinished
    }
}

/// Seconds since `start` (`DispatchTime.now().uptimeNanoseconds`).
func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
