extension GPPSectionDeclaration {
    /// Section 7, `usnat`: the MSPA US National section, versions 1 (SensitiveDataProcessing 12 items,
    /// KnownChildSensitiveDataConsents 2) and 2 (16 and 3), each with the optional GPC subsection
    /// (gpp-sections.md §7). A freshly built section uses version 2.
    public static let usNational: GPPSectionDeclaration = {
        let sensitiveData: [StaticString] = [
            "racial or ethnic origin", "religious or philosophical beliefs",
            "health (condition, diagnosis, history, pregnancy, treatment)", "sex life, sexual orientation or sexuality",
            "citizenship or immigration status", "genetic data for unique identification",
            "biometric data for unique identification", "precise geolocation",
            "social security, driver's licence, state ID or passport number",
            "account log-in, or financial account or card number with credentials", "union membership",
            "contents of mail, email or texts (unless the intended recipient)",
            "consumer health data", "status as a victim of crime", "national origin",
            "status as transgender or nonbinary",
        ]
        let knownChild: [StaticString] = [
            "consumers aged 13 to 16", "consumers younger than 13", "consumers aged 16 to 17",
        ]
        func layout(_ name: StaticString, version: Int, sensitive: Int, child: Int) -> GPPSectionLayout {
            var fields: [GPPField] = [
                .version, .sharingNotice, .saleOptOutNotice, .sharingOptOutNotice, .targetedAdvertisingOptOutNotice,
                .sensitiveDataProcessingOptOutNotice, .sensitiveDataLimitUseNotice, .saleOptOut, .sharingOptOut,
                .targetedAdvertisingOptOut,
                .sensitiveDataProcessing(Array(sensitiveData.prefix(sensitive))),
                .knownChildSensitiveDataConsents(Array(knownChild.prefix(child))),
                .personalDataConsents, .mspaCoveredTransaction, .mspaOptOutOptionMode, .mspaServiceProviderMode,
            ]
            if version == 2 {
                fields[0] = GPPField("Version", key: "version", coding: .integer(bits: 6), defaultValue: 2)
            }
            return GPPSectionLayout(
                name: name,
                version: version,
                segments: [GPPSegmentDeclaration("core", fields: fields), .gpc]
            )
        }
        return GPPSectionDeclaration(
            id: 7,
            prefix: "usnat",
            title: "US National (MSPA)",
            structure: .versioned,
            layouts: [
                layout("v1", version: 1, sensitive: 12, child: 2),
                layout("v2", version: 2, sensitive: 16, child: 3),
            ],
            defaultLayoutIndex: 1
        )
    }()
}
