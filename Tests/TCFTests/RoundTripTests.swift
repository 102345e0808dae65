import ConsentCore
import ConsentTestSupport
import TCF
import Testing

@Suite struct RoundTripTests {
    @Test func randomModelsRoundTripThroughTheirStrings() throws {
        let seed: UInt64 = 20_261_130
        var models = RandomModels(seed: seed)
        for round in 0..<250 {
            let (model, text, decoded) = try models.encodedTCString()
            #expect(decoded == model, "seed \(seed) round \(round)")
            #expect(try decoded.encoded() == text, "seed \(seed) round \(round): lossless")
            #expect(try decoded.encoded(options: .canonical) == text, "seed \(seed) round \(round): canonical")
            // Without `original` the JSON still carries the unknown segments (under `encoding`).
            var json = try #require(decoded.jsonValue().objectValue)
            var encoding = try #require(json["encoding"]?.objectValue)
            encoding["original"] = nil
            json["encoding"] = .object(encoding)
            let rebuilt = try TCString(json: .object(json))
            #expect(rebuilt == model && !rebuilt.isUnmodifiedDecodedValue, "seed \(seed) round \(round)")
        }
    }

    @Test func randomLegacyModelsRoundTripThroughTheirStrings() throws {
        let seed: UInt64 = 1_111
        var models = RandomModels(seed: seed)
        for round in 0..<150 {
            let model = models.tcStringV1()
            let text = try model.encoded()
            let decoded = try TCStringV1(encoded: text)
            #expect(decoded == model, "seed \(seed) round \(round)")
            #expect(try decoded.encoded(options: .canonical) == text, "seed \(seed) round \(round)")
            #expect(try TCStringV1(json: decoded.jsonValue()) == model, "seed \(seed) round \(round)")
        }
    }

    @Test func everySegmentCombinationRoundTrips() throws {
        let seed: UInt64 = 99
        var models = RandomModels(seed: seed)
        for mask in 0..<16 {
            var model = models.tcString()
            model.disclosedVendors = mask & 1 != 0 ? models.vendors() : nil
            model.allowedVendors = mask & 2 != 0 ? models.vendors() : nil
            model.publisherTC = mask & 4 != 0 ? PublisherTC(publisherConsents: [1, 24], numCustomPurposes: 3) : nil
            model.unknownSegments = mask & 8 != 0 ? ["gAAA", "_-9"] : []
            let text = try model.encoded()
            #expect(text.split(separator: ".").count == 1 + mask.nonzeroBitCount + (mask & 8 != 0 ? 1 : 0))
            #expect(try TCString(encoded: text) == model, "seed \(seed) mask \(mask)")
        }
    }

    @Test func segmentsAfterTheCoreDecodeInAnyOrderAndKeepThatOrder() throws {
        let text = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
        let parts = text.split(separator: ".").map(String.init)
        let reordered = [parts[0], parts[2], parts[1]].joined(separator: ".")
        let value = try TCString(encoded: reordered)
        #expect(value == (try TCString(encoded: text)))
        #expect(try value.encoded() == reordered)
        #expect(try value.encoded(options: .canonical) == (try TCString(encoded: text).encoded(options: .canonical)))
    }

    @Test func changingAFieldForgetsTheOriginalText() throws {
        let text = "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA"
        var value = try TCString(encoded: text)
        #expect(value.isUnmodifiedDecodedValue)
        value.cmpId = 300
        #expect(!value.isUnmodifiedDecodedValue)
        let changed = try value.encoded()
        #expect(changed != text)
        #expect(try TCString(encoded: changed) == value)
    }
}
