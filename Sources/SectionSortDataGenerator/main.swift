import Foundation

// Writes the data files of Sources/SectionSortCollationData from the toolchain's ICU.
//
//     swift run SectionSortDataGenerator OUTPUT_DIRECTORY [PART ...]
//
// PART is one of the parts below (all when none is named). Run by hand, never at build time;
// scripts/check-generated-data runs it into a temporary folder and compares.

let parts: [String: () throws -> [(path: String, contents: String)]] = [
    // Scripts, exemplars and the Han-Latin/Names transform: IndexData.c, HanReadings.c and their header.
    "index": IndexDataFiles.files
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first, !output.hasPrefix("-") else {
    FileHandle.standardError.write(
        Data("usage: SectionSortDataGenerator OUTPUT_DIRECTORY [\(parts.keys.sorted().joined(separator: "|")) ...]\n".utf8))
    exit(2)
}
let chosen = arguments.count > 1 ? Array(arguments.dropFirst()) : parts.keys.sorted()
for name in chosen {
    guard let part = parts[name] else {
        FileHandle.standardError.write(Data("SectionSortDataGenerator: unknown part '\(name)'\n".utf8))
        exit(2)
    }
    do {
        for file in try part() {
            let url = URL(fileURLWithPath: output).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
            print("wrote \(url.path)")
        }
    } catch {
        FileHandle.standardError.write(Data("SectionSortDataGenerator: \(name): \(error)\n".utf8))
        exit(1)
    }
}
