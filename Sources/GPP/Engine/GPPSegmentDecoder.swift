import ConsentCore

/// What decoding a segment found besides the values.
struct GPPSegmentNotes {
    /// The ids in a new-style section header's SubSections field.
    var subsectionIDs = IDSet()
    /// The core ended inside the PubRestrictions count (read as no restrictions).
    var restrictionsCut = false
}

extension GPPSegmentDeclaration {
    /// The name errors give the type field.
    var typeFieldName: StaticString { typeKey.utf8CodeUnitCount > 0 ? typeKey : "subsectionType" }

    /// The one decoder: reads this segment's type field (checked) and every field in order into `values`.
    /// `fibonacciVendors` reads vendor ranges and restriction ids in the Int(16) + Boolean + Fibonacci variant.
    /// - Throws: `truncated` where a field is cut short; `badValue` for a wrong type or section id, or a value the
    ///   coding cannot hold.
    func decode(
        _ reader: inout BitReader,
        into values: inout GPPFieldValues,
        sectionID: Int,
        fibonacciVendors: Bool,
        notes: inout GPPSegmentNotes
    ) throws(ConsentError) {
        if typeBits > 0 {
            let start = reader.readerBitIndex
            let type: Int = try reader.readInteger(bits: typeBits, field: typeFieldName)
            guard type == typeValue else {
                throw ConsentError(.badValue, field: typeFieldName, bitOffset: start, value: Int64(type))
            }
        }
        for index in fields.indices {
            let field = fields[index]
            switch slots[index] {
            case .scalar(let slot):
                values.setScalar(try Self.readScalar(field, &reader), slot)
            case .ids(let setIndex):
                values.idSets[setIndex] = try Self.readIDs(field, &reader, fibonacciVendors: fibonacciVendors)
            case .countedIDs(let setIndex, let countSlot):
                let count = Int(values.scalar(countSlot))
                values.idSets[setIndex] = try reader.readBitField(count: count, field: field.key)
            case .restrictions:
                values.restrictions = try Self.readRestrictions(
                    field,
                    &reader,
                    fibonacciVendors: fibonacciVendors,
                    notes: &notes
                )
            case .derived:
                let start = reader.readerBitIndex
                if field.role == .sectionID {
                    let id: Int = try reader.readInteger(bits: 6, field: field.key)
                    guard id == sectionID else {
                        throw ConsentError(.badValue, field: field.key, bitOffset: start, value: Int64(id))
                    }
                } else {
                    notes.subsectionIDs = try reader.readFibonacciRange(field: field.key).ids
                }
            }
        }
    }

    private static func readScalar(_ field: GPPField, _ reader: inout BitReader) throws(ConsentError) -> UInt64 {
        switch field.coding {
        case .boolean:
            return try reader.readBool(field: field.key) ? 1 : 0
        case .letters(let count):
            var value: UInt64 = 0
            for _ in 0..<count { value = value << 6 | UInt64(try reader.readLetter(field: field.key)) }
            return value
        case let coding:
            return try reader.readInteger(bits: coding.fixedBitCount ?? 0, field: field.key)
        }
    }

    private static func readIDs(
        _ field: GPPField,
        _ reader: inout BitReader,
        fibonacciVendors: Bool
    ) throws(ConsentError) -> IDSet {
        switch field.coding {
        case .bitField(let count): try reader.readBitField(count: count, field: field.key)
        case .fibonacciRange: try reader.readFibonacciRange(field: field.key).ids
        default:
            fibonacciVendors
                ? try reader.readOptimizedFibonacciRange(field: field.key).ids
                : try reader.readOptimizedIntegerRange(field: field.key).ids
        }
    }

    /// Reads `N-ArrayOfRanges(6,2)`; a segment that ends before or inside the 12-bit count has none
    /// (gpp.md §7.2: iabgpp-es declares the field not-hard-fail).
    private static func readRestrictions(
        _ field: GPPField,
        _ reader: inout BitReader,
        fibonacciVendors: Bool,
        notes: inout GPPSegmentNotes
    ) throws(ConsentError) -> [CanadianPublisherRestriction] {
        if reader.readableBits < 12 {
            notes.restrictionsCut = true
            try reader.skipBits(reader.readableBits)
            return []
        }
        let count: Int = try reader.readInteger(bits: 12, field: field.key)
        var restrictions: [CanadianPublisherRestriction] = []
        for _ in 0..<count {
            let purpose: Int = try reader.readInteger(bits: 6, field: field.key)
            let type: Int = try reader.readInteger(bits: 2, field: field.key)
            let ids =
                fibonacciVendors
                ? try reader.readOptimizedFibonacciRange(field: field.key).ids
                : try reader.readIntegerRange(field: field.key).ids
            restrictions.append(CanadianPublisherRestriction(purposeID: purpose, restrictionType: type, vendorIDs: ids))
        }
        return restrictions.sortedForOutput()
    }
}

extension [CanadianPublisherRestriction] {
    /// Ordered by purpose id, then restriction type (spec/json.md), stable otherwise.
    func sortedForOutput() -> [CanadianPublisherRestriction] {
        enumerated()
            .sorted {
                ($0.element.purposeID, $0.element.restrictionType, $0.offset) < (
                    $1.element.purposeID, $1.element.restrictionType, $1.offset
                )
            }
            .map(\.element)
    }
}
