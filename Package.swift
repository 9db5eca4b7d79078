// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SectionSort",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "SectionSort", targets: ["SectionSort"]),
        .executable(name: "sectionsort", targets: ["sectionsort"]),
        .executable(name: "sectionsort-bench", targets: ["SectionSortBenchmarks"]),
    ],
    targets: [
        .target(
            name: "SectionSort",
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
        .executableTarget(
            name: "sectionsort",
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
            name: "sectionsortTests",
            dependencies: ["sectionsort"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
