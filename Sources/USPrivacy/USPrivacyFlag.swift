/// One of the three letters of a US Privacy string (positions 2 to 4): `Y`, `N` or `-`.
///
/// The raw value is the ASCII byte of the letter as the string carries it.
public enum USPrivacyFlag: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `Y`: yes.
    case yes = 0x59
    /// `N`: no.
    case no = 0x4E
    /// `-`: not applicable, or unknown to whoever wrote the string.
    case notApplicable = 0x2D

    /// The flag of an upper-case letter or `-`; nil for anything else (lower case included).
    @inlinable
    public init?(letter: Character) {
        guard let ascii = letter.asciiValue, let flag = USPrivacyFlag(rawValue: ascii) else { return nil }
        self = flag
    }

    /// `true` for `Y`, `false` for `N`, nil for `-`.
    @inlinable
    public var boolValue: Bool? {
        switch self {
        case .yes: true
        case .no: false
        case .notApplicable: nil
        }
    }

    /// `Y` for true, `N` for false, `-` for nil.
    @inlinable
    public init(_ value: Bool?) {
        switch value {
        case true?: self = .yes
        case false?: self = .no
        case nil: self = .notApplicable
        }
    }

    /// The letter as written in the string and in JSON: `Y`, `N` or `-`.
    public var letter: Character { Character(Unicode.Scalar(rawValue)) }

    /// The letter: `Y`, `N` or `-`.
    public var description: String { String(letter) }
}
