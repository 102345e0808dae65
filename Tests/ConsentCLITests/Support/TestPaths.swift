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

    /// The public golden vectors: the repository's `Vectors/` once they are vendored, else the shared copy.
    static var vectorsDirectory: URL {
        let vendored = packageRoot.appendingPathComponent("Vectors")
        if FileManager.default.fileExists(atPath: vendored.appendingPathComponent("tcf.jsonl").path) { return vendored }
        return URL(fileURLWithPath: "/work/shared/vectors")
    }

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
