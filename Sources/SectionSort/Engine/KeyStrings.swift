import Foundation
import Synchronization

/// The key strings of one engine run, owned by the run: written by the caller's thread while the
/// workers key the items already written, and released by each worker as soon as it has keyed
/// them.
///
/// The key function a caller passes may be called on the caller's thread only, so making a million
/// strings is serial: a tenth of a two-thread run when it comes first. Here the workers start on
/// the first items as soon as they are written. An array of the strings would also be released at
/// the end on one thread, one string after another, each a cache miss; here the worker that keys a
/// chunk of items releases their strings right after, in parallel and while they are in its cache.
///
/// Sendability: `@unchecked` because it holds a buffer of strings. Sound under the engine's use:
/// each string is written once by the writing thread, which then publishes how many are written
/// with a sequentially consistent store; a worker reads an item only after a load as strong has
/// shown it written, and then it alone reads and releases it (jobs' ranges are disjoint); the
/// record of released ranges is behind a lock, and `deinit` (after every job has finished)
/// releases what no job did.
final class KeyStrings: @unchecked Sendable {
    /// How many strings a caller writes at a time before the workers may read them.
    static let writingStep = 1024

    private let storage: UnsafeMutableBufferPointer<String>
    /// How many strings, from the first, are written.
    private let written = Atomic<Int>(0)
    /// How many workers wait on `progress` for strings to be written.
    private let waiting = Atomic<Int>(0)
    /// Wakes the workers that wait for strings.
    private let progress = NSCondition()
    /// The ranges released so far.
    private let released = Locked<[Range<Int>]>([])

    /// Room for `count` strings, written later by ``write(_:in:key:)``.
    init(count: Int) {
        storage = .allocate(capacity: count)
    }

    var count: Int { storage.count }

    /// Whether every string is written.
    var isWritten: Bool { written.load(ordering: .sequentiallyConsistent) == storage.count }

    /// Whether no string has been released yet: a run reads strings only before any is released.
    var isUnreleased: Bool { released.withLock { $0.isEmpty } }

    /// Writes the strings `key(item)` of `items[range]` and makes them readable. Ranges come one
    /// after another, from the first item to the last, each once.
    ///
    /// - Complexity: O(k) calls of `key` for k items.
    func write<Item>(_ items: [Item], in range: Range<Int>, key: (Item) -> String) {
        precondition(items.count == storage.count, "one string for each item")
        precondition(written.load(ordering: .relaxed) == range.lowerBound, "key strings are written in order, once")
        for index in range {
            (storage.baseAddress! + index).initialize(to: key(items[index]))
        }
        // Sequentially consistent with the waiters' count: either a waiter sees the new count
        // before it sleeps, or this sees the waiter and wakes it.
        written.store(range.upperBound, ordering: .sequentiallyConsistent)
        if waiting.load(ordering: .sequentiallyConsistent) > 0 {
            progress.lock()
            progress.broadcast()
            progress.unlock()
        }
    }

    /// Waits until the strings of `items` are written.
    ///
    /// The strings usually come faster than the workers key them, and then a worker waits only at
    /// the start, a few yields; behind a slow key function it sleeps until they are written.
    func waitUntilWritten(_ items: Range<Int>) {
        for _ in 0..<64 {
            if written.load(ordering: .sequentiallyConsistent) >= items.upperBound { return }
            sched_yield()
        }
        progress.lock()
        waiting.wrappingAdd(1, ordering: .sequentiallyConsistent)
        while written.load(ordering: .sequentiallyConsistent) < items.upperBound {
            progress.wait()
        }
        waiting.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        progress.unlock()
    }

    /// Calls `body` with the UTF-8 of the string of `item`, read in place (no copy of the string, so
    /// no reference counting). Only after ``waitUntilWritten(_:)`` of a range holding `item`, and not
    /// after ``release(_:)`` of one.
    @inline(__always)
    func withUTF8<Result>(_ item: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // The slot is this job's alone: making a bridged string contiguous in place is safe.
        (storage.baseAddress! + item).pointee.withUTF8(body)
    }

    /// Releases the strings of `items`, which no one reads afterwards.
    ///
    /// - Complexity: O(k) for k items.
    func release(_ items: Range<Int>) {
        guard !items.isEmpty else { return }
        released.withLock { ranges in
            assert(ranges.allSatisfy { !$0.overlaps(items) }, "strings \(items) released twice")
            ranges.append(items)
        }
        (storage.baseAddress! + items.lowerBound).deinitialize(count: items.count)
    }

    /// The ranges of the first `written` strings outside `released`: what `deinit` releases.
    static func unreleased(written: Int, released: [Range<Int>]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var next = 0
        for range in released.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if range.lowerBound > next { ranges.append(next..<range.lowerBound) }
            next = range.upperBound
        }
        if next < written { ranges.append(next..<written) }
        return ranges
    }

    deinit {
        // A cancelled run stops before keying every item.
        let written = written.load(ordering: .sequentiallyConsistent)
        for range in Self.unreleased(written: written, released: released.withLock { $0 }) {
            (storage.baseAddress! + range.lowerBound).deinitialize(count: range.count)
        }
        storage.deallocate()
    }
}
