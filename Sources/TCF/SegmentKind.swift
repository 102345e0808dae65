import ConsentCore

/// The segments of a TC string, by the SegmentType (3 bits) that every segment after the core starts with.
enum SegmentKind: Int, Sendable, Hashable, CaseIterable {
    /// The core segment: first, with no SegmentType field (its Version's top three bits read as 0).
    case core = 0
    /// DisclosedVendors, type 1.
    case disclosedVendors = 1
    /// AllowedVendors (out-of-band), type 2.
    case allowedVendors = 2
    /// PublisherTC, type 3.
    case publisherTC = 3
    /// Types 4-7, which the spec does not define.
    case unknown = 4

    /// The kind of a SegmentType value (0-7).
    init(segmentType: Int) { self = SegmentKind(rawValue: Swift.min(segmentType, 4)) ?? .unknown }

    /// The segment's name in errors, JSON and lint: its JSON key.
    var name: StaticString {
        switch self {
        case .core: "core"
        case .disclosedVendors: "disclosedVendors"
        case .allowedVendors: "allowedVendors"
        case .publisherTC: "publisherTC"
        case .unknown: "unknownSegment"
        }
    }

    /// The kind a segment starting with this character would be, read from its top three bits (nil for a
    /// character outside the alphabet); lets errors name a segment before it is validated.
    static func guess(firstCharacterOf view: TextView) -> SegmentKind? {
        guard !view.isEmpty else { return nil }
        let sextet = Base64URL.sextet(view[0])
        guard sextet < 64 else { return nil }
        return SegmentKind(segmentType: Int(sextet >> 3))
    }
}

/// Receives what a decoding walk sees about how a string was written. The hot decoder passes
/// ``NoLayoutRecording``, whose empty methods compile away; ``TCStringLayout`` keeps everything for lint and the
/// JSON `encoding` object by walking the remembered text again.
protocol TCStringLayoutRecorder {
    /// A segment was walked; `reader` stands after its last field, or after its type for a segment kept unread (of
    /// unknown type, or `isIgnored`: a repeated segment type).
    mutating func segment(_ kind: SegmentKind, segmentType: Int, view: TextView, reader: BitReader, isIgnored: Bool)
    /// A vendor section of a segment that is used (not of an ignored repeat) was walked.
    mutating func vendorSection(_ field: VendorField, _ scan: VendorSectionScan)
    /// A publisher restriction entry, in written order.
    mutating func restriction(purposeId: Int, type: RestrictionType, rangeEntries: Int, overlapping: Bool)
}

/// The recorder of the hot path: records nothing.
struct NoLayoutRecording: TCStringLayoutRecorder {
    // One byte of storage: the decoder takes its recorder `inout`, and ThreadSanitizer's instrumentation of an
    // inout access to an empty type, known empty only after specialization, hands the runtime a meaningless
    // address and crashes it (swift test --sanitize=thread; swiftlang/swift#35579 covers only types empty
    // before specialization).
    private var unused: UInt8 = 0

    @inline(__always)
    func segment(_ kind: SegmentKind, segmentType: Int, view: TextView, reader: BitReader, isIgnored: Bool) {}
    @inline(__always)
    func vendorSection(_ field: VendorField, _ scan: VendorSectionScan) {}
    @inline(__always)
    func restriction(purposeId: Int, type: RestrictionType, rangeEntries: Int, overlapping: Bool) {}
}

/// The four vendor sections of a TC string.
enum VendorField: Int, Sendable, Hashable, CaseIterable {
    /// Core vendor consents.
    case vendorConsents
    /// Core vendor legitimate interests.
    case vendorLegitimateInterests
    /// The disclosed vendors segment.
    case disclosedVendors
    /// The allowed vendors segment.
    case allowedVendors

    /// The JSON key, also the field name in errors.
    var name: StaticString {
        switch self {
        case .vendorConsents: "vendorConsents"
        case .vendorLegitimateInterests: "vendorLegitimateInterests"
        case .disclosedVendors: "disclosedVendors"
        case .allowedVendors: "allowedVendors"
        }
    }
}
