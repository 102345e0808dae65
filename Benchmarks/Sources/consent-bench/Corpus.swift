import Foundation

/// The corpora in `Benchmarks/Corpus/`: one encoded string per line.
struct Corpus {
    /// The directory holding the `.txt` files.
    let directory: URL

    /// `Corpus/` next to this package's manifest, found from this source file's path, or `path` if given.
    init(path: String?) {
        if let path {
            directory = URL(fileURLWithPath: path, isDirectory: true)
        } else {
            directory = Corpus.packageDirectory.appendingPathComponent("Corpus", isDirectory: true)
        }
    }

    /// `Benchmarks/` (this file is `Benchmarks/Sources/consent-bench/Corpus.swift`).
    static var packageDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The lines of `name` (for example `tcf-typical.txt`), empty lines dropped.
    func strings(_ name: String) throws -> [String] {
        let url = directory.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard !lines.isEmpty else { throw CorpusError(file: url.path, problem: "no strings") }
        return lines
    }

    /// The path of `name`, for subprocesses.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// A corpus file that cannot be used.
struct CorpusError: Error, CustomStringConvertible {
    let file: String
    let problem: String
    var description: String { "\(file): \(problem)" }
}
