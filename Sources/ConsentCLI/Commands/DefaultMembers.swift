import ConsentKit

/// `encode --defaults`: a hand-written document completed with the default of every member it leaves out, so that
/// `{"type":"tcf","cmpId":10,"vendorConsents":[755]}` is enough to write a TC string.
///
/// The defaults are the JSON form of the value each kind's initializer builds when given nothing (``TCString``,
/// ``TCStringV1``, ``USPrivacyString``, ``AdditionalConsentString``, ``GPPFieldSection``): zeros, `false`, empty
/// sets, absent optional segments, the current Version; but a TCF v2 string has its disclosed vendors segment, as
/// TCF 2.3 requires, listing the vendors the document names. A member the document gives is kept as it is, objects
/// completed member by member; a key no default has is kept too, so the codec still reports it. A document the
/// defaults cannot complete (no `type`, a key given twice) is returned unchanged for the codec to report.
enum DefaultMembers {
    /// `document` with every member it leaves out at its default.
    /// - Throws: the error of the default layout when no layout of a GPP section takes the section's members.
    static func completing(_ document: JSONValue) throws(ConsentError) -> JSONValue {
        guard let object = document.objectValue, !hasRepeatedKeys(object) else { return document }
        switch object["type"]?.stringValue {
        case "tcf": return completingTC(object, version: object["version"]?.intValue, includeType: true)
        case "usp": return completing(object, over: USPrivacyString().jsonValue())
        case "ac": return completing(object, over: acDefaults(version: object["version"]?.intValue))
        case "gpp": return .object(try completingGPP(object))
        default: return document
        }
    }

    /// `object`'s members over those of `defaults`, in the defaults' order, then its own others. An object given
    /// where the default is an object too is completed the same way; `nullUnlessGiven` names members whose default
    /// object is only a template for a given one (TCF's `publisherTC`): left out, they are null.
    private static func completing(
        _ object: JSONObject,
        over defaults: JSONValue,
        nullUnlessGiven: Set<String> = ["publisherTC"]
    ) -> JSONValue {
        guard var result = defaults.objectValue else { return .object(object) }
        result["encoding"] = nil
        for key in nullUnlessGiven where result[key] != nil && object[key] == nil { result[key] = .null }
        for (key, value) in object {
            if let inner = value.objectValue, let template = result[key], template.objectValue != nil,
                !hasRepeatedKeys(inner)
            {
                result[key] = completing(inner, over: template)
            } else {
                result[key] = value
            }
        }
        return .object(result)
    }

    private static func hasRepeatedKeys(_ object: JSONObject) -> Bool { Set(object.keys).count != object.count }

    /// The keys of `document` that no member of its kind has, as paths (`purposeconsents`,
    /// `sections.usnat.saleOptout`): what a refusal of a completed document names, which has no text to point in.
    static func unknownKeys(in document: JSONValue) -> [String] {
        guard let object = document.objectValue else { return [] }
        let version = object["version"]?.intValue
        switch object["type"]?.stringValue {
        case "tcf": return unknownKeys(object, known: tcDefaults(version: version, includeType: true), path: "")
        case "usp": return unknownKeys(object, known: USPrivacyString().jsonValue(), path: "")
        case "ac": return unknownKeys(object, known: acDefaults(version: version), path: "")
        case "gpp":
            let top = JSONObject(["type", "version", "sectionIds", "sections"].map { ($0, JSONValue.null) })
            var keys = unknownKeys(object, known: .object(top), path: "")
            for (key, value) in object["sections"]?.objectValue ?? JSONObject() {
                guard let section = value.objectValue, let known = sectionKeys(key) else { continue }
                keys += unknownKeys(section, known: known, path: "sections." + key)
            }
            return keys
        default: return []
        }
    }

    /// The keys of `object` (at `path`) that `known` does not have, and those of its objects that the object of
    /// `known` under the same key does not have; `type` and `encoding` are known everywhere.
    private static func unknownKeys(_ object: JSONObject, known: JSONValue, path: String) -> [String] {
        guard let known = known.objectValue else { return [] }
        var keys: [String] = []
        for (key, value) in object where key != "type" && key != "encoding" {
            let here = path.isEmpty ? key : path + "." + key
            guard let template = known[key] else {
                keys.append(here)
                continue
            }
            if let inner = value.objectValue, template.objectValue != nil {
                keys += unknownKeys(inner, known: template, path: here)
            }
        }
        return keys
    }

    /// Every member a GPP section under `key` may have, as an object of nulls; nil for a section not known.
    private static func sectionKeys(_ key: String) -> JSONValue? {
        switch key {
        case "tcfeuv1": return tcDefaults(version: 1, includeType: false)
        case "tcfeuv2": return tcDefaults(version: 2, includeType: false)
        case "uspv1": return USPrivacyString().jsonValue(includeType: false)
        default:
            guard let declaration = GPPSectionDeclaration.declaration(prefix: key) else { return nil }
            var keys = JSONObject()
            for segment in declaration.layouts.flatMap(\.segments) {
                for name in [segment.typeKey, segment.includedKey] + segment.fields.map(\.key)
                where name.utf8CodeUnitCount > 0 && keys[name.description] == nil {
                    keys.append(name.description, .null)
                }
            }
            return .object(keys)
        }
    }

    /// The defaults of a TC string of `version` (1, else 2), as completing writes them.
    private static func tcDefaults(version: Int?, includeType: Bool) -> JSONValue {
        if version == 1 { return TCStringV1().jsonValue(includeType: includeType, includeEncoding: false) }
        return TCString(disclosedVendors: IDSet(), publisherTC: PublisherTC())
            .jsonValue(includeType: includeType, includeEncoding: false)
    }

    /// A TC string completed: `version` 1 over the defaults of a v1.1 string. A v2 one has a disclosed vendors
    /// segment, which TCF 2.3 (the default PolicyVersion 5) requires: unless the document gives it
    /// (`"disclosedVendors": null` leaves it out), the vendors it names under `vendorConsents` and
    /// `vendorLegitimateInterests`, as a CMP discloses the vendors it asks about. A `publisherTC` it gives is
    /// completed over the defaults of a publisher TC segment.
    private static func completingTC(_ object: JSONObject, version: Int?, includeType: Bool) -> JSONValue {
        if version == 1 { return completing(object, over: tcDefaults(version: 1, includeType: includeType)) }
        var completed = completing(object, over: tcDefaults(version: 2, includeType: includeType))
        if object["disclosedVendors"] == nil, case .object(var members) = completed {
            let named = ["vendorConsents", "vendorLegitimateInterests"].flatMap { key in
                object[key]?.arrayValue?.compactMap(\.intValue) ?? []
            }
            .filter { (1...IDSet.maximumID).contains($0) }  // the codec reports the others where they are
            members["disclosedVendors"] = .array(Set(named).sorted().map { .integer($0) })
            completed = .object(members)
        }
        return completed
    }

    private static func acDefaults(version: Int?) -> JSONValue {
        AdditionalConsentString(version: version == 1 ? .v1 : .v2).jsonValue()
    }

    /// A GPP document: Version 1, `sectionIds` those of the sections given (ascending) unless it lists them, and each
    /// section completed as its kind is.
    private static func completingGPP(_ object: JSONObject) throws(ConsentError) -> JSONObject {
        let given = object["sections"] ?? .object(JSONObject())
        guard let sections = given.objectValue else { return object }
        var completed = JSONObject()
        for (key, value) in sections {
            if let section = value.objectValue, !hasRepeatedKeys(section) {
                completed.append(key, try completingSection(section, key: key))
            } else {
                completed.append(key, value)
            }
        }
        let ids = sections.keys.compactMap(sectionID(of:)).sorted()
        var result = JSONObject([
            ("type", .string("gpp")), ("version", .integer(1)), ("sectionIds", .array(ids.map { .integer($0) })),
        ])
        for (key, value) in object where key != "sections" { result[key] = value }
        result["sections"] = .object(completed)
        return result
    }

    /// The id of the section under `key` in `sections`: its API prefix, or its id written as text.
    private static func sectionID(of key: String) -> Int? {
        GPPSection.id(ofPrefix: key) ?? Int(key)
    }

    private static func completingSection(_ section: JSONObject, key: String) throws(ConsentError) -> JSONValue {
        switch key {
        case "tcfeuv1": return completingTC(section, version: 1, includeType: false)
        case "tcfeuv2": return completingTC(section, version: 2, includeType: false)
        case "uspv1":
            return completing(section, over: USPrivacyString().jsonValue(includeType: false))
        default:
            guard let declaration = GPPSectionDeclaration.declaration(prefix: key) else { return .object(section) }
            return try completing(section, of: declaration)
        }
    }

    /// A declared section completed over the defaults of the first layout that takes its members: those whose
    /// Version is the one given first, then the declaration's default layout, then the others.
    private static func completing(
        _ section: JSONObject,
        of declaration: GPPSectionDeclaration
    ) throws(ConsentError) -> JSONValue {
        let version = section["version"]?.intValue
        var order = Array(declaration.layouts.indices)
        order.sort { first, second in
            func rank(_ index: Int) -> Int {
                if let version, declaration.layouts[index].version == version { return 0 }
                return index == declaration.defaultLayoutIndex ? 1 : 2
            }
            return (rank(first), first) < (rank(second), second)
        }
        var firstError: ConsentError?
        for index in order {
            let completed = completing(section, over: sectionDefaults(declaration, layoutIndex: index, for: section))
            do throws(ConsentError) {
                _ = try GPPFieldSection(declaration, json: completed)
                return completed
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? ConsentError(.badJSON, format: .gpp, segment: declaration.prefix)
    }

    /// The JSON form of a section of `layoutIndex` at its defaults. An optional subsection is absent (its members
    /// null) unless `section` gives one of its members: then the others are at their defaults too.
    private static func sectionDefaults(
        _ declaration: GPPSectionDeclaration,
        layoutIndex: Int,
        for section: JSONObject
    ) -> JSONValue {
        guard var object = GPPFieldSection(declaration, layoutIndex: layoutIndex).jsonValue().objectValue else {
            return .null
        }
        for segment in declaration.layouts[layoutIndex].segments where segment.isOptional {
            let keys = segment.fields.map(\.key.description)
            // Asked for by one of its members, or by its "included" flag (`"gpcSegmentIncluded": true`).
            let asked =
                segment.includedKey.utf8CodeUnitCount > 0
                && section[segment.includedKey.description]?.boolValue == true
            guard asked || keys.contains(where: { section[$0] != nil && section[$0] != .null }) else { continue }
            for field in segment.fields { object[field.key.description] = defaultJSON(of: field) }
        }
        return .object(object)
    }

    /// The JSON form of `field` at its default value (what a section's initializer sets).
    private static func defaultJSON(of field: GPPField) -> JSONValue {
        switch field.coding {
        case .integer: .integer(field.defaultValue)
        case .boolean: .bool(field.defaultValue != 0)
        case .integerList(let count, _): .array(Array(repeating: .integer(0), count: count))
        case .datetime: .string(Timestamp.iso8601(deciseconds: 0))
        case .letters(let count): .string(String(repeating: "A", count: count))
        case .bitField, .countedBitField, .vendorRange, .fibonacciRange, .publisherRestrictions: .array([])
        }
    }
}
