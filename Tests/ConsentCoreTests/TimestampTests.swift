import ConsentCore
import ConsentTestSupport
import Testing

@Suite struct TimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (Int64(16_008_477_242), "2020-09-23T07:55:24.200Z"),
        (Int64(15_100_821_554), "2017-11-07T19:15:55.400Z"),
        (Int64(17_489_088_000), "2025-06-03T00:00:00.000Z"),
        (Int64(68_719_476_735), "2187-10-06T10:21:13.500Z"),
    ])
    func formatsAndParsesDeciseconds(deciseconds: Int64, text: String) throws {
        #expect(Timestamp.iso8601(deciseconds: deciseconds) == text)
        #expect(try Timestamp.deciseconds(iso8601: text) == deciseconds)
    }

    @Test func roundTripsSeededTimestamps() throws {
        let seed: UInt64 = 99
        var random = SplitMix64(seed: seed)
        for _ in 0..<2000 {
            let value = Int64(random.next() % (1 << 36))
            #expect(try Timestamp.deciseconds(iso8601: Timestamp.iso8601(deciseconds: value)) == value, "seed \(seed)")
        }
    }

    @Test func roundsMillisecondsToTheNearestDecisecond() throws {
        #expect(try Timestamp.deciseconds(iso8601: "1970-01-01T00:00:00.049Z") == 0)
        #expect(try Timestamp.deciseconds(iso8601: "1970-01-01T00:00:00.050Z") == 1)
        #expect(try Timestamp.deciseconds(iso8601: "1970-01-01T00:00:01Z") == 10)
    }

    @Test(arguments: ["", "2020-09-23", "2020-09-23T07:55:24.200", "1969-12-31T23:59:59Z", "2020-13-01T00:00:00Z"])
    func rejectsMalformedText(text: String) {
        #expect(throws: ConsentError.self) { try Timestamp.deciseconds(iso8601: text) }
    }

    /// A day past the end of its month is refused, not carried into the next month (2025-02-30 was 2025-03-02).
    @Test(arguments: [
        "2025-02-29T00:00:00Z", "2025-02-30T00:00:00Z", "2025-04-31T00:00:00Z", "2025-06-31T00:00:00Z",
        "2025-09-31T00:00:00Z", "2025-11-31T00:00:00Z", "2100-02-29T00:00:00Z", "2025-01-00T00:00:00Z",
        "2025-01-32T00:00:00Z",
    ])
    func rejectsDaysPastTheEndOfTheMonth(text: String) {
        #expect(throws: ConsentError.self) { try Timestamp.deciseconds(iso8601: text) }
    }

    /// The last day of every month of a common year, a leap year and the leap years of the century rules.
    @Test func acceptsTheLastDayOfEveryMonth() throws {
        for year in [2025, 2024, 2000] {
            for (month, days) in [31, year % 4 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].enumerated() {
                let text = "\(year)-" + String(format2: month + 1) + "-\(days)T00:00:00Z"
                let value = try Timestamp.deciseconds(iso8601: text)
                #expect(Timestamp.iso8601(deciseconds: value) == text.dropLast() + ".000Z")
            }
        }
    }

    @Test func writesAnyDecisecondCountWithoutTrapping() throws {
        // A built value can hold any Int64 (only 0..<2^36 encodes); JSON writing must not trap on it.
        #expect(Timestamp.iso8601(deciseconds: -1) == "1969-12-31T23:59:59.900Z")
        #expect(Timestamp.iso8601(deciseconds: -10) == "1969-12-31T23:59:59.000Z")
        #expect(Timestamp.iso8601(deciseconds: -864_000) == "1969-12-31T00:00:00.000Z")
        for extreme in [Int64.max, Int64.min, Int64.max / 100 + 1, Int64.min / 100 - 1] {
            let text = Timestamp.iso8601(deciseconds: extreme)
            #expect(text.hasSuffix("Z") && text.contains("T"), "\(extreme): \(text)")
            #expect(throws: ConsentError.self, "\(text) is not a timestamp the formats can hold") {
                _ = try Timestamp.deciseconds(iso8601: text)
            }
        }
        #expect(Timestamp.iso8601(deciseconds: Int64.max).hasPrefix("29227"), "year 29,227,102,560")
        #expect(Timestamp.iso8601(deciseconds: Int64.min).hasPrefix("-29227"))
    }
}

extension String {
    /// `value` (0...99) in two digits.
    fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
