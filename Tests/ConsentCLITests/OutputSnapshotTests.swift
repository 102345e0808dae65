import Foundation
import Testing

@testable import ConsentCLI

/// The pretty output of real decodes, a representative string of each kind, and of `explain` and `lint`, against
/// `Snapshots/` (re-record with `RECORD_SNAPSHOTS=1`).
@Suite struct OutputSnapshotTests {
    static let representatives: [(name: String, input: String)] = [
        ("decode-tcf-restrictions", "COwAdDhOwAdDhN4ABAENAPCgAAQAAv___wAAAFP_AAp_4AI6ACACAA"),
        ("decode-tcf-segments", "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"),
        ("decode-tcf-legacy", "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA"),
        ("decode-gpp-tcf-usp", "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN"),
        ("decode-gpp-usnat", "DBABLA~CVVVkkkkkpFY.YA"),
        ("decode-gpp-tcfcav1", "DBABjw~BPXuQIAPXuQIAAfKABENB-CgAAAAAAAAAAAAAAAA.YAAAAAAAAAA~1YNN"),
        ("decode-usp", "1YNN"),
        ("decode-ac", "2~1.35.41~dv.9.21"),
    ]

    @Test(arguments: representatives.map(\.name))
    func prettyOutputOfEachKindMatchesSnapshot(name: String) throws {
        let input = try #require(Self.representatives.first { $0.name == name }).input
        let result = run(["decode", input])
        #expect(result.status == 0, "\(result.error)")
        assertSnapshot(result.output, named: name)
    }

    @Test func urlWithEveryParameterMatchesSnapshot() {
        let url =
            "https://ads.example/bid?gdpr=1&gdpr_consent=CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA"
            + "&gpp=DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN&gpp_sid=2,7&us_privacy=1YNY"
            + "&addtl_consent=2~1.35.41~dv.9.21"
        let result = run(["decode", url])
        #expect(result.status == 0, "\(result.error)")
        assertSnapshot(result.output, named: "decode-url")
    }

    @Test func vendorNamesFromAVendorList() {
        let result = run([
            "decode", "--gvl", TestPaths.fixture("vendor-list.json"),
            "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA",
        ])
        #expect(result.status == 0, "\(result.error)")
        assertSnapshot(result.output, named: "decode-gvl")
        // The same list saved with a byte order mark (as editors on Windows save it) reads the same.
        let marked = FileManager.default.temporaryDirectory.appendingPathComponent("consent-gvl-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: marked) }
        let list = FileManager.default.contents(atPath: TestPaths.fixture("vendor-list.json")) ?? Data()
        #expect((try? (Data([0xEF, 0xBB, 0xBF]) + list).write(to: marked)) != nil)
        let again = run([
            "decode", "--gvl", marked.path,
            "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA",
        ])
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output == result.output)
    }

    @Test func explainMatchesSnapshot() {
        for (name, input) in [
            ("explain-tcf", "COwAdDhOwAdDhN4ABAENAPCgAAQAAv___wAAAFP_AAp_4AI6ACACAA"),
            ("explain-gpp", "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN"),
            ("explain-gpp-usnat", "DBABLA~CVVVkkkkkpFY.YA"),
        ] {
            let result = run(["explain", input])
            #expect(result.status == 0, "\(name): \(result.error)")
            assertSnapshot(result.output, named: name)
        }
    }

    @Test func lintMatchesSnapshot() {
        let result = run([
            "lint", "COwAdDhOwAdDhN4ABAENAPCgAAQAAv___wAAAFP_AAp_4AI6ACACAA",
            "gdpr=1&gpp=DBABLA~CVVVkkkkkpFY.YA&gpp_sid=7,8&us_privacy=1N-Y",
        ])
        #expect(result.status == 1)
        assertSnapshot(result.output, named: "lint")
    }
}
