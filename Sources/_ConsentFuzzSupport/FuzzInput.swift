public import ConsentCore

/// One fuzz input, split the way every target reads it: the first byte chooses the options, the rest is the
/// text (as UTF-8; invalid sequences are repaired, since every decoder takes a `String`).
///
/// Option byte, bit by bit (0 = the defaults, so a seed file is a zero byte followed by a string):
/// - bit 0: strict decoding (``DecodingOptions/strict``);
/// - bit 1: the encoding options are ``EncodingOptions/canonical``;
/// - bits 2-3: ``DecodingOptions/maxInputLength``: default, 16, 300, unlimited;
/// - bits 4-5: ``DecodingOptions/maxSections``: default, 0, 2, unlimited;
/// - bits 6-7: ``DecodingOptions/maxSegments``: default, 1, 3, unlimited.
public struct FuzzInput: Sendable {
    /// The decoding options the option byte chose.
    public let decoding: DecodingOptions
    /// The encoding options the option byte chose.
    public let encoding: EncodingOptions
    /// The bytes after the option byte.
    public let payload: ArraySlice<UInt8>
    /// ``payload`` as text.
    public let text: String

    /// Splits `data`; an empty input gives the default options and empty text.
    public init(_ data: [UInt8]) {
        let options = data.first ?? 0
        var decoding = DecodingOptions()
        decoding.strict = options & 1 != 0
        decoding.maxInputLength = [decoding.maxInputLength, 16, 300, Int.max][Int(options >> 2 & 3)]
        decoding.maxSections = [decoding.maxSections, 0, 2, Int.max][Int(options >> 4 & 3)]
        decoding.maxSegments = [decoding.maxSegments, 1, 3, Int.max][Int(options >> 6 & 3)]
        self.decoding = decoding
        encoding = options & 2 != 0 ? .canonical : EncodingOptions()
        payload = data.dropFirst()
        text = String(decoding: payload, as: UTF8.self)
    }

    /// An input of `text` with the given decoding options and the default encoding options.
    init(text: String, decoding: DecodingOptions) {
        self.decoding = decoding
        encoding = EncodingOptions()
        payload = ArraySlice(text.utf8)
        self.text = text
    }
}
