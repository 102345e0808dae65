import ConsentCore
import ConsentTestSupport
import TCF

/// Seeded random TC string models covering every segment combination and the extremes of each field.
struct RandomModels {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    mutating func bool() -> Bool { random.next() & 1 == 1 }

    mutating func smallSet(upTo max: Int) -> IDSet {
        guard max > 0 else { return IDSet() }
        let bits = random.next() & ((1 << UInt64(max)) - 1)
        return IDSet((1...max).filter { bits >> UInt64($0 - 1) & 1 == 1 })
    }

    /// Vendor sets of several shapes: empty, sparse, dense blocks, many single ids (up to 4095 range entries),
    /// and ids up to 65535.
    mutating func vendors() -> IDSet {
        switch int(0...6) {
        case 0: return IDSet()
        case 1: return IDSet((0..<int(1...40)).map { _ in int(1...400) })
        case 2:
            let start = int(1...2000)
            return IDSet(start...(start + int(0...3000)))
        case 3:
            // Every other id: many runs, so the range form is long; spread far so ranges can still win.
            let count = int(1...4095)
            let stride = int(2...16)
            return IDSet((0..<count).map { 1 + $0 * stride }.filter { $0 <= IDSet.maximumID })
        case 4:
            var ids = IDSet()
            for _ in 0..<int(1...20) {
                let start = int(1...65_000)
                ids.insert(contentsOf: start...min(IDSet.maximumID, start + int(0...500)))
            }
            return ids
        case 5: return IDSet([IDSet.maximumID, int(1...IDSet.maximumID)])
        default: return IDSet((0..<int(1...800)).map { _ in int(1...1300) })
        }
    }

    mutating func restrictions() -> [PublisherRestriction] {
        (0..<int(0...30)).map { _ in
            PublisherRestriction(
                purposeId: int(1...63),
                restrictionType: RestrictionType(rawValue: int(0...2)) ?? .notAllowed,
                vendorIds: int(0...4) == 0 ? IDSet() : vendors()
            )
        }
    }

    mutating func unknownSegment() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        // SegmentType 4-7: first character `g`...`_`.
        let first = alphabet[int(32...63)]
        return String([first] + (0..<int(0...20)).map { _ in alphabet[int(0...63)] })
    }

    /// The next model, its string, and that string decoded.
    mutating func encodedTCString() throws -> (model: TCString, text: String, decoded: TCString) {
        let model = tcString()
        let text = try model.encoded()
        return (model, text, try TCString(encoded: text))
    }

    mutating func tcString() -> TCString {
        let custom = int(0...63)
        return TCString(
            created: Int64(int(0...Int(1 << 36) - 1)),
            lastUpdated: Int64(int(0...Int(1 << 36) - 1)),
            cmpId: int(0...4095),
            cmpVersion: int(0...4095),
            consentScreen: int(0...63),
            consentLanguage: TwoLetterCode(first: UInt8(int(0...25)), second: UInt8(int(0...25))),
            vendorListVersion: int(0...4095),
            policyVersion: int(0...63),
            isServiceSpecific: bool(),
            useNonStandardTexts: bool(),
            specialFeatureOptins: smallSet(upTo: 12),
            purposeConsents: smallSet(upTo: 24),
            purposeLegitimateInterests: smallSet(upTo: 24),
            purposeOneTreatment: bool(),
            publisherCountryCode: TwoLetterCode(first: UInt8(int(0...25)), second: UInt8(int(0...25))),
            vendorConsents: vendors(),
            vendorLegitimateInterests: vendors(),
            publisherRestrictions: restrictions(),
            disclosedVendors: bool() ? vendors() : nil,
            allowedVendors: int(0...3) == 0 ? vendors() : nil,
            publisherTC: bool()
                ? PublisherTC(
                    publisherConsents: smallSet(upTo: 24),
                    publisherLegitimateInterests: smallSet(upTo: 24),
                    numCustomPurposes: custom,
                    publisherCustomConsents: smallSet(upTo: custom),
                    publisherCustomLegitimateInterests: smallSet(upTo: custom)
                ) : nil,
            unknownSegments: int(0...5) == 0 ? [unknownSegment()] : []
        )
    }

    mutating func tcStringV1() -> TCStringV1 {
        TCStringV1(
            created: Int64(int(0...Int(1 << 36) - 1)),
            lastUpdated: Int64(int(0...Int(1 << 36) - 1)),
            cmpId: int(0...4095),
            cmpVersion: int(0...4095),
            consentScreen: int(0...63),
            consentLanguage: TwoLetterCode(first: UInt8(int(0...25)), second: UInt8(int(0...25))),
            vendorListVersion: int(0...4095),
            purposesAllowed: smallSet(upTo: 24),
            vendorConsents: int(0...3) == 0 ? IDSet(1...int(1...3000)).subtracting(vendors()) : vendors()
        )
    }
}
