// swift-tools-version:6.2
// consent-bench: speed and allocations of ConsentStrings, on the corpora in Corpus/.
//
//     swift run -c release --package-path Benchmarks consent-bench [--json] [--filter REGEX] [--seconds S]
import PackageDescription

let package = Package(
    name: "ConsentBenchmarks",
    dependencies: [
        .package(name: "ConsentStrings", path: "..")
    ],
    targets: [
        // Counts heap allocations by standing in for the C allocator (no outside package).
        .target(name: "CAllocationCounter"),
        .executableTarget(
            name: "consent-bench",
            dependencies: [
                "CAllocationCounter",
                .product(name: "ConsentCore", package: "ConsentStrings"),
                .product(name: "TCF", package: "ConsentStrings"),
                .product(name: "GPP", package: "ConsentStrings"),
                .product(name: "USPrivacy", package: "ConsentStrings"),
                .product(name: "AdditionalConsent", package: "ConsentStrings"),
                .product(name: "ConsentKit", package: "ConsentStrings"),
                .product(name: "ConsentCache", package: "ConsentStrings"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
    ]
)
