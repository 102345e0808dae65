/// A section whose id this package does not know, kept verbatim so that the string round-trips
/// (JSON: `{"raw": "..."}` under the id as a string key).
public struct UnknownGPPSection: Sendable, Hashable {
    /// The section id from the header.
    public var id: Int
    /// The section's text, exactly as written.
    public var text: Substring

    /// An unknown section with its text.
    public init(id: Int, text: some StringProtocol) {
        self.id = id
        self.text = Substring(text)
    }
}
