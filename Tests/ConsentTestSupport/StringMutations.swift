import ConsentCore

/// Damage a valid consent string the ways real inputs get damaged: a flipped bit in a base64url character, a cut,
/// a segment or section repeated or lost, a `.` where a `~` belongs, a stray character.
public enum StringMutations {
    /// `text` with one to three random mutations.
    public static func mutate(_ text: String, using generator: inout some RandomNumberGenerator) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            bytes = mutateOnce(bytes, using: &generator)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One mutation.
    static func mutateOnce(_ bytes: [UInt8], using generator: inout some RandomNumberGenerator) -> [UInt8] {
        guard !bytes.isEmpty else { return [UInt8(ascii: "C")] }
        var bytes = bytes
        let position = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0, 1:
            // Flip one of the six bits of a base64url character (other characters: make it one).
            let value = Base64URL.sextet(bytes[position])
            bytes[position] = Base64URL.character(
                value < 64 ? value ^ (1 << UInt8.random(in: 0...5, using: &generator)) : 0
            )
        case 2:
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &generator)...)
        case 3, 4:
            // Repeat or drop one part between separators.
            let separator = bytes.contains(UInt8(ascii: "~")) ? UInt8(ascii: "~") : UInt8(ascii: ".")
            var parts = bytes.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
            let index = Int.random(in: 0..<parts.count, using: &generator)
            if Bool.random(using: &generator) { parts.insert(parts[index], at: index) } else { parts.remove(at: index) }
            bytes = Array(parts.joined(separator: [separator]))
        case 5:
            // Swap a separator for the other one.
            if let index = bytes.indices.filter({ bytes[$0] == UInt8(ascii: ".") || bytes[$0] == UInt8(ascii: "~") })
                .randomElement(using: &generator)
            {
                bytes[index] = bytes[index] == UInt8(ascii: ".") ? UInt8(ascii: "~") : UInt8(ascii: ".")
            }
        default:
            let strays: [UInt8] = Array("=.~ +/\u{0}é".utf8)
            bytes.insert(strays[Int.random(in: 0..<strays.count, using: &generator)], at: position)
        }
        return bytes
    }

    /// A random string of base64url characters, separators, padding and a few strangers, up to `maxLength` bytes.
    public static func randomText(maxLength: Int, using generator: inout some RandomNumberGenerator) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~=1YN-dv".utf8)
        let length = Int.random(in: 0...maxLength, using: &generator)
        return String(
            decoding: (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] },
            as: UTF8.self
        )
    }
}
