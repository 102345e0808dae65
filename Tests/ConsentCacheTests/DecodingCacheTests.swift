import ConsentCore
import ConsentTestSupport
import Testing

@testable import ConsentCache

@Suite struct DecodingCacheTests {
    @Test func missDecodesThenHitAnswersWithoutDecoding() throws {
        let decoder = CountingDecoder()
        let cache = decoder.cache(CacheLimits())
        let text = sampleString(1)
        let first = try cache.value(for: text)
        let second = try cache.value(for: String(text.utf8))  // equal contents, another buffer
        #expect(first == Decoded(text: text, bitCount: 240))
        #expect(second == first)
        #expect(decoder.callCount == 1)
        let statistics = cache.statistics
        #expect(statistics.hits == 1 && statistics.misses == 1 && statistics.evictions == 0)
        #expect(statistics.entryCount == 1)
        #expect(statistics.byteCount == CacheLimits.cost(ofUTF8Count: 40))
    }

    @Test func failuresAreCachedAndThrownAgainUnchanged() {
        let decoder = CountingDecoder()
        let cache = decoder.cache(CacheLimits())
        let bad = "CPc+Ukw"
        var errors: [ConsentError] = []
        for _ in 0..<3 {
            do {
                _ = try cache.value(for: bad)
                Issue.record("decoded \(bad)")
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.count == 3)
        #expect(errors.allSatisfy { $0.code == .badBase64 && $0.characterOffset == 3 })
        #expect(errors.allSatisfy { $0 == errors[0] })
        #expect(decoder.callCount == 1)
        #expect(cache.statistics.hits == 2)
    }

    @Test func entryCountNeverExceedsMaxEntries() throws {
        let seed: UInt64 = 0xC0FFEE
        var random = SplitMix64(seed: seed)
        let decoder = CountingDecoder()
        let limits = CacheLimits(maxEntries: 17, maxBytes: 1 << 30)
        let cache = decoder.cache(limits)
        for _ in 0..<5_000 {
            let text = sampleString(Int(random.next() % 60))
            #expect(try cache.value(for: text).text == text, "seed \(seed)")
            let statistics = cache.statistics
            #expect(statistics.entryCount <= limits.maxEntries, "seed \(seed)")
        }
        let statistics = cache.statistics
        #expect(statistics.entryCount == limits.maxEntries)
        #expect(statistics.evictions > 0 && statistics.hits > 0)
        #expect(statistics.hits + statistics.misses == 5_000)
        #expect(Int(statistics.misses) == decoder.callCount)
    }

    @Test func byteCountNeverExceedsMaxBytes() throws {
        let seed: UInt64 = 0xB17E5
        var random = SplitMix64(seed: seed)
        let decoder = CountingDecoder()
        let limits = CacheLimits(maxEntries: 1_000, maxBytes: 8 * CacheLimits.entryOverhead + 3_000)
        let cache = decoder.cache(limits)
        for _ in 0..<5_000 {
            let number = Int(random.next() % 80)
            let text = sampleString(number, length: 4 + number * 13)
            #expect(try cache.value(for: text).text == text, "seed \(seed)")
            let statistics = cache.statistics
            #expect(statistics.byteCount <= limits.maxBytes, "seed \(seed)")
            #expect(statistics.entryCount <= limits.maxEntries, "seed \(seed)")
        }
        #expect(cache.statistics.evictions > 0)
    }

    @Test func everyEntryHeldIsFoundAfterTheKeyArenaIsCompacted() throws {
        // Ten entries, then forty new strings of varied lengths, each evicting one: evicted keys pile up in the key
        // arena until they outweigh the live ones and the arena is rewritten, several times over. The ten strings
        // inserted last must all be held and each found where its bucket says its key is.
        let decoder = CountingDecoder()
        let cache = decoder.cache(CacheLimits(maxEntries: 10, maxBytes: 1 << 30))
        for number in 0..<50 { _ = try cache.value(for: sampleString(number, length: 20 + number % 7 * 9)) }
        #expect(cache.statistics.entryCount == 10 && cache.statistics.evictions == 40)
        let misses = cache.statistics.misses
        for number in 40..<50 {
            let text = sampleString(number, length: 20 + number % 7 * 9)
            #expect(try cache.value(for: String(text.utf8)).text == text)
        }
        #expect(cache.statistics.misses == misses, "an entry held was not found")
        #expect(decoder.callCount == 50)
    }

    @Test func stringLargerThanMaxBytesIsDecodedButNotKept() throws {
        let decoder = CountingDecoder()
        let cache = decoder.cache(CacheLimits(maxEntries: 10, maxBytes: CacheLimits.entryOverhead + 100))
        let small = sampleString(1, length: 100)
        let large = sampleString(2, length: 101)
        #expect(try cache.value(for: small).text == small)
        #expect(try cache.value(for: large).text == large)
        #expect(try cache.value(for: large).text == large)
        let statistics = cache.statistics
        #expect(statistics.entryCount == 1 && statistics.evictions == 0)
        #expect(statistics.misses == 3)
        #expect(try cache.value(for: small).text == small)
        #expect(cache.statistics.hits == 1)
    }

    @Test func collidingHashesNeverReturnAnotherStringsValue() throws {
        let decoder = CountingDecoder()
        // Every string has the same hash: only the full comparison tells them apart.
        let cache = decoder.cache(CacheLimits(maxEntries: 8, maxBytes: 1 << 20)) { _ in 42 }
        let texts = (0..<20).map { sampleString($0) }
        for round in 0..<5 {
            for text in texts.prefix(round == 0 ? 6 : 20) {
                #expect(try cache.value(for: text).text == text)
            }
        }
        #expect(cache.statistics.entryCount == 8)
        #expect(cache.statistics.evictions > 0)
    }

    @Test func collidingStringsAreBothKept() throws {
        let decoder = CountingDecoder()
        let cache = decoder.cache(CacheLimits()) { _ in 7 }
        let first = sampleString(1)
        let second = sampleString(2)
        #expect(try cache.value(for: first).text == first)
        #expect(try cache.value(for: second).text == second)
        #expect(try cache.value(for: first).text == first)
        #expect(try cache.value(for: second).text == second)
        #expect(decoder.callCount == 2)
        #expect(cache.statistics.hits == 2)
    }

    @Test func justInsertedStringHitsWhateverWasEvictedBefore() throws {
        // A hash with few distinct low bits makes long probe runs, so evictions shift many buckets back.
        let seed: UInt64 = 0x5EED
        var random = SplitMix64(seed: seed)
        let decoder = CountingDecoder()
        let cache = decoder.cache(CacheLimits(maxEntries: 50, maxBytes: 1 << 30)) { bytes in
            UInt64(bytes.reduce(0) { $0 &+ Int($1) } % 5)
        }
        for _ in 0..<10_000 {
            let text = sampleString(Int(random.next() % 200))
            let before = cache.statistics
            #expect(try cache.value(for: text).text == text, "seed \(seed)")
            #expect(try cache.value(for: text).text == text, "seed \(seed)")
            let after = cache.statistics
            #expect(after.hits >= before.hits + 1, "seed \(seed): \(text) not found right after its lookup")
        }
    }

    @Test func clockEvictsAnUnreferencedEntryBeforeAReferencedOne() throws {
        let decoder = CountingDecoder()
        let cache = decoder.cache(CacheLimits(maxEntries: 3, maxBytes: 1 << 20))
        let (a, b, c, d) = (sampleString(1), sampleString(2), sampleString(3), sampleString(4))
        for text in [a, b, c, a] { _ = try cache.value(for: text) }
        _ = try cache.value(for: d)  // the hand passes a (referenced: spared) and evicts b
        let calls = decoder.callCount
        _ = try cache.value(for: a)
        _ = try cache.value(for: c)
        _ = try cache.value(for: d)
        #expect(decoder.callCount == calls)
        _ = try cache.value(for: b)
        #expect(decoder.callCount == calls + 1)
    }

    @Test func removeAllDropsEntriesAndKeepsCounters() throws {
        let decoder = CountingDecoder()
        let cache = decoder.cache(CacheLimits())
        for number in 0..<10 { _ = try cache.value(for: sampleString(number)) }
        cache.removeAll()
        let statistics = cache.statistics
        #expect(statistics.entryCount == 0 && statistics.byteCount == 0 && statistics.misses == 10)
        _ = try cache.value(for: sampleString(3))
        #expect(decoder.callCount == 11)
    }

    @Test func eightTasksHammeringTheCacheGetTheirOwnValues() async throws {
        let decoder = CountingDecoder()
        let limits = CacheLimits(maxEntries: 64, maxBytes: 40 * CacheLimits.cost(ofUTF8Count: 60))
        let cache = decoder.cache(limits)
        let texts = (0..<300).map { sampleString($0, length: 20 + $0 % 40) } + ["not+base64"]
        let lookupsPerTask = 20_000
        let wrong = await hammer(lookups: lookupsPerTask, limits: limits, statistics: { cache.statistics }) { random in
            // Skewed: half the lookups go to the first 32 strings.
            let bound = random.next() % 2 == 0 ? 32 : UInt64(texts.count)
            let text = texts[Int(random.next() % bound)]
            switch cache.result(for: text) {
            case .success(let value): return value.text == text
            case .failure(let error): return error.code == .badBase64 && text == "not+base64"
            }
        }
        #expect(wrong == 0)
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == UInt64(8 * lookupsPerTask))
        #expect(Int(statistics.misses) == decoder.callCount)
        #expect(statistics.hits > 0 && statistics.evictions > 0)
    }
}
