import Testing

@testable import SectionSortCLI

/// Sorted runs keep freed blocks for the next batch and give them back before the merge; a long
/// record ends the keeping for good, so that its copies do not stay.
@Suite struct LargeBlocksTests {
    @Test func keepsUntilReleasedAndOnlyOnce() {
        var state = LargeBlocks.State()
        let releasedBeforeKeeping = state.release()
        #expect(!releasedBeforeKeeping, "nothing to release before keeping")
        let kept = state.keep()
        #expect(kept && state.keeping)
        let keptTwice = state.keep()
        #expect(!keptTwice, "already keeping: the settings are not changed twice")
        let released = state.release()
        #expect(released && !state.keeping)
        let keptAgain = state.keep()
        #expect(keptAgain, "a later sort keeps again")
    }

    @Test func aLongRecordEndsTheKeepingForGood() {
        var state = LargeBlocks.State()
        let wasKeeping = state.meetLongRecord()
        #expect(!wasKeeping, "nothing was kept")
        let kept = state.keep()
        #expect(!kept && !state.keeping)

        var keeping = LargeBlocks.State()
        _ = keeping.keep()
        let gaveBack = keeping.meetLongRecord()
        #expect(gaveBack && !keeping.keeping, "the kept blocks are given back")
        let released = keeping.release(), keptAfter = keeping.keep()
        #expect(!released && !keptAfter)
    }

    #if canImport(Glibc)
    /// Without the allocator's functions the keeping would silently do nothing.
    @Test func findsTheAllocatorsFunctions() {
        #expect(LargeBlocks.isSupported)
    }
    #endif
}
