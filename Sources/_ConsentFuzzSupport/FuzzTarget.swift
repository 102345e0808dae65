import AdditionalConsent
import GPP
import TCF
import USPrivacy

/// The fuzz targets: one per entry point of the package. Each `Fuzz/Sources/Fuzz<rawValue>/main.swift` is a
/// single `LLVMFuzzerTestOneInput` that calls ``run(_:_:)``; the regression tests call ``check(_:)``.
public enum FuzzTarget: String, CaseIterable, Sendable, Hashable {
    /// `Base64URL.decode` against the bit reader, and encode/decode round trips.
    case base64URL = "Base64URL"
    /// Every `BitReader` coding, driven by a program at the start of the input; re-encodings read back equal.
    case bitReader = "BitReader"
    /// `JSONValue(parsing:)`: what parses serializes and parses back equal, compact and pretty.
    case json = "JSON"
    /// `USPrivacyString(encoded:)` and everything a decoded value must satisfy.
    case usPrivacy = "USPrivacy"
    /// `TCFString(encoded:)` (TC strings v2 and v1.1) and everything a decoded value must satisfy.
    case tcString = "TCString"
    /// `GPPString(encoded:)` and everything a decoded value must satisfy.
    case gpp = "GPP"
    /// `AdditionalConsentString(encoded:)` and everything a decoded value must satisfy.
    case additionalConsent = "AdditionalConsent"
    /// `ConsentString(encoded:)`, which detects the kind: detection agrees with the decoders.
    case consentKit = "ConsentKit"
    /// The allocation-free TC string query against the full decode.
    case tcfQuery = "TCFQuery"
    /// The GPP query path (sections present, usnat signals, the section 2 text) and `decodingEachSection` against
    /// the full decode.
    case gppQuery = "GPPQuery"
    /// Structure-aware: the input chooses a value of some format, which must round-trip.
    case roundTrip = "RoundTrip"
    /// The CLI's input extraction (`ConsentInput`): URLs, OpenRTB requests, property lists, Android and JSON
    /// preferences, inline and as file content; what it extracts comes from the input and decodes or fails cleanly.
    case inputExtraction = "InputExtraction"

    /// The target a `Fuzz/Regressions/` or corpus file name belongs to: the part before the first `-`
    /// (`TCString-range-end-0` -> `.tcString`), or nil.
    public init?(fileName: String) {
        self.init(rawValue: String(fileName.prefix { $0 != "-" }))
    }

    /// Runs the target's invariants on one input; nil when they all hold. Never traps unless the code under
    /// test does.
    public func check(_ data: [UInt8]) -> FuzzViolation? {
        let input = FuzzInput(data)
        switch self {
        case .base64URL: return Base64URLInvariants.check(input)
        case .bitReader: return BitReaderInvariants.check(input)
        case .json: return JSONInvariants.check(input)
        case .usPrivacy: return CodecInvariants.check(USPrivacyString.self, self, input)
        case .tcString: return CodecInvariants.check(TCFString.self, self, input)
        case .gpp: return CodecInvariants.check(GPPString.self, self, input)
        case .additionalConsent: return CodecInvariants.check(AdditionalConsentString.self, self, input)
        case .consentKit: return ConsentKitInvariants.check(input)
        case .tcfQuery: return TCFQueryInvariants.check(input)
        case .gppQuery: return GPPQueryInvariants.check(input)
        case .roundTrip: return RoundTripInvariants.check(input)
        case .inputExtraction: return InputExtractionInvariants.check(input)
        }
    }

    /// The libFuzzer entry point's body: checks the input and traps on a broken invariant, which libFuzzer
    /// reports as a crash and saves as an artifact (a known, open one excepted). Returns 0 otherwise.
    public func run(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        let data = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        if let violation = check(data), violation.openRegression == nil { fatalError(violation.description) }
        return 0
    }
}
