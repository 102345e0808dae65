/// Every benchmark, in the order the table lists them.
struct Suite {
    let corpus: Corpus
    let options: Options

    func benchmarks() throws -> [Benchmark] {
        var all: [Benchmark] = []
        all += CoreBenchmarks.all()
        all += TCFBenchmarks.all(corpus: corpus)
        all += IDSetBenchmarks.all(corpus: corpus)
        all += GPPBenchmarks.all(corpus: corpus)
        all += USPBenchmarks.all(corpus: corpus)
        all += ACBenchmarks.all(corpus: corpus)
        all += KitBenchmarks.all(corpus: corpus)
        all += CacheBenchmarks.all(corpus: corpus)
        all += CLIBenchmarks.all(corpus: corpus, binary: options.consentBinary)
        return all
    }
}

/// Thrown by a benchmark that cannot run here (a binary not built, say); the table says why and goes on.
struct SkippedBenchmark: Error {
    let reason: String
}
