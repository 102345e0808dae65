import ConsentCore

extension GPPSegmentPlan {
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
        if let run = storedRun {
            // The stored bits are the wire bits: write them in whole words.
            var offset = run.offset
            var remaining = run.width
            while remaining > 0 {
                let chunk = Swift.min(64, remaining)
                sink.writeBits(values.bits(at: offset, width: chunk), count: chunk)
                offset += chunk
                remaining -= chunk
            }
            return
        }
        for step in steps {
            switch step.slot {
            case .scalar(let slot):
                let value = values.scalar(slot)
                if step.kind == .letters {
                    for letter in (0..<step.bits).reversed() {
                        try sink.writeLetter(
                            UInt8(truncatingIfNeeded: value >> UInt64(6 * letter)) & 63,
                            field: step.key
                        )
                    }
                } else {
                    sink.writeBits(value, count: slot.width)
                }
            case .ids(let setIndex):
                let ids = values.ids(at: setIndex)
                switch step.kind {
                case .bitField: try sink.writeBitField(ids, count: step.bits, field: step.key)
                case .fibonacciRange: try sink.writeFibonacciRange(ids, field: step.key)
                default: try sink.writeOptimizedIntegerRange(ids, field: step.key)
                }
            case .countedIDs(let setIndex, let countSlot):
                let count = Int(values.scalar(countSlot))
                try sink.writeBitField(values.ids(at: setIndex), count: count, field: step.key)
            case .restrictions:
                try sink.writeInteger(values.restrictions.count, bits: 12, field: step.key)
                for restriction in values.restrictions {
                    try sink.writeInteger(restriction.purposeID, bits: 6, field: step.key)
                    try sink.writeInteger(restriction.restrictionType, bits: 2, field: step.key)
                    try sink.writeIntegerRange(restriction.vendorIDs, field: step.key)
                }
            case .derived:
                if step.kind == .sectionID {
                    try sink.writeInteger(sectionID, bits: 6, field: step.key)
                } else {
                    try sink.writeFibonacciRange(subsectionIDs, field: step.key)
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
