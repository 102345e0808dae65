import ConsentKit
import Testing

/// `explain --json` lays a string out as decode reads it: every bit of a segment in exactly one record, from bit 0
/// to the segment's end, whether the string decodes or not; and segments named as decode names them. Found by a
/// black-box comparison of explain and decode on 19,100 strings (vectors, corpora, seeded and mutated ones).
@Suite struct ExplainLayoutTests {
    /// The records of `input` grouped by segment, in order: (segment, [(field, bitOffset, width)]).
    func segments(_ arguments: [String]) throws -> [(name: String, fields: [(String, Int, Int)])] {
        var result: [(name: String, fields: [(String, Int, Int)])] = []
        for line in try jsonLines(run(["explain", "--json"] + arguments).output) {
            guard let segment = line["segment"]?.stringValue, let field = line["field"]?.stringValue,
                let offset = line["bitOffset"]?.intValue, let width = line["width"]?.intValue
            else { continue }
            if result.last?.name != segment { result.append((segment, [])) }
            result[result.count - 1].fields.append((field, offset, width))
        }
        return result
    }

    /// Each segment's records follow each other without a gap or an overlap, from bit 0 to `bits` of the segment.
    func expectContiguous(_ arguments: [String], segmentBits: [Int]) throws {
        let found = try segments(arguments)
        #expect(found.count == segmentBits.count, "\(arguments): \(found.map(\.name))")
        for (segment, bits) in zip(found, segmentBits) {
            var end = 0
            for (field, offset, width) in segment.fields {
                #expect(offset == end, "\(arguments) \(segment.name).\(field) at \(offset), previous end \(end)")
                end = offset + width
            }
            #expect(end == bits, "\(arguments) \(segment.name) ends at \(end) of \(bits)")
        }
    }

    @Test func theFieldThatFailsIsAmongTheUnreadBits() throws {
        // v1.1: the second letter of ConsentLanguage (bits 114-119) is 49, no letter; decode fails at bit 108.
        try expectContiguous(["BTAwMTEwMTAxMTAxMTAxMDE"], segmentBits: [138])
        let core = try #require(try segments(["BTAwMTEwMTAxMTAxMTAxMDE"]).first)
        #expect(core.fields.last.map { $0.0 == "(unread)" && $0.1 == 108 } == true, "\(core.fields)")
        // v2: ConsentLanguage at 108 needs 12 bits, 6 are left.
        try expectContiguous(["CAAAAAAAAAAAAAAAAAA"], segmentBits: [114])
        // GPP header: NumEntries 1, IsGroup at 24, then a Fibonacci delta that runs out of bits.
        try expectContiguous(["--kind", "gpp", "DBABK"], segmentBits: [30])
    }

    /// A usnat core cut short was listed with the default (version 2) layout: `DBABLA~BVVVVVVV.YA` (Version 1, 48
    /// bits) said `truncated reading sensitiveDataProcessing[13]` where decode reads the version 1 layout and says
    /// `knownChildSensitiveDataConsents`. Every cut of a Version 1 and a Version 2 core below 60 bits (where each is
    /// read with its own layout) fails in the listing at the field and bit of decode's error.
    @Test func aTruncatedSectionIsListedWithTheLayoutDecodePicks() throws {
        for core in ["B", "C"].map({ $0 + String(repeating: "V", count: 9) }) {
            for length in 2..<core.count {
                let string = "DBABLA~" + core.prefix(length) + ".YA"
                let line = try #require(run(["decode", "--json", string]).output.split(separator: "\n").first)
                let error = try #require(try JSONValue(parsing: String(line))["error"], "\(string)")
                let field = try #require(error["field"]?.stringValue, "\(string)")
                let bit = try #require(error["bitOffset"]?.intValue, "\(string)")
                let listing = run(["explain", "--color", "never", string]).output
                let failure = listing.split(separator: "\n").first { $0.hasPrefix("  error: ") }
                #expect(
                    failure.map { $0.contains("reading \(field)") && $0.contains(" at bit \(bit):") } == true,
                    "\(string): decode fails in \(field) at bit \(bit), explain says \(failure ?? "nothing")"
                )
            }
        }
    }

    /// A header whose count of sections is not the number of parts that follow fails at its count, with what decode
    /// says of it: `value 2` alone, under a count that reads 1, looked like a contradiction.
    @Test func aSectionCountErrorSaysWhatTheHeaderListsAndWhatFollows() {
        let listing = run(["explain", "--color", "never", "DBABLA~CAAQAAAAAABA~1YNN"]).output
        #expect(
            listing.contains(
                "  error: badValue reading sectionIds.numEntries at bit 12: value 2; the header lists 1 section (id 7)"
                    + " and 2 follow after it\n"
            ),
            "\(listing)"
        )
    }

    @Test func aSectionWithTheHeadersIDIsNotASecondHeader() throws {
        let names = try segments(["--kind", "gpp", "DBABH~0vJB"]).map(\.name)
        #expect(names == ["header", "section 3"], "\(names)")
    }

    @Test func aSubsectionGivenTwiceIsNamedOnceAsDecodeTakesTheFirst() throws {
        let names = try segments(["DBABLA~BVVqAAEABCA.YA.QA"]).map(\.name)
        #expect(names == ["header", "usnat", "usnat.gpc", "usnat.?"], "\(names)")
    }

    @Test func anUnknownTCSegmentIsNamedAsDecodeNamesItAndNotCalledPadding() throws {
        let string = "COvwooAOvwooAB7ABCENAPEYAIAAACAAAIqIAAoAAoAA.yAAo.IAAo"
        let found = try segments([string])
        let unknown = try #require(found.first { $0.name == "unknownSegment" }, "\(found.map(\.name))")
        #expect(unknown.fields.map(\.0) == ["segmentType", "(fields not described)"])
        try expectContiguous([string], segmentBits: [264, 24, 24])
    }

    /// A second segment of a type is ignored unread, as decode ignores it (tcf.md §3, first wins): explain walked it
    /// and failed (exit 1) on a repeat too short for its fields, a string decode reads.
    /// A string longer than a decoder reads (`tooLong`) is not walked when a URL carries it, as it is not when given
    /// bare: a 5 MB one printed 72 MB of fields of a string refused unread.
    @Test func aStringTooLongToDecodeIsNotWalked() {
        let long = "C" + String(repeating: "A", count: 100_000)
        for input in [long, "gdpr=1&gdpr_consent=" + long] {
            let result = run(["explain", input])
            #expect(result.status == 1)
            #expect(result.output.isEmpty, "\(result.output.prefix(200))")
            #expect(result.error.contains("tooLong"), "\(result.error.prefix(300))")
        }
    }

    @Test func aRepeatedTCSegmentIsShownUnreadAsDecodeIgnoresIt() throws {
        let string = "CN-EdYAN-EdYAAKABBENBkEgAAAAAAAAAAYgAAAAAAAA.IABq.IA"
        // Both disclosed vendors segments are named so, and `segments` puts their records under one name.
        let found = try segments([string])
        #expect(found.map(\.name) == ["core", "disclosedVendors"])
        let repeated = try #require(found.last?.fields.suffix(2))
        #expect(repeated.map(\.0) == ["segmentType", "(ignored: a repeated segment type, not read)"])
        #expect(repeated.map { [$0.1, $0.2] } == [[0, 3], [3, 9]])
        #expect(run(["explain", string]).status == 0)
    }

    /// A range entry that fails (id 0, an end below its start) fails at the bit of the id at fault, where explain
    /// shows that id: it said the entry's first bit (its IsARange flag), 1 or 17 bits before.
    @Test func aBadRangeEntryFailsAtTheIDExplainShows() throws {
        let cases = [
            // v2 vendor consents: a single id 0; a range from 10 down to 5 (tcf.md §4).
            ("CONciguONcjGKADACHENAOCIAC0ta__AACiQABwAgAAAAA", "vendorConsents.entries[0].vendorId"),
            ("CO5rKAAO5rKAAAHABDENAwEgAAAAAAAAAAYgAFQAYAFAAKAAAAA", "vendorConsents.entries[0].endVendorId"),
            // A publisher restriction's range 3-2, and one starting at 0.
            (
                "CAAAAAAAAAAAAAKAAAENAAFgAIAAAAAAAAAAAAAAAAAhIAMAAwAC.IAAA",
                "publisherRestrictions[0].entries[0].endVendorId"
            ),
            (
                "CAAAAAAAAAAAAAKAAAENAAFgAIAAAAAAAAAAAAAAAAAhIAMAAAAE.IAAA",
                "publisherRestrictions[0].entries[0].startVendorId"
            ),
        ]
        for (string, field) in cases {
            let error = try #require(try jsonLines(run(["decode", "--json", string]).output).first?["error"])
            #expect(error["code"] == .string("badValue"), "\(string)")
            let records = try jsonLines(run(["explain", "--json", string]).output)
            let record = try #require(records.first { $0["field"] == .string(field) }, "\(string) \(field)")
            #expect(error["bitOffset"] != nil && error["bitOffset"] == record["bitOffset"], "\(string): \(error)")
        }
    }

    @Test func anAdditionalConsentIDWrittenTwiceCountsOnce() throws {
        let lines = try jsonLines(run(["explain", "--json", "2~1.01~dv."]).output)
        let consented = try #require(lines.first { $0["field"] == .string("consentedProviders") })
        #expect(consented["value"] == .string("1 id (2 written)"))
    }
}
