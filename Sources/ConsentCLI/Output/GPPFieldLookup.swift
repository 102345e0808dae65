import ConsentKit

/// Finds the GPP module's declaration of a section field by section prefix and JSON key, for value meanings and
/// item names in the pretty output.
enum GPPFieldLookup {
    /// The field `key` of section `prefix` (in any of its layouts), or nil.
    static func field(section prefix: String, key: String) -> GPPField? {
        guard let declaration = GPPSectionDeclaration.declaration(prefix: prefix) else { return nil }
        for layout in declaration.layouts {
            for segment in layout.segments {
                if let field = segment.fields.first(where: { $0.key.description == key }) { return field }
            }
        }
        return nil
    }

    /// What `value` of the field means, or nil when the declaration gives no meaning.
    static func meaning(section prefix: String, key: String, value: Int) -> String? {
        guard let field = field(section: prefix, key: key) else { return nil }
        if let meaning = field.values.meaning(of: value) { return meaning.description }
        return field.values.allows(value) ? nil : "not a defined value"
    }

    /// What item `index` (0-based) of a list field is about ("racial or ethnic origin"), or nil.
    static func itemName(section prefix: String, key: String, index: Int) -> String? {
        guard let field = field(section: prefix, key: key), index >= 0, index < field.itemNames.count else {
            return nil
        }
        return field.itemNames[index].description
    }
}
