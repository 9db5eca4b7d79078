import Foundation

// Writes the data files of Sources/SectionSortCollationData from the toolchain's ICU.
//
//     swift run SectionSortDataGenerator OUTPUT_DIRECTORY [PART ...]
//
// PART is one of the parts below (all when none is named). Run by hand, never at build time;
// scripts/check-generated-data runs it into a temporary folder and compares.

let parts: [String: (file: String, source: () throws -> String)] = [
    "index": ("IndexData.c", IndexDataGenerator.source),
    "readings": ("HanReadings.c", HanReadingsGenerator.source),
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
        let path = URL(fileURLWithPath: output).appendingPathComponent(part.file).path
        try Data(try part.source().utf8).write(to: URL(fileURLWithPath: path))
        print("wrote \(path)")
    } catch {
        FileHandle.standardError.write(Data("SectionSortDataGenerator: \(name): \(error)\n".utf8))
        exit(1)
    }
}
