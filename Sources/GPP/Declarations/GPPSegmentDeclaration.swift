/// One `.`-separated segment of a GPP section (the core, or a subsection such as GPC) and its fields in order.
public struct GPPSegmentDeclaration: Sendable {
    /// The segment's name: `core`, `gpc`, `sensitiveData`, `header`, `disclosedVendors`, `publisherPurposes`.
    public let name: StaticString
    /// Width of the leading subsection type field (0 when the segment has none).
    public let typeBits: Int
    /// The value the type field must hold.
    public let typeValue: Int
    /// The id a section header's SubSections list gives this optional segment (sections 24-27): its type value
    /// when it has a type field, else the id it was declared with; 0 for a segment no header lists.
    public let subsectionID: Int
    /// JSON key of the type field when the JSON form shows it (`gpcSegmentType`), else empty.
    public let typeKey: StaticString
    /// JSON key of the "segment present" flag when the JSON form shows one (`gpcSegmentIncluded`), else empty.
    public let includedKey: StaticString
    /// True when a string may leave the segment out.
    public let isOptional: Bool
    /// The fields after the type field, in the order written.
    public let fields: [GPPField]
    /// Declares a segment. `subsectionID` is for an optional segment without a type field that a section header
    /// lists (the sensitive data consents of sections 25-27); a typed segment is listed by its type value.
    package init(
        _ name: StaticString,
        type: (bits: Int, value: Int)? = nil,
        subsectionID: Int? = nil,
        typeKey: StaticString = "",
        includedKey: StaticString = "",
        isOptional: Bool = false,
        fields: [GPPField]
    ) {
        self.name = name
        self.typeBits = type?.bits ?? 0
        self.typeValue = type?.value ?? 0
        self.subsectionID = subsectionID ?? type?.value ?? 0
        self.typeKey = typeKey
        self.includedKey = includedKey
        self.isOptional = isOptional
        self.fields = fields
    }

    /// The bits the segment takes when every field has a fixed width, type field included; nil otherwise (and when
    /// the sum is past `Int.max`).
    public var fixedBitCount: Int? {
        var total = typeBits
        for field in fields {
            guard let bits = field.coding.fixedBitCount else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(bits)
            guard !overflow else { return nil }
            total = sum
        }
        return total
    }

    /// The index of the field with JSON key `key`.
    func fieldIndex(_ key: String) -> Int? { fields.firstIndex { $0.hasKey(key) } }

}

/// What the decoder and encoder need of one field, all trivial values.
struct GPPFieldStep: Sendable {
    /// The coding, without payloads.
    enum Kind: UInt8, Sendable {
        case integer, boolean, list, datetime, letters, bitField, countedBitField, vendorRange, fibonacciRange
        case restrictions, sectionID, subsectionIDs
    }

    let kind: Kind
    /// Width of an integer, list or datetime, letter count, or bitfield length.
    let bits: Int
    /// Width of one list item (lists only).
    let itemBits: Int
    let slot: GPPFieldSlot
    /// The JSON key, for errors.
    let key: StaticString

    init(_ field: GPPField, _ slot: GPPFieldSlot) {
        self.slot = slot
        key = field.key
        if case .integerList(_, let bitsPerItem) = field.coding { itemBits = bitsPerItem } else { itemBits = 0 }
        switch (field.role, field.coding) {
        case (.sectionID, _): (kind, bits) = (.sectionID, 6)
        case (.subsectionIDs, _): (kind, bits) = (.subsectionIDs, 0)
        case (_, .boolean): (kind, bits) = (.boolean, 1)
        case (_, .letters(let count)): (kind, bits) = (.letters, count)
        case (_, .bitField(let count)): (kind, bits) = (.bitField, count)
        case (_, .countedBitField): (kind, bits) = (.countedBitField, 0)
        case (_, .vendorRange): (kind, bits) = (.vendorRange, 0)
        case (_, .fibonacciRange): (kind, bits) = (.fibonacciRange, 0)
        case (_, .publisherRestrictions): (kind, bits) = (.restrictions, 0)
        case (_, .integerList(let count, let bitsPerItem)): (kind, bits) = (.list, count * bitsPerItem)
        case (_, .datetime): (kind, bits) = (.datetime, 36)
        case (_, let coding): (kind, bits) = (.integer, coding.fixedBitCount ?? 0)
        }
    }
}

/// A bit range in the fixed part of ``GPPFieldValues``.
struct GPPScalarSlot: Sendable, Hashable {
    /// The first bit, counted from the most significant bit of the first word.
    let offset: Int
    /// Width in bits.
    let width: Int
}

/// Where a field's value is kept in ``GPPFieldValues``.
enum GPPFieldSlot: Sendable {
    /// Packed bits of a fixed-width value.
    case scalar(GPPScalarSlot)
    /// An id set, by index.
    case ids(Int)
    /// An id set whose bit count is a scalar of the same segment.
    case countedIDs(Int, count: GPPScalarSlot)
    /// The restrictions list.
    case restrictions
    /// Not stored: derived from the declaration or the segments present.
    case derived
}
