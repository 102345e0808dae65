extension GPPSectionDeclaration {
    /// Section 24, `usmd`: Maryland, new style (22-bit core, GPC subsection).
    public static let usMaryland = usMSPAState(
        id: 24,
        prefix: "usmd",
        title: "US Maryland",
        knownChild: false,
        sensitiveDataItems: nil
    )
}
