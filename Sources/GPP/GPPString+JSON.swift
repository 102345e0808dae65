public import ConsentCore
import TCF
import USPrivacy

extension GPPString {
    /// The JSON form (spec/json.md): `type` (when asked), `version`, `sectionIds`, `sections` keyed by API prefix
    /// (an unknown id by its number, as `{"raw": ...}`), and `"encoding"` with the decoded `text` and `header`.
    public func jsonValue(includeType: Bool = true) -> JSONValue {
        var object = JSONObject()
        if includeType { object.append("type", .string("gpp")) }
        object.append("version", .integer(version))
        object.append("sectionIds", .array(sections.map { .integer($0.id) }))
        var body = JSONObject()
        for section in sections { body[section.key] = section.jsonValue() }
        object.append("sections", .object(body))
        var encoding = JSONObject()
        if let text = memory.text { encoding.append("text", .string(text)) }
        if let header = memory.header { encoding.append("header", .string(header.string)) }
        object.append("encoding", .object(encoding))
        return .object(object)
    }

    /// Reads the JSON form. Sections come in `sectionIds` order, each from `sections` under its prefix (or id);
    /// a section whose `encoding.text` decodes to the same values keeps that text, and the whole string keeps
    /// `encoding.text` when it decodes to the same sections.
    /// - Throws: `badJSON` naming the key (`sectionIds` when `sections` holds a section it does not list,
    ///   `sections` when it holds one twice), or for a key the form does not have or gives twice (named when it is one
    ///   of the form's; `characterOffset` where the key starts, when the JSON was parsed from text);
    ///   `badVersion`; `unknownFormat` for another `type`; the sections' errors.
    public init(json: JSONValue) throws(ConsentError) {
        guard let object = json.objectValue else { throw ConsentError(.badJSON, format: .gpp) }
        try Self.jsonKeys.requireOnly(object, format: .gpp)
        if let type = object["type"], type.stringValue != "gpp" {
            throw ConsentError(.unknownFormat, format: .gpp, field: "type")
        }
        if let version = object["version"], version.intValue != 1 {
            throw ConsentError(.badVersion, format: .gpp, field: "version")
        }
        guard let ids = object["sectionIds"]?.arrayValue else {
            throw ConsentError(.badJSON, format: .gpp, field: "sectionIds")
        }
        guard let body = object["sections"]?.objectValue else {
            throw ConsentError(.badJSON, format: .gpp, field: "sections")
        }
        var sections: [GPPSection] = []
        var listedKeys: Set<String> = []
        for item in ids {
            guard let id = item.intValue, id >= 1, id <= IDSet.maximumID else {
                throw ConsentError(.badJSON, format: .gpp, field: "sectionIds")
            }
            let key = GPPSection.prefix(of: id) ?? String(id)
            guard let sectionJSON = body[key] else { throw ConsentError(.badJSON, format: .gpp, field: "sections") }
            listedKeys.insert(key)
            sections.append(try GPPSection(id: id, json: sectionJSON))
        }
        // A section that `sectionIds` does not list would be left out of the string without a word, and of a
        // section given twice only the first would be read.
        guard body.keys.allSatisfy(listedKeys.contains) else {
            throw ConsentError(.badJSON, format: .gpp, field: "sectionIds")
        }
        guard Set(body.keys).count == body.count else { throw ConsentError(.badJSON, format: .gpp, field: "sections") }
        var string = GPPString(sections: sections)
        let encoding = object["encoding"]
        if let text = encoding?["text"]?.stringValue,
            let decoded = try? GPPString(encoded: text, options: .withoutSizeLimits),
            decoded == string
        {
            string = decoded
        } else if let header = encoding?["header"]?.stringValue {
            string.memory.header = GPPTextSlice(header, 0..<header.utf8.count)
        }
        self = string
    }

    /// The keys of the top-level object; others are refused.
    static let jsonKeys = JSONKeySet(["type", "version", "sectionIds", "sections", "encoding"])
}

extension GPPSection {
    /// The section's JSON object.
    public func jsonValue() -> JSONValue {
        switch self {
        case .tcfEuV1(let string): string.jsonValue(includeType: false)
        case .tcfEuV2(let string): string.jsonValue(includeType: false)
        case .usPrivacy(let string): string.jsonValue(includeType: false)
        case .fields(let section): section.jsonValue()
        case .unknown(let section): .object(JSONObject([("raw", .string(String(section.text)))]))
        }
    }

    /// Reads section `id` from its JSON object.
    /// - Throws: `badJSON` naming the key; for an unknown section, `badJSON` (segment `section`, field `raw`,
    ///   `value` the section id) when `raw` is missing, not the object's only key, or would not decode as one
    ///   section.
    public init(id: Int, json: JSONValue) throws(ConsentError) {
        switch id {
        case 1: self = .tcfEuV1(try TCStringV1(json: json))
        case 2: self = .tcfEuV2(try TCString(json: json))
        case 6: self = .usPrivacy(try USPrivacyString(json: json))
        default: try self.init(declaredOrUnknown: id, json: json)
        }
    }

    private init(declaredOrUnknown id: Int, json: JSONValue) throws(ConsentError) {
        if let declaration = GPPSectionDeclaration.declaration(for: id) {
            self = .fields(try GPPFieldSection(declaration, json: json))
        } else {
            guard let raw = json["raw"]?.stringValue, json.objectValue?.keys == ["raw"] else {
                throw ConsentError(.badJSON, format: .gpp, segment: "section", field: "raw", value: Int64(id))
            }
            let section = UnknownGPPSection(id: id, text: raw)
            // Checked here, where the document is read, rather than when the string is written.
            guard (try? section.encoded()) != nil else {
                throw ConsentError(.badJSON, format: .gpp, segment: "section", field: "raw", value: Int64(id))
            }
            self = .unknown(section)
        }
    }
}
