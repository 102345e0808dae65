/// What the letters of the US Privacy string mean (usp.md), for the pretty output. The GPP sections' values are
/// described by the GPP module's field declarations (``GPPFieldLookup``).
enum ValueMeanings {
    /// The meaning of a US Privacy letter (`notice`, `optOutSale`, `lspaCovered`). A `-` in the notice or LSPA place
    /// is "unknown" (usp.md §2: `1-Y-` was written by someone who knows only the opt-out); in the opt-out place it
    /// means "not applicable", allowed only when CCPA does not apply (usp.md §1), and `1---` says just that
    /// (`ccpaApplies` false).
    static func uspMeaning(field: String, letter: String, ccpaApplies: Bool = true) -> String? {
        switch (field, letter) {
        case ("notice", "Y"): "notice and opportunity to opt out given"
        case ("notice", "N"): "notice not given"
        case ("optOutSale", "Y"): "opted out of sale"
        case ("optOutSale", "N"): "did not opt out of sale"
        case ("lspaCovered", "Y"): "covered by the LSPA"
        case ("lspaCovered", "N"): "not covered by the LSPA"
        case (_, "-") where !ccpaApplies: "CCPA does not apply"
        case ("optOutSale", "-"): "not applicable: allowed only when CCPA does not apply"
        case (_, "-"): "unknown"
        default: nil
        }
    }

    /// False for `1---` (every letter `-`): the one string that says CCPA does not apply.
    static func ccpaApplies(_ letters: [String?]) -> Bool { !letters.allSatisfy { $0 == "-" } }

    /// True for the GPP sections whose arrays are lists of coded values rather than sets of ids.
    static func isUSSection(_ section: String) -> Bool {
        section.hasPrefix("us") && section != "uspv1"
    }
}
