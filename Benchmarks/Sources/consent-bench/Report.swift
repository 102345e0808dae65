import ConsentCore
import Foundation

/// Prints measurements: a table for people (one row as each benchmark finishes), or JSON Lines.
struct Report {
    let json: Bool

    private static let columns: [(title: String, width: Int)] = [
        ("benchmark", 26), ("ns/op", 12), ("p90", 12), ("allocs/op", 10), ("MB/s", 10), ("", 0),
    ]

    func header() {
        guard !json else { return }
        let titles = Report.columns.enumerated().map { index, column in
            index == 0 ? Report.padRight(column.title, column.width) : Report.padLeft(column.title, column.width)
        }
        print(titles.joined(separator: " "))
        print(String(repeating: "-", count: Report.columns.reduce(0) { $0 + $1.width + 1 } + 20))
    }

    func row(_ measurement: Measurement) {
        if json {
            print(measurement.json.serialized())
            return
        }
        let extras = measurement.extras.map { "\(Report.figure($0.value)) \($0.unit)" }.joined(separator: ", ")
        let cells = [
            Report.padRight(measurement.name, Report.columns[0].width),
            Report.padLeft(Report.figure(measurement.nsPerOp), Report.columns[1].width),
            Report.padLeft(Report.figure(measurement.p90NsPerOp), Report.columns[2].width),
            Report.padLeft(measurement.allocsPerOp.map(Report.allocations) ?? "n/a", Report.columns[3].width),
            Report.padLeft(measurement.mbPerSecond.map(Report.figure) ?? "", Report.columns[4].width),
            extras,
        ]
        print(cells.joined(separator: " "))
    }

    /// A message that is not a figure (a skipped benchmark): in the table as a row, in JSON on standard error
    /// so that standard output stays one measurement per line.
    func note(_ name: String, _ text: String) {
        if json {
            FileHandle.standardError.write(Data("consent-bench: \(name): \(text)\n".utf8))
        } else {
            print("\(Report.padRight(name, Report.columns[0].width)) \(text)")
        }
    }

    /// Three significant digits below 1,000, whole numbers with thousands separators above.
    static func figure(_ value: Double) -> String {
        switch abs(value) {
        case 1_000...: return grouped(Int(value.rounded()))
        case 100...: return String(format: "%.0f", value)
        case 10...: return String(format: "%.1f", value)
        case 1...: return String(format: "%.2f", value)
        default: return String(format: "%.3f", value)
        }
    }

    static func allocations(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }

    static func grouped(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
