public import ConsentCore

extension USPrivacyString {
    /// The JSON form of spec/json.md: `{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N"}`
    /// (without `type` when `includeType` is false, as inside a GPP string), plus, for a decoded value,
    /// `"encoding": {"original": "<text as decoded>"}`.
    public func jsonValue(includeType: Bool = true) -> JSONValue {
        var object = JSONObject()
        if includeType { object.append("type", .string(ConsentFormat.usp.rawValue)) }
        object.append("version", .int(Int64(version)))
        object.append("notice", .string(notice.description))
        object.append("optOutSale", .string(optOutSale.description))
        object.append("lspaCovered", .string(lspaCovered.description))
        if let originalText {
            object.append("encoding", .object(JSONObject([("original", .string(originalText))])))
        }
        return .object(object)
    }

    /// Reads the JSON form of ``jsonValue(includeType:)``. `type` may be absent; when present it must be `"usp"`.
    /// An `encoding.original` text is kept for ``encoded(options:)`` only when the default decoder reads it as the
    /// same letters: a lower-case original (which only the explicitly lenient decoder reads) gives the canonical
    /// upper-case text, so that a string encoded from JSON always decodes (usp.md §3: lower case is accepted "only
    /// behind an explicit lenient option", "normalised to upper case in the output").
    ///
    /// - Throws: ``ConsentCore/ConsentError/Code/badJSON`` naming the member (`field`) that is missing or not one of
    ///   `"Y"`, `"N"`, `"-"`, or a key the form does not have or gives twice (`field` the key when it is one of the
    ///   form's, else empty; `characterOffset` where the key starts, when the JSON was parsed from text);
    ///   ``ConsentCore/ConsentError/Code/badVersion`` for a version other than 1.
    public init(json: JSONValue) throws(ConsentError) {
        guard let object = json.objectValue else { throw ConsentError(.badJSON, format: .usp) }
        try Self.jsonKeys.requireOnly(object, format: .usp)
        if let type = object["type"], type != .string(ConsentFormat.usp.rawValue) {
            throw ConsentError(.badJSON, format: .usp, field: "type")
        }
        guard let version = object["version"]?.intValue else {
            throw ConsentError(.badJSON, format: .usp, field: "version")
        }
        guard version == Self.specificationVersion else {
            throw ConsentError(.badVersion, format: .usp, field: "version", value: Int64(version))
        }
        self.init(
            notice: try Self.flag(object["notice"], field: "notice"),
            optOutSale: try Self.flag(object["optOutSale"], field: "optOutSale"),
            lspaCovered: try Self.flag(object["lspaCovered"], field: "lspaCovered")
        )
        if let original = object["encoding"]?["original"]?.stringValue,
            let decoded = try? USPrivacyString(encoded: original, options: .withoutSizeLimits), decoded == self
        {
            encoding = decoded.encoding
        }
    }

    private static func flag(_ value: JSONValue?, field: StaticString) throws(ConsentError) -> USPrivacyFlag {
        guard let text = value?.stringValue, text.count == 1, let letter = text.first,
            let flag = USPrivacyFlag(letter: letter)
        else { throw ConsentError(.badJSON, format: .usp, field: field) }
        return flag
    }

    /// The keys of the object (also a GPP `uspv1` section's, without `type`); others are refused.
    static let jsonKeys = JSONKeySet(["type", "version", "notice", "optOutSale", "lspaCovered", "encoding"])
}
