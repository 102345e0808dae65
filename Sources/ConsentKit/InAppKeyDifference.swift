/// One way the keys read back from an app differ from what its consent strings imply.
public struct InAppKeyDifference: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the key.
    public enum Kind: String, Sendable, Hashable {
        /// The strings imply the key, the app does not have it.
        case missing
        /// The app has a key the strings do not imply (a stale restriction, `gdprApplies` while undetermined, ...).
        case unexpected
        /// Both have the key, with values that mean different things.
        case different
        /// The app stores the key only under its name from before a rename (`IABTCF_UseNonStandardStacks`, renamed
        /// `IABTCF_UseNonStandardTexts` in TCF 2.2), which current readers do not look for (inapp-keys.md §4).
        case oldNameOnly
    }

    /// The key as the strings imply it; for `unexpected` and `different`, the name the app stores it under (an
    /// accepted other name, such as `IABGPP_2_TCString` for `IABGPP_2_String`, when that is the one that differs).
    public var key: String
    /// What is wrong.
    public var kind: Kind
    /// The value the strings imply, nil for `unexpected`.
    public var expected: InAppValue?
    /// The value the app has (under `key`, or for `oldNameOnly` under the old name), nil for `missing`.
    public var found: InAppValue?

    /// Makes a difference.
    public init(key: String, kind: Kind, expected: InAppValue?, found: InAppValue?) {
        self.key = key
        self.kind = kind
        self.expected = expected
        self.found = found
    }

    /// `different IABTCF_PolicyVersion: expected 4, found 2`.
    public var description: String {
        var text = "\(kind.rawValue) \(key)"
        if let expected { text += ": expected \(expected)" }
        if let found { text += (expected == nil ? ": " : ", ") + "found \(found)" }
        return text
    }
}
