import ConsentCore

/// Everything the codec knows about one bit-encoded GPP section, declared once in `Sections/`: its id, API
/// prefix, layouts (segments and fields) and how a string's segments map onto them.
///
/// A class: each declaration exists once, sections refer to it without copying it, and two are equal when they are
/// the same one.
public final class GPPSectionDeclaration: Sendable {
    /// How the segments of a section are told apart.
    enum Structure: Sendable {
        /// Version field first (usnat, sections 8-23): the Version picks the layout, the optional subsections
        /// follow in declared order.
        case versioned
        /// MSPA-version first (sections 24-27): either the iabgpp-es layout (core first) or the header-first
        /// layout of the specification, told apart by the first 6 bits.
        case mspa
        /// TCF Canada: core first, then optional segments in any order, each starting with an Int(3) type.
        case tcfCanada
    }

    /// The section id in the GPP header, `7`.
    public let id: Int
    /// The API prefix and JSON key, `usnat`.
    public let prefix: StaticString
    /// A name for people, `US National (MSPA)`.
    public let title: StaticString
    /// The layouts; ``defaultLayoutIndex`` is the one a freshly built section uses.
    public let layouts: [GPPSectionLayout]
    /// The layout of a freshly built section.
    public let defaultLayoutIndex: Int
    let structure: Structure

    init(
        id: Int,
        prefix: StaticString,
        title: StaticString,
        structure: Structure,
        layouts: [GPPSectionLayout],
        defaultLayoutIndex: Int = 0
    ) {
        self.id = id
        self.prefix = prefix
        self.title = title
        self.structure = structure
        self.layouts = layouts
        self.defaultLayoutIndex = defaultLayoutIndex
    }

    /// The declaration of section `id`, or nil when it is not a bit-encoded section this package declares
    /// (sections 1, 2 and 6 are decoded by the TCF and US Privacy modules).
    public static func declaration(for id: Int) -> GPPSectionDeclaration? {
        guard id >= 0, id < byID.count else { return nil }
        return byID[id]
    }

    /// The declaration whose prefix is `prefix`.
    public static func declaration(prefix: String) -> GPPSectionDeclaration? {
        all.first { $0.prefix.hasText(prefix) }
    }

    private static let byID: [GPPSectionDeclaration?] = {
        var table = [GPPSectionDeclaration?](repeating: nil, count: (all.map(\.id).max() ?? 0) + 1)
        for declaration in all { table[declaration.id] = declaration }
        return table
    }()

    /// True for TCF Canada, whose one layout reads any Version (6 bits): iabgpp-es and LiveRamp's iabconsent decode
    /// the Version 2 cores some CMPs write (`C...`), whose fields are those of Version 1; gpp-sections.md §5 gives the
    /// value 1 and no rule for others. ``GPPFieldSection/lint()`` reports another Version.
    var readsEveryVersion: Bool { structure == .tcfCanada }

    /// Whether a section's Version field may hold `version`: one a layout is declared for, any for TCF Canada, or,
    /// when no layout names a Version (the MSPA sections 24-27), 1, the only Version the header-first layout has.
    func accepts(version: Int) -> Bool {
        if readsEveryVersion { return version >= 0 && version < 64 }
        var declaresVersions = false
        for layout in layouts {
            guard let declared = layout.version else { continue }
            if declared == version { return true }
            declaresVersions = true
        }
        return !declaresVersions && version == 1
    }

    /// The layout a section's Version field selects, given the bits of its core (`../shared/DESIGN.md`, decision 5;
    /// gpp-sections.md §7 "How to pick the layout"): the Version's own layout, unless the core is long enough for
    /// a larger layout, or too short for the Version's layout but long enough for a smaller one.
    /// - Throws: `badVersion` when no layout has that Version (and the section does not read every Version).
    func layoutIndex(version: Int, coreBits: Int) throws(ConsentError) -> Int {
        var own = -1
        for index in layouts.indices where layouts[index].version == version {
            own = index
            break
        }
        if own < 0 && readsEveryVersion { return defaultLayoutIndex }
        guard own >= 0 else {
            throw ConsentError(
                .badVersion,
                format: .gpp,
                segment: prefix,
                field: "version",
                bitOffset: 0,
                value: Int64(version)
            )
        }
        let ownBits = layouts[own].coreBitCount ?? 0
        for index in layouts.indices where index != own && layouts[index].version != nil {
            guard let bits = layouts[index].coreBitCount, coreBits >= bits else { continue }
            if bits > ownBits || coreBits < ownBits { return index }
        }
        return own
    }

    /// The layout the decoder picks for a section's `text` by the Version and length of its core (the part before
    /// the first `.`), found without decoding the rest: the layout `explain` lists a section that fails to decode
    /// with, so that it names the fields the decoder read. nil when the section's structure is not `.versioned`, or
    /// its Version cannot be read or has no layout.
    package func layoutIndex(ofCoreIn text: some StringProtocol) -> Int? {
        guard structure == .versioned else { return nil }
        var core = Array(text.utf8.prefix { $0 != UInt8(ascii: ".") })
        while core.last == UInt8(ascii: "=") { core.removeLast() }
        // The Version is the core's first 6 bits: its first character.
        guard let first = core.first, Base64URL.sextet(first) < 64 else { return nil }
        return try? layoutIndex(version: Int(Base64URL.sextet(first)), coreBits: core.count * 6)
    }
}

extension GPPSectionDeclaration: Hashable {
    /// Declarations are unique: equal when identical.
    public static func == (lhs: GPPSectionDeclaration, rhs: GPPSectionDeclaration) -> Bool { lhs === rhs }

    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
