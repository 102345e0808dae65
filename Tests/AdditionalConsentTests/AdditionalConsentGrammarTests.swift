import AdditionalConsent
import ConsentCore
import Testing

/// The table of ac.md §4 and the worked examples of §7, row by row.
@Suite struct AdditionalConsentGrammarTests {
    /// Input, code, field, character offset.
    static let failures: [(String, ConsentError.Code, String, Int)] = [
        ("", .empty, "", 0),
        ("0~1.35", .badVersion, "version", 0),
        ("3~1.35", .badVersion, "version", 0),
        ("a~1.35", .badVersion, "version", 0),
        ("12~1", .badVersion, "version", 0),
        ("2", .badValue, "version", 1),
        ("1~1.2~dv.3", .badValue, "disclosedProviders", 5),
        ("2~1.35", .badValue, "disclosedProviders", 6),
        ("2~1.35~", .badValue, "disclosedProviders", 7),
        ("2~1.35~ax.2.3", .badValue, "disclosedProviders", 7),
        ("2~1.35~d", .badValue, "disclosedProviders", 8),
        ("2~1.35~DV.2", .badValue, "disclosedProviders", 7),
        ("2~1.35~dvx", .badValue, "disclosedProviders", 9),
        ("2~1.35~dv.2~", .badValue, "disclosedProviders", 11),
        ("2~1.35~dv~", .badValue, "disclosedProviders", 9),
        ("1~1e3", .badValue, "consentedProviders", 3),
        ("2~1..2~dv.", .badValue, "consentedProviders", 4),
        ("1~1.2.", .badValue, "consentedProviders", 6),
        ("1~.1", .badValue, "consentedProviders", 2),
        ("2~1~dv..", .badValue, "disclosedProviders", 7),
        ("2~1~dv.1.", .badValue, "disclosedProviders", 9),
        ("1~+1", .badValue, "consentedProviders", 2),
        ("1~0", .badValue, "consentedProviders", 2),
        ("1~5.000", .badValue, "consentedProviders", 4),
        ("1~2147483648", .badValue, "consentedProviders", 2),
        ("2~~dv.99999999999999999999999", .badValue, "disclosedProviders", 6),
        ("2~1~dv. ", .badValue, "disclosedProviders", 7),
        ("\t1~1", .badValue, "version", 0),
        ("1~1\u{0}2", .badValue, "consentedProviders", 3),
        ("1~12é", .badValue, "consentedProviders", 4),
        ("2~1.2~dv.3.4x", .badValue, "disclosedProviders", 12),
    ]

    @Test(arguments: failures)
    func rejectsMalformedFormNamingPartAndOffset(input: String, code: ConsentError.Code, field: String, offset: Int) {
        AdditionalConsentVectorTests.expectRejection(of: input, code: code, field: field, characterOffset: offset)
    }

    /// Google's provider list has ids past 16 bits (66531): read up to 2^31 - 1, the limit ac.md §4 names; an id
    /// above it fails at its first character, with its value while it has ten digits at most.
    @Test func readsIDsPastSixteenBitsUpToTheLimit() throws {
        let value = try AdditionalConsentString(encoded: "2~7.65536.66531~dv.2147483647")
        #expect(value.consentedProviders == [7, 65_536, 66_531])
        #expect(value.disclosedProviders == [2_147_483_647])
        #expect(value.hasConsent(forProvider: 66_531))
        #expect(!value.hasConsent(forProvider: 66_530))
        #expect(value.jsonValue()["disclosedProviders"] == .array([.int(2_147_483_647)]))
        let above = #expect(throws: ConsentError.self) { try AdditionalConsentString(encoded: "1~7.2147483648") }
        #expect(above?.code == .badValue)
        #expect(above?.value == 2_147_483_648)
        #expect(above?.characterOffset == 4)
        let long = #expect(throws: ConsentError.self) { try AdditionalConsentString(encoded: "1~7.99999999999.1") }
        #expect(long?.value == nil)
        #expect(long?.characterOffset == 4)
    }

    @Test(
        arguments: [
            ("1~", 1, [], nil),
            ("1~1.35.41", 1, [1, 35, 41], nil),
            ("2~~dv.", 2, [], []),
            ("2~~dv", 2, [], []),
            ("2~1.35~dv", 2, [1, 35], []),
            ("2~1.35~dv.", 2, [1, 35], []),
            ("2~1.35.41.101~dv.9.21.81", 2, [1, 35, 41, 101], [9, 21, 81]),
            ("2~~dv.1.2.3.4.10", 2, [], [1, 2, 3, 4, 10]),
            ("2~1.2.3.4.10~dv", 2, [1, 2, 3, 4, 10], []),
            ("2~1.10~dv.2.3.4", 2, [1, 10], [2, 3, 4]),
            ("2~~dv.2072.70.89.93", 2, [], [70, 89, 93, 2072]),
            ("2~3.1.3~dv.1.4", 2, [1, 3], [1, 4]),
            ("1~007", 1, [7], nil),
            ("1~000007.12", 1, [7, 12], nil),
            // The last id is not the largest, so the sets outgrow their first sizing.
            ("2~65535.1.200.64.65.130~dv.5000.3", 2, [1, 64, 65, 130, 200, 65535], [3, 5000]),
            // Ids past 16 bits, unsorted and repeated.
            ("2~66531.1.66531~dv.2147483647.70000", 2, [1, 66531], [70000, 2_147_483_647]),
        ] as [(String, Int, [Int], [Int]?)]
    )
    func decodesEveryToleratedFormLosslessly(input: String, version: Int, consented: [Int], disclosed: [Int]?) throws {
        let value = try AdditionalConsentString(encoded: input)
        #expect(value.version.rawValue == version)
        #expect(value.consentedProviders == ProviderIDSet(consented))
        #expect(value.disclosedProviders == ProviderIDSet(disclosed ?? []))
        #expect(
            value.jsonValue()["disclosedProviders"]
                == (disclosed == nil ? .null : ProviderIDSet(disclosed ?? []).jsonValue())
        )
        #expect(try value.encoded() == input)
    }

    /// The order of a list is checked after it is read, eight pairs of ids at a time and then one by one: a repeat or
    /// a step down anywhere, in a list of any length, is found (the set comes out sorted, without repeats), and a
    /// list in order is kept as it is.
    @Test func findsARepeatOrAStepDownAnywhereInAList() throws {
        for length in 0...26 {
            let ascending = (0..<length).map { 10 * $0 + 10 }
            let inOrder = try AdditionalConsentString(encoded: "1~" + ascending.map(String.init).joined(separator: "."))
            #expect(Array(inOrder.consentedProviders) == ascending)
            for position in ascending.indices.dropFirst() {
                for replacement in [ascending[position - 1], ascending[position - 1] - 1] {
                    var ids = ascending
                    ids[position] = replacement
                    let text = "2~" + ids.map(String.init).joined(separator: ".") + "~dv"
                    let value = try AdditionalConsentString(encoded: text)
                    #expect(Array(value.consentedProviders) == Array(Set(ids)).sorted(), "\(text)")
                    #expect(try value.encoded() == text)
                }
            }
        }
    }

    @Test func strictDecodingRejectsLeadingZeros() throws {
        let error = #expect(throws: ConsentError.self) {
            try AdditionalConsentString(encoded: "2~1.007~dv.", options: .strict)
        }
        #expect(error?.code == .badValue)
        #expect(error?.characterOffset == 4)
        #expect(try AdditionalConsentString(encoded: "2~1.7~dv.", options: .strict).consentedProviders == [1, 7])
    }

    @Test func rejectsInputLongerThanTheLimitAsTooLong() {
        var options = DecodingOptions()
        options.maxInputLength = 8
        let error = #expect(throws: ConsentError.self) {
            try AdditionalConsentString(encoded: "2~1.2.3~dv.", options: options)
        }
        #expect(error?.code == .tooLong)
    }

    @Test func decodesAPartOfALargerInputWithWholeInputOffsets() throws {
        let text = "addtl_consent=2~1.x~dv."
        let error = #expect(throws: ConsentError.self) {
            try withTextView(of: text) { view throws(ConsentError) in
                try AdditionalConsentString(view: view.dropFirst(14))
            }
        }
        #expect(error?.characterOffset == 18)
        let value = try AdditionalConsentString(encoded: "addtl_consent=2~1.3~dv.".dropFirst(14))
        #expect(try value.encoded() == "2~1.3~dv.")
    }
}
