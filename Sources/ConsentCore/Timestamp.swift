/// Converts the consent formats' timestamps (deciseconds since 1970-01-01T00:00:00Z) to and from the
/// ISO 8601 text of the JSON form (`2020-09-23T07:55:24.200Z`), without Foundation.
public enum Timestamp {
    /// `YYYY-MM-DDTHH:MM:SS.mmmZ` for a decisecond count.
    ///
    /// Any count is written, never a trap: years past 9999 with more digits, a negative count as the moment before
    /// 1970 it stands for (proleptic Gregorian calendar, a year before 1 with a minus sign). Only `0..<2^36` can
    /// be encoded, and ``deciseconds(iso8601:field:)`` reads years from 1970 on only.
    public static func iso8601(deciseconds: Int64) -> String {
        // Floor division, so that a moment before 1970 keeps a time of day and a fraction counted forward.
        let (seconds, tenths) = floorDivision(deciseconds, by: 10)
        let (days, secondOfDay) = floorDivision(seconds, by: 86_400)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "." + pad(tenths * 100, 3) + "Z"
    }

    /// The quotient rounded down and the remainder in `0..<divisor` (`divisor` positive).
    private static func floorDivision(_ value: Int64, by divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// Deciseconds for ISO 8601 UTC text: `2020-09-23T07:55:24.200Z`, `2020-09-23T07:55:24Z`, with any number of
    /// fraction digits (rounded to the nearest decisecond, as the reference encoders round milliseconds).
    /// - Throws: ``ConsentError/Code/badJSON`` when the text is not of that form, or before 1970.
    public static func deciseconds(iso8601 text: String, field: StaticString = "") throws(ConsentError) -> Int64 {
        let bytes = Array(text.utf8)
        func fail() -> ConsentError { ConsentError(.badJSON, field: field) }
        func number(_ range: Range<Int>) throws(ConsentError) -> Int64 {
            guard range.upperBound <= bytes.count else { throw fail() }
            var value: Int64 = 0
            for index in range {
                let digit = bytes[index] &- 0x30
                guard digit <= 9 else { throw fail() }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        func expect(_ index: Int, _ character: Unicode.Scalar) throws(ConsentError) {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { throw fail() }
        }
        let year = try number(0..<4)
        try expect(4, "-")
        let month = try number(5..<7)
        try expect(7, "-")
        let day = try number(8..<10)
        try expect(10, "T")
        let hour = try number(11..<13)
        try expect(13, ":")
        let minute = try number(14..<16)
        try expect(16, ":")
        let second = try number(17..<19)
        var index = 19
        var fractionMilliseconds: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale: Int64 = 100_000  // fraction read as microseconds
            var micro: Int64 = 0
            let start = index
            while index < bytes.count, bytes[index] &- 0x30 <= 9 {
                micro += Int64(bytes[index] &- 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { throw fail() }
            fractionMilliseconds = micro / 1000
            if micro % 1000 >= 500 { fractionMilliseconds += 1 }
        }
        try expect(index, "Z")
        guard index + 1 == bytes.count, year >= 1970, (1...12).contains(month),
            day >= 1, day <= daysInMonth(month, of: year), hour < 24, minute < 60, second < 60
        else { throw fail() }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let milliseconds = ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000) + fractionMilliseconds
        // Round half up to deciseconds, as Math.round(ms / 100) does in the reference encoders.
        return (milliseconds + 50) / 100
    }

    /// The days of `month` (1...12) in `year` of the Gregorian calendar: a 2025-02-30 is not a date (it is not
    /// taken as 2025-03-02).
    static func daysInMonth(_ month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Proleptic Gregorian date of a day count (Howard Hinnant's `civil_from_days`).
    static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Day count of a proleptic Gregorian date (`days_from_civil`).
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        // Years are the only negative values (about -29 billion at the least): the sign goes before the padding.
        if value < 0 { return "-" + pad(0 - value, width) }
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
