/// Limits and strictness for decoding, with safe defaults. Each cap names the attack it stops.
public struct DecodingOptions: Sendable, Hashable {
    /// Longest input accepted, in UTF-8 bytes; longer input fails at once with ``ConsentError/Code/tooLong``.
    ///
    /// Stops: memory and time spent on megabyte "strings" (a real TC string with every one of 65,535 vendors in
    /// two bitfields is about 22,000 characters; the default leaves room for four times that).
    public var maxInputLength: Int = 100_000

    /// Most `~`-separated sections a GPP string may carry.
    ///
    /// Stops: a header listing thousands of ids (and inputs of thousands of `~`) making the decoder build
    /// thousands of section values.
    public var maxSections: Int = 64

    /// Most `.`-separated segments a TC string (or a GPP section) may carry.
    ///
    /// Stops: inputs made of thousands of dots, each an unknown segment kept for the round trip.
    public var maxSegments: Int = 16

    /// Decoding fails with ``ConsentError/Code/policyViolation`` on any lint diagnostic of error level.
    /// Off by default: decoding is lenient about form and strict about structure (`../shared/DESIGN.md`, decision 3).
    public var strict: Bool = false

    /// The defaults.
    public init() {}

    /// No size caps (input length, sections, segments), not strict: for text that was decoded once already, such as
    /// the `encoding` record of a JSON form. Its size was checked when it was decoded, perhaps with raised caps, and
    /// the caps are a decoder's resource limits, not part of the formats: reading such text back with the defaults
    /// would drop a text that a caller with larger limits decoded, and with it the lossless round trip.
    public static let withoutSizeLimits: DecodingOptions = {
        var options = DecodingOptions()
        options.maxInputLength = .max
        options.maxSections = .max
        options.maxSegments = .max
        return options
    }()

    /// The defaults, with `strict` set.
    public static let strict: DecodingOptions = {
        var options = DecodingOptions()
        options.strict = true
        return options
    }()
}

/// Choices an encoder makes where the formats allow more than one form.
public struct EncodingOptions: Sendable, Hashable {
    /// How a value that was decoded and not changed since is written.
    public enum Fidelity: Sendable, Hashable {
        /// Give back the decoded text exactly (the default): lossless round trips.
        case preserveOriginal
        /// Re-encode every field canonically, as a freshly built value would be.
        case canonical
    }

    /// Lossless (the default) or canonical re-encoding of decoded values.
    public var fidelity: Fidelity = .preserveOriginal

    /// The defaults.
    public init() {}

    /// Re-encode everything canonically.
    public static let canonical: EncodingOptions = {
        var options = EncodingOptions()
        options.fidelity = .canonical
        return options
    }()
}
