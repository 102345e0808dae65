import ConsentCore
import ConsentTestSupport
import Synchronization

@testable import ConsentCache

/// What the test decoder makes of a string: the string itself (so a test can tell whose value it got) and its
/// number of data bits.
struct Decoded: Sendable, Hashable {
    let text: String
    let bitCount: Int
}

/// A decoder that counts its calls: base64url text decodes, anything else fails with `badBase64`.
final class CountingDecoder: Sendable {
    private let calls = Atomic<Int>(0)

    /// Calls so far.
    var callCount: Int { calls.load(ordering: .relaxed) }

    func decode(_ text: String) throws(ConsentError) -> Decoded {
        calls.add(1, ordering: .relaxed)
        let bits = try withTextView(of: text) { view throws(ConsentError) in try view.bitReader().bitCount }
        return Decoded(text: text, bitCount: bits)
    }

    /// A cache in front of this decoder, with XXH3 or with `hash`.
    func cache(_ limits: CacheLimits, hash: StringKey.Hash? = nil) -> DecodingCache<Decoded> {
        if let hash {
            return DecodingCache(limits: limits, hash: hash) { text throws(ConsentError) in try self.decode(text) }
        }
        return DecodingCache(limits: limits) { text throws(ConsentError) in try self.decode(text) }
    }
}

/// A base64url string for `number`, `length` characters long (at least 4), distinct for distinct numbers.
func sampleString(_ number: Int, length: Int = 40) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    var characters: [Character] = []
    var rest = number
    for _ in 0..<4 {
        characters.append(alphabet[rest % 64])
        rest /= 64
    }
    while characters.count < length { characters.append(alphabet[(characters.count * 7 + number) % 64]) }
    return String(characters)
}

/// Runs 8 concurrent tasks of `lookups` calls of `lookup` each (given a generator seeded with `seed` plus the task
/// number), and counts the calls that returned false or after which `statistics()` was outside `limits`.
func hammer(
    lookups: Int,
    seed: UInt64 = 0,
    limits: CacheLimits,
    statistics: @escaping @Sendable () -> CacheStatistics,
    lookup: @escaping @Sendable (inout SplitMix64) -> Bool
) async -> Int {
    await withTaskGroup(of: Int.self) { group in
        for task in 0..<8 {
            group.addTask {
                var random = SplitMix64(seed: seed &+ UInt64(task))
                var wrong = 0
                for _ in 0..<lookups {
                    if !lookup(&random) { wrong += 1 }
                    let now = statistics()
                    if now.entryCount > limits.maxEntries || now.byteCount > limits.maxBytes { wrong += 1 }
                }
                return wrong
            }
        }
        return await group.reduce(0, +)
    }
}
