// swift-tools-version:6.2
// ConsentStrings: IAB TCF, GPP, US Privacy and Google Additional Consent strings, read and written to the bit.
import PackageDescription

/// Settings every target shares: Swift 6 language mode comes from the tools version; these add the
/// upcoming features the style guide asks for.
let commonSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// ConsentCore is the one module allowed `unsafe` code; strict memory safety makes every use visible.
let coreSettings = commonSettings + [.strictMemorySafety()]

let package = Package(
    name: "ConsentStrings",
    products: [
        .library(name: "ConsentKit", targets: ["ConsentKit"]),
        .library(name: "ConsentCache", targets: ["ConsentCache"]),
        .executable(name: "consent", targets: ["ConsentCLI"]),
        // Not API: lets the side packages (Fuzz/, Benchmarks/) reach the format modules one by one.
        .library(name: "ConsentCore", targets: ["ConsentCore"]),
        .library(name: "TCF", targets: ["TCF"]),
        .library(name: "GPP", targets: ["GPP"]),
        .library(name: "USPrivacy", targets: ["USPrivacy"]),
        .library(name: "AdditionalConsent", targets: ["AdditionalConsent"]),
        .library(name: "_ConsentFuzzSupport", targets: ["_ConsentFuzzSupport"]),
    ],
    targets: [
        // Codec modules: the standard library only.
        .target(name: "ConsentCore", swiftSettings: coreSettings),
        .target(name: "TCF", dependencies: ["ConsentCore"], swiftSettings: commonSettings),
        .target(name: "USPrivacy", dependencies: ["ConsentCore"], swiftSettings: commonSettings),
        .target(name: "AdditionalConsent", dependencies: ["ConsentCore"], swiftSettings: commonSettings),
        .target(name: "GPP", dependencies: ["ConsentCore", "TCF", "USPrivacy"], swiftSettings: commonSettings),
        .target(
            name: "ConsentKit",
            dependencies: ["ConsentCore", "TCF", "USPrivacy", "AdditionalConsent", "GPP"],
            swiftSettings: commonSettings
        ),
        // Foundation and C live below this line only.
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        .target(name: "ConsentCache", dependencies: ["ConsentKit", "CXXHash"], swiftSettings: commonSettings),
        // Not API: what the CLI reads its inputs with (URLs, OpenRTB requests, app preferences), a library so
        // that a fuzz target can reach it. Foundation only for property lists.
        .target(name: "ConsentInput", dependencies: ["ConsentKit"], swiftSettings: commonSettings),
        .executableTarget(
            name: "ConsentCLI",
            dependencies: ["ConsentKit", "ConsentCache", "ConsentInput"],
            swiftSettings: commonSettings
        ),

        // Not API: the invariants the fuzz targets (Fuzz/) and the regression tests share.
        .target(
            name: "_ConsentFuzzSupport",
            dependencies: ["ConsentKit", "ConsentInput"],
            swiftSettings: commonSettings
        ),

        .target(
            name: "ConsentTestSupport",
            dependencies: ["ConsentCore"],
            path: "Tests/ConsentTestSupport",
            swiftSettings: commonSettings
        ),
        .testTarget(
            name: "ConsentCoreTests",
            dependencies: ["ConsentCore", "ConsentTestSupport"],
            swiftSettings: commonSettings
        ),
        .testTarget(name: "TCFTests", dependencies: ["TCF", "ConsentTestSupport"], swiftSettings: commonSettings),
        .testTarget(
            name: "USPrivacyTests",
            dependencies: ["USPrivacy", "ConsentTestSupport"],
            swiftSettings: commonSettings
        ),
        .testTarget(
            name: "AdditionalConsentTests",
            dependencies: ["AdditionalConsent", "ConsentTestSupport"],
            swiftSettings: commonSettings
        ),
        .testTarget(name: "GPPTests", dependencies: ["GPP", "ConsentTestSupport"], swiftSettings: commonSettings),
        .testTarget(
            name: "ConsentKitTests",
            dependencies: ["ConsentKit", "ConsentTestSupport"],
            swiftSettings: commonSettings
        ),
        .testTarget(
            name: "ConsentCacheTests",
            dependencies: ["ConsentCache", "ConsentTestSupport"],
            swiftSettings: commonSettings
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["ConsentKit", "ConsentTestSupport", "_ConsentFuzzSupport"],
            swiftSettings: commonSettings
        ),
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: ["_ConsentFuzzSupport", "ConsentInput", "ConsentTestSupport"],
            swiftSettings: commonSettings
        ),
        .testTarget(
            name: "ConsentCLITests",
            dependencies: ["ConsentCLI", "ConsentInput", "ConsentTestSupport"],
            // Read through #filePath, not bundled: the end-to-end tests hand these paths to the binary.
            exclude: ["Fixtures", "Snapshots"],
            swiftSettings: commonSettings
        ),
    ]
)
