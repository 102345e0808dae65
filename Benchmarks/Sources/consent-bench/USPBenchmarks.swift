import ConsentCore
import USPrivacy

/// US Privacy strings (four characters): decode, encode, a bad input, and the harness's own cost per
/// operation, which matters at this size.
enum USPBenchmarks {
    static func all(corpus: Corpus) -> [Benchmark] {
        [
            Benchmark(name: "harness-noop-usp", summary: "the loop alone over usp.txt (what every figure includes)") {
                Workload.perInput(try corpus.strings("usp.txt")) { string in UInt64(string.utf8.count) }
            },
            Benchmark(name: "usp-decode", summary: "USPrivacyString(encoded:) of usp.txt, reading every field") {
                Workload.perInput(try corpus.strings("usp.txt")) { string in
                    do throws(ConsentError) { return checksum(try USPrivacyString(encoded: string)) } catch {
                        fatalError("usp.txt: \(error)")
                    }
                }
            },
            Benchmark(name: "usp-query-optout", summary: "USPrivacyString(encoded:).hasOptedOutOfSale on usp.txt") {
                Workload.perInput(try corpus.strings("usp.txt")) { string in
                    do throws(ConsentError) {
                        return (try USPrivacyString(encoded: string).hasOptedOutOfSale ?? false) ? 1 : 0
                    } catch {
                        fatalError("usp.txt: \(error)")
                    }
                }
            },
            Benchmark(name: "usp-encode", summary: "encoded() of the decoded usp.txt values") {
                let strings = try corpus.strings("usp.txt")
                let values = try strings.map { try USPrivacyString(encoded: $0) }
                return Workload.cycling(values, bytesPerOperation: 4) { value in
                    do throws(ConsentError) { return UInt64(try value.encoded().utf8.count) } catch {
                        fatalError("usp.txt: \(error)")
                    }
                }
            },
            Benchmark(name: "usp-decode-invalid", summary: "usp.txt with the last letter replaced by `x`: `badValue`") {
                let inputs = try Workload.failing(try corpus.strings("usp.txt").map { String($0.dropLast()) + "x" }) {
                    _ = try USPrivacyString(encoded: $0)
                }
                return Workload.perInput(inputs) { string in
                    do throws(ConsentError) { return checksum(try USPrivacyString(encoded: string)) } catch {
                        return UInt64(error.characterOffset ?? 0)
                    }
                }
            },
        ]
    }

    static func checksum(_ value: USPrivacyString) -> UInt64 {
        UInt64(value.version) &+ UInt64(value.notice.rawValue) &+ UInt64(value.optOutSale.rawValue) << 8
            &+ UInt64(value.lspaCovered.rawValue) << 16
    }
}
