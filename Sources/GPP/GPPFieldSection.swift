public import ConsentCore

/// A decoded or built GPP section described by a ``GPPSectionDeclaration``: TCF Canada (5), usnat (7) and every
/// US state section (8-27). A small value: fixed-width fields live packed in four words.
///
/// Read fields by JSON key (``value(_:)``, ``integer(_:)``, ``list(_:)``, ``ids(_:)``) or through the
/// shortcuts (``saleOptOut``, ``gpc``, ...); change them with ``set(_:to:)``. A decoded section keeps its text and
/// gives it back from ``encoded(options:)`` until a field changes; a changed or built section encodes canonically
/// (pad to a byte then to 6 bits, optional subsections in declared order).
public struct GPPFieldSection: Sendable, Hashable {
    /// What the section is.
    public let declaration: GPPSectionDeclaration
    /// The layout read or chosen (usnat: 0 = version 1 layout, 1 = version 2 layout).
    public private(set) var layoutIndex: Int
    /// Bit *i* set: segment *i* of the layout is present (the core always is).
    var present: UInt8
    var values: GPPFieldValues
    var memory = GPPSectionMemory()

    /// A section with every field at its default (Version the current one, MspaCoveredTransaction 1, the rest 0)
    /// and no optional subsection, in `layoutIndex` or the declaration's default layout.
    public init(_ declaration: GPPSectionDeclaration, layoutIndex: Int? = nil) {
        let index = layoutIndex.map { Swift.min(Swift.max($0, 0), declaration.layouts.count - 1) }
        self.init(declaration, blankLayout: index ?? declaration.defaultLayoutIndex)
        for (segmentIndex, segment) in layout.segments.enumerated() where !segment.isOptional {
            present |= 1 << UInt8(segmentIndex)
            setDefaults(segment: segmentIndex)
        }
    }

    /// A section with nothing present and every value zero.
    init(_ declaration: GPPSectionDeclaration, blankLayout layoutIndex: Int) {
        self.declaration = declaration
        self.layoutIndex = layoutIndex
        self.present = 0
        self.values = GPPFieldValues(idSetCount: declaration.layouts[layoutIndex].idSetCount)
    }

    /// The layout in use.
    public var layout: GPPSectionLayout { declaration.layouts[layoutIndex] }

    /// The section id, `7`.
    public var id: Int { declaration.id }

    /// The API prefix, `usnat`.
    public var prefix: String { declaration.prefix.description }

    /// The text this section was decoded from, while no field has changed since.
    public var originalText: Substring? { memory.text?.substring }

    /// True when the layout's segment `name` (`gpc`, `sensitiveData`, `disclosedVendors`, ...) is present.
    public func isPresent(segment name: String) -> Bool {
        guard let index = layout.segmentIndex(name) else { return false }
        return isPresent(segmentIndex: index)
    }

    @inline(__always)
    func isPresent(segmentIndex index: Int) -> Bool { UInt(present) >> UInt(bitPattern: index) & 1 != 0 }

    /// Adds (with default values) or removes an optional segment.
    /// - Throws: `badValue` when the layout has no optional segment of that name.
    public mutating func setPresent(_ isPresent: Bool, segment name: String) throws(ConsentError) {
        guard let index = layout.segmentIndex(name), layout.segments[index].isOptional else {
            throw ConsentError(.badValue, format: .gpp, segment: declaration.prefix, field: "segment")
        }
        setPresent(isPresent, segmentIndex: index)
    }

    mutating func setPresent(_ isPresent: Bool, segmentIndex index: Int) {
        guard self.isPresent(segmentIndex: index) != isPresent else { return }
        memory.text = nil
        clearValues(segment: index)
        if isPresent {
            present |= 1 << UInt8(index)
            setDefaults(segment: index)
        } else {
            present &= ~(1 << UInt8(index))
        }
    }

    /// Same layout, segments and values, however each was written.
    func hasSameValues(as other: GPPFieldSection) -> Bool {
        declaration === other.declaration && layoutIndex == other.layoutIndex && present == other.present
            && values == other.values
    }

    private mutating func setDefaults(segment index: Int) {
        let segment = layout.segments[index]
        for (fieldIndex, field) in segment.fields.enumerated() {
            if case .scalar(let slot) = layout.plans[index].steps[fieldIndex].slot {
                values.setScalar(UInt64(field.defaultValue), slot)
            }
        }
    }

    private mutating func clearValues(segment index: Int) {
        for slot in layout.plans[index].steps.map(\.slot) {
            switch slot {
            case .scalar(let scalar): values.setScalar(0, scalar)
            case .ids(let setIndex), .countedIDs(let setIndex, _): values.setIDs(IDSet(), at: setIndex)
            case .restrictions: values.restrictions = []
            case .derived: break
            }
        }
    }
}

extension GPPFieldSection {
    /// Equal when the sections mean the same: same declaration, layout, segments present and values, however each
    /// was written (as ``TCF/TCString`` compares).
    public static func == (lhs: GPPFieldSection, rhs: GPPFieldSection) -> Bool { lhs.hasSameValues(as: rhs) }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(declaration.id)
        hasher.combine(layoutIndex)
        hasher.combine(present)
        hasher.combine(values)
    }
}

/// How a decoded section was written: what a canonical encoding would not reproduce, and what lint reports.
struct GPPSectionMemory: Sendable, Hashable {
    /// The section's text as decoded; cleared by any change.
    var text: GPPTextSlice?
    /// Some segment was padded to 6 bits only (the specification's form).
    var sixBitPadding = false
    /// Some segment was padded to a byte, then to 6 bits (iabgpp-es/java).
    var bytePadding = false
    /// Some segment's length matches neither padding form, has `=` after it, or non-zero padding bits.
    var irregularPadding = false
    /// `.`-separated parts after the last subsection the section can hold, kept only in ``text``.
    var extraSegments = 0
    /// Vendor fields were read in the Int(16) + Boolean + Fibonacci variant (TCF Canada).
    var fibonacciVendors = false
    /// The core ended inside the PubRestrictions count (TCF Canada).
    var restrictionsCut = false
    /// The optional segments' indexes in the order written, when that is free (TCF Canada): four bits each, the
    /// first in the lowest bits, each stored plus one.
    var segmentOrder: UInt32 = 0

    /// The segment indexes of ``segmentOrder``.
    var segmentOrderIndexes: [Int] {
        var indexes: [Int] = []
        var packed = segmentOrder
        while packed != 0 {
            indexes.append(Int(packed & 15) - 1)
            packed >>= 4
        }
        return indexes
    }

    /// Appends a segment index to ``segmentOrder``.
    mutating func noteSegment(_ index: Int) {
        var shift: UInt32 = 0
        while segmentOrder >> shift != 0 { shift += 4 }
        if shift < 32 { segmentOrder |= UInt32(index + 1) << shift }
    }

    /// The characters a segment of `usedBits` takes padded to 6 bits (the specification's form), and padded to a
    /// byte, then to 6 bits (iabgpp-es/java).
    @inline(__always)
    static func paddedCharacters(usedBits: Int) -> (sixBit: Int, byteThenSix: Int) {
        ((usedBits + 5) / 6, ((usedBits + 7) / 8 * 8 + 5) / 6)
    }

    /// Records the padding after the last field of a segment.
    mutating func notePadding(_ reader: BitReader) {
        let (sixBit, byteThenSix) = Self.paddedCharacters(usedBits: reader.readerBitIndex)
        let characters = reader.characterCount
        if characters == sixBit { sixBitPadding = sixBitPadding || characters != byteThenSix }
        if characters == byteThenSix { bytePadding = bytePadding || characters != sixBit }
        if (characters != sixBit && characters != byteThenSix) || reader.trailingPadding > 0
            || !reader.remainingBitsAreZero
        {
            irregularPadding = true
        }
    }
}
