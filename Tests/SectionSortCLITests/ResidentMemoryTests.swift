import Foundation
import Testing

@testable import SectionSortCLI

/// The compact layout's baseline is the process's resident memory, measured: /proc on Linux,
/// Mach's task_info on Darwin (before that branch, macOS got the 24 MiB fallback constant).
@Suite struct ResidentMemoryTests {
    @Test func countsMemoryThisTestHoldsAndTouches() {
        let size = 96 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        // Writing every page makes it resident; other tests running beside this one only add to it.
        for offset in stride(from: 0, to: size, by: 4096) {
            block.storeBytes(of: UInt8(truncatingIfNeeded: offset >> 12 | 1), toByteOffset: offset, as: UInt8.self)
        }
        let resident = MemoryPlan.residentBytes()
        #expect(resident >= size, "\(resident) bytes resident while holding \(size)")
        #expect(resident < Int(ProcessInfo.processInfo.physicalMemory))
        #expect(block.load(fromByteOffset: size - 4096, as: UInt8.self) != 0)
    }
}
