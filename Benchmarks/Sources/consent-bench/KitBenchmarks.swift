import ConsentKit

/// ConsentKit: telling the kind of a string, and what detection adds to a decode.
enum KitBenchmarks {
    static let files = ["tcf-small.txt", "tcf-typical.txt", "tcf-large.txt", "gpp-typical.txt", "usp.txt", "ac.txt"]

    static func all(corpus: Corpus) -> [Benchmark] {
        [
            Benchmark(
                name: "detect-any",
                summary: "ConsentString.detectFormat(of:) over every corpus, interleaved (no decoding)"
            ) {
                Workload.perInput(try mixed(corpus)) { string in
                    do throws(ConsentError) { return code(try ConsentString.detectFormat(of: string)) } catch {
                        fatalError("detect: \(error)")
                    }
                }
            },
            Benchmark(
                name: "detect-invalid",
                summary: "detectFormat(of:) of inputs that are no consent string (URL, JSON, spaces, text, bad base64)"
            ) {
                let inputs = try Workload.failing(invalidInputs) { _ = try ConsentString.detectFormat(of: $0) }
                return Workload.perInput(inputs) { string in
                    do throws(ConsentError) { return code(try ConsentString.detectFormat(of: string)) } catch {
                        return UInt64(error.characterOffset ?? 0)
                    }
                }
            },
            Benchmark(
                name: "any-decode-usp",
                summary: "ConsentString(encoded:) of usp.txt: compare with usp-decode for the cost of detection"
            ) {
                Workload.perInput(try corpus.strings("usp.txt")) { string in
                    do throws(ConsentError) {
                        guard case .usp(let value) = try ConsentString(encoded: string) else { return 0 }
                        return USPBenchmarks.checksum(value)
                    } catch {
                        fatalError("usp.txt: \(error)")
                    }
                }
            },
            Benchmark(
                name: "any-decode-tcf-small",
                summary:
                    "ConsentString(encoded:) of tcf-small.txt: compare with tcf-decode-small (a TC string is boxed)"
            ) {
                Workload.perInput(try corpus.strings("tcf-small.txt")) { string in
                    do throws(ConsentError) {
                        guard case .tcf(.v2(let value)) = try ConsentString(encoded: string) else { return 0 }
                        return TCFBenchmarks.checksum(value)
                    } catch {
                        fatalError("tcf-small.txt: \(error)")
                    }
                }
            },
            Benchmark(
                name: "any-decode-ac",
                summary: "ConsentString(encoded:) of ac.txt: compare with ac-decode for the cost of detection"
            ) {
                Workload.perInput(try corpus.strings("ac.txt")) { string in
                    do throws(ConsentError) {
                        guard case .ac(let value) = try ConsentString(encoded: string) else { return 0 }
                        return ACBenchmarks.checksum(value)
                    } catch {
                        fatalError("ac.txt: \(error)")
                    }
                }
            },
            Benchmark(
                name: "any-decode-mixed",
                summary: "ConsentString(encoded:) over every corpus, interleaved (kind detected, then decoded)"
            ) {
                Workload.perInput(try mixed(corpus)) { string in
                    do throws(ConsentError) { return CacheBenchmarks.touch(try ConsentString(encoded: string)) } catch {
                        fatalError("mixed: \(error)")
                    }
                }
            },
        ]
    }

    /// A number for a format, for the checksum.
    static func code(_ format: ConsentFormat) -> UInt64 {
        switch format {
        case .tcf: 1
        case .gpp: 2
        case .usp: 3
        case .ac: 4
        }
    }

    /// The strings of every corpus, taken in turn from each file.
    static func mixed(_ corpus: Corpus) throws -> [String] {
        let lists = try files.map { try corpus.strings($0) }
        var mixed: [String] = []
        for index in 0..<(lists.map(\.count).max() ?? 0) {
            for list in lists where index < list.count { mixed.append(list[index]) }
        }
        return mixed
    }

    /// Text that people paste instead of a consent string. (A consent string with spaces around it is no longer among
    /// them: detection hands it to its kind's decoder, which reports the space.)
    static let invalidInputs = [
        "https://example.com/?gdpr=1&gdpr_consent=CPc3hMAPc3hMAAHABBENCKCgAP_AAH_AAAAAAAAAAAAA",
        "{\"user\":{\"consent\":\"CPc3hMAPc3hMAAHABBENCKCgAP_AAH_AAAAAAAAAAAAA\"}}",
        " us_privacy: 1YNN",
        "consent string goes here",
        "xPc3hMAPc3hMAAHABBENCKCgAP_AAH_AAAAAAAAAAAAA",
        "\"CPc3hMAPc3hMAAHABBENCKCgAP/AAH+AAAAAAAAAAAAA\" ",
    ]
}
