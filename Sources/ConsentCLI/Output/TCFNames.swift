/// The names of the purposes and features that TC strings refer to by number, from the IAB Europe TCF v2.2
/// policy (the Global Vendor List v3 texts), so that the pretty output can say what "purpose 4" is without a
/// GVL. A `--gvl` file, when given, is not needed for these: its vendor names are what it adds.
enum TCFNames {
    /// Purposes 1-11 (TCF v2.2).
    static let purposes: [Int: String] = [
        1: "Store and/or access information on a device",
        2: "Use limited data to select advertising",
        3: "Create profiles for personalised advertising",
        4: "Use profiles to select personalised advertising",
        5: "Create profiles to personalise content",
        6: "Use profiles to select personalised content",
        7: "Measure advertising performance",
        8: "Measure content performance",
        9: "Understand audiences through statistics or combinations of data from different sources",
        10: "Develop and improve services",
        11: "Use limited data to select content",
    ]

    /// Special features 1-2 (TCF v2.2): opted into in the TC string (`SpecialFeatureOptIns`).
    static let specialFeatures: [Int: String] = [
        1: "Use precise geolocation data",
        2: "Actively scan device characteristics for identification",
    ]

    /// Purposes 1-5 of the legacy TCF v1.1 (`PurposesAllowed`).
    static let legacyPurposes: [Int: String] = [
        1: "Information storage and access",
        2: "Personalisation",
        3: "Ad selection, delivery, reporting",
        4: "Content selection, delivery, reporting",
        5: "Measurement",
    ]

    /// Publisher restriction types (`RestrictionType`, 2 bits) of the TC string.
    static let restrictionTypes: [Int: String] = [
        0: "not allowed",
        1: "require consent",
        2: "require legitimate interest",
        3: "undefined",
    ]

    /// Publisher restriction types of IAB Canada's TCF (`tcfcav1` PubRestrictions).
    static let canadianRestrictionTypes: [Int: String] = [
        0: "not allowed",
        1: "require express consent",
        2: "require implied consent",
        3: "undefined",
    ]

    /// GPP section ids and their API prefixes (GPP "Section Information").
    static let gppSections: [Int: String] = [
        1: "tcfeuv1", 2: "tcfeuv2", 3: "header", 4: "signal integrity", 5: "tcfcav1", 6: "uspv1", 7: "usnat",
        8: "usca", 9: "usva", 10: "usco", 11: "usut", 12: "usct", 13: "usfl", 14: "usmt", 15: "usor", 16: "ustx",
        17: "usde", 18: "usia", 19: "usne", 20: "usnh", 21: "usnj", 22: "ustn", 23: "usmn", 24: "usmd",
        25: "usin", 26: "usky", 27: "usri",
    ]

    /// What each GPP section is, by API prefix.
    static let gppSectionTitles: [String: String] = [
        "tcfeuv1": "EU TCF v1 (legacy)", "tcfeuv2": "EU TCF v2", "tcfcav1": "Canadian TCF", "uspv1": "US Privacy",
        "usnat": "US National (MSPA)", "usca": "California", "usva": "Virginia", "usco": "Colorado", "usut": "Utah",
        "usct": "Connecticut", "usfl": "Florida", "usmt": "Montana", "usor": "Oregon", "ustx": "Texas",
        "usde": "Delaware", "usia": "Iowa", "usne": "Nebraska", "usnh": "New Hampshire", "usnj": "New Jersey",
        "ustn": "Tennessee", "usmn": "Minnesota", "usmd": "Maryland", "usin": "Indiana", "usky": "Kentucky",
        "usri": "Rhode Island",
    ]
}
