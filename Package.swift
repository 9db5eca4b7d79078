// swift-tools-version:6.3
// 6.3 is the oldest toolchain checked: on Linux, its Foundation's ICU exports the `swift_`-prefixed
// symbols that SectionSortICU forwards to (toolchains before the renaming export plain names).
import PackageDescription

let apple: [Platform] = [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS]
let toolchainICU: [Platform] = [.linux, .windows, .android]
// `SECTIONSORT_INVARIANTS=1 swift test` checks the engine's and the live lists' invariants after
// every run and edit, as swift-collections' COLLECTIONS_INTERNAL_CHECKS does: slow, for debugging;
// the tests check the same invariants explicitly in every build.
let invariantChecks: [SwiftSetting] =
    Context.environment["SECTIONSORT_INVARIANTS"] == nil ? [] : [.define("SECTIONSORT_INVARIANTS")]

let package = Package(
    name: "SectionSort",
    // Every Apple platform the package links for, at the first version with what it uses: Atomic
    // and Mutex (Synchronization), Date.AnchoredRelativeFormatStyle. scripts/check-apple-typecheck
    // type-checks each one at exactly this version; Mac Catalyst is iOS's API on the Mac.
    platforms: [.macOS(.v15), .macCatalyst(.v18), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SectionSort", targets: ["SectionSort"]),
        .executable(name: "sectionsort", targets: ["SectionSortCLI"]),
    ],
    targets: [
        // The ICU functions that the tests, the benchmark and the data generator call, declared by
        // the package itself: the system's libicucore on Apple platforms, the ICU inside the
        // toolchain's Foundation elsewhere. Neither the library nor the command-line tool links it.
        .target(
            name: "SectionSortICU",
            exclude: ["LICENSE-ICU"],
            linkerSettings: [
                .linkedLibrary("icucore", .when(platforms: apple)),
                .linkedLibrary("_FoundationICU", .when(platforms: toolchainICU)),
            ]
        ),
        // Data taken from ICU at generation time, compiled into the library as constant bytes
        // (collation, index and reading data): what the library would otherwise ask ICU for at
        // run time. Written by SectionSortDataGenerator.
        .target(
            name: "SectionSortCollationData",
            exclude: ["LICENSE-ICU"]
        ),
        // The prefetch hint that the sorts give before reading scattered records.
        .target(name: "SectionSortMemoryHints"),
        .target(
            name: "SectionSort",
            dependencies: ["SectionSortCollationData", "SectionSortMemoryHints"],
            swiftSettings: invariantChecks
        ),
        // ICU's collator, locale data, scripts and transforms as ICU itself gives them: the oracle
        // that the tests and the benchmark compare the library with, and what the generator writes
        // the data from. Never linked into the library or the CLI.
        .target(
            name: "SectionSortICUSupport",
            dependencies: ["SectionSort", "SectionSortICU"]
        ),
        // Writes Sources/SectionSortCollationData from the toolchain's ICU; run by hand, never at
        // build time: `swift run SectionSortDataGenerator Sources/SectionSortCollationData`.
        .executableTarget(
            name: "SectionSortDataGenerator",
            dependencies: ["SectionSortICU", "SectionSortICUSupport"]
        ),
        // The command-line tool: its folder is not named after the executable, so that no two
        // paths of the repository differ only in letter case (one folder on macOS and Windows).
        .executableTarget(
            name: "SectionSortCLI",
            dependencies: ["SectionSort"]
        ),
        // The benchmark is no product: a package that depends on SectionSort does not see it, and
        // in this package SwiftPM makes an executable of it, named after the target, all the same
        // (`swift run -c release sectionsort-bench`).
        .executableTarget(
            name: "sectionsort-bench",
            dependencies: ["SectionSort", "SectionSortICUSupport"],
            path: "Benchmarks/SectionSortBenchmarks"
        ),
        .testTarget(
            name: "SectionSortTests",
            dependencies: ["SectionSort", "SectionSortICUSupport"]
        ),
        .testTarget(
            name: "SectionSortCLITests",
            dependencies: ["SectionSortCLI"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
