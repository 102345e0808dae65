import ConsentCache
import ConsentKit
import ConsentTestSupport
import Testing

@Suite struct ConsentStringCacheTests {
    @Test func everyValidVectorComesBackEqualToADirectDecode() throws {
        let cache = ConsentStringCache()
        let vectors = try VectorLoader.valid()
        for vector in vectors {
            let direct = try ConsentString(encoded: vector.input)
            #expect(try cache.value(for: vector.input) == direct, "\(vector)")
            #expect(
                try cache.value(for: String(decoding: Array(vector.input.utf8), as: UTF8.self)) == direct,
                "\(vector)"
            )
        }
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == UInt64(2 * vectors.count))
        #expect(statistics.entryCount == Set(vectors.map(\.input)).count)
    }

    @Test func everyInvalidVectorGivesTheDirectDecodersErrorEveryTime() throws {
        // Compared with the direct decode rather than with the vector: known failures decode in both.
        let cache = ConsentStringCache()
        for vector in try VectorLoader.invalid() {
            let direct = Result { () throws(ConsentError) in try ConsentString(encoded: vector.input) }
            #expect(cache.result(for: vector.input) == direct, "\(vector)")
            #expect(cache.result(for: vector.input) == direct, "\(vector)")
        }
        #expect(cache.statistics.hits > 0)
    }

    @Test func eightTasksGetEachStringsOwnValueFromASmallCache() async throws {
        let vectors = try VectorLoader.all()
        let expected = vectors.map { vector in
            Result { () throws(ConsentError) in try ConsentString(encoded: vector.input) }
        }
        let limits = CacheLimits(maxEntries: 16, maxBytes: 16 * CacheLimits.cost(ofUTF8Count: 400))
        let cache = ConsentStringCache(limits: limits)
        let wrong = await hammer(lookups: 3_000, seed: 100, limits: limits, statistics: { cache.statistics }) {
            random in
            let index = Int(random.next() % UInt64(vectors.count))
            return cache.result(for: vectors[index].input) == expected[index]
        }
        #expect(wrong == 0)
        #expect(cache.statistics.evictions > 0)
    }

    @Test func limitsOutOfRangeAreHeldToTheirRangeNotTrapped() throws {
        var limits = CacheLimits(maxEntries: 0, maxBytes: -5)
        #expect(limits.maxEntries == 1 && limits.maxBytes == 0)
        limits.maxBytes = 1 << 20
        limits.maxEntries = -3  // set after the init: held to its range too
        #expect(limits.maxEntries == 1)
        limits.maxEntries = .max
        #expect(limits.maxEntries == Int(Int32.max) / 2)
        limits.maxEntries = 0
        let cache = ConsentStringCache(limits: limits)
        #expect(try cache.value(for: "1YNN") == ConsentString(encoded: "1YNN"))
        #expect(try cache.value(for: "1YYN") == ConsentString(encoded: "1YYN"))
        #expect(cache.statistics.entryCount == 1, "one entry at the most")
        let keepsNothing = ConsentStringCache(limits: CacheLimits(maxEntries: 10, maxBytes: 0))
        #expect(try keepsNothing.value(for: "1YNN") == ConsentString(encoded: "1YNN"))
        #expect(keepsNothing.statistics.entryCount == 0, "a byte budget of 0 keeps nothing")
    }
}
