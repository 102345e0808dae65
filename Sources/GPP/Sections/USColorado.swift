extension GPPSectionDeclaration {
    /// Section 10, `usco`: Colorado (38 bits, GPC subsection).
    public static let usColorado = usState(
        id: 10,
        prefix: "usco",
        title: "US Colorado",
        gpc: true,
        firstNotice: .sharingNotice,
        sensitiveData: Array(USCategories.connecticut.prefix(7)),
        knownChild: USCategories.knownChild,
        additionalDataProcessingConsent: false
    )
}
