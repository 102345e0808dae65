public import ConsentCore

/// Any TCF consent string: a TC string (Version 2) or a legacy v1.1 string (Version 1), told apart by the 6-bit
/// Version at the start of the text.
public enum TCFString: Sendable, Hashable {
    /// A TCF v2 TC string.
    case v2(TCString)
    /// A legacy TCF v1.1 vendor consent string.
    case legacy(TCStringV1)

    /// Decodes either version.
    /// - Throws: as ``TCString/init(encoded:options:)-(String,_)`` and
    ///   ``TCStringV1/init(encoded:options:)-(String,_)``; `badVersion` (segment `core`, field `version`, bit 0) for a
    ///   Version other than 1 or 2; `badBase64` when the first character is outside base64url.
    public init(encoded: String, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        guard let first = encoded.utf8.first else { throw ConsentError(.empty, format: .tcf) }
        let sextet = Base64URL.sextet(first)
        guard sextet < 64 else {
            throw ConsentError(.badBase64, format: .tcf, segment: "core", characterOffset: 0, value: Int64(first))
        }
        switch sextet {
        case 2: self = .v2(try TCString(encoded: encoded, options: options))
        case 1: self = .legacy(try TCStringV1(encoded: encoded, options: options))
        default:
            // The first character is the whole 6-bit Version.
            throw ConsentError(
                .badVersion,
                format: .tcf,
                segment: "core",
                field: "version",
                bitOffset: 0,
                characterOffset: 0,
                value: Int64(sextet)
            )
        }
    }

    /// Decodes either version from any string type, keeping a `String` copy of the text.
    /// - Throws: as ``init(encoded:options:)``.
    @inlinable
    public init(encoded: some StringProtocol, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        try self.init(encoded: String(encoded), options: options)
    }

    /// The version: 2 or 1.
    public var version: Int {
        switch self {
        case .v2: 2
        case .legacy: 1
        }
    }

    /// The encoded string (lossless for unmodified decoded values; see the two types).
    /// - Throws: `valueOutOfRange` naming the field when a value does not fit it.
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        switch self {
        case .v2(let value): try value.encoded(options: options)
        case .legacy(let value): try value.encoded(options: options)
        }
    }

    /// The JSON form of spec/json.md, with `encoding`.
    public func jsonValue(includeType: Bool = true, includeEncoding: Bool = true) -> JSONValue {
        switch self {
        case .v2(let value): value.jsonValue(includeType: includeType, includeEncoding: includeEncoding)
        case .legacy(let value): value.jsonValue(includeType: includeType, includeEncoding: includeEncoding)
        }
    }

    /// Builds a value from its JSON form; `version` (1 or 2) picks the type.
    /// - Throws: `badJSON` for a missing or other `version`, or as the types' `init(json:)`.
    public init(json: JSONValue) throws(ConsentError) {
        switch json["version"]?.intValue {
        case 2: self = .v2(try TCString(json: json))
        case 1: self = .legacy(try TCStringV1(json: json))
        default: throw ConsentError(.badJSON, format: .tcf, field: "version")
        }
    }

    /// Lint findings of the string (see ``TCString/lint(now:)`` and ``TCStringV1/lint(now:)``).
    public func lint(now: Int64? = nil) -> [Diagnostic] {
        switch self {
        case .v2(let value): value.lint(now: now)
        case .legacy(let value): value.lint(now: now)
        }
    }
}
