import AdditionalConsent
import ConsentCore

/// Google Additional Consent strings: decode (every id iterated), queries, encode, and a bad input.
enum ACBenchmarks {
    static func all(corpus: Corpus) -> [Benchmark] {
        let file = "ac.txt"
        return [
            Benchmark(
                name: "ac-decode",
                summary: "AdditionalConsentString(encoded:) of \(file), iterating every provider id"
            ) {
                Workload.perInput(try corpus.strings(file)) { string in
                    do throws(ConsentError) { return checksum(try AdditionalConsentString(encoded: string)) } catch {
                        fatalError("\(file): \(error)")
                    }
                }
            },
            Benchmark(
                name: "ac-query-provider",
                summary: "AdditionalConsentString(encoded:).hasConsent(forProvider: 89) on \(file)"
            ) {
                Workload.perInput(try corpus.strings(file)) { string in
                    do throws(ConsentError) {
                        return try AdditionalConsentString(encoded: string).hasConsent(forProvider: 89) ? 1 : 0
                    } catch {
                        fatalError("\(file): \(error)")
                    }
                }
            },
            Benchmark(name: "ac-encode", summary: "canonical encode of the decoded \(file) values") {
                let strings = try corpus.strings(file)
                let values = try strings.map { try AdditionalConsentString(encoded: $0) }
                return Workload.cycling(values, bytesPerOperation: Workload.averageBytes(strings)) { value in
                    do throws(ConsentError) {
                        return UInt64(try value.encoded(options: .canonical).utf8.count)
                    } catch {
                        fatalError("\(file): \(error)")
                    }
                }
            },
            Benchmark(
                name: "ac-decode-invalid",
                summary: "\(file) with a letter in place of the last digit: fails at the end of the string"
            ) {
                let inputs = try Workload.failing(try corpus.strings(file).map { String($0.dropLast()) + "x" }) {
                    _ = try AdditionalConsentString(encoded: $0)
                }
                return Workload.perInput(inputs) { string in
                    do throws(ConsentError) { return checksum(try AdditionalConsentString(encoded: string)) } catch {
                        return UInt64(error.characterOffset ?? 0)
                    }
                }
            },
        ]
    }

    static func checksum(_ value: AdditionalConsentString) -> UInt64 {
        UInt64(value.version.rawValue) &+ ids(value.consentedProviders) &+ ids(value.disclosedProviders)
    }

    /// The sum of the ids in `set`, iterated one by one.
    static func ids(_ set: ProviderIDSet) -> UInt64 {
        var sum: UInt64 = 0
        for id in set { sum &+= UInt64(id) }
        return sum
    }
}
