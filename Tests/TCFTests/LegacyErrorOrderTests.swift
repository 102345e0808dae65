import ConsentCore
import TCF
import Testing

/// A legacy v1.1 string with a `.` fails on what comes first in the string: a character outside the alphabet or a
/// Version other than 1 in the core is reported before the `.` that a v1.1 string may not have (tcf.md §3). Found by
/// the v1.1 cross-check (scripts/crosscheck/tcf-v1), whose decoder reports errors in the order of the string.
@Suite struct LegacyErrorOrderTests {
    /// The spec's v1.1 example (tcf.md §11, example 6).
    static let example = "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA"

    @Test func aCharacterOutsideTheAlphabetBeforeTheDotIsReportedFirst() throws {
        let error = try #require(throws: ConsentError.self) { try TCStringV1(encoded: "BOEF+EAyOEF.AAAA") }
        #expect(error.code == .badBase64)
        #expect(error.characterOffset == 4)
    }

    @Test func aVersionOtherThanOneBeforeTheDotIsReportedFirst() throws {
        // `D`: Version 3.
        let error = try #require(throws: ConsentError.self) { try TCStringV1(encoded: "DOEFEAyOEFEAyAHA.AAAA") }
        #expect(error.code == .badVersion && error.field.description == "version")
    }

    @Test func aDotAfterAWellFormedCoreIsBadValueAtTheDot() throws {
        for suffix in [".", ".AAAA", "..AAAA"] {
            let error = try #require(throws: ConsentError.self) { try TCStringV1(encoded: Self.example + suffix) }
            #expect(error.code == .badValue && error.field.description == "segmentType", "\(suffix)")
            #expect(error.characterOffset == Self.example.count, "\(suffix)")
        }
    }

    @Test func aCorePaddedWithEqualsSignsBeforeTheDotIsStillBadValueAtTheDot() throws {
        // 35 characters and one `=`: the `=` is padding (tcf.md §2), the `.` after it the error.
        let error = try #require(throws: ConsentError.self) { try TCStringV1(encoded: Self.example + "=.AAAA") }
        #expect(error.code == .badValue && error.characterOffset == Self.example.count + 1)
    }
}
