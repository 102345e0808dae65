import ConsentCore
import Testing
import USPrivacy

@Suite struct USPrivacyDecodingTests {
    static let letters: [Character] = ["Y", "N", "-"]

    /// Every first character of four kinds (the version, another digit, zero, a letter) with every 27 letter
    /// combinations: the 108 strings decode or fail as usp.md §3 says, and the valid ones round trip.
    @Test(arguments: ["1", "2", "0", "A"] as [Character])
    func decodesOrRejectsEveryCombination(first: Character) throws {
        for notice in Self.letters {
            for sale in Self.letters {
                for lspa in Self.letters {
                    let text = String([first, notice, sale, lspa])
                    guard first == "1" else {
                        let error = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: text) }
                        #expect(error?.code == .badVersion, "\(text)")
                        #expect(error?.field.description == "version")
                        #expect(error?.characterOffset == 0)
                        continue
                    }
                    let value = try USPrivacyString(encoded: text)
                    #expect(value.notice.letter == notice && value.optOutSale.letter == sale)
                    #expect(value.lspaCovered.letter == lspa)
                    #expect(try value.encoded() == text)
                    let built = USPrivacyString(
                        notice: value.notice,
                        optOutSale: value.optOutSale,
                        lspaCovered: value.lspaCovered
                    )
                    #expect(try built.encoded() == text)
                    #expect(try USPrivacyString(json: built.jsonValue()) == value)
                    #expect(try USPrivacyString(json: value.jsonValue()).encoded() == text)
                }
            }
        }
    }

    /// Every four-character string over a small alphabet: it decodes exactly when it matches `^1[YN-]{3}$`, and
    /// otherwise the error points at the first character that breaks it.
    @Test func acceptsExactlyTheSpecifiedAlphabetAtEachPosition() throws {
        let alphabet: [Character] = ["1", "2", "Y", "N", "-", "y", "n", " "]
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    for d in alphabet {
                        let text = String([a, b, c, d])
                        let firstBad: Int? =
                            a != "1" ? 0 : [b, c, d].firstIndex { !Self.letters.contains($0) }.map { $0 + 1 }
                        if let firstBad {
                            let error = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: text) }
                            #expect(error?.characterOffset == firstBad, "\(text)")
                        } else {
                            #expect(try USPrivacyString(encoded: text).encoded() == text)
                        }
                    }
                }
            }
        }
    }

    @Test func rejectsEmptyInputAsEmpty() {
        let error = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: "") }
        #expect(error?.code == .empty)
        #expect(error?.characterOffset == 0)
    }

    @Test(arguments: ["1YNNN", "1YNN ", " 1YNN", "1YN", "1"])
    func rejectsLengthOtherThanFourAsBadValue(text: String) {
        let error = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: text) }
        #expect(error?.code == .badValue)
        #expect(error?.characterOffset == min(text.utf8.count, 4))
    }

    /// A character outside ASCII among the first four is named with its field, whatever the length: `1YNé` has four
    /// characters in five bytes, and what is wrong with it is its lspaCovered (it was said to be its length).
    @Test(arguments: [
        ("1YNé", 3, "lspaCovered"), ("1é", 1, "notice"), ("1ÿNN", 1, "notice"), ("1Y\u{2014}N", 2, "optOutSale"),
    ])
    func namesACharacterOutsideASCIIByItsField(text: String, offset: Int, field: String) {
        let error = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: text) }
        #expect(error?.code == .badValue)
        #expect(error?.characterOffset == offset)
        #expect(error?.field.description == field)
        #expect(error?.value == Int64(Array(text.utf8)[offset]))
        let version = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: "\u{20AC}YNN") }
        #expect(version?.code == .badVersion && version?.characterOffset == 0)
    }

    @Test func reportsVersionDigitAsBadVersionWithItsValue() {
        let error = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: "2YNN") }
        #expect(error?.code == .badVersion)
        #expect(error?.value == 2)
    }

    @Test(arguments: ["1y--", "1-n-", "1--n", "1yyy"])
    func rejectsLowercaseByDefault(text: String) {
        let error = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: text) }
        #expect(error?.code == .badValue)
    }

    @Test func acceptsLowercaseOnlyWhenAskedAndKeepsItForTheRoundTrip() throws {
        let value = try USPrivacyString(encoded: "1ynN", acceptingLowercase: true)
        #expect(value == USPrivacyString(notice: .yes, optOutSale: .no, lspaCovered: .no))
        #expect(try value.encoded() == "1ynN")
        #expect(try value.encoded(options: .canonical) == "1YNN")
        #expect(!value.isCanonicallyEncoded)
        #expect(value.lint().map(\.code) == ["lowercaseLetters"])
        let json = value.jsonValue()
        #expect(json["notice"] == .string("Y"))
        #expect(json["encoding"]?["original"] == .string("1ynN"))
        // Read back without the lenient option (as consent encode reads it), the text is the canonical one: a string
        // encoded from JSON always decodes (usp.md §3, "normalised to upper case in the output").
        #expect(try USPrivacyString(json: json).encoded() == "1YNN")
    }

    @Test func everyMixOfCasesComesBackAsWritten() throws {
        let letters = ["Y", "N", "-", "y", "n"]
        for notice in letters {
            for sale in letters {
                for lspa in letters {
                    let text = "1" + notice + sale + lspa
                    let value = try USPrivacyString(encoded: text, acceptingLowercase: true)
                    #expect(try value.encoded() == text)
                    #expect(try value.encoded(options: .canonical) == text.uppercased())
                    #expect(value.isCanonicallyEncoded == (text == text.uppercased()))
                }
            }
        }
    }

    @Test func changingAFieldDropsTheOriginalText() throws {
        var value = try USPrivacyString(encoded: "1yyn", acceptingLowercase: true)
        value.optOutSale = .no
        #expect(try value.encoded() == "1YNN")
        #expect(value.isCanonicallyEncoded)
    }

    @Test func decodesSubstringsAndOffsetsErrorsInsideALargerInput() throws {
        let gpp = "DBABTA~1YNN"
        #expect(try USPrivacyString(encoded: gpp.dropFirst(7)).encoded() == "1YNN")
        let error = #expect(throws: ConsentError.self) {
            try withTextView(of: "DBABTA~1YNX") { view throws(ConsentError) in
                try USPrivacyString(view: view.slice(7..<11))
            }
        }
        #expect(error?.field.description == "lspaCovered")
        #expect(error?.characterOffset == 10)
        let value = try withTextView(of: gpp) { view throws(ConsentError) in
            try USPrivacyString(view: view.dropFirst(7))
        }
        #expect(try value.encoded() == "1YNN")
    }

    @Test(arguments: ["1Y--", "1--Y", "1N-N"])
    func strictDecodingRejectsNotApplicableSaleMixedWithSignals(text: String) throws {
        #expect(try USPrivacyString(encoded: text).lint().first?.severity == .error)
        let error = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: text, options: .strict) }
        #expect(error?.code == .policyViolation)
        #expect(error?.field.description == "optOutSale")
        #expect(error?.characterOffset == 2)
    }

    @Test(arguments: ["1---", "1-Y-", "1NNN", "1YNN"])
    func strictDecodingAcceptsStringsWithoutErrorFindings(text: String) throws {
        #expect(try USPrivacyString(encoded: text, options: .strict).encoded() == text)
    }

    @Test func answersTheOneCallQuestions() throws {
        let optedOut = try USPrivacyString(encoded: "1NY-")
        #expect(optedOut.hasOptedOutOfSale == true)
        #expect(optedOut.wasGivenNotice == false)
        #expect(optedOut.isLSPACovered == nil)
        #expect(optedOut.ccpaApplies)
        let none = try USPrivacyString(encoded: "1---")
        #expect(none.hasOptedOutOfSale == nil)
        #expect(!none.ccpaApplies)
        #expect(none == .notApplicable)
        #expect(try USPrivacyString(encoded: "1YNN").hasOptedOutOfSale == false)
    }

    @Test func convertsFlagsToAndFromBooleansAndLetters() {
        for flag in USPrivacyFlag.allCases {
            #expect(USPrivacyFlag(flag.boolValue) == flag)
            #expect(USPrivacyFlag(letter: flag.letter) == flag)
        }
        #expect(USPrivacyFlag(letter: "y") == nil)
    }
}
