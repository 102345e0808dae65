/// What the letters of the US Privacy string mean (usp.md), for the pretty output. The GPP sections' values are
/// described by the GPP module's field declarations (``GPPFieldLookup``).
enum ValueMeanings {
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
