import ConsentCore

/// The core fields a v1.1 and a v2 TC string both begin with, after the Version: Created (36 bits), LastUpdated (36),
/// CmpId (12), CmpVersion (12), ConsentScreen (6), ConsentLanguage (12) and VendorListVersion (12), the same in both
/// versions (tcf.md §3, §4). Read, written and given JSON members here once for both.
protocol SharedCoreFields {
    /// Created, deciseconds since 1970.
    var created: Int64 { get set }
    /// LastUpdated, deciseconds since 1970.
    var lastUpdated: Int64 { get set }
    /// CmpId.
    var cmpId: Int { get set }
    /// CmpVersion.
    var cmpVersion: Int { get set }
    /// ConsentScreen.
    var consentScreen: Int { get set }
    /// ConsentLanguage.
    var consentLanguage: TwoLetterCode { get set }
    /// VendorListVersion.
    var vendorListVersion: Int { get set }
}

extension SharedCoreFields {
    /// Reads the fields from a reader just past the Version.
    /// - Throws: `truncated`, or `badValue` for a letter above Z in ConsentLanguage.
    mutating func readSharedFields(_ reader: inout BitReader) throws(ConsentError) {
        created = try reader.readDeciseconds36(field: "created")
        lastUpdated = try reader.readDeciseconds36(field: "lastUpdated")
        cmpId = try reader.readInteger(bits: 12, field: "cmpId")
        cmpVersion = try reader.readInteger(bits: 12, field: "cmpVersion")
        consentScreen = try reader.readInteger(bits: 6, field: "consentScreen")
        consentLanguage = try reader.readTwoLetterCode(field: "consentLanguage")
        vendorListVersion = try reader.readInteger(bits: 12, field: "vendorListVersion")
    }

    /// Writes the fields after the Version.
    /// - Throws: `valueOutOfRange` naming the first field whose value does not fit its bits.
    func writeSharedFields<Sink: BitSink>(to sink: inout Sink) throws(ConsentError) {
        try sink.writeDeciseconds36(created, field: "created")
        try sink.writeDeciseconds36(lastUpdated, field: "lastUpdated")
        try sink.writeInteger(cmpId, bits: 12, field: "cmpId")
        try sink.writeInteger(cmpVersion, bits: 12, field: "cmpVersion")
        try sink.writeInteger(consentScreen, bits: 6, field: "consentScreen")
        sink.writeTwoLetterCode(consentLanguage)
        try sink.writeInteger(vendorListVersion, bits: 12, field: "vendorListVersion")
    }

    /// The members a TC string's JSON form starts with (json.md): `type` (unless `includeType` is false),
    /// `version`, then `created` through `vendorListVersion`.
    func sharedJSONMembers(includeType: Bool, version: Int) -> JSONObject {
        var object = JSONObject()
        if includeType { object.append("type", .string("tcf")) }
        object.append("version", .integer(version))
        object.append("created", .string(Timestamp.iso8601(deciseconds: created)))
        object.append("lastUpdated", .string(Timestamp.iso8601(deciseconds: lastUpdated)))
        object.append("cmpId", .integer(cmpId))
        object.append("cmpVersion", .integer(cmpVersion))
        object.append("consentScreen", .integer(consentScreen))
        object.append("consentLanguage", .string(consentLanguage.letters))
        object.append("vendorListVersion", .integer(vendorListVersion))
        return object
    }
}

extension TCString: SharedCoreFields {}
extension TCStringV1: SharedCoreFields {}
extension CoreFields: SharedCoreFields {}
