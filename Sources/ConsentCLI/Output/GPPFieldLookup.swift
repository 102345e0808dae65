import ConsentKit

/// Finds the GPP module's declaration of a section field by section prefix and JSON key, for value meanings and
/// item names in the pretty output.
enum GPPFieldLookup {
    /// The field `key` of section `prefix` (in the first of its layouts that has it), or nil.
    static func field(section prefix: String, key: String) -> GPPField? {
        fields(section: prefix, key: key).first
    }

    /// The field `key` of section `prefix` in each of its layouts that has it, in the declaration's order: a list
    /// can be longer in a later layout (usnat version 2 has 16 sensitive data items where version 1 has 12).
    static func fields(section prefix: String, key: String) -> [GPPField] {
        guard let declaration = GPPSectionDeclaration.declaration(prefix: prefix) else { return [] }
        return declaration.layouts.flatMap { fields(in: $0, key: key) }
    }

    /// The field `key` of each segment of `layout` that has it (none, one, or one a segment).
    private static func fields(in layout: GPPSectionLayout, key: String) -> [GPPField] {
        layout.segments.compactMap { segment in segment.fields.first { $0.key.description == key } }
    }

    /// True when a segment of `layout` has the field `key` (what ``fields(in:key:)`` finds, without a list: stats asks
    /// it of every GPP section it counts).
    static func layout(_ layout: GPPSectionLayout, has key: String) -> Bool {
        layout.segments.contains { segment in segment.fields.contains { $0.key.description == key } }
    }

    /// What `value` of the field means, or nil when the declaration gives no meaning.
    static func meaning(section prefix: String, key: String, value: Int) -> String? {
        guard let field = field(section: prefix, key: key) else { return nil }
        if let meaning = field.values.meaning(of: value) { return meaning.description }
        return field.values.allows(value) ? nil : "not a defined value"
    }

    /// The name of optional subsection `id` of section `prefix` (`gpc`, `sensitiveData`), as a header-first
    /// section's `subSections` lists it, or nil.
    static func subsectionName(section prefix: String, id: Int) -> String? {
        guard let declaration = GPPSectionDeclaration.declaration(prefix: prefix) else { return nil }
        for layout in declaration.layouts {
            if let segment = layout.segments.first(where: { $0.isOptional && $0.subsectionID == id }) {
                return segment.name.description
            }
        }
        return nil
    }

    /// What item `index` (0-based) of a list field is about ("racial or ethnic origin"), or nil.
    static func itemName(section prefix: String, key: String, index: Int) -> String? {
        guard index >= 0, let field = fields(section: prefix, key: key).first(where: { index < $0.itemNames.count })
        else { return nil }
        return field.itemNames[index].description
    }
}
