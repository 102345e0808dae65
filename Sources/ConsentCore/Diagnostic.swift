/// One finding of `lint`: something a string says that is legal to decode but breaks a policy rule, looks
/// suspicious, or is merely worth knowing. Diagnostics are reports, never thrown; strict decoding turns those
/// of ``Severity/error`` level into a ``ConsentError/Code/policyViolation``.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        /// The string breaks a rule of its specification or policy; consumers may reject it.
        case error
        /// Legal but suspicious or outdated.
        case warning
        /// Worth knowing; nothing is wrong.
        case info

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .info: 2
            }
        }

        /// Errors sort first.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How serious it is.
    public var severity: Severity
    /// A stable lowerCamelCase word naming the rule (`legitimateInterestNotAllowed`, `nonCanonicalPadding`).
    public var code: String
    /// The field path it concerns (`core.purposeLegitimateInterests`, `usnat.saleOptOut`), or empty.
    public var field: String
    /// One sentence for people.
    public var message: String

    /// Makes a diagnostic.
    public init(_ severity: Severity, code: String, field: String = "", message: String) {
        self.severity = severity
        self.code = code
        self.field = field
        self.message = message
    }

    /// `warning nonCanonicalPadding (core): message`.
    public var description: String {
        "\(severity.rawValue) \(code)" + (field.isEmpty ? "" : " (\(field))") + ": \(message)"
    }

    /// The JSON form printed by `consent lint --json`.
    public var jsonValue: JSONValue {
        .object(
            JSONObject([
                ("severity", .string(severity.rawValue)), ("code", .string(code)), ("field", .string(field)),
                ("message", .string(message)),
            ])
        )
    }
}
