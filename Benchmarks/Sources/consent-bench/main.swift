// consent-bench: median time, allocations and throughput of every codec path, on the corpora in Corpus/.
import CAllocationCounter
import Foundation

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    if !error.message.isEmpty { FileHandle.standardError.write(Data("consent-bench: \(error.message)\n".utf8)) }
    FileHandle.standardError.write(Data((Options.usage + "\n").utf8))
    exit(error.message.isEmpty ? 0 : 64)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("consent-bench: \(message)\n".utf8))
    exit(1)
}

let suite: [Benchmark]
do {
    suite = try Suite(corpus: Corpus(path: options.corpus), options: options).benchmarks()
} catch {
    fail("\(error)")
}
let selected = suite.filter { options.selects($0.name) }

if options.list {
    for benchmark in selected { print("\(Report.padRight(benchmark.name, 26)) \(benchmark.summary)") }
    exit(0)
}

// An allocation the counter must see; if it does not, the linker kept the C library's malloc.
cac_black_hole(UInt64([UInt8](repeating: 1, count: 100).count))
if cac_is_interposing() == 0 {
    FileHandle.standardError.write(
        Data("consent-bench: allocations are not being counted (malloc not interposed)\n".utf8)
    )
}

let report = Report(json: options.json)
let runner = Runner(seconds: options.seconds, rounds: options.rounds, passes: options.passes)
var measurements: [Measurement] = []
report.header()
for benchmark in selected {
    do {
        let measurement = try runner.measure(benchmark)
        report.row(measurement)
        measurements.append(measurement)
    } catch let skipped as SkippedBenchmark {
        report.note(benchmark.name, "skipped: \(skipped.reason)")
    } catch {
        fail("\(benchmark.name): \(error)")
    }
}

if let path = options.record {
    var ceilings = (try? Thresholds(contentsOf: path))?.ceilings ?? [:]
    for measurement in measurements {
        if let allocations = measurement.allocsForCheck { ceilings[measurement.name] = allocations }
    }
    do { try Thresholds(ceilings: ceilings).write(to: path) } catch { fail("\(path): \(error)") }
}

if let path = options.check {
    let thresholds: Thresholds
    do { thresholds = try Thresholds(contentsOf: path) } catch { fail("\(error)") }
    let (exceeded, missing) = thresholds.violations(in: measurements)
    for name in missing {
        FileHandle.standardError.write(Data("consent-bench: \(name): no ceiling in \(path)\n".utf8))
    }
    if !exceeded.isEmpty {
        for line in exceeded { FileHandle.standardError.write(Data("consent-bench: over ceiling: \(line)\n".utf8)) }
        exit(1)
    }
}
