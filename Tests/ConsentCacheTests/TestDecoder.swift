import ConsentCore
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
