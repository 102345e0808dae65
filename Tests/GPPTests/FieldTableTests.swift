import ConsentCore
import ConsentTestSupport
import GPP
import Testing

/// Every declared field at every value its table allows, and seeded random sections, through the one encoder and
/// decoder (and the JSON writer and reader).
@Suite struct FieldTableTests {
    /// Every (declaration, layout) pair.
    static let layouts: [(GPPSectionDeclaration, Int)] = GPPSectionDeclaration.all.flatMap { declaration in
        declaration.layouts.indices.map { (declaration, $0) }
    }

    /// A section of the layout with every optional segment present.
    static func fullSection(_ declaration: GPPSectionDeclaration, _ layoutIndex: Int) throws -> GPPFieldSection {
        var section = GPPFieldSection(declaration, layoutIndex: layoutIndex)
        for segment in section.layout.segments where segment.isOptional {
            try section.setPresent(true, segment: segment.name.description)
        }
        return section
    }

    /// The values to try for `field` (its defined values; boundaries where every value is defined).
    static func samples(_ field: GPPField, _ declaration: GPPSectionDeclaration) -> [GPPFieldValue] {
        let allowed = field.values.allowed
        switch field.coding {
        case .integer(let bits):
            if field.key.description == "version" { return versions(declaration).map(GPPFieldValue.integer) }
            if field.key.description == "mspaVersion" { return [0, 1, 63].map(GPPFieldValue.integer) }
            if let allowed { return allowed.map(GPPFieldValue.integer) }
            return [0, 1, (1 << bits) - 1].map(GPPFieldValue.integer)
        case .boolean: return [.boolean(false), .boolean(true)]
        case .integerList(let count, let bitsPerItem):
            var lists: [GPPFieldValue] = []
            for position in 0..<count {
                for value in allowed ?? 0...((1 << bitsPerItem) - 1) {
                    var list = FixedIntegerList(count: count, bitsPerItem: bitsPerItem)
                    try? list.set(position, to: value)
                    lists.append(.list(list))
                }
            }
            return lists
        case .datetime: return [0, 16_409_952_000, (1 << 36) - 1].map { .datetime(deciseconds: $0) }
        case .letters: return ["AA", "EN", "ZZ"].map(GPPFieldValue.letters)
        case .bitField(let count): return [[], [1], [count], IDSet(1...count)].map(GPPFieldValue.ids)
        case .countedBitField: return [[], [1], [5], IDSet(1...5)].map(GPPFieldValue.ids)
        case .vendorRange, .fibonacciRange:
            return [[], [1], [3, 900], IDSet(1...500), IDSet(Array(1...40) + [65_535])].map(GPPFieldValue.ids)
        case .publisherRestrictions:
            return [.restrictions([])]
                + (0...3).map {
                    .restrictions([
                        CanadianPublisherRestriction(purposeID: 2, restrictionType: $0, vendorIDs: [1, 2, 3, 80])
                    ])
                }
        }
    }

    @Test(arguments: layouts)
    func everyFieldAtEveryAllowedValueRoundTrips(_ declaration: GPPSectionDeclaration, _ layoutIndex: Int) throws {
        var base = try Self.fullSection(declaration, layoutIndex)
        if base.layout.locate("numCustomPurposes") { try base.set("numCustomPurposes", to: .integer(5)) }
        for segment in base.layout.segments {
            for field in segment.fields {
                let key = field.key.description
                guard field.isStored else { continue }
                for value in Self.samples(field, declaration) {
                    var section = base
                    try section.set(key, to: value)
                    let text = try section.encoded()
                    let decoded = try GPPFieldSection(declaration, encoded: text)
                    #expect(decoded.value(key) == value, "\(declaration.prefix).\(key) = \(value): \(text)")
                    #expect(decoded.hasSameValues(asSection: section), "\(declaration.prefix).\(key): \(text)")
                    let fromJSON = try GPPFieldSection(declaration, json: section.jsonValue())
                    #expect(try fromJSON.encoded() == text, "\(declaration.prefix).\(key) through JSON")
                }
            }
        }
    }

    /// A random value for `field`, anything its coding can hold.
    static func random(
        _ field: GPPField,
        _ declaration: GPPSectionDeclaration,
        count: Int,
        _ random: inout SplitMix64
    ) -> GPPFieldValue {
        switch field.coding {
        case .integer(let bits):
            if field.key.description == "version" {
                return .integer(versions(declaration).randomElement(using: &random) ?? 1)
            }
            if field.key.description == "mspaVersion" {
                // 24-27 in the iabgpp-es layout would read as a section header (the encoder refuses them).
                return .integer([0, 1, 2, 23, 28, 63].randomElement(using: &random) ?? 1)
            }
            return .integer(Int.random(in: 0..<(1 << bits), using: &random))
        case .boolean: return .boolean(Bool.random(using: &random))
        case .integerList(let items, let bitsPerItem):
            return .list(FixedIntegerList(packed: random.next(), count: items, bitsPerItem: bitsPerItem))
        case .datetime: return .datetime(deciseconds: Int64.random(in: 0..<(1 << 36), using: &random))
        case .letters(let letters):
            return .letters(
                String((0..<letters).map { _ in Character(Unicode.Scalar(UInt8.random(in: 65...90, using: &random))) })
            )
        case .bitField(let bits): return .ids(randomIDs(upTo: bits, &random))
        case .countedBitField: return .ids(randomIDs(upTo: count, &random))
        case .vendorRange, .fibonacciRange:
            return .ids(randomIDs(upTo: Int.random(in: 0...3000, using: &random), &random))
        case .publisherRestrictions:
            return .restrictions(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    CanadianPublisherRestriction(
                        purposeID: Int.random(in: 1...24, using: &random),
                        restrictionType: Int.random(in: 0...3, using: &random),
                        vendorIDs: randomIDs(upTo: 200, &random)
                    )
                }
            )
        }
    }

    /// The Versions a declaration can decode: its layouts' Versions, or 1.
    static func versions(_ declaration: GPPSectionDeclaration) -> [Int] {
        let versions = declaration.layouts.compactMap(\.version)
        return versions.isEmpty ? [1] : Array(Set(versions)).sorted()
    }

    static func randomIDs(upTo max: Int, _ random: inout SplitMix64) -> IDSet {
        guard max > 0 else { return [] }
        var ids = IDSet()
        let density = Int.random(in: 1...4, using: &random)
        for id in 1...max where Int.random(in: 0..<(density * 2), using: &random) == 0 { ids.insert(id) }
        return ids
    }

    @Test(arguments: layouts)
    func seededRandomSectionsRoundTripThroughTheStringAndJSON(
        _ declaration: GPPSectionDeclaration,
        _ layoutIndex: Int
    ) throws {
        let seed: UInt64 = 20_261_129 &+ UInt64(declaration.id * 10 + layoutIndex)
        var random = SplitMix64(seed: seed)
        for round in 0..<40 {
            var section = GPPFieldSection(declaration, layoutIndex: layoutIndex)
            for segment in section.layout.segments where segment.isOptional {
                try section.setPresent(Bool.random(using: &random), segment: segment.name.description)
            }
            var customPurposes = 0
            for (index, segment) in section.layout.segments.enumerated()
            where section.isPresent(segment: segment.name.description) || index == section.layout.coreIndex {
                for field in segment.fields where field.isStored {
                    let value = Self.random(field, declaration, count: customPurposes, &random)
                    if field.key.description == "numCustomPurposes", case .integer(let count) = value {
                        customPurposes = count
                    }
                    try section.set(field.key.description, to: value)
                }
            }
            let text = try section.encoded()
            let decoded = try GPPFieldSection(declaration, encoded: text)
            #expect(decoded.hasSameValues(asSection: section), "seed \(seed) round \(round): \(text)")
            #expect(try decoded.encoded() == text)
            #expect(try decoded.encoded(options: .canonical) == text, "seed \(seed) round \(round)")
            let fromJSON = try GPPFieldSection(declaration, json: section.jsonValue())
            #expect(fromJSON.hasSameValues(asSection: section), "seed \(seed) round \(round)")
        }
    }

    @Test func everyDeclarationHasItsIDPrefixAndLayoutsInOrder() {
        let ids = GPPSectionDeclaration.all.map(\.id)
        #expect(ids == [5] + Array(7...27))
        for declaration in GPPSectionDeclaration.all {
            #expect(GPPSectionDeclaration.declaration(for: declaration.id) === declaration)
            #expect(GPPSectionDeclaration.declaration(prefix: declaration.prefix.description) === declaration)
            for layout in declaration.layouts {
                #expect(!layout.core.isOptional)
                for segment in layout.segments { #expect(!segment.fields.isEmpty) }
            }
        }
    }

    @Test func coreWidthsMatchTheSpecificationTables() {
        let widths: [String: [Int]] = [
            "usnat": [60, 70], "usca": [46], "usva": [40], "usco": [38], "usut": [42], "usct": [44], "usfl": [46],
            "usmt": [46], "usor": [52], "ustx": [42], "usde": [52], "usia": [42], "usne": [42], "usnh": [46],
            "usnj": [54], "ustn": [42], "usmn": [42], "usmd": [22, 22],
            // 25-27: core first, header first, and the core with the eight sensitive data consents at its end (24 +
            // 16 bits, as later iabgpp-es and iabgpp-java write it).
            "usin": [24, 24, 40], "usky": [24, 24, 40], "usri": [24, 24, 40],
        ]
        for (prefix, expected) in widths {
            let declaration = GPPSectionDeclaration.declaration(prefix: prefix)
            #expect(declaration?.layouts.map { $0.core.fixedBitCount ?? -1 } == expected, "\(prefix)")
        }
    }
}

extension GPPField {
    /// True for fields whose value the section stores (not the header's derived SectionID and SubSections).
    var isStored: Bool { !["sectionId", "subSections"].contains(key.description) }
}

extension GPPSectionLayout {
    /// True when the layout has a field with JSON key `key`.
    func locate(_ key: String) -> Bool { segments.contains { $0.fields.contains { $0.key.description == key } } }
}
