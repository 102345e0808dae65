public import ConsentCore

/// A two-letter code as the TCF strings carry it: two 6-bit letters, `A` = 0 ... `Z` = 25, 12 bits in all
/// (TC string `ConsentLanguage` and `PublisherCC`, GPP `tcfcav1` `ConsentLanguage`).
///
/// Only the 26 letters can be held: the 6-bit values 26-63 name no letter, and decoding them is an error
/// (``ConsentCore/ConsentError/Code/badValue``) rather than an alias. Printed and parsed in upper case (`"EN"`).
public struct TwoLetterCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 12 bits as written: first letter in the high six bits.
    public let rawValue: UInt16

    /// A code from its two letters (`"EN"`, `"de"`); nil unless the text is exactly two ASCII letters.
    public init?(letters: some StringProtocol) {
        var utf8 = letters.utf8.makeIterator()
        guard let first = utf8.next(), let second = utf8.next(), utf8.next() == nil,
            let high = TwoLetterCode.letterValue(first), let low = TwoLetterCode.letterValue(second)
        else { return nil }
        rawValue = UInt16(high) << 6 | UInt16(low)
    }

    /// A code from its two letter values (0 = `A` ... 25 = `Z`); nil when either is above 25.
    public init?(first: UInt8, second: UInt8) {
        guard first < 26, second < 26 else { return nil }
        rawValue = UInt16(first) << 6 | UInt16(second)
    }

    /// The value of the first letter, 0 = `A` ... 25 = `Z`.
    public var first: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 6) }

    /// The value of the second letter, 0 = `A` ... 25 = `Z`.
    public var second: UInt8 { UInt8(truncatingIfNeeded: rawValue & 63) }

    /// The two letters in upper case: `EN`.
    public var letters: String {
        String(decoding: [UInt8(ascii: "A") &+ first, UInt8(ascii: "A") &+ second], as: UTF8.self)
    }

    /// The two letters in upper case.
    public var description: String { letters }

    /// Alphabetical order.
    public static func < (lhs: TwoLetterCode, rhs: TwoLetterCode) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func letterValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte &- UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte &- UInt8(ascii: "a")
        default: nil
        }
    }
}

extension BitReader {
    /// Reads a 12-bit two-letter code.
    /// - Throws: `truncated`; ``ConsentError/Code/badValue`` when a letter value is 26-63, with the bit offset of the
    ///   code and the offending letter value.
    @inlinable
    public mutating func readTwoLetterCode(field: StaticString = "") throws(ConsentError) -> TwoLetterCode {
        let start = readerBitIndex
        let raw: UInt16 = try readInteger(bits: 12, field: field)
        let first = UInt8(truncatingIfNeeded: raw >> 6)
        let second = UInt8(truncatingIfNeeded: raw & 63)
        guard let code = TwoLetterCode(first: first, second: second) else {
            throw ConsentError(.badValue, field: field, bitOffset: start, value: Int64(first < 26 ? second : first))
        }
        return code
    }
}

extension BitSink {
    /// Writes a two-letter code in 12 bits (it always fits: the type holds letters only).
    @inlinable
    public mutating func writeTwoLetterCode(_ code: TwoLetterCode) {
        writeBits(UInt64(code.rawValue), count: 12)
    }
}

extension TwoLetterCode {
    /// A code from two letter values known to be below 26 (constants of this module).
    init(knownFirst first: UInt8, second: UInt8) {
        rawValue = UInt16(first) << 6 | UInt16(second)
    }

    /// `EN`, the default consent language of a built string.
    static let english = TwoLetterCode(knownFirst: 4, second: 13)

    /// `AA`, the "unknown" publisher country (the CMP API's default for `IABTCF_PublisherCC`).
    static let unknownCountry = TwoLetterCode(knownFirst: 0, second: 0)
}
