import ConsentTestSupport
import Foundation
import Testing
import _ConsentFuzzSupport

/// Every file of `Fuzz/Regressions/` and of the seed corpora, through its fuzz target's invariants, without
/// sanitizers. Each replay runs in a child process, so that an input which traps in the code under test is
/// one failing test rather than the end of the run.
@Suite("Fuzz regressions and corpora replay")
struct RegressionReplayTests {
    @Test(
        "A regression file replays cleanly, or still fails while open.txt lists it",
        arguments: try FuzzFiles.regressions()
    )
    func regressionReplays(_ regression: FuzzFiles.Regression) async throws {
        let targets = try #require(
            FuzzFiles.targets(forRegression: regression.name),
            "\(regression.name) names no target: call it <Target>-<cause> or any-<cause>"
        )
        let names = targets.map(\.rawValue)
        let path = regression.path
        let expected: ExitTest.Condition = regression.isOpen ? .failure : .success
        let result = await #expect(processExitsWith: expected, observing: [\.standardErrorContent]) {
            [path = path as String, names = names as [String]] in
            let targets = names.compactMap { FuzzTarget(rawValue: $0) }
            if let violation = FuzzFiles.violation(replaying: path, through: targets) {
                fatalError(violation.description)
            }
        }
        if result == nil || regression.isOpen { return }
        if let result, result.exitStatus != .exitCode(0) {
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            Issue.record("\(regression.name): \(output.split(separator: "\n").suffix(3).joined(separator: "\n"))")
        }
    }

    @Test("Every file listed in open.txt exists")
    func openListNamesExistingFiles() throws {
        let names = Set(try FuzzFiles.regressions().map(\.name))
        for name in try FuzzFiles.openRegressions() {
            #expect(names.contains(name), "open.txt lists \(name), which is not in Fuzz/Regressions/")
        }
    }

    @Test("Every seed of a target's corpus holds its invariants", arguments: FuzzTarget.allCases)
    func corpusReplays(_ target: FuzzTarget) async throws {
        let paths = try FuzzFiles.corpus(of: target).map(\.path)
        let name = target.rawValue
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [paths = paths as [String], name = name as String] in
            guard let target = FuzzTarget(rawValue: name) else { fatalError("no target \(name)") }
            for path in paths {
                if let violation = FuzzFiles.violation(replaying: path, through: [target]),
                    violation.openRegression == nil
                {
                    fatalError("\(URL(fileURLWithPath: path).lastPathComponent): \(violation)")
                }
            }
        }
        if let result, result.exitStatus != .exitCode(0) {
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            Issue.record("\(name) corpus: \(output.split(separator: "\n").suffix(3).joined(separator: "\n"))")
        }
    }

    @Test("Every corpus folder belongs to a target")
    func corpusFoldersNameTargets() {
        for folder in RepositoryPaths.subdirectories(of: RepositoryPaths.fuzz.appendingPathComponent("Corpus")) {
            #expect(FuzzTarget(rawValue: folder.lastPathComponent) != nil, "Fuzz/Corpus/\(folder.lastPathComponent)")
        }
    }
}
