import ConsentTestSupport

/// Bit-string editing for hand-made strings.
enum ConsentTestSupportBits {
    static func bits(_ text: String) -> String { BitString.bits(ofBase64URL: text) }
    static func text(_ bits: String) -> String { BitString.base64URL(bits) }
}
