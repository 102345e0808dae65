extension GPPSectionDeclaration {
    /// Section 25, `usin`: Indiana, new style (24-bit core, sensitive data consents subsection).
    public static let usIndiana = usMSPAState(
        id: 25,
        prefix: "usin",
        title: "US Indiana",
        knownChild: true,
        sensitiveDataItems: USCategories.mspaSensitiveData
    )
}
