import CAllocationCounter

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a benchmark: warm-up, then rounds of a fixed number of operations, each timed on the monotonic clock,
/// with allocations counted over the measured rounds only.
struct Runner {
    /// Wall-clock budget per benchmark, warm-up included.
    var seconds: Double
    /// Measured rounds per benchmark.
    var rounds: Int
    /// When set, the work does not depend on time: one pass to warm up, then rounds of this many passes.
    var passes: Int? = nil

    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    func measure(_ benchmark: Benchmark) throws -> Measurement {
        switch benchmark.kind {
        case .external(let run): return try run(seconds)
        case .loop(let setUp): return measure(benchmark.name, try setUp())
        }
    }

    private func measure(_ name: String, _ workload: Workload) -> Measurement {
        let loop = workload.loop
        let pass = max(1, workload.operationsPerPass)
        let operations: Int
        if let passes {
            cac_black_hole(loop(pass))
            operations = passes * pass
        } else {
            operations = timedWarmUp(loop, pass: pass)
        }

        var samples: [Double] = []
        samples.reserveCapacity(rounds)
        var allocations: UInt64 = 0
        for _ in 0..<rounds {
            let allocationsBefore = cac_allocations()
            let start = Runner.now()
            let checksum = loop(operations)
            let elapsed = Runner.now() &- start
            allocations &+= cac_allocations() &- allocationsBefore
            cac_black_hole(checksum)
            samples.append(Double(elapsed) / Double(operations))
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let p90 = samples[min(samples.count - 1, Int((Double(samples.count) * 0.9).rounded(.up)) - 1)]
        var measurement = Measurement(
            name: name,
            nsPerOp: median,
            p90NsPerOp: p90,
            allocsPerOp: cac_is_interposing() != 0 ? Double(allocations) / Double(rounds * operations) : nil,
            mbPerSecond: workload.bytesPerOperation > 0 ? workload.bytesPerOperation / median * 1_000 : nil,
            rounds: rounds,
            opsPerRound: operations
        )
        if let rate = workload.rate {
            measurement.extras.append(
                (key: Runner.jsonKey(rate.unit), value: rate.perOperation / median, unit: rate.unit)
            )
        }
        return measurement
    }

    /// Runs whole passes until a tenth of the budget is spent (at least one pass), which also says how long one
    /// operation takes, and returns the operations per round that make all rounds together take the rest.
    private func timedWarmUp(_ loop: (Int) -> UInt64, pass: Int) -> Int {
        let warmUpBudget = UInt64(seconds * 0.1 * 1e9)
        var warmUpOperations = 0
        let warmUpStart = Runner.now()
        var batch = pass
        repeat {
            cac_black_hole(loop(batch))
            warmUpOperations += batch
            batch *= 2
        } while Runner.now() &- warmUpStart < warmUpBudget
        let estimate = Double(Runner.now() &- warmUpStart) / Double(warmUpOperations)
        let perRound = seconds * 0.9 * 1e9 / Double(rounds)
        let passes = max(1, Int((perRound / max(estimate, 0.1) / Double(pass)).rounded()))
        return passes * pass
    }

    /// `reads/ns` -> `readsPerNs`: the unit as a JSON key.
    static func jsonKey(_ unit: String) -> String {
        var key = ""
        var upperNext = false
        for character in unit {
            if character == "/" {
                key += "Per"
                upperNext = true
            } else if character.isLetter || character.isNumber {
                key += upperNext ? character.uppercased() : String(character)
                upperNext = false
            } else {
                upperNext = true
            }
        }
        return key
    }
}
