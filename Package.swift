// swift-tools-version:6.3
// 6.3 is the oldest toolchain checked: on Linux, its Foundation's ICU exports the `swift_`-prefixed
// symbols that SectionSortICU forwards to (toolchains before the renaming export plain names).
import PackageDescription

let apple: [Platform] = [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS]
let toolchainICU: [Platform] = [.linux, .windows, .android]

let package = Package(
    name: "SectionSort",
    // Every Apple platform the package links for, at the first version with what it uses: Atomic
    // and Mutex (Synchronization), Date.AnchoredRelativeFormatStyle. scripts/check-apple-typecheck
    // type-checks each one at exactly this version; Mac Catalyst is iOS's API on the Mac.
    platforms: [.macOS(.v15), .macCatalyst(.v18), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SectionSort", targets: ["SectionSort"]),
        .executable(name: "sectionsort", targets: ["SectionSortCLI"]),
        .executable(name: "sectionsort-bench", targets: ["SectionSortBenchmarks"]),
    ],
    targets: [
        // The ICU functions SectionSort uses, declared by the package itself: the system's
        // libicucore on Apple platforms, the ICU inside the toolchain's Foundation elsewhere.
        .target(
            name: "SectionSortICU",
            exclude: ["LICENSE-ICU"],
            linkerSettings: [
                .linkedLibrary("icucore", .when(platforms: apple)),
                .linkedLibrary("_FoundationICU", .when(platforms: toolchainICU)),
            ]
        ),
        .target(
            name: "SectionSort",
            dependencies: ["SectionSortICU"]
        ),
        // The command-line tool: its folder is not named after the executable, so that no two
        // paths of the repository differ only in letter case (one folder on macOS and Windows).
        .executableTarget(
            name: "SectionSortCLI",
            dependencies: ["SectionSort"]
        ),
        .executableTarget(
            name: "SectionSortBenchmarks",
            dependencies: ["SectionSort"],
            path: "Benchmarks/SectionSortBenchmarks"
        ),
        .testTarget(
            name: "SectionSortTests",
            dependencies: ["SectionSort"]
        ),
        .testTarget(
            name: "SectionSortCLITests",
            dependencies: ["SectionSortCLI"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
