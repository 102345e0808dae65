import ConsentCore
import ConsentKit

/// Detect-anything (`ConsentString(encoded:)`): what it decodes holds every invariant of a decoded value; the kind
/// it detects is the kind it decodes, and the decoder of that kind alone gives the same value; detection fails
/// only as `empty`, `tooLong` or `unknownFormat`; what decodes gives its in-app keys (inapp-keys.md) without an error.
enum ConsentKitInvariants {
    static func check(_ input: FuzzInput) -> FuzzViolation? {
        if let violation = CodecInvariants.check(ConsentString.self, .consentKit, input) { return violation }
        var checker = InvariantChecker(.consentKit)
        let text = input.text
        let detected = Result { () throws(ConsentError) in
            try ConsentString.detectFormat(of: text, options: input.decoding)
        }
        switch detected {
        case .success(let kind):
            let value = try? ConsentString(encoded: text, options: input.decoding)
            let direct = try? ConsentString(encoded: text, kind: kind, options: input.decoding)
            checker.check(value == direct, "\(text): detected as \(kind), but decoding it as \(kind) differs")
            if let value {
                checker.check(value.format == kind, "\(text): detected as \(kind), decoded as \(value.format)")
                if let error = keysError(of: value) {
                    checker.fail("\(text): decodes, but its in-app keys fail with \(error)")
                }
            }
        case .failure(let error):
            checker.check(
                [.empty, .tooLong, .unknownFormat].contains(error.code),
                "\(text): detection fails with \(error)"
            )
            checker.check(
                (try? ConsentString(encoded: text, options: input.decoding)) == nil,
                "\(text): detection fails, yet the text decodes"
            )
        }
        return checker.violation
    }

    /// The error of writing the in-app keys of `value`, or nil when they are written.
    private static func keysError(of value: ConsentString) -> ConsentError? {
        do throws(ConsentError) {
            switch value {
            case .tcf(let string): _ = try InAppKeys(tcString: string)
            case .gpp(let string): _ = try InAppKeys(gppString: string)
            case .usp(let string): _ = try InAppKeys(usPrivacy: string)
            case .ac(let string): _ = try InAppKeys(additionalConsent: string)
            }
            return nil
        } catch {
            return error
        }
    }
}
