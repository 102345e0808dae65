/// One named benchmark: what it measures, and how to set up its work.
///
/// Names follow `<format>-<operation>-<input>` (`tcf-decode-typical`); other tools compare figures across
/// versions by name, so a name never changes meaning. Set-up runs only for the benchmarks selected, so
/// `--list` and `--filter` cost nothing.
struct Benchmark {
    /// How the figures are taken.
    enum Kind {
        /// The runner sets up the workload, then times rounds of its loop and counts allocations.
        case loop(() throws -> Workload)
        /// The benchmark measures itself (a subprocess, say) within the budget in seconds.
        case external((_ seconds: Double) throws -> Measurement)
    }

    /// `<format>-<operation>-<input>`.
    let name: String
    /// One line for `--list`.
    let summary: String
    /// What to run.
    let kind: Kind

    init(name: String, summary: String, setUp: @escaping () throws -> Workload) {
        self.name = name
        self.summary = summary
        self.kind = .loop(setUp)
    }

    init(name: String, summary: String, external: @escaping (_ seconds: Double) throws -> Measurement) {
        self.name = name
        self.summary = summary
        self.kind = .external(external)
    }
}

/// The work of a benchmark: a loop of operations over inputs, with what one operation reads.
struct Workload {
    /// Input bytes one operation reads, on average (for MB/s); 0 when throughput in bytes means nothing.
    var bytesPerOperation: Double = 0
    /// Operations that make one pass over the inputs: rounds are whole passes so every input counts equally.
    var operationsPerPass: Int = 1
    /// A further rate to report, as (unit, amount of it per operation): `("reads/ns", 492)` reports reads
    /// per nanosecond.
    var rate: (unit: String, perOperation: Double)?
    /// Runs `n` operations and returns a checksum of their results (which goes to the black hole).
    var loop: (_ operations: Int) -> UInt64

    /// A workload whose operation `i` handles input `i % inputs.count`, with MB/s over the inputs' UTF-8 bytes.
    ///
    /// `operation` returns a value derived from everything it read (summed ids, field values); the loop
    /// folds it into the checksum so that no work can be optimized away.
    static func perInput(_ inputs: [String], operation: @escaping (inout String) -> UInt64) -> Workload {
        cycling(inputs, bytesPerOperation: averageBytes(inputs), operation: operation)
    }

    /// A workload whose operation `i` handles `inputs[i % inputs.count]`, which stands for
    /// `bytesPerOperation` bytes of text (for MB/s).
    ///
    /// Each input is lent to the operation in place (`inout`, through a buffer pointer), as a caller that holds
    /// the string lends it to the library. Passed by value out of an array, every input was copied, a retain and
    /// a release per operation that no caller pays: 17 ns for a heap string on this machine, timed with the
    /// operation. No operation changes its input.
    static func cycling<Input>(
        _ inputs: [Input],
        bytesPerOperation: Double,
        operation: @escaping (inout Input) -> UInt64
    ) -> Workload {
        precondition(!inputs.isEmpty, "no inputs")
        var lent = inputs
        return Workload(bytesPerOperation: bytesPerOperation, operationsPerPass: inputs.count) { operations in
            lent.withUnsafeMutableBufferPointer { inputs in
                var checksum: UInt64 = 0
                var index = 0
                for _ in 0..<operations {
                    checksum &+= operation(&inputs[index])
                    index += 1
                    if index == inputs.count { index = 0 }
                }
                return checksum
            }
        }
    }

    /// `inputs`, after checking that each one fails `decode`: a bad-input benchmark must time failures.
    static func failing(_ inputs: [String], _ decode: (String) throws -> Void) throws -> [String] {
        for input in inputs where (try? decode(input)) != nil {
            throw CorpusError(file: input, problem: "meant to be invalid, but decodes")
        }
        return inputs
    }

    /// The average UTF-8 length of `strings`.
    static func averageBytes(_ strings: [String]) -> Double {
        Double(strings.reduce(0) { $0 + $1.utf8.count }) / Double(max(1, strings.count))
    }
}
