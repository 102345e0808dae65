import ConsentInput
import ConsentKit

/// For app preferences (plist, Android XML, JSON): the keys the app stores against the keys its own strings imply
/// (ConsentKit's ``InAppKeys``), so that a CMP that wrote a stale or wrong key is caught.
enum InAppKeyChecks {
    /// One finding per key that is missing, unexpected or different (one for a whole family of per-field GPP keys
    /// the app does not store at all); for per-section GPP strings stored without the GPP string, the findings of
    /// those sections too; nothing for other inputs.
    static func diagnostics(for decoded: DecodedInput) -> [Diagnostic] {
        let forms: [ExtractedInput.Form] = [.propertyList, .androidPreferences, .jsonPreferences]
        guard forms.contains(decoded.input.form) else { return [] }
        var strings = decoded.items.compactMap { try? $0.result.get() }
        let gppSID = decoded.input.gppSectionIDs.flatMap { CrossChecks.sectionIDs($0.text) }
        var diagnostics: [Diagnostic] = []
        let sections = AppPreferences.sectionsGPPString(decoded.input)
        if let sections {
            let (string, findings) = sectionDiagnostics(sections, gppSID: gppSID)
            strings += string.map { [$0] } ?? []
            diagnostics += findings
        }
        guard !strings.isEmpty else { return diagnostics + orphanDiagnostics(storedKeys(decoded.input)) }
        let gdprApplies = decoded.input.gdprApplies?.isSet
        guard let expected = try? Codec.keys(strings, gdprApplies: gdprApplies, gppSID: gppSID) else {
            return diagnostics
        }
        let stored = storedKeys(decoded.input)
        var absentFamilies: [String: Int] = [:]
        for difference in expected.differences(from: stored) {
            // The extraction's gppSectionsWithoutString already says the GPP string is missing.
            if sections != nil && difference.kind == .missing && difference.key == "IABGPP_HDR_GppString" { continue }
            if difference.kind == .missing, let family = perFieldFamily(difference.key),
                !stored.keys.contains(where: { $0.hasPrefix(family) })
            {
                absentFamilies[family, default: 0] += 1
            } else {
                diagnostics.append(diagnostic(difference))
            }
        }
        // spec: gpp.md §6, "treat per-field keys as UNCONFIRMED; only the HDR, GppSID and `_String` keys are
        // stable": an app that stores none of a section's is following the stable keys, which is worth a note.
        for (family, count) in absentFamilies.sorted(by: { $0.key < $1.key }) {
            diagnostics.append(
                Diagnostic(
                    .info,
                    code: "inAppKeyMissing",
                    field: family + "*",
                    message: "the strings imply \(count) \(family)* keys, the app stores none (the per-field GPP keys "
                        + "are unconfirmed)"
                )
            )
        }
        return diagnostics + typeDiagnostics(expected, stored: decoded.input.storedTypes)
    }

    /// The per-section GPP strings of an app that stores no GPP string, decoded as one under a header made for them
    /// (``AppPreferences/sectionsGPPString(_:)``), and their findings: the decoding error, or the lint diagnostics,
    /// each field prefixed with the key of its section and each character offset counted in that key's value.
    private static func sectionDiagnostics(
        _ made: (sections: [(id: Int, key: String, offset: Int)], text: String),
        gppSID: [Int]?
    ) -> (DecodedString?, [Diagnostic]) {
        // The section a field path names by its first part (`uspv1.notice`), or nil.
        func section(_ path: String) -> (id: Int, key: String, offset: Int)? {
            let name = path.split(separator: ".").first.map(String.init)
            return made.sections.first { (GPPSection.prefix(of: $0.id) ?? String($0.id)) == name }
        }
        func field(_ path: String) -> String {
            let key = section(path)?.key ?? made.sections.map(\.key).joined(separator: ", ")
            return path.isEmpty ? key : key + ": " + path
        }
        do {
            let string = try Codec.decode(made.text, kind: .gpp)
            guard case .gpp(let value) = string.value else { return (string, []) }
            let findings = value.lint(gppSID: gppSID).map {
                Diagnostic($0.severity, code: $0.code, field: field($0.field), message: $0.message)
            }
            return (string, findings)
        } catch {
            var located = error
            if let offset = error.characterOffset, let start = section(error.fieldPath)?.offset, offset >= start {
                located.characterOffset = offset - start
            }
            let failure = Diagnostic(
                .error,
                code: error.code.description,
                field: field(error.fieldPath),
                message: located.description
            )
            return (nil, [failure])
        }
    }

    /// `IABGPP_TCFEU2_` for `IABGPP_TCFEU2_PolicyVersion`: the prefix of a per-field GPP key, nil for other keys.
    private static func perFieldFamily(_ key: String) -> String? {
        guard InAppKeys.isPerFieldGPPKey(key) else { return nil }
        let parts = key.split(separator: "_", maxSplits: 2)
        return parts.count == 3 ? "\(parts[0])_\(parts[1])_" : nil
    }

    /// A warning for each key stored with another type than the IAB tables give it: a "Number" as a string, a
    /// boolean or an Android long, a string as a number. Readers should be lenient (inapp-keys.md §0), but some are
    /// not: Android's typed getters throw ClassCastException on another type (Prebid Mobile reads
    /// `IABTCF_gdprApplies` with `getInt`). `IABGPP_HDR_Version` may be either (§2 note 4: "Readers: accept both");
    /// for the per-field GPP keys, whose names are unconfirmed (gpp.md §6), the finding is a note.
    private static func typeDiagnostics(
        _ expected: InAppKeys,
        stored: [String: AppPreferences.StoredType]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let typed = expected.values.merging(expected.typicalValues) { given, _ in given }
        for key in typed.keys.sorted() {
            guard let value = typed[key], let type = stored[key] else { continue }
            let wanted: AppPreferences.StoredType
            switch value {
            case .integer: wanted = .integer
            case .string: wanted = .string
            case .boolean: wanted = .boolean
            }
            guard type != wanted else { continue }
            if key == "IABGPP_HDR_Version" && type == .integer { continue }
            diagnostics.append(
                Diagnostic(
                    InAppKeys.isPerFieldGPPKey(key) ? .info : .warning,
                    code: "inAppKeyType",
                    field: key,
                    message: "\(key) is stored as \(type.article) \(type.rawValue); the IAB key tables make it "
                        + "\(wanted.article) \(wanted.rawValue), and Android's \(wanted.getter) throws "
                        + "ClassCastException on \(type.article) \(type.rawValue)"
                )
            )
        }
        return diagnostics
    }

    /// Every IAB key of the preferences, with its value as stored. A value of the text `defaults read` prints has
    /// no known type: a decimal integer there is read as a number, anything else as a string.
    private static func storedKeys(_ input: ExtractedInput) -> [String: InAppValue] {
        var texts: [(key: String, text: String)] = input.preferenceKeys.map { ($0.key, $0.value) }
        texts += input.signals.compactMap { signal in signal.source.map { ($0, signal.text) } }
        texts += [input.gdprApplies, input.gppSectionIDs].compactMap { $0.map { ($0.source, $0.text) } }
        var stored: [String: InAppValue] = [:]
        for (key, text) in texts {
            switch input.storedTypes[key] {
            case .string?: stored[key] = .string(text)
            case .integer?, .long?, .float?: stored[key] = Int(text).map(InAppValue.integer) ?? .string(text)
            case .boolean?: stored[key] = .boolean(text == "1")
            case nil: stored[key] = Int(text).flatMap { String($0) == text ? .integer($0) : nil } ?? .string(text)
            }
        }
        return stored
    }

    /// For an app that stores no consent string: the TCF keys a TC string implies that it stores all the same (left
    /// behind when the string was removed, or written by a CMP that never wrote the string), in one finding. The
    /// CMP's own keys and `IABTCF_gdprApplies` are set before any string exists (inapp-keys.md §1), and are none.
    private static func orphanDiagnostics(_ stored: [String: InAppValue]) -> [Diagnostic] {
        let own: Set<String> = ["IABTCF_gdprApplies", "IABTCF_TCString"]
        let orphans = stored.keys.filter {
            $0.hasPrefix("IABTCF_") && !own.contains($0) && !InAppKeys.cmpOnlyKeys.contains($0)
        }
        .sorted()
        guard !orphans.isEmpty else { return [] }
        let listed = orphans.prefix(3).joined(separator: ", ") + (orphans.count > 3 ? ", …" : "")
        return [
            Diagnostic(
                .warning,
                code: "inAppKeyUnexpected",
                field: "IABTCF_*",
                message: "the app stores \(orphans.count) key\(orphans.count == 1 ? "" : "s") that a TC string implies "
                    + "(\(listed)) but no IABTCF_TCString: left from a string that was removed?"
            )
        ]
    }

    /// A value for a message, shortened in the middle when it is a long binary string; integers unquoted, strings
    /// quoted.
    private static func shown(_ value: InAppValue?) -> String {
        guard let text = value?.description else { return "?" }
        guard text.count > 40 else { return text }
        return String(text.prefix(24)) + "…" + String(text.suffix(8)) + " (\(text.count - 2) characters)"
    }

    private static func diagnostic(_ difference: InAppKeyDifference) -> Diagnostic {
        let key = difference.key
        let found = shown(difference.found)
        let expected = shown(difference.expected)
        switch difference.kind {
        case .missing where InAppKeys.isPerFieldGPPKey(key):
            // gpp.md §6: no reader can count on the per-field keys, so the absence of one is a note.
            return Diagnostic(
                .info,
                code: "inAppKeyMissing",
                field: key,
                message: "the strings imply \(key) = \(expected), the app does not store it (the per-field GPP keys "
                    + "are unconfirmed)"
            )
        case .missing:
            return Diagnostic(
                .warning,
                code: "inAppKeyMissing",
                field: key,
                message: "the strings imply \(key) = \(expected), the app does not store it"
            )
        case .oldNameOnly:
            let oldName = InAppKeys.oldNames[key] ?? key
            return Diagnostic(
                .warning,
                code: "inAppKeyOldName",
                field: key,
                message: "the app stores only \(oldName) (the name before TCF 2.2), not \(key), which readers "
                    + "look for first"
            )
        case .unexpected:
            return Diagnostic(
                .warning,
                code: "inAppKeyUnexpected",
                field: key,
                message: "the app stores \(key), which its strings do not imply"
            )
        case .different where InAppKeys.cmpOnlyKeys.contains(key):
            // The key describes the CMP SDK, not the string (inapp-keys.md §1): another value is worth a note only.
            return Diagnostic(
                .info,
                code: "inAppKeyDifferent",
                field: key,
                message: "\(key) is \(found) and the TC string's \(key.hasSuffix("ID") ? "CmpId" : "CmpVersion") is "
                    + "\(expected); the key describes the CMP SDK, not the string, so this is allowed"
            )
        case .different:
            return Diagnostic(
                .error,
                code: "inAppKeyDifferent",
                field: key,
                message: "\(key) is \(found); the strings imply \(expected)"
                    + firstDifference(difference.found, difference.expected)
            )
        }
    }

    /// Where two long texts first differ (a binary string of one character an id, whose shortened forms may look
    /// alike): `; they first differ at character 100 (id 100): "1" where the strings imply "0"`. Empty for short
    /// texts, which the message shows whole, and for values that are no texts.
    private static func firstDifference(_ found: InAppValue?, _ expected: InAppValue?) -> String {
        guard case .string(let found)? = found, case .string(let expected)? = expected,
            max(found.count, expected.count) > 40
        else { return "" }
        let pairs = zip(found, expected).enumerated()
        guard let index = pairs.first(where: { $0.element.0 != $0.element.1 })?.offset else {
            let shorter = found.count < expected.count ? "the app's is shorter" : "the app's is longer"
            return "; \(shorter) (\(found.count) characters, the strings imply \(expected.count))"
        }
        let position = index + 1
        let have = Array(found)[index]
        let want = Array(expected)[index]
        return
            "; they first differ at character \(position) (id \(position)): \"\(have)\" where the strings imply \"\(want)\""
    }
}

extension AppPreferences.StoredType {
    /// `a` or `an`, for messages.
    fileprivate var article: String { self == .integer ? "an" : "a" }

    /// The Android `SharedPreferences` getter for a value of this type.
    fileprivate var getter: String {
        switch self {
        case .string: "getString"
        case .integer: "getInt"
        case .long: "getLong"
        case .float: "getFloat"
        case .boolean: "getBoolean"
        }
    }
}
