public import ConsentCore

/// One section of a GPP string, decoded on its own: its value, or why it did not decode.
public struct GPPSectionOutcome: Sendable {
    /// The section id the header lists for it.
    public let id: Int
    /// The section, or the error that ``GPPString/init(encoded:options:)-(String,_)`` would throw for it.
    public let result: Result<GPPSection, ConsentError>
}

extension GPPString {
    /// Decodes each section of a GPP string on its own, so that one broken section does not hide the others (a
    /// receiver that honours the TC string of section 2 need not drop it for a truncated usnat).
    ///
    /// ``init(encoded:options:)-(String,_)`` refuses the whole string for any error; this reads the same header
    /// and the same sections, in the header's order, and gives each section's outcome. The errors are the ones that
    /// initializer throws for that section (field, bit offset and character offset included). The rule checks of
    /// strict decoding, which concern the whole string, are not made here.
    /// - Throws: the errors of the string as a whole: an empty or overlong input, a header that does not decode, or
    ///   a number of `~` parts other than the number of section ids (`badValue`, field `sectionIds`).
    public static func decodingEachSection(
        _ encoded: String,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> [GPPSectionOutcome] {
        var lenient = options
        lenient.strict = false
        return try withTextView(of: encoded) { view throws(ConsentError) in
            let header = try GPPHeader.read(view, options: lenient)
            let parts = view.count(of: GPPHeader.tilde)
            guard parts == header.ids.count else { throw GPPHeader.countMismatch(sections: parts) }
            var outcomes: [GPPSectionOutcome] = []
            outcomes.reserveCapacity(parts)
            var position = header.end
            for id in header.ids {
                let start = position + 1
                let end = view.firstIndex(of: GPPHeader.tilde, from: start) ?? view.count
                let result = Result { () throws(ConsentError) in
                    try decodeSection(id, view.slice(start..<end), source: encoded, options: lenient)
                }
                outcomes.append(GPPSectionOutcome(id: id, result: result))
                position = end
            }
            return outcomes
        }
    }
}
