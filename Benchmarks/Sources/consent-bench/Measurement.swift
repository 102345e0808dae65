import ConsentCore

/// The figures of one benchmark run.
struct Measurement {
    /// The benchmark's name.
    var name: String
    /// Median over the rounds of nanoseconds per operation.
    var nsPerOp: Double
    /// 90th percentile over the rounds of nanoseconds per operation.
    var p90NsPerOp: Double
    /// Heap allocations per operation, counted over every measured round (warm-up excluded).
    var allocsPerOp: Double?
    /// Input megabytes (10^6 bytes) per second at the median, or nil when bytes mean nothing here.
    var mbPerSecond: Double?
    /// Measured rounds.
    var rounds: Int
    /// Operations in each round.
    var opsPerRound: Int
    /// Further figures, in order: (JSON key, value, unit shown in the table).
    var extras: [(key: String, value: Double, unit: String)] = []

    /// One JSON object (a line of `--json` output).
    var json: JSONValue {
        var object = JSONObject()
        object.append("name", .string(name))
        object.append("nsPerOp", .double(Measurement.rounded(nsPerOp)))
        object.append("p90NsPerOp", .double(Measurement.rounded(p90NsPerOp)))
        object.append("allocsPerOp", allocsPerOp.map { .double(Measurement.rounded($0)) } ?? .null)
        object.append("mbPerSecond", mbPerSecond.map { .double(Measurement.rounded($0)) } ?? .null)
        object.append("rounds", .integer(rounds))
        object.append("ops", .integer(rounds * opsPerRound))
        for extra in extras { object.append(extra.key, .double(Measurement.rounded(extra.value))) }
        return .object(object)
    }

    /// Allocations per operation as compared with a ceiling: two decimals, so that a count amortized over a
    /// slightly different number of operations compares equal.
    var allocsForCheck: Double? { allocsPerOp.map { ($0 * 100).rounded() / 100 } }

    /// At least four significant digits (whole numbers from 1,000 up), enough for any figure here and short in
    /// JSON; dividing by an exact power of ten keeps the printed form short.
    static func rounded(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value }
        if abs(value) >= 1_000 { return value.rounded() }
        var scale = 1.0
        while abs(value) * scale < 1_000 && scale < 1e15 { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
