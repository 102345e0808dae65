/// What the small coded values of GPP US sections and the US Privacy string mean, for the pretty output
/// ("2 = did not opt out"). From the value tables of gpp-sections.md ("Common conventions for sections 7-27")
/// and usp.md; the keys are the JSON keys of json.md.
enum ValueMeanings {
    /// How a 2-bit field reads its values.
    enum Scale {
        case notice, optOut, consent, optOutList, coveredTransaction, modeFlag, mspaMode

        var meanings: [Int: String] {
            switch self {
            case .notice: [0: "not applicable", 1: "notice provided", 2: "notice not provided"]
            case .optOut, .optOutList: [0: "not applicable", 1: "opted out", 2: "did not opt out"]
            case .consent: [0: "not applicable", 1: "no consent", 2: "consent"]
            case .coveredTransaction: [0: "undefined", 1: "yes, an MSPA covered transaction", 2: "no"]
            case .modeFlag: [0: "not applicable", 1: "yes", 2: "no"]
            case .mspaMode: [0: "not applicable", 1: "opt-out option mode", 2: "service provider mode"]
            }
        }
    }

    /// Sections whose `sensitiveDataProcessing` items are opt-outs rather than consents.
    private static let optOutListSections: Set<String> = ["usca", "usut", "usia"]

    /// The scale of a field of a GPP US section, or nil for fields that are not coded values.
    static func scale(section: String, field: String) -> Scale? {
        switch field {
        case "saleOptOut", "sharingOptOut", "targetedAdvertisingOptOut": return .optOut
        case "personalDataConsents", "additionalDataProcessingConsent", "knownChildSensitiveDataConsents":
            return .consent
        case "sensitiveDataProcessing": return optOutListSections.contains(section) ? .optOutList : .consent
        case "mspaCoveredTransaction": return .coveredTransaction
        case "mspaOptOutOptionMode", "mspaServiceProviderMode": return .modeFlag
        case "mspaMode": return .mspaMode
        default: return field.hasSuffix("Notice") ? .notice : nil
        }
    }

    /// "2 = did not opt out", or nil when the field has no coded values.
    static func meaning(section: String, field: String, value: Int) -> String? {
        guard let scale = scale(section: section, field: field) else { return nil }
        return scale.meanings[value] ?? "undefined value"
    }

    /// The meaning of a US Privacy letter (`notice`, `optOutSale`, `lspaCovered`).
    static func uspMeaning(field: String, letter: String) -> String? {
        switch (field, letter) {
        case ("notice", "Y"): "notice and opportunity to opt out given"
        case ("notice", "N"): "notice not given"
        case ("optOutSale", "Y"): "opted out of sale"
        case ("optOutSale", "N"): "did not opt out of sale"
        case ("lspaCovered", "Y"): "covered by the LSPA"
        case ("lspaCovered", "N"): "not covered by the LSPA"
        case (_, "-"): "not applicable"
        default: nil
        }
    }

    /// True for the GPP sections whose arrays are lists of coded values rather than sets of ids.
    static func isUSSection(_ section: String) -> Bool {
        section.hasPrefix("us") && section != "uspv1"
    }
}
