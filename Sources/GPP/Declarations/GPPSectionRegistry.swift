extension GPPSectionDeclaration {
    /// Every bit-encoded section this package declares, in id order. Adding a section: declare it in
    /// `Sections/` and list it here.
    public static let all: [GPPSectionDeclaration] = [
        .tcfCanada,
        .usNational,
        .usCalifornia, .usVirginia, .usColorado, .usUtah, .usConnecticut, .usFlorida, .usMontana, .usOregon,
        .usTexas, .usDelaware, .usIowa, .usNebraska, .usNewHampshire, .usNewJersey, .usTennessee, .usMinnesota,
        .usMaryland, .usIndiana, .usKentucky, .usRhodeIsland,
    ]
}
