// Writes Sources/SectionSortCollationData from the ICU this program runs against (on Linux, the
// toolchain's Foundation ICU). Run by hand whenever the toolchain's ICU changes:
//
//     swift run SectionSortDataGenerator Sources/SectionSortCollationData [PART ...]
//
// Parts (all when none is named):
// - collation: the root collation data and each tailoring in ICU's own binary format, the table
//   from locale identifiers to tailorings, the normalization properties the collation element
//   iterator needs, and the versions;
// - index: the script of every code point, the script samples, every locale's exemplar
//   characters, and the Han-Latin/Names transform as tables.
//
// `scripts/check-generated-data` runs it into a temporary folder and compares.
import Foundation

let parts: [String: (URL) throws -> Void] = [
    "collation": { folder in
        let files = CollationDataFiles(dump: try ICUCollationDump())
        try files.write(to: folder)
        FileHandle.standardError.write(Data(files.summary.utf8))
    },
    "index": { folder in
        for file in try IndexDataFiles.files() {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
            FileHandle.standardError.write(Data("\(file.path): \(file.contents.utf8.count) bytes of source\n".utf8))
        }
    },
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let outputFolder = arguments.first, !outputFolder.hasPrefix("-") else {
    FileHandle.standardError.write(
        Data("usage: SectionSortDataGenerator OUTPUT-FOLDER [\(parts.keys.sorted().joined(separator: "|")) ...]\n".utf8))
    exit(2)
}
for name in arguments.count > 1 ? Array(arguments.dropFirst()) : parts.keys.sorted() {
    guard let part = parts[name] else {
        FileHandle.standardError.write(Data("SectionSortDataGenerator: unknown part '\(name)'\n".utf8))
        exit(2)
    }
    do {
        try part(URL(fileURLWithPath: outputFolder))
    } catch {
        FileHandle.standardError.write(Data("SectionSortDataGenerator: \(name): \(error)\n".utf8))
        exit(1)
    }
}
