public import ConsentCore

extension AdditionalConsentString {
    /// The JSON form of spec/json.md: `{"type":"ac","version":2,"consentedProviders":[1,35],"disclosedProviders":[9]}`,
    /// `disclosedProviders` `null` in version 1; ids ascending and de-duplicated whatever the text's order. A
    /// decoded value adds `"encoding": {"original": "<text as decoded>"}`.
    public func jsonValue(includeType: Bool = true) -> JSONValue {
        var object = JSONObject()
        if includeType { object.append("type", .string(ConsentFormat.ac.rawValue)) }
        object.append("version", .int(Int64(version.rawValue)))
        object.append("consentedProviders", consentedProviders.jsonValue())
        object.append("disclosedProviders", version == .v1 ? .null : disclosedProviders.jsonValue())
        if let originalText {
            object.append("encoding", .object(JSONObject([("original", .string(originalText))])))
        }
        return .object(object)
    }

    /// Reads the JSON form of ``jsonValue(includeType:)``. `type` may be absent; when present it must be `"ac"`.
    /// In version 1 `disclosedProviders` may be absent, `null` or `[]`. An `encoding.original` text is kept for
    /// ``encoded(options:)`` only when it decodes to the same value.
    ///
    /// - Throws: ``ConsentCore/ConsentError/Code/badJSON`` naming the member (`field`) that is missing or malformed
    ///   (ids must be integers in `1...2147483647`, ``ProviderIDSet/maximumID``), or a key the form does not have or gives twice (`field` the key when it
    ///   is one of the form's, else empty; `characterOffset` where the key starts, when the JSON was parsed from text);
    ///   ``ConsentCore/ConsentError/Code/badVersion`` for a version other than 1 or 2.
    public init(json: JSONValue) throws(ConsentError) {
        guard let object = json.objectValue else { throw ConsentError(.badJSON, format: .ac) }
        try Self.jsonKeys.requireOnly(object, format: .ac)
        if let type = object["type"], type != .string(ConsentFormat.ac.rawValue) {
            throw ConsentError(.badJSON, format: .ac, field: "type")
        }
        guard let number = object["version"]?.intValue else {
            throw ConsentError(.badJSON, format: .ac, field: "version")
        }
        guard let version = Version(rawValue: number) else {
            throw ConsentError(.badVersion, format: .ac, field: "version", value: Int64(number))
        }
        let consented = try Self.ids(object["consentedProviders"], field: "consentedProviders")
        var disclosed = ProviderIDSet()
        switch (version, object["disclosedProviders"]) {
        case (.v1, nil), (.v1, .null?): break
        case (.v1, .array(let items)?) where items.isEmpty: break
        case (.v2, let value): disclosed = try Self.ids(value, field: "disclosedProviders")
        default: throw ConsentError(.badJSON, format: .ac, field: "disclosedProviders")
        }
        self.init(version: version, consentedProviders: consented, disclosedProviders: disclosed)
        if let original = object["encoding"]?["original"]?.stringValue,
            let decoded = try? AdditionalConsentString(encoded: original, options: .withoutSizeLimits), decoded == self
        {
            originalText = original
        }
    }

    private static func ids(_ value: JSONValue?, field: StaticString) throws(ConsentError) -> ProviderIDSet {
        guard let items = value?.arrayValue else { throw ConsentError(.badJSON, format: .ac, field: field) }
        var ids: [Int] = []
        ids.reserveCapacity(items.count)
        for item in items {
            guard let id = item.intValue, id >= 1 && id <= ProviderIDSet.maximumID else {
                throw ConsentError(.badJSON, format: .ac, field: field, value: item.intValue.map(Int64.init))
            }
            ids.append(id)
        }
        return ProviderIDSet(ids)
    }

    /// The keys of the object; others are refused.
    static let jsonKeys = JSONKeySet(["type", "version", "consentedProviders", "disclosedProviders", "encoding"])
}
