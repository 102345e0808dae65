/// A value stored under an in-app key (NSUserDefaults / SharedPreferences): the IAB tables' "Number" is an
/// integer, "String" and "Binary String" are strings (inapp-keys.md §0); the one "Boolean" is the legacy TCF v1
/// `IABConsent_CMPPresent`.
public enum InAppValue: Sendable, Hashable, CustomStringConvertible {
    /// An integer (`setInteger` / `putInt`); the TCF v2 and GPP booleans are written as 0 and 1.
    case integer(Int)
    /// A string.
    case string(String)
    /// A boolean (`setBool` / `putBoolean`): only `IABConsent_CMPPresent`, which the v1 in-app spec types Boolean
    /// and Android readers fetch with `getBoolean`.
    case boolean(Bool)

    /// The integer: the value of ``integer(_:)``, of a string holding only a decimal integer (real CMPs
    /// sometimes store numbers as strings, and readers must accept them), or 1 and 0 for a boolean.
    public var integerValue: Int? {
        switch self {
        case .integer(let value): value
        case .string(let text): Int(text)
        case .boolean(let flag): flag ? 1 : 0
        }
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// True when the two mean the same: equal strings, or equal integers where either may be written as a
    /// decimal string or a boolean.
    public func matches(_ other: InAppValue) -> Bool {
        if self == other { return true }
        guard let mine = integerValue, let theirs = other.integerValue else { return false }
        return mine == theirs
    }

    /// `1`, `"1YNN"` or `true`.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .string(let text): "\"\(text)\""
        case .boolean(let flag): String(flag)
        }
    }
}
