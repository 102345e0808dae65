// swift-tools-version:6.2
// The libFuzzer targets of ConsentStrings: one executable per entry point, each a single
// `LLVMFuzzerTestOneInput` calling `_ConsentFuzzSupport`. Build and run them with `run.sh` (README.md):
// `-parse-as-library` and the sanitizers belong on the fuzz build's command line, never in this manifest.
import Foundation
import PackageDescription

/// The root package's identity is the name of its folder (`ConsentStrings` in a clone, a worktree's name
/// elsewhere), so it is read from this file's path instead of being written down.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// One entry per `FuzzTarget` case of `_ConsentFuzzSupport`; `run.sh --list` prints them.
let targets = [
    "Base64URL", "BitReader", "JSON", "USPrivacy", "TCString", "GPP", "AdditionalConsent", "ConsentKit", "TCFQuery",
    "GPPQuery", "RoundTrip", "InputExtraction",
]

let package = Package(
    name: "ConsentFuzz",
    dependencies: [.package(path: "..")],
    targets: targets.map { name in
        .executableTarget(
            name: "Fuzz\(name)",
            dependencies: [.product(name: "_ConsentFuzzSupport", package: root)]
        )
    }
)
