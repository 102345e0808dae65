import ConsentCore
import ConsentKit

/// Detect-anything (`ConsentString(encoded:)`): what it decodes holds every invariant of a decoded value; the kind
/// it detects is the kind it decodes, and the decoder of that kind alone gives the same value; detection fails
/// only as `empty`, `tooLong` or `unknownFormat`.
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
}
