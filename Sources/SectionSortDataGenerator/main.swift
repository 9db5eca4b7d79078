// Writes Sources/SectionSortCollationData from the ICU this program runs against (on Linux, the
// toolchain's Foundation ICU): the root collation data and each tailoring in ICU's own binary
// format, the table from locale identifiers to tailorings, the normalization properties the
// collation element iterator needs, and the versions. Run by hand whenever the toolchain's ICU
// changes:
//
//     swift run SectionSortDataGenerator Sources/SectionSortCollationData
//
// `scripts/check-generated-data` runs it into a temporary folder and compares.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let outputFolder = arguments.first else {
    FileHandle.standardError.write(Data("usage: SectionSortDataGenerator OUTPUT-FOLDER\n".utf8))
    exit(2)
}

do {
    let dump = try ICUCollationDump()
    let files = CollationDataFiles(dump: dump)
    try files.write(to: URL(fileURLWithPath: outputFolder))
    FileHandle.standardError.write(Data(files.summary.utf8))
} catch {
    FileHandle.standardError.write(Data("SectionSortDataGenerator: \(error)\n".utf8))
    exit(1)
}
