import ConsentKit

extension ExplainedSegment {
    /// The walk of a string the decoder refused, made to say what the decoder says: the decoder, not the walk, tells
    /// whether a string is valid, and the walk reads every field without judging its value (vendor id 0, a range
    /// that ends before it starts, a GPP header's version), so it could run on past the decoder's error and fail
    /// later, or not at all.
    ///
    /// The segment that `error` names (by its character offset) ends with the field that holds the error's bit,
    /// followed by the bits after that field as `(unread)`, and the error, worded as the walk words its own, becomes
    /// the segment's failure, followed by `hint` (what decode adds to its message where the error's value alone
    /// reads wrong: a GPP header's count of sections against the parts that follow). Segments are left as walked
    /// when the error has no bit offset, names no walked segment, or the walk already failed at that bit with that
    /// code.
    static func agreeing(
        _ segments: [ExplainedSegment],
        with error: ConsentError,
        hint: String = ""
    )
        -> [ExplainedSegment]
    {
        guard let bitOffset = error.bitOffset,
            let index = segments.firstIndex(where: { $0.characterOffset == (error.characterOffset ?? 0) }),
            !segments[index].countsCharacters
        else { return segments }
        var result = segments
        result[index].endWalk(at: bitOffset, failingWith: error)
        if let failure = result[index].failure, !hint.isEmpty { result[index].failure = failure + hint }
        return result
    }

    /// Cuts the fields after the one that holds bit `bitOffset` into one `(unread)` field and makes `error` the
    /// failure; the fields cover the segment without a gap before and after.
    private mutating func endWalk(at bitOffset: Int, failingWith error: ConsentError) {
        if let failure, failure.hasPrefix("\(error.code) "), failure.contains(" at bit \(bitOffset)") { return }
        let holding = fields.firstIndex { field in
            field.bitOffset == bitOffset || (field.bitOffset < bitOffset && bitOffset < field.bitOffset + field.width)
        }
        guard let holding, !fields[holding].field.hasPrefix("(") else {
            // The walk stopped before the bit, or the bit is in what it did not read: the failure alone is the
            // decoder's, with the decoder's field name (the walk has none for that bit).
            failure = ExplainedSegment.failureText(error, field: error.field.description)
            return
        }
        let after = fields[(holding + 1)...]
        let failing = fields[holding]
        fields.removeSubrange((holding + 1)...)
        if !after.isEmpty {
            let bits = after.map(\.bits).joined()
            fields.append(
                ExplainedField(
                    field: "(unread)",
                    bitOffset: failing.bitOffset + failing.width,
                    width: after.reduce(0) { $0 + $1.width },
                    bits: bits,
                    value: bits.contains("1") ? "not all zero" : ""  // as FieldRecorder.remainder(_:) says it
                )
            )
        }
        failure = ExplainedSegment.failureText(error, field: failing.field)
    }
}
