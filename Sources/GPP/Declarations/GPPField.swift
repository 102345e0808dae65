/// One field of a GPP section, declared once: its specification name, JSON key, coding, the values it may take
/// and what they mean. The decoder, encoder, JSON writer and reader, lint and pretty printers all walk these.
public struct GPPField: Sendable {
    /// What a field's value is for the codec.
    enum Role: Sendable {
        /// An ordinary stored value.
        case value
        /// The section's own id (new-style section header `SectionID`): written from the declaration, checked on
        /// decoding, not stored.
        case sectionID
        /// The ids of the optional subsections present (new-style section header `SubSections`): written from
        /// which subsections are present, checked on decoding, not stored.
        case subsectionIDs
    }

    /// The specification's field name, `SaleOptOut`.
    public let name: StaticString
    /// The JSON key (spec/json.md), `saleOptOut`.
    public let key: StaticString
    /// How the field is written.
    public let coding: GPPCoding
    /// The values the specification defines and their meanings (for lists: of each item).
    public let values: GPPValueSet
    /// For lists: what each item is about, item 1 first ("racial or ethnic origin", ...); empty otherwise.
    public let itemNames: [StaticString]
    /// The value of a freshly built section.
    public let defaultValue: Int
    let role: Role

    /// Declares a field.
    package init(
        _ name: StaticString,
        key: StaticString,
        coding: GPPCoding,
        values: GPPValueSet = .unconstrained,
        items: [StaticString] = [],
        defaultValue: Int = 0
    ) {
        self.init(
            name,
            key: key,
            coding: coding,
            values: values,
            items: items,
            defaultValue: defaultValue,
            role: .value
        )
    }

    init(
        _ name: StaticString,
        key: StaticString,
        coding: GPPCoding,
        values: GPPValueSet,
        items: [StaticString],
        defaultValue: Int,
        role: Role
    ) {
        self.name = name
        self.key = key
        self.coding = coding
        self.values = values
        self.itemNames = items
        self.defaultValue = defaultValue
        self.role = role
    }

    /// True when `text` is this field's JSON key.
    func hasKey(_ text: String) -> Bool { key.hasText(text) }
}

extension StaticString {
    /// True when the string's bytes equal `text`'s UTF-8, without building a `String`.
    func hasText(_ text: String) -> Bool {
        utf8CodeUnitCount == text.utf8.count && withUTF8Buffer { $0.elementsEqual(text.utf8) }
    }
}
