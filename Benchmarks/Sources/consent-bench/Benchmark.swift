/// One named benchmark: a loop of operations over an input, with what one operation reads.
///
/// Names follow `<format>-<operation>-<input>` (`tcf-decode-typical`); other tools compare figures across
/// versions by name, so a name never changes meaning.
struct Benchmark {
    /// How the figures are taken.
    enum Kind {
        /// `loop(n)` runs `n` operations and returns a checksum of their results (which goes to the black
        /// hole); the runner times rounds of it and counts allocations.
        case loop((_ operations: Int) -> UInt64)
        /// The benchmark measures itself (a subprocess, say) and returns its figures.
        case external((_ seconds: Double) throws -> Measurement)
    }

    /// `<format>-<operation>-<input>`.
    let name: String
    /// One line for `--list` and the table.
    let summary: String
    /// Input bytes one operation reads, on average (for MB/s); 0 when throughput in bytes means nothing.
    let bytesPerOperation: Double
    /// Operations that make one pass over the inputs: rounds are whole passes so every input counts equally.
    let operationsPerPass: Int
    /// A further rate to report, as (unit, amount of it per operation): `("reads/ns", 1024)` reports reads
    /// per nanosecond.
    let rate: (unit: String, perOperation: Double)?
    /// What to run.
    let kind: Kind

    init(
        name: String,
        summary: String,
        bytesPerOperation: Double = 0,
        operationsPerPass: Int = 1,
        rate: (unit: String, perOperation: Double)? = nil,
        loop: @escaping (_ operations: Int) -> UInt64
    ) {
        self.name = name
        self.summary = summary
        self.bytesPerOperation = bytesPerOperation
        self.operationsPerPass = max(1, operationsPerPass)
        self.rate = rate
        self.kind = .loop(loop)
    }

    init(name: String, summary: String, external: @escaping (_ seconds: Double) throws -> Measurement) {
        self.name = name
        self.summary = summary
        self.bytesPerOperation = 0
        self.operationsPerPass = 1
        self.rate = nil
        self.kind = .external(external)
    }

    /// A benchmark whose operation `i` handles input `i % inputs.count`, with MB/s over the inputs' UTF-8 bytes.
    ///
    /// `operation` returns a value derived from everything it read (summed ids, field values); the loop
    /// folds it into the checksum so that no work can be optimized away.
    static func perInput(
        name: String,
        summary: String,
        inputs: [String],
        operation: @escaping (String) -> UInt64
    ) -> Benchmark {
        precondition(!inputs.isEmpty, "\(name): no inputs")
        let bytes = inputs.reduce(0) { $0 + $1.utf8.count }
        return Benchmark(
            name: name,
            summary: summary,
            bytesPerOperation: Double(bytes) / Double(inputs.count),
            operationsPerPass: inputs.count
        ) { operations in
            var checksum: UInt64 = 0
            var index = 0
            for _ in 0..<operations {
                checksum &+= operation(inputs[index])
                index += 1
                if index == inputs.count { index = 0 }
            }
            return checksum
        }
    }
}
