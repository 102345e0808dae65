import Foundation
import Testing

/// Compares `actual` with `Snapshots/<name>.txt` beside the tests. With `RECORD_SNAPSHOTS=1` in the environment
/// (or when the file does not exist yet) the file is written instead, and a missing file fails the test once so
/// that a new snapshot is never accepted unseen.
func assertSnapshot(
    _ actual: String,
    named name: String,
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let url = TestPaths.testsDirectory.appendingPathComponent("Snapshots").appendingPathComponent(name + ".txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"].map { !$0.isEmpty && $0 != "0" } ?? false
    let exists = FileManager.default.fileExists(atPath: url.path)
    if recording || !exists {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(actual.utf8).write(to: url)
        } catch {
            Issue.record("could not write snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
        }
        if !exists && !recording {
            Issue.record("recorded a new snapshot \(name).txt; check it and run again", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("cannot read snapshot \(url.path)", sourceLocation: sourceLocation)
        return
    }
    if actual != expected {
        Issue.record(
            """
            output differs from Snapshots/\(name).txt (re-record with RECORD_SNAPSHOTS=1):
            \(firstDifference(expected, actual))
            """,
            sourceLocation: sourceLocation
        )
    }
}

/// The first differing line, for a readable failure.
private func firstDifference(_ expected: String, _ actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
        let left = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
        let right = index < actualLines.count ? String(actualLines[index]) : "<end>"
        if left != right { return "line \(index + 1):\n  expected: \(left)\n  actual:   \(right)" }
    }
    return "(same lines, different line ends)"
}
