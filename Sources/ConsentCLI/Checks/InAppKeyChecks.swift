import ConsentInput
import ConsentKit

/// For app preferences (plist, Android XML, JSON): the keys the app stores against the keys its own strings imply
/// (ConsentKit's ``InAppKeys``), so that a CMP that wrote a stale or wrong key is caught.
enum InAppKeyChecks {
    /// One finding per key that is missing, unexpected or different; nothing for other inputs.
    static func diagnostics(for decoded: DecodedInput) -> [Diagnostic] {
        let forms: [ExtractedInput.Form] = [.propertyList, .androidPreferences, .jsonPreferences]
        guard forms.contains(decoded.input.form) else { return [] }
        let strings = decoded.items.compactMap { try? $0.result.get() }
        guard !strings.isEmpty else { return [] }
        let gdprApplies = decoded.input.gdprApplies?.isSet
        let gppSID = decoded.input.gppSectionIDs.flatMap { CrossChecks.sectionIDs($0.text) }
        guard let expected = try? Codec.keys(strings, gdprApplies: gdprApplies, gppSID: gppSID) else { return [] }
        return expected.differences(from: storedKeys(decoded.input)).map(diagnostic)
            + typeDiagnostics(expected, stored: decoded.input.storedTypes)
    }

    /// A warning for each key stored with another type than the IAB tables give it: a "Number" as a string or a
    /// boolean, a string as a number. Readers should be lenient (inapp-keys.md §0), but some are not: Prebid
    /// Mobile reads `IABTCF_gdprApplies` with `getInt`, which throws on a string.
    private static func typeDiagnostics(
        _ expected: InAppKeys,
        stored: [String: AppPreferences.StoredType]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for key in expected.keys {
            guard let value = expected[key], let type = stored[key] else { continue }
            let wanted: AppPreferences.StoredType
            switch value {
            case .integer: wanted = .integer
            case .string: wanted = .string
            case .boolean: wanted = .boolean
            }
            guard type != wanted else { continue }
            diagnostics.append(
                Diagnostic(
                    .warning,
                    code: "inAppKeyType",
                    field: key,
                    message: "\(key) is stored as \(type.article) \(type.rawValue); the IAB key tables make it "
                        + "\(wanted.article) \(wanted.rawValue) (strict readers such as getInt fail on it)"
                )
            )
        }
        return diagnostics
    }

    /// Every IAB key of the preferences, with its value as stored (numbers read back as decimal text).
    private static func storedKeys(_ input: ExtractedInput) -> [String: InAppValue] {
        var stored: [String: InAppValue] = [:]
        for (key, value) in input.preferenceKeys { stored[key] = .string(value) }
        for signal in input.signals { if let key = signal.source { stored[key] = .string(signal.text) } }
        for flag in [input.gdprApplies, input.gppSectionIDs].compactMap({ $0 }) {
            stored[flag.source] = .string(flag.text)
        }
        return stored
    }

    /// A value for a message, shortened in the middle when it is a long binary string.
    private static func shown(_ value: InAppValue?) -> String {
        guard let text = value?.description else { return "?" }
        guard text.count > 40 else { return text }
        return String(text.prefix(24)) + "…" + String(text.suffix(8)) + " (\(text.count - 2) characters)"
    }

    private static func diagnostic(_ difference: InAppKeyDifference) -> Diagnostic {
        switch difference.kind {
        case .missing:
            Diagnostic(
                .warning,
                code: "inAppKeyMissing",
                field: difference.key,
                message:
                    "the strings imply \(difference.key) = \(shown(difference.expected)), the app does not store it"
            )
        case .unexpected:
            Diagnostic(
                .warning,
                code: "inAppKeyUnexpected",
                field: difference.key,
                message: "the app stores \(difference.key), which its strings do not imply"
            )
        case .different where InAppKeys.cmpOnlyKeys.contains(difference.key):
            // The key describes the CMP SDK, not the string (inapp-keys.md §1.1): another value is worth a note only.
            Diagnostic(
                .info,
                code: "inAppKeyDifferent",
                field: difference.key,
                message:
                    "\(difference.key) is \(shown(difference.found)) where the strings have \(shown(difference.expected)); "
                    + "the key describes the CMP SDK, not the string, so this is allowed"
            )
        case .different:
            Diagnostic(
                .error,
                code: "inAppKeyDifferent",
                field: difference.key,
                message:
                    "\(difference.key) is \(shown(difference.found)); the strings imply \(shown(difference.expected))"
            )
        }
    }
}

extension AppPreferences.StoredType {
    /// `a` or `an`, for messages.
    fileprivate var article: String { self == .integer ? "an" : "a" }
}
