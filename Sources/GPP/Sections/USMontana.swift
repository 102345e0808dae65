extension GPPSectionDeclaration {
    /// Section 14, `usmt`: Montana (46 bits, GPC subsection).
    public static let usMontana = usState(
        id: 14,
        prefix: "usmt",
        title: "US Montana",
        gpc: true,
        firstNotice: .sharingNotice,
        sensitiveData: USCategories.connecticut,
        knownChild: USCategories.knownChildTeen,
        additionalDataProcessingConsent: true
    )
}
