import ConsentInput
import ConsentKit

/// Checks that the strings and flags that travel together agree: the `gdpr` flag and the presence of a TC string,
/// `gpp_sid` and the sections of the GPP string, the TC string in GPP section 2 and the standalone one, the US
/// Privacy string and GPP section 6, an AC string without a TC string.
enum CrossChecks {
    /// The findings for one input (its extraction findings first). For one place of a request (its URL, body or
    /// cookies), a TC or GPP string or a `gpp_sid` that another place of the request carries counts as there: an
    /// Additional Consent cookie beside a TC string in the OpenRTB body is no AC string without a TC string.
    static func diagnostics(for decoded: DecodedInput) -> [Diagnostic] {
        var findings = decoded.input.findings
        let elsewhere = decoded.input.otherPlaces.map { DecodedInput(label: decoded.label, input: $0, kind: nil) }
        let tcString = decoded.decoded(.tcf)
        let gpp = decoded.decoded(.gpp)
        let gppSections = gpp?.json["sections"]?.objectValue
        let hasTCString = tcString != nil || gppSections?["tcfeuv2"] != nil || elsewhere.contains(where: carriesTC)
        // A TC string or a GPP string (which may carry one) that `--kind` left undecoded is still there.
        let hasAnyTCSignal =
            decoded.items.contains { $0.signal.kind == .tcf } || !decoded.skippedKinds.isDisjoint(with: [.tcf, .gpp])

        if let flag = decoded.input.gdprApplies {
            switch flag.text {
            case "1", "true":
                if !hasTCString && !hasAnyTCSignal {
                    // An app's CMP sets the flag when it starts, before the user has decided and a TC string exists
                    // (inapp-keys.md §1): there, a state to check, not a request sent without its string.
                    let isApp = [.propertyList, .androidPreferences, .jsonPreferences].contains(decoded.input.form)
                    findings.append(
                        Diagnostic(
                            isApp ? .warning : .error,
                            code: "gdprWithoutTCString",
                            field: flag.source,
                            message: "\(flag.source) = 1 (GDPR applies) but there is no TC string"
                                + (isApp ? " (as before the user has decided: readers must not assume consent)" : "")
                        )
                    )
                }
            case "0", "false":
                if hasTCString || hasAnyTCSignal {
                    findings.append(
                        Diagnostic(
                            .info,
                            code: "tcStringWithoutGdpr",
                            field: flag.source,
                            message: "\(flag.source) = 0 (GDPR does not apply), yet a TC string is sent"
                        )
                    )
                }
            default:
                findings.append(
                    Diagnostic(
                        .warning,
                        code: "badGdprFlag",
                        field: flag.source,
                        message: "\(flag.source) is '\(flag.text)'; it should be 0 or 1"
                    )
                )
            }
        }

        let requestGPP = gpp ?? elsewhere.lazy.compactMap { $0.decoded(.gpp) }.first
        findings += sectionIDChecks(decoded, gpp: requestGPP, elsewhere)

        if let tcString, let section = gppSections?["tcfeuv2"], let standalone = tcString.json.objectValue {
            if comparable(standalone) != comparable(section.objectValue ?? JSONObject()) {
                findings.append(
                    Diagnostic(
                        .warning,
                        code: "tcStringMismatch",
                        field: "sections.tcfeuv2",
                        message: "the TC string in GPP section 2 differs from the standalone TC string"
                    )
                )
            }
        }
        if let usp = decoded.decoded(.usp), let section = gppSections?["uspv1"], let standalone = usp.json.objectValue {
            if comparable(standalone) != comparable(section.objectValue ?? JSONObject()) {
                findings.append(
                    Diagnostic(
                        .warning,
                        code: "uspMismatch",
                        field: "sections.uspv1",
                        message: "GPP section 6 (uspv1) differs from the US Privacy string"
                    )
                )
            }
        }
        if decoded.decoded(.ac) != nil, !hasTCString, !hasAnyTCSignal, decoded.input.form != .string {
            findings.append(
                Diagnostic(
                    .warning,
                    code: "additionalConsentWithoutTCString",
                    field: decoded.items.first { $0.signal.kind == .ac }?.signal.source ?? "",
                    message: "an Additional Consent string is meant to travel with a TC string, and there is none"
                )
            )
        }
        return findings
    }

    /// True when `place` carries a TC string, standalone or in a GPP string's section 2, or a string of either kind
    /// that did not decode (which may be one), as the checks count those of the input itself.
    private static func carriesTC(_ place: DecodedInput) -> Bool {
        place.items.contains { item in
            switch item.result {
            case .success(let value): value.kind == .tcf || value.json["sections"]?["tcfeuv2"] != nil
            case .failure: item.signal.kind == .tcf || item.signal.kind == .gpp
            }
        }
    }

    /// `gpp_sid` against the GPP header (`gpp`: the input's, or another place's of its request): every applicable
    /// section must be in the string.
    private static func sectionIDChecks(
        _ decoded: DecodedInput,
        gpp: DecodedString?,
        _ elsewhere: [DecodedInput]
    ) -> [Diagnostic] {
        let hasOwnGPPSignal = decoded.items.contains { $0.signal.kind == .gpp } || decoded.skippedKinds.contains(.gpp)
        guard let flag = decoded.input.gppSectionIDs else {
            // Another place of the request says which sections apply (and is checked there).
            if elsewhere.contains(where: { $0.input.gppSectionIDs != nil }) { return [] }
            // A CMP API's GPP data lists no section when none applies (`applicableSections` `[-1]`), cookies carry
            // no `gpp_sid`, and a log record's members are what its writer chose to log: nothing is missing there,
            // where an ad request without it leaves its receiver guessing.
            let carriesSectionIDs = ![.string, .cmpAPI, .cookies, .logRecord].contains(decoded.input.form)
            // A gpp_sid that holds an unreplaced macro is reported as that, not as missing.
            let holdsMacro = decoded.input.findings.contains { $0.code == "unexpandedMacro" && $0.field == "gpp_sid" }
            if hasOwnGPPSignal && carriesSectionIDs && !holdsMacro {
                return [
                    Diagnostic(
                        .warning,
                        code: "gppWithoutSectionIDs",
                        field: "gpp_sid",
                        message: "a GPP string without gpp_sid: the receiver cannot tell which sections apply"
                    )
                ]
            }
            return []
        }
        guard let ids = sectionIDs(flag.text) else {
            return [
                Diagnostic(
                    .error,
                    code: "badSectionIDs",
                    field: flag.source,
                    message: "\(flag.source) is '\(flag.text)'; it should be section ids separated by commas"
                )
            ]
        }
        // Present but empty, as `us_privacy=` or `gdpr_consent=` would be: no section is said to apply.
        if flag.text.isEmpty { return [ExtractedInput.emptyParameter(flag.source)] }
        guard let gpp else {
            let hasGPPSignal =
                hasOwnGPPSignal || elsewhere.contains { place in place.items.contains { $0.signal.kind == .gpp } }
            if hasGPPSignal { return [] }
            return [
                Diagnostic(
                    .warning,
                    code: "sectionIDsWithoutGPP",
                    field: flag.source,
                    message: "\(flag.source) is given but there is no GPP string"
                )
            ]
        }
        let present = Set((gpp.json["sectionIds"]?.arrayValue ?? []).compactMap(\.intValue))
        var findings: [Diagnostic] = []
        for id in ids where !present.contains(id) && id != -1 && id != 0 {
            let name = TCFNames.gppSections[id].map { " (\($0))" } ?? ""
            findings.append(
                Diagnostic(
                    .warning,
                    code: "gppSIDNotInString",
                    field: flag.source,
                    message: "\(flag.source) lists section \(id)\(name), which the GPP string does not carry"
                )
            )
        }
        return findings
    }

    /// The ids of a `gpp_sid` value: `2,6` (URL), `2_6` (in-app key), `[2, 6]` (bid request, as text); nil when it
    /// is not a list of integers.
    static func sectionIDs(_ text: String) -> [Int]? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == "_" || $0 == " " })
        let ids = parts.compactMap { Int($0) }
        return ids.count == parts.count ? ids : nil
    }

    /// A decoded object without the keys that do not carry meaning (`type`, `encoding`).
    private static func comparable(_ object: JSONObject) -> JSONObject {
        var copy = object
        copy["type"] = nil
        copy["encoding"] = nil
        return copy
    }
}
