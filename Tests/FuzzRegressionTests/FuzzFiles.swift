import ConsentTestSupport
import Foundation
import _ConsentFuzzSupport

/// The files the fuzz targets replay: `Fuzz/Regressions/<Target>-<cause>` (or `any-<cause>`, for every
/// target) and the seed corpora `Fuzz/Corpus/<Target>/`.
enum FuzzFiles {
    /// One regression file.
    struct Regression: Sendable, CustomStringConvertible {
        let name: String
        let path: String
        /// True when `Regressions/open.txt` lists it: a known bug, not fixed yet.
        let isOpen: Bool
        var description: String { name }
    }

    static var regressionsFolder: URL { RepositoryPaths.fuzz.appendingPathComponent("Regressions") }

    /// Names listed in `Regressions/open.txt`.
    static func openRegressions() throws -> Set<String> {
        let url = regressionsFolder.appendingPathComponent("open.txt")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return Set(
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { String($0.prefix { !$0.isWhitespace }) }
        )
    }

    /// Every regression file, sorted by name.
    static func regressions() throws -> [Regression] {
        let open = try openRegressions()
        return try RepositoryPaths.files(in: regressionsFolder)
            .filter { !["open.txt", "README.md"].contains($0.lastPathComponent) }
            .map { Regression(name: $0.lastPathComponent, path: $0.path, isOpen: open.contains($0.lastPathComponent)) }
    }

    /// The text of a regression file, without its option byte.
    static func regressionText(_ name: String) -> String? {
        FileManager.default.contents(atPath: regressionsFolder.appendingPathComponent(name).path)
            .map { String(decoding: $0.dropFirst(), as: UTF8.self) }
    }

    /// The targets a regression file name is replayed through (nil for a name that matches none).
    static func targets(forRegression name: String) -> [FuzzTarget]? {
        if name.hasPrefix("any-") { return FuzzTarget.allCases }
        return FuzzTarget(fileName: name).map { [$0] }
    }

    /// The seed files of a target's corpus.
    static func corpus(of target: FuzzTarget) throws -> [URL] {
        let folder = RepositoryPaths.fuzz.appendingPathComponent("Corpus").appendingPathComponent(target.rawValue)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try RepositoryPaths.files(in: folder)
    }

    /// Replays a file through the named targets and traps on the first broken invariant (with its description
    /// on standard error), for running in an exit test; a known, open violation traps only when
    /// `stoppingOnOpen`.
    static func replay(_ path: String, through names: [String], stoppingOnOpen: Bool) {
        let targets = names.compactMap { FuzzTarget(rawValue: $0) }
        if let violation = violation(replaying: path, through: targets),
            stoppingOnOpen || violation.openRegression == nil
        {
            fatalError("\(URL(fileURLWithPath: path).lastPathComponent): \(violation)")
        }
    }

    /// The last lines of a child's standard error, for an issue's comment.
    static func lastLines(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").suffix(4).joined(separator: "\n")
    }

    /// The first broken invariant of the targets on the file's bytes, or nil.
    static func violation(replaying path: String, through targets: [FuzzTarget]) -> FuzzViolation? {
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        for target in targets {
            if let violation = target.check(bytes) { return violation }
        }
        return nil
    }
}
