/// One section of a GPP string.
public enum GPPSection: Sendable, Hashable {
    /// A section described by a ``GPPSectionDeclaration``: TCF Canada (5), usnat (7), the US states (8-27).
    case fields(GPPFieldSection)
    /// A section id this package does not know, kept verbatim.
    case unknown(UnknownGPPSection)

    /// The section id.
    public var id: Int {
        switch self {
        case .fields(let section): section.id
        case .unknown(let section): section.id
        }
    }

    /// The API prefix (`usnat`), or the id as text for an unknown section (its JSON key).
    public var key: String {
        switch self {
        case .fields(let section): section.prefix
        case .unknown(let section): String(section.id)
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
        default: GPPSectionDeclaration.declaration(for: id)?.prefix.description
        }
    }
}
