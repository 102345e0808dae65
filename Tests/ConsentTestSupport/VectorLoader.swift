public import ConsentCore
public import Foundation

/// One golden vector: a line of a `Vectors/*.jsonl` file (format in `Vectors/README.md`).
public struct ConsentVector: Sendable, Hashable, CustomStringConvertible {
    /// Unique id, such as `tcf-iabtcf-java-013`.
    public let id: String
    /// The decoder the input is meant for.
    public let kind: ConsentFormat
    /// The string to decode.
    public let input: String
    /// The (possibly partial) JSON form the input decodes to; nil for a vector that must fail.
    public let expect: JSONValue?
    /// For a vector that must fail: the error code, from the line's `expectCode` or `error-codes.txt`.
    public let expectCode: String?
    /// Where the string comes from (and, for our own vectors, how it was checked).
    public let source: String
    /// The file the line is in (`tcf.jsonl`), and its 1-based line number.
    public let file: String
    /// 1-based line number in ``file``.
    public let line: Int

    /// True for a vector that must fail to decode.
    public var expectsError: Bool { expect == nil }

    /// The id, so that test reports name the vector.
    public var description: String { id }
}

/// Why the vector files could not be read: the file and line, and what is wrong.
public struct VectorFileError: Error, CustomStringConvertible {
    /// `file:line: problem`.
    public let description: String
}

/// Reads the golden vectors of `Vectors/` (found from this file's path) with ConsentCore's JSON parser.
public enum VectorLoader {
    /// Every vector of every `*.jsonl` file in `Vectors/`, files in name order, lines in file order.
    /// - Throws: ``VectorFileError`` for a malformed line, a duplicate id, or an invalid vector without a code.
    public static func all() throws -> [ConsentVector] {
        let codes = try errorCodes()
        var seen: Set<String> = []
        var vectors: [ConsentVector] = []
        for url in try RepositoryPaths.files(in: RepositoryPaths.vectors) where url.pathExtension == "jsonl" {
            for vector in try load(url, errorCodes: codes) {
                guard seen.insert(vector.id).inserted else {
                    throw VectorFileError(description: "\(vector.file):\(vector.line): duplicate id \(vector.id)")
                }
                vectors.append(vector)
            }
        }
        return vectors
    }

    /// The vectors that decode, optionally of one kind.
    /// - Throws: as ``all()``.
    public static func valid(kind: ConsentFormat? = nil) throws -> [ConsentVector] {
        try all().filter { !$0.expectsError && (kind == nil || $0.kind == kind) }
    }

    /// The vectors that must fail, optionally of one kind.
    /// - Throws: as ``all()``.
    public static func invalid(kind: ConsentFormat? = nil) throws -> [ConsentVector] {
        try all().filter { $0.expectsError && (kind == nil || $0.kind == kind) }
    }

    /// Parses one JSON Lines file; `errorCodes` supplies the codes of invalid vectors that carry none inline.
    /// - Throws: ``VectorFileError`` naming the file and line of the first problem.
    public static func load(_ url: URL, errorCodes: [String: String] = [:]) throws -> [ConsentVector] {
        let file = url.lastPathComponent
        let text = try String(contentsOf: url, encoding: .utf8)
        var vectors: [ConsentVector] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            func fail(_ problem: String) -> VectorFileError {
                VectorFileError(description: "\(file):\(index + 1): \(problem)")
            }
            let object: JSONValue
            do { object = try JSONValue(parsing: trimmed) } catch { throw fail("not JSON: \(error)") }
            guard let id = object["id"]?.stringValue, let input = object["input"]?.stringValue,
                let kindName = object["kind"]?.stringValue, let kind = ConsentFormat(rawValue: kindName)
            else { throw fail("needs string members id, input and kind (tcf, gpp, usp or ac)") }
            let expect = object["expect"]
            let isError = object["expectError"]?.boolValue ?? false
            guard (expect != nil) != isError else { throw fail("\(id): needs exactly one of expect and expectError") }
            let code = object["expectCode"]?.stringValue ?? errorCodes[id]
            if isError && code == nil { throw fail("\(id): no error code (expectCode, or a line in error-codes.txt)") }
            vectors.append(
                ConsentVector(
                    id: id,
                    kind: kind,
                    input: input,
                    expect: expect,
                    expectCode: isError ? code : nil,
                    source: object["source"]?.stringValue ?? "",
                    file: file,
                    line: index + 1
                )
            )
        }
        return vectors
    }

    /// `Vectors/known-failures.txt`: vector id -> reason (with its issue number).
    /// - Throws: ``VectorFileError`` for a line without a reason and issue number.
    public static func knownFailures() throws -> [String: String] {
        try table("known-failures.txt") { id, rest in
            rest.range(of: #"\(#\d+\)"#, options: .regularExpression) == nil
                ? "\(id): the reason must end with the issue number, as (#3)" : nil
        }
    }

    /// `Vectors/error-codes.txt`: vector id -> the `ConsentError.Code` word it must fail with.
    /// - Throws: ``VectorFileError`` for a line without a code.
    public static func errorCodes() throws -> [String: String] {
        try table("error-codes.txt") { id, rest in rest.isEmpty ? "\(id): no code" : nil }.mapValues {
            String($0.prefix { !$0.isWhitespace })
        }
    }

    /// Reads `id rest` lines (comments start with `#`), checking each with `problem`.
    private static func table(
        _ name: String,
        problem: (String, String) -> String?
    ) throws -> [String: String] {
        let url = RepositoryPaths.vectors.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        var result: [String: String] = [:]
        for (index, line) in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let id = String(trimmed.prefix { !$0.isWhitespace })
            let rest = trimmed.dropFirst(id.count).trimmingCharacters(in: .whitespaces)
            if let message = problem(id, rest) {
                throw VectorFileError(description: "\(name):\(index + 1): \(message)")
            }
            result[id] = rest
        }
        return result
    }
}
