package import ConsentKit

/// The IAB keys of an app's preferences (iOS `NSUserDefaults`, Android default `SharedPreferences`, or a JSON
/// dump of either): `IABTCF_TCString`, `IABTCF_AddtlConsent`, `IABGPP_HDR_GppString`, `IABUSPrivacy_String`,
/// `IABTCF_gdprApplies`, `IABGPP_GppSID`, the legacy `IABConsent_ConsentString`, and every other
/// `IABTCF_*` / `IABGPP_*` key, kept for comparison with the keys the strings imply (spec/inapp-keys.md).
package enum AppPreferences {
    /// A stored value; CMPs store numbers as strings and the reverse, so everything is read as text.
    package enum Value: Equatable {
        case string(String)
        case integer(Int)
        /// An Android `<long>` (`putLong`): a number, but not one `getInt` reads.
        case long(Int)
        /// An Android `<float>` (`putFloat`) or a property list's `<real>` with a fraction: a number, but not one
        /// `getInt` reads.
        case float(Double)
        case boolean(Bool)

        /// The value as text: numbers in decimal (a float without a fraction as an integer, so that `2.0` is
        /// compared as the 2 it says), booleans as `1`/`0` (how the CMP API stores them).
        package var text: String {
            switch self {
            case .string(let text): text
            case .integer(let number), .long(let number): String(number)
            case .float(let number):
                number.isFinite && number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
            case .boolean(let flag): flag ? "1" : "0"
            }
        }

        /// The type it was stored with.
        package var type: StoredType {
            switch self {
            case .string: .string
            case .integer: .integer
            case .long: .long
            case .float: .float
            case .boolean: .boolean
            }
        }
    }

    /// The type a preferences file stores a value with (`putString`, `putInt`, `putLong`, `putFloat`, `putBoolean`).
    package enum StoredType: String, Equatable, Sendable {
        case string, integer, long, float, boolean
    }

    /// Keys that hold consent strings, and their kinds.
    package static let stringKeys: [(key: String, kind: ConsentFormat)] = [
        ("IABTCF_TCString", .tcf), ("IABGPP_HDR_GppString", .gpp), ("IABUSPrivacy_String", .usp),
        ("IABTCF_AddtlConsent", .ac), ("IABConsent_ConsentString", .tcf),
    ]

    /// True when a key belongs to one of the IAB namespaces this reads.
    package static func isConsentKey(_ key: String) -> Bool {
        key.hasPrefix("IABTCF_") || key.hasPrefix("IABGPP_") || key.hasPrefix("IABUSPrivacy_")
            || key.hasPrefix("IABConsent_")
    }

    /// The signals of a preferences file, given its entries in file order; other apps' keys are ignored.
    /// - Throws: when no entry is an IAB key.
    package static func extract(
        _ entries: [(key: String, value: Value)],
        form: ExtractedInput.Form
    ) throws(InputError)
        -> ExtractedInput
    {
        var input = ExtractedInput(form: form)
        var found = false
        for (key, _) in entries {
            // A string key spelled with other capitals is not read by anyone (`IABUSPrivacy_string`: the USP API's
            // changelog of 2019-11-20 fixed the spelling).
            guard let spelled = stringKeys.first(where: { $0.key != key && $0.key.lowercased() == key.lowercased() })
            else { continue }
            found = true
            input.findings.append(
                Diagnostic(
                    .warning,
                    code: "misspelledKey",
                    field: key,
                    message: "\(key) is not read by apps and SDKs, which look for \(spelled.key)"
                )
            )
        }
        for (key, value) in entries where isConsentKey(key) {
            found = true
            input.storedTypes[key] = value.type
            if let kind = stringKeys.first(where: { $0.key == key })?.kind {
                if case .string(let text) = value, !text.isEmpty {
                    input.signals.append(ConsentSignal(source: key, text: text, kind: kind))
                } else {
                    input.findings.append(
                        Diagnostic(.warning, code: "emptyKey", field: key, message: "\(key) is empty or not a string")
                    )
                }
                continue
            }
            switch key {
            case "IABTCF_gdprApplies", "IABConsent_SubjectToGDPR":
                input.gdprApplies = ExtractedInput.Flag(source: key, text: value.text)
            case "IABGPP_GppSID":
                input.gppSectionIDs = ExtractedInput.Flag(source: key, text: value.text)
            default:
                input.preferenceKeys.append((key: key, value: value.text))
            }
        }
        if let sections = sectionsGPPString(input) {
            // Not a signal: every string extraction gives comes from the input, and this header does not.
            let keys = sections.sections.map(\.key).joined(separator: ", ")
            input.findings.append(
                Diagnostic(
                    .warning,
                    code: "gppSectionsWithoutString",
                    field: "IABGPP_HDR_GppString",
                    message: "the app stores \(keys) but no IABGPP_HDR_GppString, the key readers look for; "
                        + "lint checks the \(sections.sections.count == 1 ? "section" : "sections") under a header "
                        + "made for \(sections.sections.count == 1 ? "it" : "them")"
                )
            )
        }
        guard found else {
            throw InputError(
                "unknownFormat",
                "no IAB keys in the \(form.rawValue) (looked for IABTCF_*, IABGPP_*, IABUSPrivacy_String)"
            )
        }
        return input
    }

    /// For preferences that hold per-section GPP strings (`IABGPP_6_String`, or `IABGPP_2_TCString` when there is
    /// no `IABGPP_2_String`) but no GPP string: those sections as one GPP string, under a header made for them, with
    /// each section's id, key and offset in that text, in id order. Nil when there is a GPP string, no such key, or
    /// no header for the ids.
    package static func sectionsGPPString(
        _ input: ExtractedInput
    ) -> (sections: [(id: Int, key: String, offset: Int)], text: String)? {
        guard !input.signals.contains(where: { $0.kind == .gpp }) else { return nil }
        var sections: [Int: (key: String, text: String)] = [:]
        for (key, text) in input.preferenceKeys where input.storedTypes[key] ?? .string == .string {
            let parts = key.split(separator: "_", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0] == "IABGPP", let id = Int(parts[1]), id > 0, !text.isEmpty,
                parts[2] == "String" || (parts[2] == "TCString" && sections[id] == nil)
            else { continue }
            sections[id] = (key, text)
        }
        let ids = sections.keys.sorted()
        // The header only: the texts are joined as stored, so the decoder reports a bad one where it is.
        let headerOnly = GPPString(sections: ids.map { .unknown(UnknownGPPSection(id: $0, text: "A")) })
        guard !ids.isEmpty, let header = (try? headerOnly.encoded())?.split(separator: "~").first else { return nil }
        var text = String(header)
        var located: [(id: Int, key: String, offset: Int)] = []
        for id in ids {
            guard let section = sections[id] else { continue }
            text += "~"
            located.append((id, section.key, text.utf8.count))
            text += section.text
        }
        return (located, text)
    }

    /// The entries of a JSON object of preferences, in document order.
    package static func entries(of object: JSONObject) -> [(key: String, value: Value)] {
        object.compactMap { member in
            switch member.value {
            case .string(let text): (member.key, .string(text))
            case .int(let number): (member.key, .integer(Int(number)))
            case .bool(let flag): (member.key, .boolean(flag))
            default: member.value.intValue.map { (member.key, .integer($0)) }
            }
        }
    }
}
