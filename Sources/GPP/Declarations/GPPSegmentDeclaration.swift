/// One `.`-separated segment of a GPP section (the core, or a subsection such as GPC) and its fields in order.
public struct GPPSegmentDeclaration: Sendable {
    /// The segment's name: `core`, `gpc`, `sensitiveData`, `header`, `disclosedVendors`, `publisherPurposes`.
    public let name: StaticString
    /// Width of the leading subsection type field (0 when the segment has none).
    public let typeBits: Int
    /// The value the type field must hold.
    public let typeValue: Int
    /// JSON key of the type field when the JSON form shows it (`gpcSegmentType`), else empty.
    public let typeKey: StaticString
    /// JSON key of the "segment present" flag when the JSON form shows one (`gpcSegmentIncluded`), else empty.
    public let includedKey: StaticString
    /// True when a string may leave the segment out.
    public let isOptional: Bool
    /// The fields after the type field, in the order written.
    public let fields: [GPPField]
    /// Where each field's value is kept, set by the layout.
    var slots: [GPPFieldSlot] = []

    /// Declares a segment.
    public init(
        _ name: StaticString,
        type: (bits: Int, value: Int)? = nil,
        typeKey: StaticString = "",
        includedKey: StaticString = "",
        isOptional: Bool = false,
        fields: [GPPField]
    ) {
        self.name = name
        self.typeBits = type?.bits ?? 0
        self.typeValue = type?.value ?? 0
        self.typeKey = typeKey
        self.includedKey = includedKey
        self.isOptional = isOptional
        self.fields = fields
    }

    /// The bits the segment takes when every field has a fixed width, type field included; nil otherwise.
    public var fixedBitCount: Int? {
        var total = typeBits
        for field in fields {
            guard let bits = field.coding.fixedBitCount else { return nil }
            total += bits
        }
        return total
    }

    /// The index of the field with JSON key `key`.
    func fieldIndex(_ key: String) -> Int? { fields.firstIndex { $0.hasKey(key) } }

    /// True when the segment has a vendor-range field or publisher restrictions (two encodings exist).
    var hasVendorEncodings: Bool {
        fields.contains {
            if case .vendorRange = $0.coding { return true }
            if case .publisherRestrictions = $0.coding { return true }
            return false
        }
    }
}

/// A bit position in the fixed part of ``GPPFieldValues``.
struct GPPScalarSlot: Sendable, Hashable {
    /// Which of the four words.
    let word: Int
    /// Shift of the value's lowest bit.
    let shift: Int
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
