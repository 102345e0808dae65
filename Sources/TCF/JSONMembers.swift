import ConsentCore

/// Reads the members of a JSON object of the `--json` form, failing with `badJSON` that names the key (and the
/// segment, for nested objects) when a member is missing or of the wrong kind.
struct JSONMembers {
    let object: JSONObject
    let segment: StaticString

    /// The object in `value`.
    /// - Throws: `badJSON` (field `field`) when `value` is not an object.
    init(_ value: JSONValue, segment: StaticString = "", field: StaticString = "") throws(ConsentError) {
        guard let object = value.objectValue else {
            throw ConsentError(.badJSON, format: .tcf, segment: segment, field: field)
        }
        self.object = object
        self.segment = segment
    }

    func fail(_ key: StaticString) -> ConsentError {
        ConsentError(.badJSON, format: .tcf, segment: segment, field: key)
    }

    /// The member, or nil when it is missing or `null`.
    func optional(_ key: StaticString) -> JSONValue? {
        guard let value = object[key.description], !value.isNull else { return nil }
        return value
    }

    func value(_ key: StaticString) throws(ConsentError) -> JSONValue {
        guard let value = optional(key) else { throw fail(key) }
        return value
    }

    func int(_ key: StaticString) throws(ConsentError) -> Int {
        guard let number = try value(key).intValue else { throw fail(key) }
        return number
    }

    func bool(_ key: StaticString) throws(ConsentError) -> Bool {
        guard let flag = try value(key).boolValue else { throw fail(key) }
        return flag
    }

    func string(_ key: StaticString) throws(ConsentError) -> String {
        guard let text = try value(key).stringValue else { throw fail(key) }
        return text
    }

    /// An array of ids in 1...65535, in any order.
    func ids(_ key: StaticString) throws(ConsentError) -> IDSet {
        try JSONMembers.ids(value(key), orFail: fail(key))
    }

    /// An id array, or nil for a missing or `null` member.
    func optionalIDs(_ key: StaticString) throws(ConsentError) -> IDSet? {
        guard let value = optional(key) else { return nil }
        return try JSONMembers.ids(value, orFail: fail(key))
    }

    static func ids(_ value: JSONValue, orFail error: ConsentError) throws(ConsentError) -> IDSet {
        guard let array = value.arrayValue else { throw error }
        var ids = IDSet()
        for element in array {
            guard let id = element.intValue, id >= 1, id <= IDSet.maximumID else { throw error }
            ids.insert(id)
        }
        return ids
    }

    /// An ISO 8601 timestamp, as deciseconds.
    func deciseconds(_ key: StaticString) throws(ConsentError) -> Int64 {
        let text = try string(key)
        do throws(ConsentError) {
            return try Timestamp.deciseconds(iso8601: text, field: key)
        } catch {
            throw fail(key)
        }
    }

    func twoLetterCode(_ key: StaticString) throws(ConsentError) -> TwoLetterCode {
        guard let code = TwoLetterCode(letters: try string(key)) else { throw fail(key) }
        return code
    }

    /// Every key must be one of `keys`, each once (``JSONKeySet``); the error names the refused key when it is a
    /// key of some TC string object (`vendorIds` outside a restriction), else has no field.
    func requireOnly(_ keys: JSONKeySet) throws(ConsentError) {
        try keys.requireOnly(object, format: .tcf, segment: segment, naming: JSONMembers.tcKeys)
    }

    /// Every key of the objects of a TC string's JSON form (v2 and v1.1), for naming a refused one.
    static let tcKeys = JSONKeySet.union([
        TCString.jsonKeys, TCString.publisherTCKeys, TCString.restrictionKeys, TCStringV1.jsonKeys,
    ])

    /// When the member is present, it must be this string (`"type": "tcf"`).
    func expect(_ key: StaticString, equals expected: String) throws(ConsentError) {
        if let value = optional(key), value.stringValue != expected { throw fail(key) }
    }
}
