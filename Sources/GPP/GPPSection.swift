public import ConsentCore
public import TCF
public import USPrivacy

/// One section of a GPP string.
public enum GPPSection: Sendable, Hashable {
    /// Section 1, `tcfeuv1`: a legacy TCF v1.1 consent string (deprecated).
    case tcfEuV1(TCStringV1)
    /// Section 2, `tcfeuv2`: a TCF v2 TC string (boxed: it is more than twice the size of the other cases).
    indirect case tcfEuV2(TCString)
    /// Section 6, `uspv1`: a US Privacy string.
    case usPrivacy(USPrivacyString)
    /// A section described by a ``GPPSectionDeclaration``: TCF Canada (5), usnat (7), the US states (8-27).
    case fields(GPPFieldSection)
    /// A section id this package does not know, kept verbatim.
    case unknown(UnknownGPPSection)

    /// The section id.
    public var id: Int {
        switch self {
        case .tcfEuV1: 1
        case .tcfEuV2: 2
        case .usPrivacy: 6
        case .fields(let section): section.id
        case .unknown(let section): section.id
        }
    }

    /// The API prefix (`usnat`), or the id as text for an unknown section (its JSON key).
    public var key: String { Self.prefix(of: id) ?? String(id) }

    /// The section's API prefix as the `segment` of a ``ConsentCore/ConsentError`` (`section` for an unknown one).
    var segmentName: StaticString {
        switch self {
        case .tcfEuV1: "tcfeuv1"
        case .tcfEuV2: "tcfeuv2"
        case .usPrivacy: "uspv1"
        case .fields(let section): section.declaration.prefix
        case .unknown: "section"
        }
    }

    /// The declared section, when this is one.
    public var fieldSection: GPPFieldSection? {
        if case .fields(let section) = self { return section }
        return nil
    }

    /// The API prefix of section `id`, or nil when unknown.
    public static func prefix(of id: Int) -> String? {
        switch id {
        case 1: "tcfeuv1"
        case 2: "tcfeuv2"
        case 6: "uspv1"
        default: GPPSectionDeclaration.declaration(for: id)?.prefix.description
        }
    }

    /// The id of the section whose API prefix is `prefix` (`usnat`: 7), or nil when no section has it.
    public static func id(ofPrefix prefix: String) -> Int? {
        switch prefix {
        case "tcfeuv1": 1
        case "tcfeuv2": 2
        case "uspv1": 6
        default: GPPSectionDeclaration.declaration(prefix: prefix)?.id
        }
    }

    /// The section's text: the decoded text while nothing changed, else canonical.
    /// - Throws: `valueOutOfRange` when a value does not fit its field, or when an unknown section's text would not
    ///   read back as that one section (``UnknownGPPSection/encoded()``).
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        switch self {
        case .tcfEuV1(let string): try string.encoded(options: options)
        case .tcfEuV2(let string): try string.encoded(options: options)
        case .usPrivacy(let string): try string.encoded(options: options)
        case .fields(let section): try section.encoded(options: options)
        case .unknown(let section): try section.encoded()
        }
    }

    /// The section's lint findings, field paths prefixed with the section's key; `now` (deciseconds since 1970)
    /// for the "timestamp in the future" rule of a TC string section.
    public func lint(now: Int64? = nil) -> [Diagnostic] {
        let findings: [Diagnostic]
        switch self {
        case .tcfEuV1(let string): findings = string.lint(now: now)
        case .tcfEuV2(let string): findings = string.lint(now: now)
        case .usPrivacy(let string): findings = string.lint()
        case .fields(let section): return section.lint()
        case .unknown(let section):
            return [
                Diagnostic(
                    .info,
                    code: "unknownSection",
                    field: String(section.id),
                    message: "section \(section.id) is not one this package knows; kept verbatim"
                )
            ]
        }
        return findings.map { finding in
            var prefixed = finding
            prefixed.field = finding.field.isEmpty ? key : key + "." + finding.field
            return prefixed
        }
    }
}
