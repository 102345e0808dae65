import ConsentCore

extension GPPSegmentDeclaration {
    /// The one encoder, generic over the sink so that a ``BitCounter`` sizes what a ``BitWriter`` writes: the type
    /// field, then every field in order. `subsectionIDs` are written for a section header's SubSections field.
    /// - Throws: `valueOutOfRange` when a value does not fit its field (an id above a bitfield's length, more than
    ///   4095 ranges, a letter outside A-Z).
    func encode<Sink: BitSink>(
        _ values: GPPFieldValues,
        sectionID: Int,
        subsectionIDs: IDSet,
        into sink: inout Sink
    ) throws(ConsentError) {
        if typeBits > 0 { try sink.writeInteger(typeValue, bits: typeBits, field: typeFieldName) }
        for index in fields.indices {
            let field = fields[index]
            switch slots[index] {
            case .scalar(let slot):
                let value = values.scalar(slot)
                if case .letters(let count) = field.coding {
                    for letter in (0..<count).reversed() {
                        try sink.writeLetter(
                            UInt8(truncatingIfNeeded: value >> UInt64(6 * letter)) & 63,
                            field: field.key
                        )
                    }
                } else {
                    sink.writeBits(value, count: slot.width)
                }
            case .ids(let setIndex):
                let ids = values.idSets[setIndex]
                switch field.coding {
                case .bitField(let count): try sink.writeBitField(ids, count: count, field: field.key)
                case .fibonacciRange: try sink.writeFibonacciRange(ids, field: field.key)
                default: try sink.writeOptimizedIntegerRange(ids, field: field.key)
                }
            case .countedIDs(let setIndex, let countSlot):
                let count = Int(values.scalar(countSlot))
                try sink.writeBitField(values.idSets[setIndex], count: count, field: field.key)
            case .restrictions:
                try sink.writeInteger(values.restrictions.count, bits: 12, field: field.key)
                for restriction in values.restrictions {
                    try sink.writeInteger(restriction.purposeID, bits: 6, field: field.key)
                    try sink.writeInteger(restriction.restrictionType, bits: 2, field: field.key)
                    try sink.writeIntegerRange(restriction.vendorIDs, field: field.key)
                }
            case .derived:
                if field.role == .sectionID {
                    try sink.writeInteger(sectionID, bits: 6, field: field.key)
                } else {
                    try sink.writeFibonacciRange(subsectionIDs, field: field.key)
                }
            }
        }
    }
}

extension BitSink {
    /// Writes `OptimizedIntRange` as iabgpp-es/java do (gpp.md §4.8): Int(16) max id, then the Range(Int) form when
    /// it is no longer than the bitfield (max id bits), else the bitfield.
    /// - Throws: `valueOutOfRange` for more than 4095 runs.
    mutating func writeOptimizedIntegerRange(_ ids: IDSet, field: StaticString) throws(ConsentError) {
        let maxID = ids.max ?? 0
        try writeInteger(maxID, bits: 16, field: field)
        let useRange = !ids.isEmpty && RangeEncodingSize.integerRange(ids) <= RangeEncodingSize.bitField(maxID: maxID)
        writeBool(useRange)
        if useRange {
            try writeIntegerRange(ids, field: field)
        } else {
            try writeBitField(ids, count: maxID, field: field)
        }
    }
}
