import ConsentKit
import ConsentTestSupport
import Foundation
import Testing
import _ConsentFuzzSupport

/// Writes `Vectors/own-*.jsonl` from boundary values encoded by this package's encoders, when
/// `RECORD_OWN_VECTORS=1` is set (otherwise it does nothing). Each recorded line was then checked by hand and with
/// an independent bit-level decoder written from the spec tables, as its `source` says; a line is never re-recorded
/// to make a test pass.
@Suite("Own vector recorder")
struct OwnVectorRecorder {
    /// One vector to record: a value to encode canonically, or a string that must fail.
    struct Entry {
        var id: String
        var value: ConsentString?
        var input: String?
        var source: String
    }

    @Test(
        "Record Vectors/own-*.jsonl",
        .enabled(if: ProcessInfo.processInfo.environment["RECORD_OWN_VECTORS"] == "1")
    )
    func record() throws {
        try write("own-tcf.jsonl", OwnVectorValues.tcf())
        try write("own-gpp.jsonl", OwnVectorValues.gpp())
        try write("own-usp.jsonl", OwnVectorValues.usp())
        try write("own-ac.jsonl", OwnVectorValues.ac())
        try write("own-invalid.jsonl", OwnVectorValues.invalid())
    }

    private func write(_ name: String, _ entries: [Entry]) throws {
        var lines = ""
        for entry in entries {
            var object = JSONObject()
            object.append("id", .string(entry.id))
            if let value = entry.value {
                let input = try value.encoded()
                object.append("kind", .string(value.format.rawValue))
                object.append("input", .string(input))
                object.append(
                    "expect",
                    try ConsentString(encoded: input, kind: value.format).jsonValue().removingKey("encoding")
                )
            } else if let input = entry.input {
                let kind = (try? ConsentString.detectFormat(of: input)) ?? .tcf
                let format = ConsentFormat(rawValue: String(entry.id.split(separator: "-")[2])) ?? kind
                object.append("kind", .string(format.rawValue))
                object.append("input", .string(input))
                object.append("expectError", .bool(true))
                do throws(ConsentError) {
                    _ = try ConsentString(encoded: input, kind: format)
                    Issue.record("\(entry.id) decodes")
                } catch {
                    object.append("expectCode", .string(error.code.description))
                }
            }
            object.append("source", .string(entry.source))
            lines += JSONValue.object(object).serialized() + "\n"
        }
        try lines.write(to: RepositoryPaths.vectors.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
}
