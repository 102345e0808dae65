import Foundation

/// Where the tests find their fixtures, the shared vectors and the built `consent` binary.
enum TestPaths {
    /// `Tests/ConsentCLITests`.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The package root.
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    /// A file in `Fixtures/`.
    static func fixture(_ name: String) -> String {
        testsDirectory.appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// The public golden vectors, vendored in the repository's `Vectors/`.
    static var vectorsDirectory: URL { packageRoot.appendingPathComponent("Vectors") }

    /// The built `consent` executable, next to the test runner (`swift test` builds every product).
    static var binary: URL? {
        var candidates: [URL] = []
        if let runner = CommandLine.arguments.first {
            candidates.append(
                URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("consent")
            )
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("consent"))
        for configuration in ["debug", "release"] {
            candidates.append(packageRoot.appendingPathComponent(".build/\(configuration)/consent"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
