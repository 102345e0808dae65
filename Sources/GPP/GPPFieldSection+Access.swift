public import ConsentCore

extension GPPFieldSection {
    /// The value of the field with JSON key `key`, or nil when the layout has no such field or its segment is
    /// absent.
    public func value(_ key: String) -> GPPFieldValue? {
        guard let (segment, field) = layout.locate(key), isPresent(segmentIndex: segment) else { return nil }
        return value(segment: segment, field: field)
    }

    /// An integer or boolean field (as 0/1), or nil.
    public func integer(_ key: String) -> Int? {
        switch value(key) {
        case .integer(let value): value
        case .boolean(let value): value ? 1 : 0
        default: nil
        }
    }

    /// A list field (`sensitiveDataProcessing`, ...), or nil.
    public func list(_ key: String) -> FixedIntegerList? {
        if case .list(let list) = value(key) { return list }
        return nil
    }

    /// An id-set field (`purposesExpressConsent`, `vendorExpressConsent`, ...), or nil.
    public func ids(_ key: String) -> IDSet? {
        if case .ids(let ids) = value(key) { return ids }
        return nil
    }

    /// `SaleOptOut` (0 n.a., 1 opted out, 2 did not opt out), or nil when the section has none.
    public var saleOptOut: Int? { integer("saleOptOut") }
    /// `SharingOptOut`, or nil when the section has none.
    public var sharingOptOut: Int? { integer("sharingOptOut") }
    /// `TargetedAdvertisingOptOut`, or nil when the section has none.
    public var targetedAdvertisingOptOut: Int? { integer("targetedAdvertisingOptOut") }
    /// `MspaCoveredTransaction`, or nil when the section has none.
    public var mspaCoveredTransaction: Int? { integer("mspaCoveredTransaction") }

    /// The GPC signal: nil when the section has no GPC subsection (or cannot have one). Setting nil removes the
    /// subsection; setting a value adds it where the ``layout`` has a GPC subsection and is not kept where it has
    /// none (tcfcav1's, for one).
    public var gpc: Bool? {
        get {
            if case .boolean(let value) = value("gpc") { return value }
            return nil
        }
        set {
            guard let index = layout.segmentIndex("gpc") else { return }
            setPresent(newValue != nil, segmentIndex: index)
            if let newValue { try? set("gpc", to: .boolean(newValue)) }
        }
    }

    /// Sets the field with JSON key `key`, adding its optional segment when absent.
    /// - Throws: `badValue` when the layout has no such field (or it is derived from the others);
    ///   `valueOutOfRange` when the value does not fit its coding; `badVersion` for a Version the decoder would
    ///   refuse.
    public mutating func set(_ key: String, to newValue: GPPFieldValue) throws(ConsentError) {
        guard let (segment, field) = layout.locate(key),
            layout.segments[segment].fields[field].role == .value
        else {
            throw ConsentError(.badValue, format: .gpp, segment: declaration.prefix)
        }
        try store(newValue, segment: segment, field: field)
    }

    /// The value of field `field` of segment `segment`, read through the layout's trivial steps (no field
    /// declaration is copied).
    func value(segment: Int, field: Int) -> GPPFieldValue { value(of: layout.plans[segment].steps[field]) }

    /// The value of the field that `step` reads.
    @inline(__always)
    private func value(of step: GPPFieldStep) -> GPPFieldValue {
        switch step.slot {
        case .scalar(let slot):
            let raw = values.scalar(slot)
            switch step.kind {
            case .boolean: return .boolean(raw != 0)
            case .list:
                return .list(
                    FixedIntegerList(packed: raw, count: step.bits / step.itemBits, bitsPerItem: step.itemBits)
                )
            case .datetime: return .datetime(deciseconds: Int64(raw))
            case .letters:
                var text = ""
                for letter in (0..<step.bits).reversed() {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8(65 + (raw >> UInt64(6 * letter)) & 63)))
                }
                return .letters(text)
            default: return .integer(Int(raw))
            }
        case .ids(let setIndex), .countedIDs(let setIndex, _): return .ids(values.ids(at: setIndex))
        case .restrictions: return .restrictions(values.restrictions)
        case .derived: return step.kind == .sectionID ? .integer(declaration.id) : .ids(presentSubsectionIDs)
        }
    }

    /// Number of fields in the layout, every segment's (what ``value(at:)`` indexes).
    public var fieldCount: Int { layout.fieldLocations.count }

    /// The value of the layout's `index`-th field, counting every segment's fields in the order written (the
    /// order of ``entries``), or nil when its segment is absent or `index` is not in `0..<fieldCount`. Faster than
    /// ``value(_:)`` when walking every field.
    public func value(at index: Int) -> GPPFieldValue? {
        guard index >= 0, index < layout.fieldLocations.count else { return nil }
        let location = layout.fieldLocations[index]
        guard isPresent(segmentIndex: location.segment) else { return nil }
        return value(of: location.step)
    }

    /// The subsection ids of the optional segments present (a section header's SubSections).
    var presentSubsectionIDs: IDSet {
        var ids = IDSet()
        for (index, segment) in layout.segments.enumerated()
        where segment.isOptional && isPresent(segmentIndex: index) && segment.subsectionID > 0 {
            ids.insert(segment.subsectionID)
        }
        return ids
    }

    /// Checks `newValue` against the field's coding and stores it, making the segment present.
    mutating func store(_ newValue: GPPFieldValue, segment: Int, field: Int) throws(ConsentError) {
        let declared = layout.segments[segment].fields[field]
        let slot = layout.plans[segment].steps[field].slot
        let outOfRange = ConsentError(.valueOutOfRange, format: .gpp, segment: declaration.prefix, field: declared.key)
        var scalar: UInt64?
        switch (declared.coding, newValue) {
        case (.boolean, .boolean(let flag)): scalar = flag ? 1 : 0
        case (.integer(let bits), .integer(let number)):
            guard number >= 0, number < 1 << bits else { throw outOfRange }
            if declared.role == .value, "\(declared.key)" == "version", !declaration.accepts(version: number) {
                // As the decoder says of it (gpp-sections.md §7), with the Version given.
                throw ConsentError(
                    .badVersion,
                    format: .gpp,
                    segment: declaration.prefix,
                    field: declared.key,
                    value: Int64(number)
                )
            }
            scalar = UInt64(number)
        case (.datetime, .datetime(let deciseconds)):
            guard deciseconds >= 0, deciseconds < 1 << 36 else { throw outOfRange }
            scalar = UInt64(deciseconds)
        case (.integerList(let count, let bitsPerItem), .list(let list)):
            guard list.count == count, list.bitsPerItem == bitsPerItem else { throw outOfRange }
            scalar = list.packed
        case (.letters(let count), .letters(let text)):
            var packed: UInt64 = 0
            var letters = 0
            for byte in text.utf8 {
                guard byte >= 65, byte <= 90 else { throw outOfRange }
                packed = packed << 6 | UInt64(byte - 65)
                letters += 1
            }
            guard letters == count else { throw outOfRange }
            scalar = packed
        case (.bitField(let count), .ids(let ids)):
            guard (ids.max ?? 0) <= count else { throw outOfRange }
        case (.countedBitField, .ids(let ids)):
            guard (ids.max ?? 0) <= 63 else { throw outOfRange }
        case (.vendorRange, .ids), (.fibonacciRange, .ids): break
        case (.publisherRestrictions, .restrictions(let list)):
            for restriction in list {
                guard restriction.purposeID >= 0, restriction.purposeID < 64, restriction.restrictionType >= 0,
                    restriction.restrictionType < 4
                else { throw outOfRange }
            }
        default:
            throw outOfRange
        }
        setPresent(true, segmentIndex: segment)
        memory.text = nil
        switch (slot, newValue) {
        case (.scalar(let scalarSlot), _): values.setScalar(scalar ?? 0, scalarSlot)
        case (.ids(let setIndex), .ids(let ids)), (.countedIDs(let setIndex, _), .ids(let ids)):
            values.setIDs(ids, at: setIndex)
        case (.restrictions, .restrictions(let list)): values.restrictions = list.mergedInOutputOrder()
        default: break
        }
    }
}
