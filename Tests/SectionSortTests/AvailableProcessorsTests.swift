import Foundation
import Testing

@testable import SectionSort

@Suite struct AvailableProcessorsTests {
    @Test func readsTheAffinityMaskOfProcStatus() {
        #expect(AvailableProcessors.processorCount(inStatus: "Name:\tx\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(AvailableProcessors.processorCount(inStatus: "Cpus_allowed:\t2\n") == 1)
        // More than 32 processors: groups of eight hex digits, separated by commas.
        #expect(AvailableProcessors.processorCount(inStatus: "Cpus_allowed:\tffffffff,ffffffff,0000ffff\n") == 80)
        #expect(AvailableProcessors.processorCount(inStatus: "Cpus_allowed:\t0\n") == nil)
        #expect(AvailableProcessors.processorCount(inStatus: "Name:\tx\n") == nil)
        #expect(AvailableProcessors.processorCount(inStatus: "Cpus_allowed:\tzz\n") == nil)
    }

    // Foundation has no Process on iOS, tvOS, watchOS and visionOS (Mac Catalyst included): this
    // test exists only where a process can be started, so that the suite builds for every platform.
    #if os(macOS) || os(Linux) || os(Windows) || os(Android)
    /// The default thread count agrees with GNU `nproc`, which counts the affinity mask (a
    /// process started under `taskset -c 0` gets 1, where Foundation counts the machine's cores).
    @Test func agreesWithNproc() throws {
        let nproc = URL(fileURLWithPath: "/usr/bin/nproc")
        guard FileManager.default.isExecutableFile(atPath: nproc.path) else { return }
        let process = Process()
        process.executableURL = nproc
        // nproc also obeys OpenMP's variables, which the thread count does not read.
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("OMP_") }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) == AvailableProcessors.count)
    }
    #endif
}
