import ConsentCore
import GPP

/// The GPP query path (`GPPQuery`) agrees with the full decode on every string the full decode accepts, and never
/// traps on the others.
enum GPPQueryInvariants {
    static func check(_ input: FuzzInput) -> FuzzViolation? {
        var checker = InvariantChecker(.gppQuery)
        let text = input.text
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
        } catch {
            checker.fail("\(text) decodes, but a query fails: \(error)")
        }
        return checker.violation
    }
}
