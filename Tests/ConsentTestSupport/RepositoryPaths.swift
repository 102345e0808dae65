public import Foundation

/// Where the repository's data folders are, found from this file's own path so that tests work from any
/// working directory.
public enum RepositoryPaths {
    /// The repository root (the folder holding `Package.swift`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ConsentTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Vectors/`: the golden vectors.
    public static var vectors: URL { root.appendingPathComponent("Vectors", isDirectory: true) }

    /// `Fuzz/`: the fuzzing side package, its corpora and regressions.
    public static var fuzz: URL { root.appendingPathComponent("Fuzz", isDirectory: true) }

    /// The regular files directly inside `directory`, sorted by name; hidden files are skipped.
    /// - Throws: the file manager's error when the folder cannot be listed.
    public static func files(in directory: URL) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// The sub-folders directly inside `directory`, sorted by name; missing folder = none.
    public static func subdirectories(of directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
