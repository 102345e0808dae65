public import ConsentCore

/// A section whose id this package does not know, kept verbatim so that the string round-trips
/// (JSON: `{"raw": "..."}` under the id as a string key).
public struct UnknownGPPSection: Sendable, Hashable {
    /// The section id from the header.
    public var id: Int
    /// The section's text, exactly as written.
    public var text: Substring

    /// An unknown section with its text.
    ///
    /// The text is not checked here: ``encoded()`` (and so ``GPPString/encoded(options:)``) refuses text that
    /// would not decode as one section. Nor is the id: text under an id this package knows is written as given, and
    /// a decoder reads it back as that section (or fails on it).
    public init(id: Int, text: some StringProtocol) {
        self.id = id
        self.text = Substring(text)
    }

    /// The section's text, after checking that a decoder reads it back as this one section.
    /// - Throws: `valueOutOfRange` (segment `section`, field `raw`, `value` the section id, `characterOffset` the
    ///   offending character within the text) for text that is empty, holds a character outside base64url (a `~`
    ///   would start another section), or an empty `.`-separated part.
    public func encoded() throws(ConsentError) -> String {
        // The segment cap is a decoder's resource limit, not part of the format: encoders write any number.
        do throws(ConsentError) {
            try withTextView(of: text) { view throws(ConsentError) in
                try Self.checkText(view, options: .withoutSizeLimits)
            }
        } catch {
            throw ConsentError(
                .valueOutOfRange,
                format: .gpp,
                segment: "section",
                field: "raw",
                characterOffset: error.characterOffset,
                value: Int64(id)
            )
        }
        return String(text)
    }

    /// Checks the text of an unknown section the one way the decoder and the encoder both do: only its structure,
    /// one or more `.`-separated parts (at most `options.maxSegments`), each one or more base64url characters
    /// (trailing `=` allowed, gpp.md §1.1).
    /// - Throws: `badBase64` (segment `section`) at the first character outside the alphabet or for an empty part;
    ///   `tooLong` past the segment cap.
    static func checkText(_ text: TextView, options: DecodingOptions) throws(ConsentError) {
        var parts = GPPSegmentParts(text, limit: options.maxSegments)
        do throws(ConsentError) {
            while let segment = try parts.next() { _ = try segment.reader() }
        } catch {
            throw error.adding(format: .gpp, segment: "section")
        }
    }
}
