import Testing

@testable import SectionSortCLI

/// The memory plan's decisions for given sizes, as its documentation states them.
@Suite struct MemoryPlanTests {
    let gib = 1 << 30

    @Test func budgetIsTheLimitOrThreeTimesTheInputOr128MiBWithinHalfOfMemory() {
        #expect(MemoryPlan(memoryLimit: 5 << 20, inputSize: 1 << 30, physicalMemory: 16 * gib).budget == 5 << 20, "--memory-limit as given")
        #expect(MemoryPlan(memoryLimit: nil, inputSize: 10_000_000, physicalMemory: 16 * gib).budget == 128 << 20, "the floor")
        #expect(MemoryPlan(memoryLimit: nil, inputSize: 100_000_000, physicalMemory: 16 * gib).budget == 300_000_000, "three times")
        #expect(MemoryPlan(memoryLimit: nil, inputSize: 4 * gib, physicalMemory: 16 * gib).budget == 8 * gib, "half of memory")
        #expect(MemoryPlan(memoryLimit: nil, inputSize: nil, physicalMemory: 16 * gib).budget == 8 * gib, "a pipe: half of memory")
        #expect(
            MemoryPlan(memoryLimit: nil, inputSize: 100_000, physicalMemory: 16 * gib, testRoom: 1 << 20).budget == 8 << 20,
            "the tests' floor")
    }

    @Test func batchesAreAnEighthOfTheBudgetWhereTheCompactLayoutMayTakeThem() {
        let plan = MemoryPlan(memoryLimit: 64 << 20, inputSize: 1 << 20, physicalMemory: 16 * gib)
        #expect(plan.batchBudget(compactLayout: true) == 8 << 20)
        #expect(plan.batchBudget(compactLayout: false) == 64 << 20)
        #expect(plan.firstBatchBudget == 8 << 20)
        let unique = MemoryPlan(memoryLimit: 64 << 20, inputSize: 1 << 20, physicalMemory: 16 * gib, allowsCompactLayout: false)
        #expect(unique.firstBatchBudget == 64 << 20, "no compact layout, no smaller first batch")
    }

    @Test func compactLayoutOnlyWithoutALimitForRegularFiles() {
        let baseline = 24 << 20
        #expect(MemoryPlan(memoryLimit: nil, inputSize: 1 << 20, physicalMemory: 16 * gib).compactLimit(baseline: baseline) == 128 << 20)
        #expect(MemoryPlan(memoryLimit: 1 << 30, inputSize: 1 << 20, physicalMemory: 16 * gib).compactLimit(baseline: baseline) == nil)
        #expect(MemoryPlan(memoryLimit: nil, inputSize: nil, physicalMemory: 16 * gib).compactLimit(baseline: baseline) == nil)
    }

    /// Without `--memory-limit`, lines of regular files whose full-key sort fits the budget skip
    /// the compact layout: a million names (15 MB) fit the 128 MiB floor, ten million (154 MB)
    /// do not fit three times their size.
    @Test func fullKeySortIsPreferredWhereTheWholeInputFitsTheDefaultBudget() {
        func plan(
            limit: Int? = nil, size: Int?, lines: Int?, compact: Bool = true, testRoom: Int? = nil
        ) -> MemoryPlan {
            MemoryPlan(
                memoryLimit: limit, inputSize: size, physicalMemory: 16 * gib, allowsCompactLayout: compact, testRoom: testRoom,
                projectedLines: lines)
        }
        let million = plan(size: 15_412_421, lines: 1_000_000)
        #expect(million.prefersFullKeySort, "126 MB within 128 MiB")
        #expect(million.firstBatchBudget == million.budget, "read as one batch")
        #expect(!plan(size: 154_102_584, lines: 10_000_000).prefersFullKeySort, "1.26 GB past 462 MB")
        #expect(!plan(size: 15_412_421, lines: 1_400_000).prefersFullKeySort, "158 MB past 128 MiB")
        #expect(!plan(limit: 1 << 30, size: 15_412_421, lines: 1_000_000).prefersFullKeySort, "an explicit limit")
        #expect(!plan(size: 15_412_421, lines: 1_000_000, testRoom: 64 << 20).prefersFullKeySort, "the tests' room")
        #expect(!plan(size: 15_412_421, lines: 1_000_000, compact: false).prefersFullKeySort, "already full-key")
        #expect(!plan(size: nil, lines: nil).prefersFullKeySort, "a pipe")
        #expect(!plan(size: 15_412_421, lines: nil).prefersFullKeySort, "lines unknown")
    }

    /// The projection is what the batch reader checks the whole input against once it is read.
    @Test func fullKeyPeakIsTheBatchsEstimate() {
        let lines = (0..<5_000).map { "Åsa Öberg \($0 * 7_919 % 5_000)\n" }.joined()
        var set = RecordSet()
        let bytes = Array(lines.utf8)
        _ = set.appendInput(bytes, length: bytes.count, name: "t", line: 1)
        bytes.withUnsafeBufferPointer { buffer in LineReader.forEachLine(in: buffer) { range, _ in set.spans.append(range) } }
        #expect(set.count == 5_000)
        #expect(MemoryPlan.fullKeyPeak(inputBytes: bytes.count, lines: set.count) == set.estimatedSortingMemory)
    }

    @Test func mergeFanInFollowsTheOpenFileRoom() {
        let plan = MemoryPlan(memoryLimit: 128 << 20, inputSize: nil, physicalMemory: 16 * gib, threads: 2)
        #expect(plan.merge(openFiles: 1000).fanIn == 32)
        #expect(plan.merge(openFiles: 10).fanIn == 9, "one descriptor left for the merged run")
        #expect(plan.merge(openFiles: 0).fanIn == 2, "at least two runs, or a merge makes no progress")
        // A quarter of the budget over 32 runs read by 2 threads.
        #expect(plan.merge(openFiles: 1000).bufferSize == (128 << 20) / (4 * 32 * 2))
        let small = MemoryPlan(memoryLimit: 1 << 20, inputSize: nil, physicalMemory: 16 * gib, threads: 2)
        #expect(small.merge(openFiles: 1000).bufferSize == 1 << 14, "buffers are at least 16 KiB")
        let large = MemoryPlan(memoryLimit: 64 * gib, inputSize: nil, physicalMemory: 256 * gib, threads: 2)
        #expect(large.merge(openFiles: 1000).bufferSize == 1 << 22, "and at most 4 MiB")
    }

    @Test func sectionsMergedAtOnceFitTheOpenFileRoom() {
        let plan = MemoryPlan(memoryLimit: 128 << 20, inputSize: nil, physicalMemory: 16 * gib, threads: 2)
        #expect(plan.concurrentSectionMerges(of: 10, openFiles: 1000) == 8, "four a thread")
        #expect(plan.concurrentSectionMerges(of: 10, openFiles: 25) == 2)
        #expect(plan.concurrentSectionMerges(of: 10, openFiles: 5) == 1)
        #expect(plan.renderedSectionsLimit == 64 << 20)
    }
}
