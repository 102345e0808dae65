import ConsentCore
import TCF

/// TC strings: full decode (every field, every id of every set), the allocation-free query path, canonical
/// encode, and a decode that fails.
enum TCFBenchmarks {
    static let corpora = [("small", "tcf-small.txt"), ("typical", "tcf-typical.txt"), ("large", "tcf-large.txt")]

    static func all(corpus: Corpus) -> [Benchmark] {
        var all: [Benchmark] = []
        for (input, file) in corpora {
            all.append(
                Benchmark(
                    name: "tcf-decode-\(input)",
                    summary: "TCString(encoded:) of \(file), reading every field and iterating every id"
                ) {
                    Workload.perInput(try corpus.strings(file)) { string in
                        do throws(ConsentError) { return checksum(try TCString(encoded: string)) } catch {
                            fatalError("\(file): \(error)")
                        }
                    }
                }
            )
        }
        for (input, file) in corpora {
            all.append(
                Benchmark(
                    name: "tcf-parse-\(input)",
                    summary: "TCString(encoded:) of \(file), every field read but sets only counted (popcount)"
                ) {
                    Workload.perInput(try corpus.strings(file)) { string in
                        do throws(ConsentError) {
                            return checksum(try TCString(encoded: string), iteratingIDs: false)
                        } catch {
                            fatalError("\(file): \(error)")
                        }
                    }
                }
            )
        }
        for (input, file) in corpora {
            all.append(
                Benchmark(
                    name: "tcf-query-\(input)",
                    summary: "TCString.check(_:vendor: 755, purposes: 1-4) on \(file): the ad server's question"
                ) {
                    let purposes: IDSet = [1, 2, 3, 4]
                    return Workload.perInput(try corpus.strings(file)) { string in
                        do throws(ConsentError) {
                            let answer = try TCString.check(string, vendor: 755, purposes: purposes)
                            return (answer.vendorConsent ? 1 : 0) &+ (answer.vendorLegitimateInterest ? 2 : 0)
                                &+ (answer.purposesConsent ? 4 : 0)
                        } catch {
                            fatalError("\(file): \(error)")
                        }
                    }
                }
            )
        }
        for (input, file) in corpora {
            all.append(
                Benchmark(
                    name: "tcf-encode-\(input)",
                    summary: "canonical encode (count, then write) of the decoded \(file) values"
                ) {
                    let strings = try corpus.strings(file)
                    let values = try strings.map { try TCString(encoded: $0) }
                    return Workload.cycling(values, bytesPerOperation: Workload.averageBytes(strings)) { value in
                        do throws(ConsentError) {
                            return UInt64(try value.encoded(options: .canonical).utf8.count)
                        } catch {
                            fatalError("\(file): \(error)")
                        }
                    }
                }
            )
        }
        all.append(
            Benchmark(
                name: "tcf-decode-invalid",
                summary: "tcf-typical strings with the core cut at 60% of its length: fails `truncated` mid-vendors"
            ) {
                let inputs = try Workload.failing(try corpus.strings("tcf-typical.txt").map(truncatedCore)) {
                    _ = try TCString(encoded: $0)
                }
                return Workload.perInput(inputs) { string in
                    do throws(ConsentError) {
                        return checksum(try TCString(encoded: string))
                    } catch {
                        return UInt64(error.bitOffset ?? 0)
                    }
                }
            }
        )
        return all
    }

    /// A checksum of every field of `value`, every id of every set included (or, with `iteratingIDs` false,
    /// each set's count).
    static func checksum(_ value: TCString, iteratingIDs: Bool = true) -> UInt64 {
        checksum(value, readingSetsWith: iteratingIDs ? TCFBenchmarks.ids : { UInt64($0.count) })
    }

    /// Every id set of `value`, in the order ``checksum(_:iteratingIDs:)`` reads them (the sets `tcf-decode`
    /// iterates).
    static func sets(of value: TCString) -> [IDSet] {
        var sets: [IDSet] = []
        _ = checksum(value) { set in
            sets.append(set)
            return 0
        }
        return sets
    }

    /// A checksum of every field of `value`, each set read by `ids`.
    private static func checksum(_ value: TCString, readingSetsWith ids: (IDSet) -> UInt64) -> UInt64 {
        var sum = UInt64(bitPattern: value.created) &+ UInt64(bitPattern: value.lastUpdated)
        sum &+= UInt64(value.cmpId) &+ UInt64(value.cmpVersion) &+ UInt64(value.consentScreen)
        sum &+= UInt64(value.consentLanguage.rawValue) &+ UInt64(value.publisherCountryCode.rawValue)
        sum &+= UInt64(value.vendorListVersion) &+ UInt64(value.policyVersion)
        sum &+= (value.isServiceSpecific ? 1 : 0) &+ (value.useNonStandardTexts ? 2 : 0)
        sum &+= value.purposeOneTreatment ? 4 : 0
        sum &+= ids(value.specialFeatureOptins) &+ ids(value.purposeConsents) &+ ids(value.purposeLegitimateInterests)
        sum &+= ids(value.vendorConsents) &+ ids(value.vendorLegitimateInterests)
        for restriction in value.publisherRestrictions {
            sum &+= UInt64(restriction.purposeId) &+ UInt64(restriction.restrictionType.rawValue)
            sum &+= ids(restriction.vendorIds)
        }
        if let disclosed = value.disclosedVendors { sum &+= ids(disclosed) }
        if let allowed = value.allowedVendors { sum &+= ids(allowed) }
        if let publisher = value.publisherTC {
            sum &+= ids(publisher.publisherConsents) &+ ids(publisher.publisherLegitimateInterests)
            sum &+= UInt64(publisher.numCustomPurposes)
            sum &+= ids(publisher.publisherCustomConsents) &+ ids(publisher.publisherCustomLegitimateInterests)
        }
        for segment in value.unknownSegments { sum &+= UInt64(segment.utf8.count) }
        return sum
    }

    /// The sum of the ids in `set`, iterated one by one.
    static func ids(_ set: IDSet) -> UInt64 {
        var sum: UInt64 = 0
        for id in set { sum &+= UInt64(id) }
        return sum
    }

    /// `string` with its core segment cut to 60% of its length and the other segments dropped.
    static func truncatedCore(_ string: String) -> String {
        let core = string.split(separator: ".", maxSplits: 1)[0]
        return String(core.prefix(core.count * 6 / 10))
    }
}
