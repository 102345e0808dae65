extension ConsentError {
    /// A stable short word for each kind of failure (`truncated`, `badBase64`, ...), as printed in JSON errors.
    ///
    /// A struct of static constants rather than an enum, so codes can be added without breaking callers
    /// that switch over them.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        @usableFromInline let rawValue: UInt8

        @inlinable init(_ rawValue: UInt8) { self.rawValue = rawValue }

        /// The input is empty (or only whitespace where that is allowed).
        public static let empty = Code(0)
        /// The input is none of the formats this package knows, or not the one asked for.
        public static let unknownFormat = Code(1)
        /// A character outside the base64url alphabet, or an empty segment.
        public static let badBase64 = Code(2)
        /// A field needs more bits (or characters) than the input has left.
        public static let truncated = Code(3)
        /// A version this package cannot read.
        public static let badVersion = Code(4)
        /// A value the format cannot hold, or a structure it forbids.
        public static let badValue = Code(5)
        /// The input is longer than ``DecodingOptions`` allows.
        public static let tooLong = Code(6)
        /// A value given to an encoder does not fit its field.
        public static let valueOutOfRange = Code(7)
        /// A JSON document is malformed or lacks a required member.
        public static let badJSON = Code(8)
        /// A lint diagnostic of error level, raised because strict decoding was asked for.
        public static let policyViolation = Code(9)

        /// The stable word: `truncated`, `badBase64`, ...
        public var description: String {
            switch rawValue {
            case 0: "empty"
            case 1: "unknownFormat"
            case 2: "badBase64"
            case 3: "truncated"
            case 4: "badVersion"
            case 5: "badValue"
            case 6: "tooLong"
            case 7: "valueOutOfRange"
            case 8: "badJSON"
            case 9: "policyViolation"
            default: "unknown"
            }
        }

        /// A short phrase for messages.
        var summary: String {
            switch rawValue {
            case 0: "empty input"
            case 1: "not a consent string of a known kind"
            case 2: "character outside the base64url alphabet"
            case 3: "input ends too early"
            case 4: "unsupported version"
            case 5: "value the format cannot hold"
            case 6: "input longer than allowed"
            case 7: "value does not fit its field"
            case 8: "bad JSON"
            case 9: "policy rule broken"
            default: "error"
            }
        }
    }
}

/// The kinds of consent string this package reads and writes.
public enum ConsentFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// IAB TCF TC string (v2) or legacy v1.1 consent string.
    case tcf
    /// IAB Global Privacy Platform string.
    case gpp
    /// IAB US Privacy string (`1YNN`).
    case usp
    /// Google Additional Consent string (`2~1.35~dv.9`).
    case ac

    /// The short name used in JSON (`"type"`) and on the command line (`--kind`).
    public var description: String { rawValue }
}
