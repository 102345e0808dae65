public import TCF
public import USPrivacy

/// An IAB Global Privacy Platform string: a header (Type 3, Version 1, the section ids) and its sections, each in
/// header order.
///
/// Decoding is eager and deterministic: the header, the section count and every section are checked before the
/// value exists, so the same input always gives the same value or error. A decoded string keeps its text and
/// gives it back from ``encoded(options:)`` byte for byte until something changes; then each section that did
/// not change keeps its text, and changed or built ones encode canonically (see ``GPPFieldSection``).
public struct GPPString: Sendable, Hashable {
    /// The header Version (only 1 is defined).
    public let version: Int
    /// The sections, in header order; changing them drops the remembered text of the whole string.
    public var sections: [GPPSection] {
        didSet { memory.text = nil }
    }
    var memory = GPPStringMemory()

    /// A string of `sections`, kept in ascending id order (the order of a header, and of a decoded string), so that
    /// a built string equals the same string decoded.
    public init(sections: [GPPSection] = []) {
        self.version = 1
        self.sections = sections
        self.sections = inIDOrder
    }

    /// The sections in ascending id order (sections with the same id, which cannot be encoded, in their own order):
    /// ``sections`` itself when it is in order, as it is unless it was changed so.
    var inIDOrder: [GPPSection] {
        var previous = 0
        for section in sections {
            guard section.id > previous else {
                return sections.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }
                    .map(\.element)
            }
            previous = section.id
        }
        return sections
    }

    /// The section ids in header order.
    public var sectionIDs: [Int] { sections.map(\.id) }

    /// The section with id `id`, or nil. Setting nil removes it; setting a section puts it at its id's place.
    public subscript(id id: Int) -> GPPSection? {
        get { sections.first { $0.id == id } }
        set {
            if let index = sections.firstIndex(where: { $0.id == id }) {
                if let newValue { sections[index] = newValue } else { sections.remove(at: index) }
            } else if let newValue {
                let index = sections.firstIndex { $0.id > id } ?? sections.endIndex
                sections.insert(newValue, at: index)
            }
        }
    }

    /// The declared section with id `id` (`5`, `7`-`27`), or nil.
    public func fieldSection(_ id: Int) -> GPPFieldSection? { self[id: id]?.fieldSection }

    /// Section 7, `usnat`, or nil.
    public var usNational: GPPFieldSection? { fieldSection(7) }

    /// Section 2, `tcfeuv2`: the TC string, or nil.
    public var tcfEuV2: TCString? {
        if case .tcfEuV2(let string)? = self[id: 2] { return string }
        return nil
    }

    /// Section 1, `tcfeuv1`: the legacy TCF v1.1 string, or nil.
    public var tcfEuV1: TCStringV1? {
        if case .tcfEuV1(let string)? = self[id: 1] { return string }
        return nil
    }

    /// Section 6, `uspv1`: the US Privacy string, or nil.
    public var usPrivacy: USPrivacyString? {
        if case .usPrivacy(let string)? = self[id: 6] { return string }
        return nil
    }

    /// The text this string was decoded from, while nothing changed.
    public var originalText: String? { memory.text }
}

extension GPPString {
    /// Equal when the strings mean the same: the same sections, however each was written, in whatever order
    /// ``sections`` holds them (a string is written in ascending id order).
    public static func == (lhs: GPPString, rhs: GPPString) -> Bool {
        lhs.version == rhs.version && lhs.inIDOrder == rhs.inIDOrder
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(inIDOrder)
    }
}

/// How a decoded GPP string was written.
struct GPPStringMemory: Sendable, Hashable {
    /// The whole input.
    var text: String?
    /// The header's text.
    var header: GPPTextSlice?
}
