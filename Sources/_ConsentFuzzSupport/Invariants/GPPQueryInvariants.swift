import ConsentCore
import GPP

/// The GPP query path (`GPPQuery`) agrees with the full decode on every string the full decode accepts, and never
/// traps on the others; the TC string query over section 2's text agrees with the decoded section;
/// `GPPString.decodingEachSection` agrees with the decode on every string.
enum GPPQueryInvariants {
    static func check(_ input: FuzzInput) -> FuzzViolation? {
        var checker = InvariantChecker(.gppQuery)
        let text = input.text
        checkEachSection(text, &checker)
        let signals: [GPPQuery.USNationalSignal] = [.saleOptOut, .sharingOptOut, .targetedAdvertisingOptOut]
        guard let full = try? GPPString(encoded: text) else {
            _ = try? GPPQuery.containsSection(7, in: text)
            for signal in signals { _ = try? GPPQuery.usNational(signal, in: text) }
            _ = try? GPPQuery.usNationalGPC(in: text)
            _ = try? GPPQuery.tcfEuV2(in: text)
            return nil
        }
        do throws(ConsentError) {
            for id in Set(full.sectionIDs + [1, 2, 6, 7, 8, 99]) {
                checker.check(
                    try GPPQuery.containsSection(id, in: text) == full.sectionIDs.contains(id),
                    "\(text): containsSection(\(id)) differs from the header"
                )
            }
            let usnat = full.usNational
            let expected = [usnat?.saleOptOut, usnat?.sharingOptOut, usnat?.targetedAdvertisingOptOut]
            for (signal, value) in zip(signals, expected) {
                let answer = try GPPQuery.usNational(signal, in: text)
                checker.check(answer == value, "\(text): usnat \(signal) is \(String(describing: answer))")
            }
            let gpc = try GPPQuery.usNationalGPC(in: text)
            checker.check(gpc == usnat?.gpc, "\(text): usnat GPC is \(String(describing: gpc))")
            let tcf = try GPPQuery.tcfEuV2(in: text).map(String.init)
            let parts = text.split(separator: "~", omittingEmptySubsequences: false)
            let index = full.sectionIDs.firstIndex(of: 2)
            checker.check(
                tcf == index.map { String(parts[$0 + 1]) },
                "\(text): the section 2 text is \(tcf ?? "nil")"
            )
            // The TC string query over section 2's text answers as the section the GPP decoder read (whose core may
            // end before NumPubRestrictions: no restrictions).
            if let tcf, let value = full.tcfEuV2 { TCFQueryInvariants.compare(tcf, with: value, &checker) }
        } catch {
            checker.fail("\(text) decodes, but a query fails: \(error)")
        }
        return checker.violation
    }

    /// Each section decoded on its own: the whole string's error when the header or the count of parts fails, else
    /// the first failing section's error is the whole decode's, and a string that decodes has every section decoded,
    /// equal to its sections.
    private static func checkEachSection(_ text: String, _ checker: inout InvariantChecker) {
        var sections: [GPPSection] = []
        var wholeError: ConsentError?
        do throws(ConsentError) { sections = try GPPString(encoded: text).sections } catch { wholeError = error }
        let outcomes: [GPPSectionOutcome]
        do throws(ConsentError) {
            outcomes = try GPPString.decodingEachSection(text)
        } catch {
            checker.check(
                error == wholeError,
                "\(text): decodingEachSection throws \(error), the decode \(String(describing: wholeError))"
            )
            return
        }
        var firstFailure: ConsentError?
        for outcome in outcomes {
            if case .failure(let error) = outcome.result {
                firstFailure = error
                break
            }
        }
        checker.check(firstFailure == wholeError, "\(text): first section error \(String(describing: firstFailure))")
        if wholeError == nil {
            checker.check(
                outcomes.map { try? $0.result.get() } == sections.map { $0 },
                "\(text): the sections decoded one by one differ from the decode's"
            )
        }
    }
}
