public import ConsentCore

extension TCStringV1 {
    /// The JSON form (spec/json.md): `type` (unless `includeType` is false), `version` 1, `created`, `lastUpdated`,
    /// `cmpId`, `cmpVersion`, `consentScreen`, `consentLanguage`, `vendorListVersion`, `purposesAllowed`,
    /// `vendorConsents`, then `encoding` (when `includeEncoding`): `{"original", "vendorConsents": {"form",
    /// "maxVendorId", "rangeEntries", "defaultConsent", "idsAboveMaxVendorId"}, "paddingBits", "paddingIsZero",
    /// "trailingEquals"}` for an unmodified decoded value, `{}` otherwise.
    public func jsonValue(includeType: Bool = true, includeEncoding: Bool = true) -> JSONValue {
        var object = sharedJSONMembers(includeType: includeType, version: version)
        object.append("purposesAllowed", .ids(purposesAllowed))
        object.append("vendorConsents", .ids(vendorConsents))
        if includeEncoding { object.append("encoding", .object(encodingJSON())) }
        return .object(object)
    }

    private func encodingJSON() -> JSONObject {
        var object = JSONObject()
        guard let original = _original,
            let (section, layout) = try? withTextView(
                of: original,
                { view throws(ConsentError) in
                    let (_, section, segment, end) = try TCStringV1.scan(view)
                    return (section, TCStringV1.layoutSegment(segment: segment, end: end))
                }
            )
        else { return object }
        object.append("original", .string(original))
        object.append(
            "vendorConsents",
            .object(
                JSONObject([
                    ("form", .string(section.isRange ? "range" : "bitField")),
                    ("maxVendorId", .integer(section.maxVendorId)),
                    ("rangeEntries", .integer(section.entryCount)),
                    ("defaultConsent", .bool(section.defaultConsent)),
                    ("idsAboveMaxVendorId", .bool(section.hasIDsAboveMaxVendorId)),
                ])
            )
        )
        object.append("paddingBits", .integer(layout.paddingBits))
        object.append("paddingIsZero", .bool(layout.paddingIsZero))
        object.append("trailingEquals", .integer(layout.trailingEquals))
        return object
    }

    /// Builds a value from its JSON form (`type`, `version` may be left out but must say `tcf` and 1 when present).
    /// With an `encoding` whose `original` decodes to the same values, the result is that decoded value.
    /// - Throws: `badJSON` naming the member that is missing or of the wrong kind, or a key the form does not have
    ///   or gives twice (named when it is a key of the TC string's JSON form).
    public init(json: JSONValue) throws(ConsentError) {
        let members = try JSONMembers(json)
        try members.requireOnly(Self.jsonKeys)
        try members.expect("type", equals: "tcf")
        if let version = members.optional("version"), version.intValue != 1 { throw members.fail("version") }
        self.init(
            created: try members.deciseconds("created"),
            lastUpdated: try members.deciseconds("lastUpdated"),
            cmpId: try members.int("cmpId"),
            cmpVersion: try members.int("cmpVersion"),
            consentScreen: try members.int("consentScreen"),
            consentLanguage: try members.twoLetterCode("consentLanguage"),
            vendorListVersion: try members.int("vendorListVersion"),
            purposesAllowed: try members.ids("purposesAllowed"),
            vendorConsents: try members.ids("vendorConsents")
        )
        if let original = members.optional("encoding")?["original"]?.stringValue,
            let decoded = try? TCStringV1(encoded: original, options: .withoutSizeLimits), decoded == self
        {
            self = decoded
        }
    }

    /// The keys of the object (also a GPP `tcfeuv1` section's, without `type`).
    static let jsonKeys = JSONKeySet([
        "type", "version", "created", "lastUpdated", "cmpId", "cmpVersion", "consentScreen", "consentLanguage",
        "vendorListVersion", "purposesAllowed", "vendorConsents", "encoding",
    ])
}
