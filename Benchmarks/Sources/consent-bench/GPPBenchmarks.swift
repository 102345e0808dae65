import ConsentCore
import GPP
import TCF

/// GPP strings: full decode (every section, every field, every id), the query paths, canonical encode, and a
/// decode that fails.
enum GPPBenchmarks {
    static func all(corpus: Corpus) -> [Benchmark] {
        let file = "gpp-typical.txt"
        return [
            Benchmark(
                name: "gpp-decode-typical",
                summary: "GPPString(encoded:) of \(file), reading every field of every section and iterating every id"
            ) {
                let strings = try corpus.strings(file)
                let reader = FieldReader()
                return Workload.perInput(strings) { string in
                    do throws(ConsentError) { return reader.checksum(try GPPString(encoded: string)) } catch {
                        fatalError("\(file): \(error)")
                    }
                }
            },
            Benchmark(
                name: "gpp-parse-typical",
                summary: "GPPString(encoded:) of \(file), every field read but sets only counted (popcount)"
            ) {
                let strings = try corpus.strings(file)
                let reader = FieldReader(iteratingIDs: false)
                return Workload.perInput(strings) { string in
                    do throws(ConsentError) { return reader.checksum(try GPPString(encoded: string)) } catch {
                        fatalError("\(file): \(error)")
                    }
                }
            },
            Benchmark(
                name: "gpp-query-saleoptout",
                summary: "GPPQuery.usNational(.saleOptOut, in:) on \(file): header and usnat core only"
            ) {
                Workload.perInput(try corpus.strings(file)) { string in
                    do throws(ConsentError) {
                        return UInt64(try GPPQuery.usNational(.saleOptOut, in: string) ?? 9)
                    } catch {
                        fatalError("\(file): \(error)")
                    }
                }
            },
            Benchmark(
                name: "gpp-query-tcfeuv2",
                summary: "GPPQuery.tcfEuV2(in:) then TCString.check(vendor 755, purposes 1-4) on \(file)"
            ) {
                let purposes: IDSet = [1, 2, 3, 4]
                return Workload.perInput(try corpus.strings(file)) { string in
                    do throws(ConsentError) {
                        guard let tcString = try GPPQuery.tcfEuV2(in: string) else { return 0 }
                        // The section is read where it lies in the GPP string (a Substring, no copy).
                        let answer = try TCString.check(tcString, vendor: 755, purposes: purposes)
                        return (answer.vendorConsent ? 1 : 0) &+ (answer.purposesConsent ? 2 : 0)
                    } catch {
                        fatalError("\(file): \(error)")
                    }
                }
            },
            Benchmark(
                name: "gpp-encode-typical",
                summary: "canonical encode of the decoded \(file) values (every section re-encoded)"
            ) {
                let strings = try corpus.strings(file)
                let values = try strings.map { try GPPString(encoded: $0) }
                return Workload.cycling(values, bytesPerOperation: Workload.averageBytes(strings)) { value in
                    do throws(ConsentError) {
                        return UInt64(try value.encoded(options: .canonical).utf8.count)
                    } catch {
                        fatalError("\(file): \(error)")
                    }
                }
            },
            Benchmark(
                name: "gpp-decode-invalid",
                summary: "\(file) with the last section cut to half its length: fails in the last section"
            ) {
                let inputs = try Workload.failing(try corpus.strings(file).map(truncatedLastSection)) {
                    _ = try GPPString(encoded: $0)
                }
                return Workload.perInput(inputs) { string in
                    do throws(ConsentError) {
                        return UInt64(try GPPString(encoded: string).sections.count)
                    } catch {
                        return UInt64(error.bitOffset ?? 0) &+ UInt64(error.characterOffset ?? 0)
                    }
                }
            },
        ]
    }

    /// `string` with its last `~` part cut to half its length.
    static func truncatedLastSection(_ string: String) -> String {
        guard let tilde = string.lastIndex(of: "~") else { return string }
        let last = string[string.index(after: tilde)...]
        return String(string[...tilde]) + last.prefix(last.count / 2)
    }

    /// Reads every field of a decoded GPP string through the public API, in the order written (`value(at:)`):
    /// what a consumer walking a section does. (Until 2026-11-29 it looked each field up by its JSON key, which
    /// added a key lookup per field, about a sixth of the operation, to what was measured.)
    struct FieldReader {
        private let iteratingIDs: Bool

        init(iteratingIDs: Bool = true) {
            self.iteratingIDs = iteratingIDs
        }

        func checksum(_ value: GPPString) -> UInt64 {
            var sum: UInt64 = 0
            for section in value.sections {
                sum &+= UInt64(section.id)
                switch section {
                case .tcfEuV1(let string): sum &+= UInt64(string.vendorConsents.count)
                case .tcfEuV2(let string): sum &+= TCFBenchmarks.checksum(string, iteratingIDs: iteratingIDs)
                case .usPrivacy(let string): sum &+= USPBenchmarks.checksum(string)
                case .fields(let fields):
                    for index in 0..<fields.fieldCount {
                        if let field = fields.value(at: index) { sum &+= checksum(field) }
                    }
                case .unknown(let unknown): sum &+= UInt64(unknown.text.utf8.count)
                }
            }
            return sum
        }

        private func checksum(_ value: GPPFieldValue) -> UInt64 {
            switch value {
            case .integer(let integer): return UInt64(truncatingIfNeeded: integer)
            case .boolean(let boolean): return boolean ? 1 : 0
            case .list(let list): return list.packed &+ UInt64(list.count)
            case .datetime(let deciseconds): return UInt64(truncatingIfNeeded: deciseconds)
            case .letters(let letters): return UInt64(letters.utf8.count)
            case .ids(let ids): return iteratingIDs ? TCFBenchmarks.ids(ids) : UInt64(ids.count)
            case .restrictions(let restrictions):
                var sum: UInt64 = 0
                for restriction in restrictions {
                    sum &+= UInt64(restriction.purposeID) &+ UInt64(restriction.restrictionType)
                    sum &+=
                        iteratingIDs ? TCFBenchmarks.ids(restriction.vendorIDs) : UInt64(restriction.vendorIDs.count)
                }
                return sum
            }
        }
    }
}
