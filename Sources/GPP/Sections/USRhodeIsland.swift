extension GPPSectionDeclaration {
    /// Section 27, `usri`: Rhode Island, new style (24-bit core, sensitive data consents subsection).
    public static let usRhodeIsland = usMSPAState(
        id: 27,
        prefix: "usri",
        title: "US Rhode Island",
        knownChild: true,
        sensitiveDataItems: [
            "racial or ethnic origin", "religious beliefs", "mental or physical health condition or diagnosis",
            "sex life or sexual orientation", "citizenship or immigration status", "genetic data", "biometric data",
            "precise geolocation",
        ]
    )
}
