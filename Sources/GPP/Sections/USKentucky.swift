extension GPPSectionDeclaration {
    /// Section 26, `usky`: Kentucky, new style (24-bit core, sensitive data consents subsection).
    public static let usKentucky = usMSPAState(
        id: 26,
        prefix: "usky",
        title: "US Kentucky",
        knownChild: true,
        sensitiveDataItems: USCategories.mspaSensitiveData
    )
}
