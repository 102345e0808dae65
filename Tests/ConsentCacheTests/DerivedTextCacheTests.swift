import ConsentCache
import ConsentCore
import Testing

@Suite struct DerivedTextCacheTests {
    @Test func aKeptTextIsAnsweredByteForByteAndAMissIsNil() {
        let cache = DerivedTextCache(limits: CacheLimits())
        #expect(cache.result(for: "1YNN") == nil)
        cache.keep(.success(#"{"type":"usp"}"#), for: "1YNN")
        #expect(cache.result(for: "1YNN") == .success(#"{"type":"usp"}"#))
        #expect(cache.result(for: "1YNY") == nil)
        let statistics = cache.statistics
        #expect(statistics.hits == 1 && statistics.misses == 2)
        #expect(statistics.entryCount == 1)
    }

    @Test func aKeptErrorIsAnsweredUnchanged() {
        let cache = DerivedTextCache(limits: CacheLimits())
        let error = ConsentError(.badBase64, format: .tcf, characterOffset: 3)
        cache.keep(.failure(error), for: "CPc+Ukw")
        #expect(cache.result(for: "CPc+Ukw") == .failure(error))
    }

    @Test func anEntryCostsItsStringAndItsText() {
        let text = String(repeating: "x", count: 1_000)
        let cache = DerivedTextCache(limits: CacheLimits())
        cache.keep(.success(text), for: "1YNN")
        #expect(cache.statistics.byteCount == CacheLimits.cost(ofUTF8Count: 4) + 1_000)
    }

    @Test func theByteLimitCountsTheTextsSoLongTextsEvictEachOther() {
        let text = String(repeating: "x", count: 4_000)
        let limit = 3 * CacheLimits.cost(ofUTF8Count: 4_004)
        let cache = DerivedTextCache(limits: CacheLimits(maxEntries: 100, maxBytes: limit))
        for number in 0..<10 { cache.keep(.success(text), for: "1YN\(number)") }
        let statistics = cache.statistics
        #expect(statistics.entryCount <= 3)
        #expect(statistics.byteCount <= limit)
        #expect(statistics.evictions == 10 - UInt64(statistics.entryCount))
        // A text larger than the whole budget is not kept.
        cache.keep(.success(String(repeating: "y", count: limit)), for: "2YNN")
        #expect(cache.result(for: "2YNN") == nil)
    }
}
