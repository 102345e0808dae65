import AdditionalConsent
import ConsentCore
import ConsentTestSupport
import Testing

@Suite struct AdditionalConsentEncodingTests {
    @Test func changedValueEncodesCanonically() throws {
        var value = try AdditionalConsentString(encoded: "2~41.1.35.1~dv.9.1")
        #expect(try value.encoded() == "2~41.1.35.1~dv.9.1")
        #expect(try value.encoded(options: .canonical) == "2~1.35.41~dv.9")
        value.consentedProviders.insert(2)
        #expect(try value.encoded() == "2~1.2.35.41~dv.9")
    }

    /// A consented id repeated after `dv.` adds nothing (ac.md §3): the canonical encoding drops it, and the value
    /// read back is equal to the one written (it was not, though the two strings mean the same).
    @Test func aConsentedIDRepeatedAsDisclosedChangesNothingEqualityCompares() throws {
        let repeated = try AdditionalConsentString(encoded: "2~1.2~dv.2.3")
        let plain = try AdditionalConsentString(encoded: "2~1.2~dv.3")
        #expect(repeated == plain && repeated.hashValue == plain.hashValue)
        #expect(try AdditionalConsentString(encoded: repeated.encoded(options: .canonical)) == repeated)
        let built = AdditionalConsentString(consentedProviders: [1, 9], disclosedProviders: [9])
        #expect(try AdditionalConsentString(encoded: built.encoded()) == built)
        // What differs in meaning still differs.
        #expect(try AdditionalConsentString(encoded: "2~1.2~dv.4") != plain)
        #expect(try AdditionalConsentString(encoded: "2~1~dv.2.3") != plain)
        #expect(try AdditionalConsentString(encoded: "2~1.2~dv.") != plain)
    }

    @Test func writesEveryIdInDecimal() throws {
        // Every id, so that each digit count and each carry between the digit groups is written once.
        let all = ProviderIDSet(1...65_535)
        let text = try AdditionalConsentString(version: .v1, consentedProviders: all).encoded()
        #expect(text == "1~" + (1...65_535).map(String.init).joined(separator: "."))
    }

    /// Ids past 16 bits, up to the largest a set holds: every digit count from five to ten, each with the groups of
    /// four digits the writer splits an id into empty, full of nines and full of zeros.
    @Test func writesIDsPastSixteenBitsInDecimal() throws {
        var ids = [65_536, 66_531, 99_999, 100_000, 100_001, 2_147_483_647, 2_147_483_646, 1_000_000_000]
        var power = 10_000
        while power <= 100_000_000 {
            ids += [power, power &* 10 &- 1, power &+ 1, power &* 7 &+ 42, 10_000 &* power &- 1]
            power &*= 10
        }
        let set = ProviderIDSet(ids.filter { $0 <= ProviderIDSet.maximumID })
        let text = try AdditionalConsentString(version: .v1, consentedProviders: set).encoded()
        #expect(text == "1~" + set.sorted.map(String.init).joined(separator: "."))
        #expect(try AdditionalConsentString(encoded: text).consentedProviders == set)
    }

    @Test func writesTheDotAfterDvEvenWhenNothingIsDisclosed() throws {
        #expect(try AdditionalConsentString(consentedProviders: [1, 2]).encoded() == "2~1.2~dv.")
        #expect(try AdditionalConsentString().encoded() == "2~~dv.")
        #expect(try AdditionalConsentString(encoded: "2~1.2~dv").encoded(options: .canonical) == "2~1.2~dv.")
    }

    @Test func writesVersionOneWithoutConsentsAsVersionAndTilde() throws {
        #expect(try AdditionalConsentString(version: .v1).encoded() == "1~")
        #expect(try AdditionalConsentString(version: .v1, consentedProviders: [3, 1]).encoded() == "1~1.3")
    }

    @Test func refusesToWriteDisclosedProvidersInVersionOne() {
        let value = AdditionalConsentString(version: .v1, consentedProviders: [1], disclosedProviders: [2])
        let error = #expect(throws: ConsentError.self) { try value.encoded() }
        #expect(error?.code == .valueOutOfRange)
        #expect(error?.field.description == "disclosedProviders")
    }

    @Test func reportsWhetherTheTextIsCanonical() throws {
        #expect(try AdditionalConsentString(encoded: "2~1.2~dv.3").isCanonicallyEncoded)
        #expect(try !AdditionalConsentString(encoded: "2~2.1~dv.3").isCanonicallyEncoded)
        #expect(try !AdditionalConsentString(encoded: "2~1.2~dv").isCanonicallyEncoded)
    }

    /// Random sets, built and encoded, decode to the same value; then the same ids written in a random order,
    /// repeated, with leading zeros and a dot-less `~dv` decode to the same sets and re-encode byte for byte.
    @Test func roundTripsSeededRandomStrings() throws {
        let seed: UInt64 = 20_261_129
        var random = SplitMix64(seed: seed)
        for round in 0..<500 {
            let version: AdditionalConsentString.Version = random.next() % 5 == 0 ? .v1 : .v2
            let maxID = [10, 300, 3300, 65535, 80000, 2_147_483_647][Int(random.next() % 6)]
            var consented = ProviderIDSet()
            var disclosed = ProviderIDSet()
            for _ in 0..<Int(random.next() % 200) {
                let id = Int(random.next() % UInt64(maxID)) + 1
                if version == .v2 && random.next() % 3 == 0 { disclosed.insert(id) } else { consented.insert(id) }
            }
            disclosed = disclosed.subtracting(consented)
            let built = AdditionalConsentString(
                version: version,
                consentedProviders: consented,
                disclosedProviders: disclosed
            )
            let canonical = try built.encoded()
            #expect(canonical == Self.canonicalOracle(built), "seed \(seed) round \(round)")
            let decoded = try AdditionalConsentString(encoded: canonical)
            #expect(decoded == built, "seed \(seed) round \(round): \(canonical)")
            #expect(try decoded.encoded() == canonical, "seed \(seed) round \(round)")
            #expect(decoded.isCanonicallyEncoded, "seed \(seed) round \(round)")

            let messy = Self.messyText(of: built, using: &random)
            let reread = try AdditionalConsentString(encoded: messy)
            #expect(reread == built, "seed \(seed) round \(round): \(messy)")
            #expect(try reread.encoded() == messy, "seed \(seed) round \(round)")
            #expect(try reread.encoded(options: .canonical) == canonical, "seed \(seed) round \(round)")
            #expect(try AdditionalConsentString(json: reread.jsonValue()).encoded() == messy, "seed \(seed)")
        }
    }

    /// The canonical text written the plain way, for comparison: sorted ids joined with `.`.
    static func canonicalOracle(_ value: AdditionalConsentString) -> String {
        let consented = value.consentedProviders.sorted.map(String.init).joined(separator: ".")
        guard value.version == .v2 else { return "1~" + consented }
        let disclosed = value.disclosedProviders.subtracting(value.consentedProviders).sorted.map(String.init)
        return "2~" + consented + "~dv." + disclosed.joined(separator: ".")
    }

    /// The ids of `value` shuffled, some repeated, some with leading zeros; `~dv` without its dot when nothing
    /// is disclosed, half the time.
    static func messyText(of value: AdditionalConsentString, using random: inout SplitMix64) -> String {
        func list(_ ids: ProviderIDSet) -> String {
            var items = Array(ids)
            for id in ids where random.next() % 8 == 0 { items.append(id) }
            items.shuffle(using: &random)
            return items.map { random.next() % 10 == 0 ? "0\($0)" : "\($0)" }.joined(separator: ".")
        }
        let consented = list(value.consentedProviders)
        guard value.version == .v2 else { return "1~" + consented }
        if value.disclosedProviders.isEmpty && random.next() % 2 == 0 { return "2~\(consented)~dv" }
        return "2~\(consented)~dv.\(list(value.disclosedProviders))"
    }

    /// Every prefix of a valid string decodes (and then re-encodes to itself) or fails with a ConsentError that
    /// points inside the prefix.
    @Test(arguments: [
        "2~1.35.41.101~dv.9.21.81", "1~1.35.41", "2~~dv.1.2.3.4.10", "2~1.2.3.4.10~dv", "2~3.1.3~dv.1.4",
        "1~007.65535", "2~~dv.",
    ])
    func everyPrefixDecodesOrFailsCleanly(text: String) {
        let bytes = Array(text.utf8)
        for length in 0...bytes.count {
            let prefix = String(decoding: bytes[0..<length], as: UTF8.self)
            do {
                let value = try AdditionalConsentString(encoded: prefix)
                #expect(try value.encoded() == prefix)
            } catch {
                #expect(error.format == .ac, "\(prefix)")
                #expect((error.characterOffset ?? -1) >= 0 && (error.characterOffset ?? .max) <= length, "\(prefix)")
            }
        }
    }
}
