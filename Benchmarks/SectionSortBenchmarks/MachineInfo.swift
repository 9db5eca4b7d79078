import Foundation
import SectionSort

/// Where a benchmark ran, so that runs on different machines are not compared by mistake.
struct MachineInfo: Codable {
    var cores: Int
    var memoryBytes: UInt64
    var cpu: String
    var operatingSystem: String
    var toolchain: String
    var commit: String

    static func current() -> MachineInfo {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        return MachineInfo(
            cores: AvailableProcessors.count,
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            cpu: model,
            operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString,
            toolchain: firstLine(of: ["swift", "--version"]) ?? "unknown",
            commit: firstLine(of: ["git", "rev-parse", "--short", "HEAD"]) ?? "unknown")
    }

    private static func firstLine(of command: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
