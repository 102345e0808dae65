/// One field of a section with its value, for pretty printers and explainers.
public struct GPPFieldEntry: Sendable {
    /// The segment the field belongs to (`core`, `gpc`, ...).
    public let segment: GPPSegmentDeclaration
    /// The field's declaration: name, JSON key, coding, value meanings, item names.
    public let field: GPPField
    /// The value, or nil when the segment is absent.
    public let value: GPPFieldValue?

    /// What the value means in words, where the field's table says: `did not opt out`; for lists, one meaning per
    /// item in order (nil items have no meaning listed).
    public var meanings: [StaticString?] {
        switch value {
        case .integer(let number): [field.values.meaning(of: number)]
        case .boolean(let flag): [field.values.meaning(of: flag ? 1 : 0)]
        case .list(let list): list.map { field.values.meaning(of: $0) }
        default: []
        }
    }
}

extension GPPFieldSection {
    /// Every field of the layout in the order written, with its value (nil for an absent optional segment): what
    /// a pretty printer walks. Derived header fields (SectionID, SubSections) carry the values they would be
    /// written with.
    public var entries: [GPPFieldEntry] {
        var entries: [GPPFieldEntry] = []
        for (segmentIndex, segment) in layout.segments.enumerated() {
            let present = isPresent(segmentIndex: segmentIndex)
            for (fieldIndex, field) in segment.fields.enumerated() {
                entries.append(
                    GPPFieldEntry(
                        segment: segment,
                        field: field,
                        value: present ? value(segment: segmentIndex, field: fieldIndex) : nil
                    )
                )
            }
        }
        return entries
    }
}
