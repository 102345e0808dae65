import ConsentCache
import ConsentKit

/// ConsentCache: its hit and miss paths, and a bid-stream-like Zipf stream through the cache and without it.
///
/// Lookups always use strings in other buffers than the cached keys, as a server's requests do, so a hit pays
/// for the full comparison.
enum CacheBenchmarks {
    /// Distinct strings in the Zipf stream.
    static let distinctCount = 2_000
    /// Lookups in one pass of the Zipf stream.
    static let streamLength = 100_000

    static func all(corpus: Corpus) -> [Benchmark] {
        let typical = { try corpus.strings("tcf-typical.txt") }
        let makeStream = { (buffers: StreamBuffers) throws -> (distinct: [String], stream: [String]) in
            let distinct = variants(of: try typical(), count: distinctCount)
            return (distinct, zipfStream(of: distinct, length: streamLength, buffers: buffers))
        }
        return [
            Benchmark(
                name: "cache-hit-typical",
                summary: "ConsentStringCache.entry(for:) of a cached tcf-typical string (hash, lock, compare)"
            ) {
                let strings = try typical()
                return workload(cache: filledCache(with: strings), lookups: copies(of: strings))
            },
            Benchmark(
                name: "cache-value-typical",
                summary: "ConsentStringCache.value(for:): a hit, plus a copy of the decoded TC string"
            ) {
                let strings = try typical()
                return workload(cache: filledCache(with: strings), lookups: copies(of: strings), copying: true)
            },
            Benchmark(
                name: "cache-hit-usp",
                summary: "ConsentStringCache.entry(for:) of a cached 4-character US Privacy string: the fixed cost"
            ) {
                let strings = try corpus.strings("usp.txt")
                return workload(cache: filledCache(with: strings), lookups: copies(of: strings))
            },
            Benchmark(
                name: "cache-miss-typical",
                summary: "a lookup that misses: hash, decode, insert, evict (100 entries, 200 strings in turn)"
            ) {
                let strings = try typical()
                let cache = ConsentStringCache(limits: CacheLimits(maxEntries: strings.count / 2))
                return workload(cache: cache, lookups: strings)
            },
        ] + zipfPair(in: .perDraw, makeStream: makeStream) + zipfPair(in: .perString, makeStream: makeStream)
    }

    /// The Zipf stream with its lookups in `buffers`, through a warm cache and without one.
    private static func zipfPair(
        in buffers: StreamBuffers,
        makeStream: @escaping (StreamBuffers) throws -> (distinct: [String], stream: [String])
    ) -> [Benchmark] {
        [
            Benchmark(
                name: "cache-decode-zipf2000" + buffers.nameSuffix,
                summary: "\(streamLength / 1_000)k Zipf(1) draws from 2,000 distinct typical TC strings, "
                    + "\(buffers.summary), through a warm cache"
            ) {
                let (distinct, stream) = try makeStream(buffers)
                return workload(cache: filledCache(with: distinct), lookups: stream)
            },
            Benchmark(
                name: "nocache-decode-zipf2000" + buffers.nameSuffix,
                summary: "the same stream, each string decoded by ConsentString(encoded:), no cache"
            ) {
                Workload.perInput(try makeStream(buffers).stream) { string in
                    do throws(ConsentError) { return touch(try ConsentString(encoded: string)) } catch {
                        return UInt64(error.bitOffset ?? 1)
                    }
                }
            },
        ]
    }

    /// A cache with the default limits holding copies of `strings` (so that no lookup string shares a buffer
    /// with a key).
    private static func filledCache(with strings: [String]) -> ConsentStringCache {
        let cache = ConsentStringCache()
        for string in copies(of: strings) { _ = cache.result(for: string) }
        return cache
    }

    /// Lookups of `strings` in turn through `cache.entry(for:)`, or `cache.value(for:)` when `copying`.
    private static func workload(
        cache: ConsentStringCache,
        lookups strings: [String],
        copying: Bool = false
    ) -> Workload {
        if copying {
            return Workload.perInput(strings) { string in
                do throws(ConsentError) { return touch(try cache.value(for: string)) } catch {
                    return UInt64(error.bitOffset ?? 1)
                }
            }
        }
        return Workload.perInput(strings) { string in
            // The entry itself is the answer: reading `.value` into a function argument would copy it.
            do throws(ConsentError) {
                return UInt64(UInt(bitPattern: ObjectIdentifier(try cache.entry(for: string))))
            } catch {
                return UInt64(error.bitOffset ?? 1)
            }
        }
    }

    /// Something cheap read from a decoded value, for the checksum: its format, read without copying the payload
    /// out of the enum (binding a decoded TC string to a name copies it, a dozen references).
    static func touch(_ value: borrowing ConsentString) -> UInt64 {
        switch value.format {
        case .tcf: 1
        case .gpp: 2
        case .usp: 3
        case .ac: 4
        }
    }

    /// Each string again, in a buffer of its own.
    static func copies(of strings: [String]) -> [String] {
        strings.map { String(decoding: Array($0.utf8), as: UTF8.self) }
    }

    /// `count` distinct TC strings made from `strings` by changing the last character of the core's Created
    /// field (characters 1-6 are its 36 bits), which every value of decodes: same shape, new string.
    static func variants(of strings: [String], count: Int) -> [String] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var result: [String] = []
        var seen = Set<String>()
        var round = 0
        while result.count < count {
            for string in strings where result.count < count {
                var bytes = Array(string.utf8)
                if round > 0, let position = alphabet.firstIndex(of: bytes[6]) {
                    bytes[6] = alphabet[(position + round) % alphabet.count]
                }
                let variant = String(decoding: bytes, as: UTF8.self)
                if seen.insert(variant).inserted { result.append(variant) }
            }
            round += 1
        }
        return result
    }

    /// Where the lookups of a Zipf stream keep their strings. Both keep them apart from the cache's keys, so a hit
    /// always pays for the full comparison; they differ in whether the input is in the processor's cache.
    enum StreamBuffers {
        /// Each draw in a buffer of its own: 100,000 buffers, 70 MB, so every lookup first waits for its input
        /// to come from memory. The worst case: no server looks up a string it has not just read.
        case perDraw
        /// One buffer per distinct string, shared by all its draws: 2,000 buffers, 1.4 MB, so the input is in
        /// the processor's cache, as a string just parsed out of a request is. The same draws as `perDraw`.
        case perString

        /// Appended to the benchmarks' names: the cold stream kept the names it had before the warm one.
        var nameSuffix: String {
            switch self {
            case .perDraw: ""
            case .perString: "-warm"
            }
        }

        /// For `--list`.
        var summary: String {
            switch self {
            case .perDraw: "each in a buffer of its own (70 MB)"
            case .perString:
                "one buffer per distinct string (input in cache, as a string just parsed from a request is)"
            }
        }
    }

    /// `length` draws from `strings` by a Zipf(1) law over a fixed random ranking, in `buffers`.
    static func zipfStream(of strings: [String], length: Int, buffers: StreamBuffers) -> [String] {
        var random = SplitMix64(seed: 8)
        let ranking = strings.shuffled(using: &random)
        let zipf = Zipf(count: ranking.count)
        let draws = (0..<length).map { _ in zipf.next(using: &random) }
        switch buffers {
        case .perDraw:
            return draws.map { String(decoding: Array(ranking[$0].utf8), as: UTF8.self) }
        case .perString:
            let lookups = copies(of: ranking)
            return draws.map { lookups[$0] }
        }
    }
}
