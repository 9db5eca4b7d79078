import Foundation
import Testing

@testable import SectionSort

@Suite struct KeyStringsTests {
    /// Strings that own their storage (longer than the small-string form), so that releasing one
    /// twice or never is a fault or a leak that the address sanitizer reports.
    static func names(_ count: Int) -> [String] {
        (0..<count).map { "a name long enough to be stored on the heap, number \($0)" }
    }

    @Test func readsTheStringsWrittenSoFar() {
        let items = Self.names(10)
        let strings = KeyStrings(count: items.count)
        strings.write(items, in: 0..<4, key: { $0 })
        #expect(!strings.isWritten)
        strings.waitUntilWritten(0..<4)
        #expect(strings.withUTF8(3) { Array($0) } == Array(items[3].utf8))
        strings.write(items, in: 4..<10, key: { $0.uppercased() })
        #expect(strings.isWritten)
        strings.waitUntilWritten(0..<10)
        for item in 0..<10 {
            let expected = item < 4 ? items[item] : items[item].uppercased()
            #expect(strings.withUTF8(item) { Array($0) } == Array(expected.utf8))
        }
        #expect(strings.isUnreleased)
        strings.release(0..<10)
        #expect(!strings.isUnreleased)
    }

    /// What `deinit` releases: the strings written and not released by the run (a cancelled run
    /// leaves some of each).
    @Test func releasesWhatTheRunDidNot() {
        #expect(KeyStrings.unreleased(written: 100, released: [90..<100, 0..<10, 50..<60]) == [10..<50, 60..<90])
        #expect(KeyStrings.unreleased(written: 60, released: [10..<20]) == [0..<10, 20..<60])
        #expect(KeyStrings.unreleased(written: 0, released: []) == [])
        #expect(KeyStrings.unreleased(written: 100, released: []) == [0..<100])
        #expect(KeyStrings.unreleased(written: 30, released: [0..<10, 10..<30]) == [])
        // The same cases on real strings: each released exactly once, or the address sanitizer
        // reports a double release or a leak.
        let items = Self.names(100)
        for (written, released) in [(100, [90..<100, 0..<10, 50..<60]), (60, [10..<20]), (0, []), (30, [0..<10, 10..<30])]
            as [(Int, [Range<Int>])]
        {
            let strings = KeyStrings(count: items.count)
            if written > 0 { strings.write(items, in: 0..<written, key: { $0 }) }
            for range in released { strings.release(range) }
        }
    }

    /// A worker that waits for strings the writer is slow to make sleeps until they are written.
    @Test func aWorkerWaitsForASlowWriter() {
        let items = Self.names(3)
        let strings = KeyStrings(count: items.count)
        let read = Locked<[UInt8]?>(nil)
        let worker = Thread {
            strings.waitUntilWritten(2..<3)
            read.withLock { $0 = strings.withUTF8(2) { Array($0) } }
        }
        worker.start()
        strings.write(items, in: 0..<1, key: { $0 })
        Thread.sleep(forTimeInterval: 0.05)
        strings.write(items, in: 1..<3, key: { $0 })
        while read.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.001) }
        #expect(read.withLock { $0 } == Array(items[2].utf8))
        strings.release(0..<3)
    }

    /// Each item's keys are made once, on the calling thread, while the engine keys them; the
    /// result is the sequential reference's, with secondary keys and readings too.
    @Test(arguments: [1, 2, 8])
    func theKeyFunctionsRunOnTheCallersThreadOnce(threads: Int) throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let names = RandomStrings.make(3_000, seed: 5), firstNames = RandomStrings.make(3_000, seed: 6)
        let readings: [String?] = names.indices.map { $0 % 3 == 0 ? firstNames[$0] : nil }
        let caller = Thread.current
        var calls = Array(repeating: 0, count: names.count), secondaryCalls = calls, offThread = 0
        var options = SectioningOptions(threads: threads)
        options.keyMethod = .runtime
        let list = collation.sections(
            of: Array(names.indices),
            by: { index in
                calls[index] += 1
                if Thread.current !== caller { offThread += 1 }
                return names[index]
            }, reading: { readings[$0] },
            then: { index in
                secondaryCalls[index] += 1
                if Thread.current !== caller { offThread += 1 }
                return firstNames[index]
            }, options: options)
        #expect(calls == Array(repeating: 1, count: names.count))
        #expect(secondaryCalls == Array(repeating: 1, count: names.count))
        #expect(offThread == 0)
        var input = SectioningInput(primaryKeys: names, secondaryKeys: firstNames)
        input.readings = .strings(readings)
        let expected = SequentialReference.permutation(input, collation: collation)
        #expect(list.allItems == expected.order)
    }

    /// A run cancelled while the caller's thread is still making keys stops, and what it leaves is
    /// released (the address sanitizer checks that once).
    @Test func aRunCancelledWhileKeysAreMadeStops() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let names = RandomStrings.make(20_000, seed: 7)
        let control = EngineControl(progress: nil)
        var calls = 0
        var options = SectioningOptions(threads: 2)
        options.keyMethod = .runtime
        #expect(throws: CancellationError.self) {
            _ = try collation.permutation(
                of: Array(names.indices),
                by: { index in
                    calls += 1
                    if calls == 5_000 { control.cancel() }
                    return names[index]
                }, options: options, control: control)
        }
        #expect(calls == names.count)
    }
}
