import ConsentCore

/// One way a section's segments can be laid out: usnat has a version 1 and a version 2 layout, the new-style
/// state sections an iabgpp-es layout and a header-first one. The layout assigns every field its storage.
///
/// A class, as ``GPPSectionDeclaration`` is: made once with its declaration and reached by reference.
public final class GPPSectionLayout: Sendable {
    /// `v1`, `v2`, `default`, `headerFirst`.
    public let name: StaticString
    /// The section Version this layout is the format of, when the section has a Version field first.
    public let version: Int?
    /// The segments in the order a string writes them; optional ones may be left out.
    public let segments: [GPPSegmentDeclaration]
    /// The index of the core segment (1 when a section header segment comes first).
    public let coreIndex: Int
    /// Number of id-set slots.
    let idSetCount: Int
    /// The segments reduced to what the decoder and encoder walk.
    let plans: [GPPSegmentPlan]
    /// Bits of the core when all its fields are fixed-width.
    let coreBitCount: Int?
    /// Every JSON key, each found at its index in ``fieldLocations``.
    private let keys: StaticKeyTable
    /// Every field's location, segment by segment in the order written.
    let fieldLocations: [FieldLocation]

    /// Where a field is in the layout, and its step (a copy of `plans[segment].steps[field]`, so that reading a
    /// field by its index reaches no plan).
    struct FieldLocation: Sendable {
        let segment: Int
        let field: Int
        let step: GPPFieldStep
    }

    /// Lays out `segments`, giving each field a slot; traps if the fixed-width fields need more than 256 bits
    /// (a declaration error, caught by the tests).
    package init(name: StaticString, version: Int? = nil, segments: [GPPSegmentDeclaration], coreIndex: Int = 0) {
        var plans: [GPPSegmentPlan] = []
        var used = 0
        var idSets = 0
        // Fixed-width values are stored one after the other in the order written.
        func scalarSlot(_ width: Int) -> GPPScalarSlot {
            precondition(used + width <= GPPFieldValues.wordCount * 64, "fixed-width fields exceed the value store")
            defer { used += width }
            return GPPScalarSlot(offset: used, width: width)
        }
        for segment in segments {
            var slots: [GPPFieldSlot] = []
            for field in segment.fields {
                if field.role != .value {
                    slots.append(.derived)
                    continue
                }
                switch field.coding {
                case .countedBitField(let countKey):
                    guard let countIndex = segment.fieldIndex(countKey),
                        case .scalar(let countSlot) = slots[countIndex]
                    else { preconditionFailure("the count field of a counted bitfield comes first") }
                    slots.append(.countedIDs(idSets, count: countSlot))
                    idSets += 1
                case .publisherRestrictions:
                    slots.append(.restrictions)
                case let coding where coding.holdsIDs:
                    slots.append(.ids(idSets))
                    idSets += 1
                case let coding:
                    slots.append(.scalar(scalarSlot(coding.fixedBitCount ?? 64)))
                }
            }
            plans.append(GPPSegmentPlan(segment, slots: slots))
        }
        self.name = name
        self.version = version
        self.segments = segments
        self.plans = plans
        self.coreIndex = coreIndex
        self.idSetCount = idSets
        self.coreBitCount = segments[coreIndex].fixedBitCount
        var keys: [StaticString] = []
        var locations: [FieldLocation] = []
        for (segmentIndex, segment) in segments.enumerated() {
            for (fieldIndex, field) in segment.fields.enumerated() {
                keys.append(field.key)
                locations.append(
                    FieldLocation(segment: segmentIndex, field: fieldIndex, step: plans[segmentIndex].steps[fieldIndex])
                )
            }
        }
        self.keys = StaticKeyTable(keys)
        self.fieldLocations = locations
    }

    /// The core segment.
    public var core: GPPSegmentDeclaration { segments[coreIndex] }

    /// The index of the segment named `name`.
    func segmentIndex(_ name: String) -> Int? { segments.firstIndex { $0.name.hasText(name) } }

    /// The segment and field index of the field with JSON key `key`.
    func locate(_ key: String) -> (segment: Int, field: Int)? {
        keys.index(of: key).map { (fieldLocations[$0].segment, fieldLocations[$0].field) }
    }

    /// The bit offset of field `key` in the core, when every field before it has a fixed width.
    func coreBitOffset(of key: String) -> Int? {
        var offset = core.typeBits
        for field in core.fields {
            if field.hasKey(key) { return offset }
            guard let bits = field.coding.fixedBitCount else { return nil }
            offset += bits
        }
        return nil
    }
}
