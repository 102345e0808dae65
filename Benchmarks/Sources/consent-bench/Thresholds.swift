import ConsentCore
import Foundation

/// Allocation ceilings per benchmark (`Thresholds.json`): allocations are deterministic, so CI can hold them;
/// times vary with the machine and are never asserted.
///
/// The file is one JSON object: `"allocsPerOp"` maps a benchmark name to its ceiling, set at the measured
/// value (two decimals). `--record FILE` writes it from a run.
struct Thresholds {
    var ceilings: [String: Double]

    /// Explains the file to whoever opens it.
    static let comment =
        "Allocation ceilings per operation, checked by `consent-bench --check Benchmarks/Thresholds.json` "
        + "(exit 1 when a benchmark allocates more). Each is the measured value, not a loose bound. After a change "
        + "that should move one, run `swift run -c release --package-path Benchmarks consent-bench --record "
        + "Benchmarks/Thresholds.json` (all benchmarks) and commit the diff with the reason. Times are never checked."

    init(ceilings: [String: Double]) {
        self.ceilings = ceilings
    }

    init(contentsOf path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let document: JSONValue
        do { document = try JSONValue(parsing: text) } catch { throw ThresholdsError(path: path, problem: "\(error)") }
        guard let table = document["allocsPerOp"]?.objectValue else {
            throw ThresholdsError(path: path, problem: "no \"allocsPerOp\" object")
        }
        var ceilings: [String: Double] = [:]
        for (name, value) in table {
            switch value {
            case .int(let integer): ceilings[name] = Double(integer)
            case .double(let double): ceilings[name] = double
            default: throw ThresholdsError(path: path, problem: "the ceiling of \(name) is not a number")
            }
        }
        self.ceilings = ceilings
    }

    /// The benchmarks that allocate more than their ceiling, as messages; measurements without a ceiling are
    /// reported in `missing`.
    func violations(in measurements: [Measurement]) -> (exceeded: [String], missing: [String]) {
        var exceeded: [String] = []
        var missing: [String] = []
        for measurement in measurements {
            guard let measured = measurement.allocsForCheck else { continue }
            guard let ceiling = ceilings[measurement.name] else {
                missing.append(measurement.name)
                continue
            }
            if measured > ceiling {
                exceeded.append(
                    "\(measurement.name): \(Report.allocations(measured)) allocations per operation, "
                        + "ceiling \(Report.allocations(ceiling))"
                )
            }
        }
        return (exceeded, missing)
    }

    /// Writes the file, names sorted, one per line so that diffs are readable.
    func write(to path: String) throws {
        var lines = [
            "{", "  \"comment\": \(JSONValue.string(Thresholds.comment).serialized()),", "  \"allocsPerOp\": {",
        ]
        let names = ceilings.keys.sorted()
        for (index, name) in names.enumerated() {
            let value = ceilings[name] ?? 0
            let number = value == value.rounded() ? String(Int(value)) : String(value)
            lines.append("    \(JSONValue.string(name).serialized()): \(number)\(index == names.count - 1 ? "" : ",")")
        }
        lines += ["  }", "}", ""]
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// A thresholds file that cannot be read.
struct ThresholdsError: Error, CustomStringConvertible {
    let path: String
    let problem: String
    var description: String { "\(path): \(problem)" }
}
