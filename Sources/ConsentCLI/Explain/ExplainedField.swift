import ConsentKit

/// One field of an explained string: where it sits, its raw bits and what they mean.
struct ExplainedField: Equatable {
    /// The field's path within its segment: `cmpId`, `vendorConsents.maxVendorId`,
    /// `publisherRestrictions[0].purposeId`.
    var field: String
    /// Bit offset from the start of the segment (for the character-based formats: character offset).
    var bitOffset: Int
    /// Width in bits (characters for US Privacy and Additional Consent).
    var width: Int
    /// The raw bits, `0` and `1` (the characters, for the character-based formats).
    var bits: String
    /// The value, as the JSON form would print it, or a short explanation.
    var value: String
}

/// One segment of an explained string: a `.`-separated part of a TC string, the GPP header or a GPP section.
struct ExplainedSegment: Equatable {
    /// `core`, `disclosedVendors`, `header`, `usnat` ...
    var name: String
    /// The text of the segment.
    var text: String
    /// Where the segment starts in the whole string (characters).
    var characterOffset: Int
    /// Data bits in the segment (6 per character), or characters for the character-based formats.
    var bitCount: Int
    /// True for the character-based formats (US Privacy, Additional Consent): offsets count characters.
    var countsCharacters = false
    /// The fields read, in order.
    var fields: [ExplainedField] = []
    /// Why reading stopped early, if it did.
    var failure: String?
}

extension ExplainedSegment {
    /// Walks one base64url segment with `walker`, which returns the segment's name when it learns it (from a
    /// segment type). Bits after the last field are recorded as `(padding)`; when reading fails, the bits from the
    /// end of the last field read as `(unread)`, and the error in ``failure``.
    static func walk(
        _ text: String,
        name: String,
        characterOffset: Int,
        walker: (inout FieldRecorder) throws(ConsentError) -> String?
    ) -> ExplainedSegment {
        var segment = ExplainedSegment(name: name, text: text, characterOffset: characterOffset, bitCount: 0)
        do throws(ConsentError) {
            try withTextView(of: text) { view throws(ConsentError) in
                var recorder = FieldRecorder(try view.bitReader())
                segment.bitCount = recorder.reader.bitCount
                do throws(ConsentError) {
                    if let learned = try walker(&recorder) { segment.name = learned }
                    recorder.remainder("(padding)")
                } catch {
                    if let named = recorder.segmentName { segment.name = named }
                    recorder.unreadRemainder()
                    segment.failure = failureText(error, field: recorder.current)
                }
                segment.fields = recorder.fields
            }
        } catch {
            segment.failure = error.description
        }
        return segment
    }

    /// `truncated reading purposeLegitimateInterests at bit 176: needed 24 bits, 10 left`.
    static func failureText(_ error: ConsentError, field: String) -> String {
        var text = error.code.description
        if !field.isEmpty { text += " reading \(field)" }
        if let bitOffset = error.bitOffset { text += " at bit \(bitOffset)" }
        if let expected = error.expectedBits, let available = error.availableBits {
            text += ": needed \(expected) bits, \(available) left"
        } else if let value = error.value {
            text += ": value \(value)"
        }
        return text
    }
}
