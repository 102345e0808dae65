import ConsentCore
import GPP
import Testing

/// The worked examples of gpp.md §9 and the per-section vectors of gpp-sections.md.
@Suite struct SpecExampleTests {
    /// The header text of a string holding unknown sections with `ids`.
    func canonicalHeader(_ ids: [Int]) throws -> String {
        let string = GPPString(sections: ids.map { .unknown(UnknownGPPSection(id: $0, text: "A")) })
        return String(try string.encoded().prefix { $0 != "~" })
    }

    @Test func headersEncodeAsTheReferenceEncodersWriteThem() throws {
        let expected: [([Int], String)] = [
            ([2], "DBABMA"), ([2, 6], "DBACNYA"), ([7], "DBABLA"), ([6], "DBABTA"), ([5, 6], "DBABjw"),
            ([8], "DBABBg"), ([5], "DBABDA"), ([], "DBAA"), ([2] + Array(5...27), "DBACOcGA"),
        ]
        for (ids, header) in expected { #expect(try canonicalHeader(ids) == header, "\(ids)") }
    }

    @Test func headersDecodeInBothPaddingStyles() throws {
        let headers: [(String, [Int])] = [
            ("DBABM", [2]), ("DBABMA", [2]), ("DBACNY", [2, 6]), ("DBACNYA", [2, 6]), ("DBABjw", [5, 6]),
            ("DBABL", [7]), ("DBABLA", [7]), ("DBABTA", [6]), ("DBABBg", [8]), ("DBABDA", [5]),
            ("DBACOcGA", [2] + Array(5...27)),
        ]
        for (header, ids) in headers {
            let text = header + String(repeating: "~A", count: ids.count)
            let listed = try (1...30).filter { id throws(ConsentError) in try GPPQuery.containsSection(id, in: text) }
            #expect(listed == ids, "\(header)")
        }
    }

    @Test func theEmptyStringHasNoSections() throws {
        let string = try GPPString(encoded: "DBAA")
        #expect(string.sectionIDs.isEmpty)
        #expect(
            withoutEncoding(string.jsonValue())
                == (try JSONValue(parsing: #"{"type":"gpp","version":1,"sectionIds":[],"sections":{}}"#))
        )
        #expect(try GPPString().encoded() == "DBAA")
    }

    /// usnat values in field order: version, six notices, three opt-outs, lists, personal data, MSPA x3, gpc.
    func expectUSNational(
        _ text: String,
        version: Int,
        notices: Int,
        optOuts: Int,
        sensitive: [Int],
        child: [Int],
        personal: Int,
        mspa: [Int],
        gpc: Bool?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let section = try #require(try GPPString(encoded: "DBABLA~" + text).usNational, sourceLocation: sourceLocation)
        #expect(section.integer("version") == version, sourceLocation: sourceLocation)
        for key in [
            "sharingNotice", "saleOptOutNotice", "sharingOptOutNotice", "targetedAdvertisingOptOutNotice",
            "sensitiveDataProcessingOptOutNotice", "sensitiveDataLimitUseNotice",
        ] {
            #expect(section.integer(key) == notices, "\(key)", sourceLocation: sourceLocation)
        }
        #expect(section.saleOptOut == optOuts, sourceLocation: sourceLocation)
        #expect(section.sharingOptOut == optOuts, sourceLocation: sourceLocation)
        #expect(section.targetedAdvertisingOptOut == optOuts, sourceLocation: sourceLocation)
        #expect(section.list("sensitiveDataProcessing").map(Array.init) == sensitive, sourceLocation: sourceLocation)
        #expect(
            section.list("knownChildSensitiveDataConsents").map(Array.init) == child,
            sourceLocation: sourceLocation
        )
        #expect(section.integer("personalDataConsents") == personal, sourceLocation: sourceLocation)
        #expect(
            ["mspaCoveredTransaction", "mspaOptOutOptionMode", "mspaServiceProviderMode"].map { section.integer($0) }
                == mspa,
            sourceLocation: sourceLocation
        )
        #expect(section.gpc == gpc, sourceLocation: sourceLocation)
    }

    @Test func usnatExamplesOfGPPSection9() throws {
        let cycle = [2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2]
        try expectUSNational(
            "CVVVkkkkkpFY.YA",
            version: 2,
            notices: 1,
            optOuts: 1,
            sensitive: cycle,
            child: [2, 1, 0],
            personal: 1,
            mspa: [1, 1, 2],
            gpc: true
        )
        try expectUSNational(
            "BAAAVVVVUQA.QA",
            version: 1,
            notices: 0,
            optOuts: 0,
            sensitive: Array(repeating: 1, count: 12),
            child: [1, 1],
            personal: 0,
            mspa: [1, 0, 0],
            gpc: false
        )
        try expectUSNational(
            "CAAAVVVVVVRA.QA",
            version: 2,
            notices: 0,
            optOuts: 0,
            sensitive: Array(repeating: 1, count: 16),
            child: [1, 1, 1],
            personal: 0,
            mspa: [1, 0, 0],
            gpc: false
        )
        try expectUSNational(
            "CAAAVVVVAFBA.QA",
            version: 2,
            notices: 0,
            optOuts: 0,
            sensitive: Array(repeating: 1, count: 12) + [0, 0, 0, 0],
            child: [1, 1, 0],
            personal: 0,
            mspa: [1, 0, 0],
            gpc: false
        )
        for (text, gpc) in [("BVVVVVVVVWA.YA", true), ("BVVVVVVVVWA", nil)] as [(String, Bool?)] {
            try expectUSNational(
                text,
                version: 1,
                notices: 1,
                optOuts: 1,
                sensitive: Array(repeating: 1, count: 12),
                child: [1, 1],
                personal: 1,
                mspa: [1, 1, 2],
                gpc: gpc
            )
        }
        try expectUSNational(
            "CAAAAAAAAAWA.Q",
            version: 2,
            notices: 0,
            optOuts: 0,
            sensitive: Array(repeating: 0, count: 16),
            child: [0, 0, 1],
            personal: 1,
            mspa: [2, 0, 0],
            gpc: false
        )
    }

    @Test func aVersion1CoreOf72BitsIsReadWithTheVersion2Layout() throws {
        try expectUSNational(
            "BVVVkkkkkpFY",
            version: 1,
            notices: 1,
            optOuts: 1,
            sensitive: [2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2],
            child: [2, 1, 0],
            personal: 1,
            mspa: [1, 1, 2],
            gpc: nil
        )
        let string = try GPPString(encoded: "DBABLA~BVVVkkkkkpFY")
        #expect(string.lint().map(\.code).contains("versionLayoutMismatch"))
        #expect(try string.encoded() == "DBABLA~BVVVkkkkkpFY")
    }

    @Test func aVersion2CoreOf60BitsIsReadWithTheVersion1Layout() throws {
        let section = try #require(try GPPString(encoded: "DBABLA~CVQqAAAACg").usNational)
        #expect(section.integer("version") == 2)
        #expect(section.layout.name.description == "v1")
        #expect(section.list("sensitiveDataProcessing")?.count == 12)
        #expect(section.list("knownChildSensitiveDataConsents")?.count == 2)
        #expect(section.lint().map(\.code).contains("versionLayoutMismatch"))
    }

    @Test func versionsWithoutALayoutAreBadVersion() {
        for (text, segment) in [("DBABLA~DAAAAAAAAABA", "usnat"), ("DBABBg~CAAAAACA", "usca")] {
            let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: text) }
            #expect(error?.code == .badVersion, "\(text)")
            #expect(error?.segment.description == segment)
            #expect(error?.field.description == "version")
            #expect(error?.bitOffset == 0)
            #expect(error?.characterOffset == 7)
        }
    }

    @Test func californiaNotApplicable() throws {
        let section = try #require(try GPPString(encoded: "DBABBg~BAAAAACA").fieldSection(8))
        #expect(section.mspaCoveredTransaction == 2)
        #expect(section.gpc == nil)
        #expect(section.list("sensitiveDataProcessing").map(Array.init) == Array(repeating: 0, count: 9))
    }

    /// The iabgpp-es "all fields set" vectors of each old-style state (gpp-sections.md §8-23): every notice and
    /// opt-out 1, SensitiveDataProcessing and KnownChild lists cycling 2, 1, 0 (except usfl's children [2, 1, 2] and
    /// the last items of usor's and usnj's longer lists), a
    /// single known-child field 1, PersonalDataConsents and AdditionalDataProcessingConsent 1, MSPA 1, 1, 2.
    @Test(arguments: [
        ("usca", "BVWSSSVY.YA"), ("usva", "BVWSSVY"), ("usco", "BVWSSVg.YA"), ("usut", "BVVkklWA"),
        ("usct", "BVWSSZFg.YA"), ("usfl", "BVWSSZlY"), ("usmt", "BVWSSZFY.YA"), ("usor", "BVWSSRpFYA.YA"),
        ("ustx", "BVWSSVWA.YA"), ("usde", "BVWSSSSVYA.YA"), ("usia", "BVVkklWA.YA"), ("usne", "BVWSSVWA.YA"),
        ("usnh", "BVWSSZFY.YA"), ("usnj", "BVWSSRklWA.YA"), ("ustn", "BVWSSVWA.YA"), ("usmn", "BVWSSVWA.YA"),
    ])
    func everyStateVectorOfTheSpecDecodes(prefix: String, text: String) throws {
        let declaration = try #require(GPPSectionDeclaration.declaration(prefix: prefix))
        let section = try GPPFieldSection(declaration, encoded: text)
        for field in section.layout.core.fields {
            let key = field.key.description
            switch (key, section.value(key)) {
            case ("version", .integer(let value)): #expect(value == 1)
            case ("mspaServiceProviderMode", .integer(let value)): #expect(value == 2, "\(prefix)")
            case ("knownChildSensitiveDataConsents", .list(let list)) where prefix == "usfl":
                #expect(Array(list) == [2, 1, 2])
            case ("sensitiveDataProcessing", .list(let list)) where prefix == "usor":
                #expect(Array(list) == [2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2])
            case ("sensitiveDataProcessing", .list(let list)) where prefix == "usnj":
                #expect(Array(list) == [2, 1, 0, 2, 1, 0, 2, 1, 0, 1])
            case (_, .integer(let value)): #expect(value == 1, "\(prefix).\(key)")
            case (_, .list(let list)):
                #expect(Array(list) == (0..<list.count).map { [2, 1, 0][$0 % 3] }, "\(prefix).\(key)")
            default: Issue.record("\(prefix).\(key) has an unexpected value")
            }
        }
        #expect(section.gpc == (text.hasSuffix(".YA") ? true : nil))
        #expect(try section.encoded() == text)
        #expect(try section.encoded(options: .canonical) == text, "the vectors are canonical")
    }

    @Test func marylandInBothLayouts() throws {
        let plain = try GPPFieldSection(.usMaryland, encoded: "BVVU.YA")
        let headerFirst = try GPPFieldSection(.usMaryland, encoded: "YBABYA.BVVU.YA")
        for section in [plain, headerFirst] {
            for field in section.layout.core.fields {
                #expect(section.integer(field.key.description) == 1, "\(field.key)")
            }
            #expect(section.gpc == true)
        }
        #expect(plain.layout.name.description == "default")
        #expect(headerFirst.layout.name.description == "headerFirst")
        #expect(headerFirst.integer("version") == 1)
        #expect(headerFirst.value("subSections") == .ids([1]))
        #expect(headerFirst.value("sectionId") == .integer(24))
        #expect(try headerFirst.encoded(options: .canonical) == "YBABYA.BVVU.YA")
        #expect(try plain.encoded(options: .canonical) == "BVVU.YA")
        let noSubsection = try GPPFieldSection(.usMaryland, encoded: "YBAA.BVVU")
        #expect(noSubsection.gpc == nil)
        #expect(noSubsection.value("subSections") == .ids([]))
        #expect(try GPPFieldSection(.usMaryland, encoded: "BQAA").mspaCoveredTransaction == 1)
    }

    @Test func indianaSensitiveDataInBothLayouts() throws {
        let plain = try GPPFieldSection(.usIndiana, encoded: "BVVV.kkk")
        #expect(plain.list("sensitiveDataProcessing").map(Array.init) == [2, 1, 0, 2, 1, 0, 2, 1])
        // The header-first form as iabgpp-java writes it (`UsInTest`): the sensitive data consents subsection is
        // the eight 2-bit values alone, as in the spec's table (no SubsectionType field): `kkk` = 10 01 00 10 01 00
        // 10 01, then two padding bits.
        let headerFirst = try GPPFieldSection(.usIndiana, encoded: "ZBABYA.BVVV.kkk")
        #expect(headerFirst.layout.name.description == "headerFirst")
        #expect(headerFirst.value("subSections") == .ids([1]))
        #expect(headerFirst.list("sensitiveDataProcessing").map(Array.init) == [2, 1, 0, 2, 1, 0, 2, 1])
        #expect(headerFirst.integer("knownChildSensitiveDataConsents") == 1)
        #expect(try headerFirst.encoded(options: .canonical) == "ZBABYA.BVVV.kkk")
        let absent = try GPPFieldSection(.usIndiana, encoded: "BQAA")
        #expect(absent.list("sensitiveDataProcessing") == nil)
        #expect(absent.jsonValue()["sensitiveDataProcessing"] == JSONValue.null)
    }

    /// Later iabgpp-es and iabgpp-java write sections 25-27 with the sensitive data consents at the end of the core
    /// and a GPC subsection after it: their `UsIn`, `UsKy` and `UsRi` tests encode every field 1 with sensitive data
    /// 2, 1, 0, 2, 1, 0, 2, 1 and GPC as `BVVVkkk.YA`, the defaults as `BQAAAAA.QA`, and the defaults without GPC as
    /// `BQAAAAA`. The 40-bit core tells this layout from the 24-bit one of `BVVV.kkk`.
    @Test(arguments: [
        (GPPSectionDeclaration.usIndiana, "BVVVkkk.YA", 1, [2, 1, 0, 2, 1, 0, 2, 1], Bool?.some(true)),
        (.usKentucky, "BVVVkkk.YA", 1, [2, 1, 0, 2, 1, 0, 2, 1], true),
        (.usRhodeIsland, "BVVVkkk.YA", 1, [2, 1, 0, 2, 1, 0, 2, 1], true),
        (.usIndiana, "BQAAAAA.QA", 0, [0, 0, 0, 0, 0, 0, 0, 0], false),
        (.usKentucky, "BQAAAAA", 0, [0, 0, 0, 0, 0, 0, 0, 0], nil),
    ])
    func sensitiveDataInTheCoreAsLaterReferenceLibrariesWriteIt(
        declaration: GPPSectionDeclaration,
        text: String,
        notices: Int,
        sensitiveData: [Int],
        gpc: Bool?
    ) throws {
        let section = try GPPFieldSection(declaration, encoded: text)
        #expect(section.layout.name.description == "sensitiveDataInCore")
        #expect(section.integer("mspaVersion") == 1)
        #expect(section.integer("mspaCoveredTransaction") == 1)
        for key in ["mspaMode", "processingNotice", "saleOptOut", "additionalDataProcessingConsent"] {
            #expect(section.integer(key) == notices, "\(key)")
        }
        #expect(section.list("sensitiveDataProcessing").map(Array.init) == sensitiveData)
        #expect(section.gpc == gpc)
        #expect(try section.encoded() == text)
        // The JSON form, with or without `encoding`, gives the same text back: a `gpc` key (null included) says
        // which layout it is.
        let json = section.jsonValue()
        #expect(json["gpc"] != nil)
        #expect(try GPPFieldSection(declaration, json: json).encoded() == text)
        var bare = try #require(json.objectValue)
        bare["encoding"] = nil
        #expect(try GPPFieldSection(declaration, json: .object(bare)).encoded() == text)
        // The other core-first layout is unchanged: a 24-bit core with the sensitive data in a part of its own.
        let separate = try GPPFieldSection(declaration, encoded: "BVVV.kkk")
        #expect(separate.layout.name.description == "default")
        #expect(separate.list("sensitiveDataProcessing").map(Array.init) == [2, 1, 0, 2, 1, 0, 2, 1])
    }

    /// The iabgpp-java test strings of sections 25 and 27 (`UsInTest`, `UsRiTest`) and the same for 26: every
    /// core field 1 (MspaVersion 1 included) and the sensitive data consents 2, 1, 0, 2, 1, 0, 2, 1.
    @Test func headerFirstStatesAsIabgppJavaWritesThem() throws {
        for (text, key) in [
            ("DBABUY~ZBABYA.BVVV.kkk", "usin"), ("DBABCY~aBABYA.BVVV.kkk", "usky"), ("DBABSY~bBABYA.BVVV.kkk", "usri"),
        ] {
            let gpp = try GPPString(encoded: text)
            let section = try #require(gpp.jsonValue()["sections"]?[key], "\(text)")
            for field in [
                "mspaVersion", "mspaCoveredTransaction", "mspaMode", "processingNotice", "saleOptOutNotice",
                "targetedAdvertisingOptOutNotice", "saleOptOut", "targetedAdvertisingOptOut",
                "knownChildSensitiveDataConsents", "additionalDataProcessingConsent",
            ] {
                #expect(section[field] == .int(1), "\(key).\(field)")
            }
            #expect(section["sensitiveDataProcessing"] == .array([2, 1, 0, 2, 1, 0, 2, 1].map { .int($0) }))
            #expect(section["subSections"] == .array([.int(1)]), "\(key)")
            #expect(try gpp.encoded() == text)
        }
    }

    @Test func aHeaderFirstSectionHasExactlyTheSubsectionsItLists() {
        // A listed subsection that is missing, or a part the header does not list.
        for text in ["ZBABYA.BVVV", "ZBAA.BVVV.kkk", "ZBABYA"] {
            let error = thrownError { () throws(ConsentError) in _ = try GPPFieldSection(.usIndiana, encoded: text) }
            #expect(error?.code == .badValue || error?.code == .truncated, "\(text)")
        }
        // Maryland's GPC subsection keeps its SubsectionType: `QA` = 01 0 (type 1, Gpc no), `gA` = 10 (type 2).
        #expect((try? GPPFieldSection(.usMaryland, encoded: "YBABYA.BVVU.QA"))?.gpc == false)
        let wrongType = thrownError { () throws(ConsentError) in
            _ = try GPPFieldSection(.usMaryland, encoded: "YBABYA.BVVU.gA")
        }
        #expect(wrongType?.code == .badValue)
        #expect(wrongType?.field.description == "gpcSegmentType")
    }
}

/// What a pretty printer gets from the declarations.
@Suite struct PrettyPrinterSupportTests {
    @Test func entriesCarryNamesValuesAndMeanings() throws {
        let section = try GPPFieldSection(.usNational, encoded: "CVVVkkkkkpFY.YA")
        let entries = section.entries
        let saleOptOut = try #require(entries.first { $0.field.key.description == "saleOptOut" })
        #expect(saleOptOut.field.name.description == "SaleOptOut")
        #expect(saleOptOut.value == .integer(1))
        #expect(saleOptOut.meanings.map { $0?.description } == ["opted out"])
        let sensitive = try #require(entries.first { $0.field.key.description == "sensitiveDataProcessing" })
        #expect(sensitive.field.itemNames.count == 16)
        #expect(sensitive.field.itemNames.first?.description == "racial or ethnic origin")
        #expect(sensitive.meanings.first??.description == "consent")
        let gpc = try #require(entries.first { $0.field.key.description == "gpc" })
        #expect(gpc.segment.name.description == "gpc")
        #expect(gpc.value == .boolean(true))
        #expect(GPPField.gpcMeaningCheck(gpc))
        let covered = GPPSectionDeclaration.usNational.layouts[1].core.fields.first {
            $0.key.description == "mspaCoveredTransaction"
        }
        #expect(covered?.values.meaning(of: 2)?.description == "no")
        #expect(covered?.values.allows(0) == false)
        #expect(GPPSectionDeclaration.usNational.title.description == "US National (MSPA)")
        let absent = try GPPFieldSection(.usNational, encoded: "CVVVkkkkkpFY")
        #expect(absent.entries.first { $0.field.key.description == "gpc" }?.value == nil)
    }

    @Test func valuesByIndexFollowTheEntries() throws {
        for text in ["CVVVkkkkkpFY.YA", "CVVVkkkkkpFY", "BAAAVVVVUQA.QA"] {
            let section = try GPPFieldSection(.usNational, encoded: text)
            #expect(section.fieldCount == section.entries.count)
            for (index, entry) in section.entries.enumerated() {
                #expect(section.value(at: index) == entry.value)
                #expect(section.value(entry.field.key.description) == entry.value)
            }
        }
    }
}

extension GPPField {
    /// The GPC field's meaning for `true`.
    static func gpcMeaningCheck(_ entry: GPPFieldEntry) -> Bool {
        entry.meanings.first??.description == "Global Privacy Control signal sent"
    }
}
