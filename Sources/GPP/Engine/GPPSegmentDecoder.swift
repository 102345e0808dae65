import ConsentCore

/// What decoding a segment found besides the values.
struct GPPSegmentNotes {
    /// The ids in a new-style section header's SubSections field.
    var subsectionIDs = IDSet()
    /// The core ended inside the PubRestrictions count (read as no restrictions).
    var restrictionsCut = false
    /// A vendor field (`OptimizedIntRange` or its Fibonacci variant) held ids above its MaxVendorId, left out.
    var vendorIDsAboveMaximum = false
}

extension GPPSegmentPlan {
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
        if let run = storedRun, reader.readableBits >= run.width {
            // Every field fits: copy the bits as they are (the store keeps them in wire order).
            var offset = run.offset
            var remaining = run.width
            while remaining > 0 {
                let chunk = Swift.min(64, remaining)
                values.setBits(try reader.readInteger(bits: chunk, as: UInt64.self), at: offset, width: chunk)
                offset += chunk
                remaining -= chunk
            }
            return
        }
        for step in steps {
            switch step.slot {
            case .scalar(let slot):
                values.setScalar(try Self.readScalar(step, &reader), slot)
            case .ids(let setIndex):
                let ids = try Self.readIDs(step, &reader, fibonacciVendors: fibonacciVendors, notes: &notes)
                values.setIDs(ids, at: setIndex)
            case .countedIDs(let setIndex, let countSlot):
                let count = Int(values.scalar(countSlot))
                values.setIDs(try reader.readBitField(count: count, field: step.key), at: setIndex)
            case .restrictions:
                values.restrictions = try Self.readRestrictions(
                    step,
                    &reader,
                    fibonacciVendors: fibonacciVendors,
                    notes: &notes
                )
            case .derived:
                let start = reader.readerBitIndex
                if step.kind == .sectionID {
                    let id: Int = try reader.readInteger(bits: 6, field: step.key)
                    guard id == sectionID else {
                        throw ConsentError(.badValue, field: step.key, bitOffset: start, value: Int64(id))
                    }
                } else {
                    notes.subsectionIDs = try reader.readFibonacciRange(field: step.key).ids
                }
            }
        }
    }

    @inline(__always)
    private static func readScalar(_ step: GPPFieldStep, _ reader: inout BitReader) throws(ConsentError) -> UInt64 {
        switch step.kind {
        case .boolean:
            return try reader.readBool(field: step.key) ? 1 : 0
        case .letters:
            var value: UInt64 = 0
            for _ in 0..<step.bits { value = value << 6 | UInt64(try reader.readLetter(field: step.key)) }
            return value
        default:
            return try reader.readInteger(bits: step.bits, field: step.key)
        }
    }

    private static func readIDs(
        _ step: GPPFieldStep,
        _ reader: inout BitReader,
        fibonacciVendors: Bool,
        notes: inout GPPSegmentNotes
    ) throws(ConsentError) -> IDSet {
        switch step.kind {
        case .bitField: return try reader.readBitField(count: step.bits, field: step.key)
        case .fibonacciRange: return try reader.readFibonacciRange(field: step.key).ids
        default:
            let range =
                fibonacciVendors
                ? try reader.readOptimizedFibonacciRange(field: step.key)
                : try reader.readOptimizedIntegerRange(field: step.key)
            if range.hasIDsAboveMax { notes.vendorIDsAboveMaximum = true }
            return range.ids
        }
    }

    /// Reads `N-ArrayOfRanges(6,2)`; a segment that ends before or inside the 12-bit count has none
    /// (gpp.md §7.2: iabgpp-es declares the field not-hard-fail).
    private static func readRestrictions(
        _ step: GPPFieldStep,
        _ reader: inout BitReader,
        fibonacciVendors: Bool,
        notes: inout GPPSegmentNotes
    ) throws(ConsentError) -> [CanadianPublisherRestriction] {
        if reader.readableBits < 12 {
            notes.restrictionsCut = true
            try reader.skipBits(reader.readableBits)
            return []
        }
        let count: Int = try reader.readInteger(bits: 12, field: step.key)
        var restrictions: [CanadianPublisherRestriction] = []
        for _ in 0..<count {
            let purpose: Int = try reader.readInteger(bits: 6, field: step.key)
            let type: Int = try reader.readInteger(bits: 2, field: step.key)
            let ids =
                fibonacciVendors
                ? try reader.readOptimizedFibonacciRange(field: step.key).ids
                : try reader.readIntegerRange(field: step.key).ids
            restrictions.append(CanadianPublisherRestriction(purposeID: purpose, restrictionType: type, vendorIDs: ids))
        }
        return restrictions.mergedInOutputOrder()
    }
}

extension [CanadianPublisherRestriction] {
    /// Ordered by purpose id, then restriction type (spec/json.md), one restriction a pair: the vendors of a pair
    /// given again are added to its first restriction, as TCF EU's are (tcf.md §5: "merge their vendor ids").
    func mergedInOutputOrder() -> [CanadianPublisherRestriction] {
        var merged: [CanadianPublisherRestriction] = []
        for restriction in self {
            if let index = merged.firstIndex(where: {
                $0.purposeID == restriction.purposeID && $0.restrictionType == restriction.restrictionType
            }) {
                merged[index].vendorIDs.formUnion(restriction.vendorIDs)
            } else {
                merged.append(restriction)
            }
        }
        // One restriction a pair now, so the order needs no tie-break.
        merged.sort { ($0.purposeID, $0.restrictionType) < ($1.purposeID, $1.restrictionType) }
        return merged
    }
}
