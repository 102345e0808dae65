import ConsentCore

/// Test helpers that turn readable bit strings ("0001 1011") into base64url text, the oracle the fast reader
/// and writer are checked against.
public enum BitString {
    /// Packs `bits` (characters `0` and `1`; anything else is ignored) six to a character, zero-padded.
    public static func base64URL(_ bits: String) -> String {
        let digits = bits.filter { $0 == "0" || $0 == "1" }.map { $0 == "1" ? 1 : 0 }
        var characters: [UInt8] = []
        var index = 0
        while index < digits.count {
            var value: UInt8 = 0
            for offset in 0..<6 {
                value <<= 1
                if index + offset < digits.count { value |= UInt8(digits[index + offset]) }
            }
            characters.append(Base64URL.character(value))
            index += 6
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The bits of base64url text, six per character, as a string of `0` and `1`.
    public static func bits(ofBase64URL text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let value = Base64URL.sextet(byte)
            for shift in stride(from: 5, through: 0, by: -1) { result += (value >> UInt8(shift)) & 1 == 1 ? "1" : "0" }
        }
        return result
    }
}
