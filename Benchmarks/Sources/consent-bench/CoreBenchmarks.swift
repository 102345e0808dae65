import ConsentCore

/// ConsentCore alone: base64url and the bit reader on a 1 KB segment (issue #2's figures).
enum CoreBenchmarks {
    /// 1,024 base64url characters from a fixed seed: a segment longer than any TC string core, short enough
    /// to stay in L1.
    static let segment: String = {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var random = SplitMix64(seed: 20_261_129)
        return String((0..<1_024).map { _ in alphabet[Int(random.next() % 64)] })
    }()

    /// The widths a TC string core reads (booleans, letters, 12/16-bit ids, 36-bit timestamps, ...), repeated
    /// until the segment's 6,144 bits are used up.
    static let readPlan: [Int] = {
        let pattern = [1, 6, 12, 16, 36, 2, 3, 24, 1, 1, 8, 64, 6, 6, 12, 1]
        var plan: [Int] = []
        var used = 0
        var index = 0
        while used + pattern[index] <= segment.utf8.count * 6 {
            plan.append(pattern[index])
            used += pattern[index]
            index = (index + 1) % pattern.count
        }
        return plan
    }()

    static func all() -> [Benchmark] {
        let plan = readPlan
        return [
            onSegment(
                "base64url-decode",
                "Base64URL.decode of a 1 KB segment into bytes (validation included)"
            ) { view, operations throws(ConsentError) in
                var checksum: UInt64 = 0
                for _ in 0..<operations {
                    let decoded = try Base64URL.decode(utf8: view)
                    checksum &+= UInt64(decoded.count) &+ UInt64(decoded[decoded.count - 1])
                }
                return checksum
            },
            onSegment(
                "base64url-validate",
                "the alphabet check every decode starts with (TextView.bitReader) on a 1 KB segment"
            ) { view, operations throws(ConsentError) in
                var checksum: UInt64 = 0
                for _ in 0..<operations { checksum &+= UInt64(try view.bitReader().bitCount) }
                return checksum
            },
            onSegment(
                "bitreader-read",
                "\(plan.count) reads of 1-64 bits covering a 1 KB segment (reader made once per round)",
                rate: (unit: "reads/ns", perOperation: Double(plan.count))
            ) { view, operations throws(ConsentError) in
                let start = try view.bitReader()
                var checksum: UInt64 = 0
                for _ in 0..<operations {
                    var reader = start
                    for width in plan { checksum &+= try reader.readInteger(bits: width, as: UInt64.self) }
                }
                return checksum
            },
        ]
    }

    /// A benchmark whose loop runs over a view of the 1 KB segment; the segment is valid, so an error is a bug.
    private static func onSegment(
        _ name: String,
        _ summary: String,
        rate: (unit: String, perOperation: Double)? = nil,
        _ body: @escaping (TextView, Int) throws(ConsentError) -> UInt64
    ) -> Benchmark {
        Benchmark(name: name, summary: summary) {
            Workload(bytesPerOperation: Double(segment.utf8.count), rate: rate) { operations in
                do {
                    return try withTextView(of: segment) { view throws(ConsentError) in try body(view, operations) }
                } catch {
                    fatalError("\(name): \(error)")
                }
            }
        }
    }
}

/// SplitMix64, for fixed pseudo-random inputs (the tests' generator, repeated here: the side package cannot
/// reach the test support module).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
