/// An IAB US Privacy string (CCPA opt-out string), version 1: four plain characters such as `1YNN`
/// (spec/usp.md).
///
/// Equality compares what the string says (the three letters); how it was written (lower case accepted by the
/// lenient decoder) is kept for the lossless round trip but does not take part.
public struct USPrivacyString: Sendable, Hashable, CustomStringConvertible {
    /// The only Specification Version defined (character 1).
    public static let specificationVersion = 1

    /// `1---`: the user is not in a US privacy jurisdiction (CCPA does not apply).
    public static let notApplicable = USPrivacyString()

    /// Notice/Opportunity to Opt Out, character 2: `Y` when the user was given notice and the opportunity to
    /// opt out of sale.
    public var notice: USPrivacyFlag { didSet { encoding = .built } }
    /// Opt-Out Sale, character 3: `Y` when the user has opted out of the sale of personal information; `-` only
    /// when CCPA does not apply.
    public var optOutSale: USPrivacyFlag { didSet { encoding = .built } }
    /// LSPA Covered Transaction, character 4: `Y` when the publisher declares the transaction covered by the IAB
    /// Limited Service Provider Agreement.
    public var lspaCovered: USPrivacyFlag { didSet { encoding = .built } }

    /// How the decoded text was written, kept while no field changes.
    @usableFromInline var encoding: Encoding

    /// Specification Version, character 1: always 1.
    public var version: Int { Self.specificationVersion }

    /// A string of the given letters; the defaults make `1---`.
    public init(
        notice: USPrivacyFlag = .notApplicable,
        optOutSale: USPrivacyFlag = .notApplicable,
        lspaCovered: USPrivacyFlag = .notApplicable
    ) {
        self.notice = notice
        self.optOutSale = optOutSale
        self.lspaCovered = lspaCovered
        encoding = .built
    }

    @usableFromInline
    init(_ letters: Letters, encoding: Encoding) {
        notice = letters.notice
        optOutSale = letters.optOutSale
        lspaCovered = letters.lspaCovered
        self.encoding = encoding
    }

    /// Equal when the three letters are equal.
    public static func == (lhs: USPrivacyString, rhs: USPrivacyString) -> Bool {
        lhs.notice == rhs.notice && lhs.optOutSale == rhs.optOutSale && lhs.lspaCovered == rhs.lspaCovered
    }

    /// Hashes the three letters.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(notice)
        hasher.combine(optOutSale)
        hasher.combine(lspaCovered)
    }

    /// The string as ``encoded(options:)`` writes it.
    public var description: String { originalText ?? canonicalText }
}
