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
        if regression.isOpen {
            await #expect(processExitsWith: .failure, "\(regression.name) passes now: remove it from open.txt") {
                [path = path as String, names = names as [String]] in
                FuzzFiles.replay(path, through: names, stoppingOnOpen: true)
            }
            return
        }
        let passed = await #expect(processExitsWith: .success) { [path = path as String, names = names as [String]] in
            FuzzFiles.replay(path, through: names, stoppingOnOpen: true)
        }
        if passed == nil {
            // Run it again to show why: the child's last lines of standard error.
            let failure = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                [path = path as String, names = names as [String]] in
                FuzzFiles.replay(path, through: names, stoppingOnOpen: true)
            }
            if let failure { Issue.record(Comment(rawValue: FuzzFiles.lastLines(failure.standardErrorContent))) }
        }
    }

    @Test("Every file listed in open.txt exists")
    func openListNamesExistingFiles() throws {
        let names = Set(try FuzzFiles.regressions().map(\.name))
        for name in try FuzzFiles.openRegressions() {
            let exists = names.contains(name)
            #expect(exists, "open.txt lists \(name), which is not in Fuzz/Regressions/")
        }
    }

    @Test("Every seed of a target's corpus holds its invariants", arguments: FuzzTarget.allCases)
    func corpusReplays(_ target: FuzzTarget) async throws {
        let paths = try FuzzFiles.corpus(of: target).map(\.path)
        let names = [target.rawValue]
        let passed = await #expect(processExitsWith: .success) {
            [paths = paths as [String], names = names as [String]] in
            for path in paths { FuzzFiles.replay(path, through: names, stoppingOnOpen: false) }
        }
        if passed == nil {
            let failure = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                [paths = paths as [String], names = names as [String]] in
                for path in paths { FuzzFiles.replay(path, through: names, stoppingOnOpen: false) }
            }
            if let failure { Issue.record(Comment(rawValue: FuzzFiles.lastLines(failure.standardErrorContent))) }
        }
    }

    @Test("Every corpus folder belongs to a target")
    func corpusFoldersNameTargets() {
        for folder in RepositoryPaths.subdirectories(of: RepositoryPaths.fuzz.appendingPathComponent("Corpus")) {
            #expect(FuzzTarget(rawValue: folder.lastPathComponent) != nil, "Fuzz/Corpus/\(folder.lastPathComponent)")
        }
    }
}
