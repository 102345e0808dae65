public import ConsentCore

extension GPPFieldSection {
    /// The section's JSON object (spec/json.md): every field of the layout under its key, subsection fields merged
    /// in (`null` when the subsection is absent; a present GPC subsection adds `gpcSegmentType` and
    /// `gpcSegmentIncluded`), then `"encoding"`: `layout`, `text` (the decoded text), and what the text showed of
    /// `padding`, `vendorEncoding`, `segmentOrder`, `extraSegments`.
    public func jsonValue() -> JSONValue {
        var object = JSONObject()
        for (segmentIndex, segment) in layout.segments.enumerated() {
            let isPresent = isPresent(segmentIndex: segmentIndex)
            if isPresent, segment.typeKey.utf8CodeUnitCount > 0 {
                object.append(segment.typeKey.description, .integer(segment.typeValue))
            }
            if isPresent, segment.includedKey.utf8CodeUnitCount > 0 {
                object.append(segment.includedKey.description, .bool(true))
            }
            for (fieldIndex, field) in segment.fields.enumerated() {
                let json = isPresent ? Self.json(value(segment: segmentIndex, field: fieldIndex)) : .null
                object.append(field.key.description, json)
            }
        }
        object.append("encoding", .object(encodingJSON))
        return .object(object)
    }

    private var encodingJSON: JSONObject {
        var encoding = JSONObject()
        encoding.append("layout", .string(layout.name.description))
        if let text = memory.text { encoding.append("text", .string(text.string)) }
        if memory.text != nil {
            let padding =
                memory.irregularPadding
                ? "irregular" : memory.sixBitPadding ? (memory.bytePadding ? "mixed" : "sixBit") : "byteThenSixBit"
            encoding.append("padding", .string(padding))
        }
        if layout.plans.contains(where: \.hasVendorEncodings) {
            encoding.append(
                "vendorEncoding",
                .string(memory.fibonacciVendors ? "optimizedFibonacciRange" : "optimizedIntRange")
            )
        }
        if memory.segmentOrder != 0 {
            encoding.append(
                "segmentOrder",
                .array(memory.segmentOrderIndexes.map { .string(layout.segments[$0].name.description) })
            )
        }
        if memory.extraSegments > 0 { encoding.append("extraSegments", .integer(memory.extraSegments)) }
        return encoding
    }

    /// The JSON form of one field value.
    static func json(_ value: GPPFieldValue) -> JSONValue {
        switch value {
        case .integer(let number): .integer(number)
        case .boolean(let flag): .bool(flag)
        case .list(let list): .array(list.map { .integer($0) })
        case .datetime(let deciseconds): .string(Timestamp.iso8601(deciseconds: deciseconds))
        case .letters(let text): .string(text)
        case .ids(let ids): .ids(ids)
        case .restrictions(let list):
            .array(
                list.map {
                    .object(
                        JSONObject([
                            ("purposeId", .integer($0.purposeID)), ("restrictionType", .integer($0.restrictionType)),
                            ("vendorIds", .ids($0.vendorIDs)),
                        ])
                    )
                }
            )
        }
    }

    /// Reads a section of `declaration` from its JSON object (the form ``jsonValue()`` writes). The layout is the
    /// one whose fields the object carries (usnat: by the lengths of the lists; new-style sections: header-first
    /// when `version` is given). When `encoding.text` decodes to the same values, the section keeps that text.
    /// - Throws: `badJSON` naming the key (`field`) and section (`segment`); `valueOutOfRange`; `badVersion`.
    public init(_ declaration: GPPSectionDeclaration, json: JSONValue) throws(ConsentError) {
        guard let object = json.objectValue else {
            throw ConsentError(.badJSON, format: .gpp, segment: declaration.prefix)
        }
        try Self.checkKeys(object, declaration)
        let layoutIndex = try Self.layoutIndex(declaration, for: object)
        var section = GPPFieldSection(declaration, blankLayout: layoutIndex)
        for (segmentIndex, segment) in section.layout.segments.enumerated() {
            if segment.isOptional {
                let includedFlag =
                    segment.includedKey.utf8CodeUnitCount == 0
                    ? nil : object[segment.includedKey.description]?.boolValue
                let hasValues = segment.fields.contains { !(object[$0.key.description]?.isNull ?? true) }
                // `"gpcSegmentIncluded": false` leaves the subsection out whatever `gpc` says, as iabgpp-es's
                // GpcSegmentIncluded does (LosslessTests.gpcSegmentIncludedFalseLeavesTheSubsectionOut); `true` puts
                // it in, and a field it then lacks (`gpc` null or missing) is an error, not a subsection dropped.
                guard includedFlag != false, hasValues || includedFlag == true else { continue }
                // Its type is the one value the spec gives it (gpp-sections.md: GPC "SubsectionType ... only 1 is
                // valid"); another would be written as that one.
                if segment.typeKey.utf8CodeUnitCount > 0, let type = object[segment.typeKey.description],
                    !type.isNull, type.intValue != segment.typeValue
                {
                    throw ConsentError(.badJSON, format: .gpp, segment: declaration.prefix, field: segment.typeKey)
                }
            }
            section.present |= 1 << UInt8(segmentIndex)
            for (fieldIndex, field) in segment.fields.enumerated() where field.role == .value {
                let value = try Self.fieldValue(field, object[field.key.description], declaration.prefix)
                try section.store(value, segment: segmentIndex, field: fieldIndex)
            }
        }
        try section.checkVersion()
        if let text = object["encoding"]?["text"]?.stringValue,
            let decoded = try? GPPFieldSection(declaration, encoded: text, options: .withoutSizeLimits),
            decoded.hasSameValues(as: section)
        {
            section = decoded
        }
        self = section
    }

    /// Throws `badJSON` for a key that no layout of the section has (`"gpc"` in a section without a GPC
    /// subsection, a misspelt field), or that is given twice: writing the rest would drop it without a word. `field`
    /// is the key when some GPP section has a field of that name, else empty.
    private static func checkKeys(_ object: JSONObject, _ declaration: GPPSectionDeclaration) throws(ConsentError) {
        func keys(of declaration: GPPSectionDeclaration) -> [StaticString] {
            declaration.layouts.flatMap { layout in
                layout.segments.flatMap { [$0.typeKey, $0.includedKey] + $0.fields.map(\.key) }
            }
        }
        let own = Set(keys(of: declaration).map(\.description))
        var seen: Set<String> = []
        for (position, key) in object.keys.enumerated() {
            guard key == "encoding" || own.contains(key), seen.insert(key).inserted else {
                let named = GPPSectionDeclaration.all.lazy.flatMap(keys(of:)).first { $0.description == key }
                throw ConsentError(
                    .badJSON,
                    format: .gpp,
                    segment: declaration.prefix,
                    field: named ?? "",
                    characterOffset: object.keyOffset(at: position)
                )
            }
        }
    }

    /// The first layout whose mandatory fields the object has, in the right shapes, and none of whose missing
    /// keys the object gives (the hint `encoding.layout` first). When none fits, the error is the one of the layout
    /// the object's `version` names (usnat 2: 16 and 3 items), the one it meant, else of the first tried.
    private static func layoutIndex(
        _ declaration: GPPSectionDeclaration,
        for object: JSONObject
    ) throws(ConsentError) -> Int {
        var order = Array(declaration.layouts.indices)
        if let hint = object["encoding"]?["layout"]?.stringValue,
            let index = declaration.layouts.firstIndex(where: { $0.name.hasText(hint) })
        {
            order.removeAll { $0 == index }
            order.insert(index, at: 0)
        }
        var firstError: ConsentError?
        var versionError: ConsentError?
        let version = object["version"]?.intValue
        for index in order {
            let layout = declaration.layouts[index]
            if let error = mismatch(layout, declaration, object) {
                firstError = firstError ?? error
                if version != nil, layout.version == version { versionError = versionError ?? error }
            } else {
                return index
            }
        }
        throw versionError ?? firstError ?? ConsentError(.badJSON, format: .gpp, segment: declaration.prefix)
    }

    private static func mismatch(
        _ layout: GPPSectionLayout,
        _ declaration: GPPSectionDeclaration,
        _ object: JSONObject
    ) -> ConsentError? {
        for segment in layout.segments where !segment.isOptional {
            for field in segment.fields where field.role == .value {
                guard let value = object[field.key.description], !value.isNull else {
                    return ConsentError(.badJSON, format: .gpp, segment: declaration.prefix, field: field.key)
                }
                if case .integerList(let count, _) = field.coding, value.arrayValue?.count != count {
                    return ConsentError(.badJSON, format: .gpp, segment: declaration.prefix, field: field.key)
                }
            }
        }
        // A key only other layouts have, even as null (`"gpc": null` is what a layout with an absent GPC subsection
        // writes), rules this one out.
        for other in declaration.layouts where other !== layout {
            for segment in other.segments {
                for field in segment.fields where layout.locate(field.key.description) == nil {
                    if object[field.key.description] != nil {
                        return ConsentError(.badJSON, format: .gpp, segment: declaration.prefix, field: field.key)
                    }
                }
            }
        }
        return nil
    }

    /// Reads one field's value from JSON.
    /// - Throws: `badJSON` or `valueOutOfRange`, naming the section (`segment`) and the key (`field`).
    private static func fieldValue(
        _ field: GPPField,
        _ json: JSONValue?,
        _ prefix: StaticString
    ) throws(ConsentError) -> GPPFieldValue {
        do throws(ConsentError) {
            return try readFieldValue(field, json, prefix)
        } catch {
            throw error.adding(format: .gpp, segment: prefix)
        }
    }

    private static func readFieldValue(
        _ field: GPPField,
        _ json: JSONValue?,
        _ prefix: StaticString
    ) throws(ConsentError) -> GPPFieldValue {
        let bad = ConsentError(.badJSON, format: .gpp, segment: prefix, field: field.key)
        guard let json, !json.isNull else { throw bad }
        switch field.coding {
        case .boolean:
            guard let flag = json.boolValue else { throw bad }
            return .boolean(flag)
        case .integer:
            guard let number = json.intValue else { throw bad }
            return .integer(number)
        case .integerList(let count, let bitsPerItem):
            guard let items = json.arrayValue, items.count == count else { throw bad }
            var numbers: [Int] = []
            for item in items {
                guard let number = item.intValue else { throw bad }
                numbers.append(number)
            }
            return .list(try FixedIntegerList(numbers, bitsPerItem: bitsPerItem, field: field.key))
        case .datetime:
            guard let text = json.stringValue else { throw bad }
            return .datetime(deciseconds: try Timestamp.deciseconds(iso8601: text, field: field.key))
        case .letters:
            // Lower case is read as upper case, as a TC string's two-letter codes are (json.md writes them upper).
            guard let text = json.stringValue else { throw bad }
            return .letters(text.uppercased())
        case .bitField, .countedBitField, .vendorRange, .fibonacciRange:
            return .ids(try ids(json, bad))
        case .publisherRestrictions:
            guard let items = json.arrayValue else { throw bad }
            var list: [CanadianPublisherRestriction] = []
            for item in items {
                guard let purpose = item["purposeId"]?.intValue, let type = item["restrictionType"]?.intValue,
                    let vendors = item["vendorIds"]
                else { throw bad }
                list.append(
                    CanadianPublisherRestriction(
                        purposeID: purpose,
                        restrictionType: type,
                        vendorIDs: try ids(vendors, bad)
                    )
                )
            }
            return .restrictions(list)
        }
    }

    private static func ids(_ json: JSONValue, _ bad: ConsentError) throws(ConsentError) -> IDSet {
        guard let items = json.arrayValue else { throw bad }
        var ids = IDSet()
        for item in items {
            guard let id = item.intValue, id >= 1, id <= IDSet.maximumID else { throw bad }
            ids.insert(id)
        }
        return ids
    }

    /// The Version checks decoding makes, for built values: a Version with a layout (usnat 1 or 2, others 1; any
    /// for TCF Canada), and 1 in a new-style section header.
    func checkVersion() throws(ConsentError) {
        let badVersion = ConsentError(.badVersion, format: .gpp, segment: declaration.prefix, field: "version")
        switch declaration.structure {
        case .versioned, .tcfCanada:
            guard declaration.accepts(version: integer("version") ?? 0) else { throw badVersion }
        case .mspa:
            if layout.coreIndex > 0, integer("version") != 1 { throw badVersion }
        }
    }
}
