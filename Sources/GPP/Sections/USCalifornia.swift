extension GPPSectionDeclaration {
    /// Section 8, `usca`: California (46 bits, GPC subsection; SensitiveDataProcessing has opt-out meanings).
    public static let usCalifornia = usState(
        id: 8,
        prefix: "usca",
        title: "US California",
        gpc: true,
        fields: [
            .saleOptOutNotice, .sharingOptOutNotice, .sensitiveDataLimitUseNotice, .saleOptOut, .sharingOptOut,
            .sensitiveDataProcessing(
                [
                    "social security, driver's licence, state ID or passport number",
                    "account log-in, or financial account or card number with credentials", "precise geolocation",
                    "racial or ethnic origin, religious or philosophical beliefs, or union membership",
                    "contents of mail, email or texts", "genetic data", "biometric data for unique identification",
                    "health", "sex life or sexual orientation",
                ],
                values: .optOut
            ),
            .knownChildSensitiveDataConsents([
                "sell personal information of consumers under 16", "share personal information of consumers under 16",
            ]),
            .personalDataConsents, .mspaCoveredTransaction, .mspaOptOutOptionMode, .mspaServiceProviderMode,
        ]
    )
}
