public import ConsentCore
import GPP
import TCF
import USPrivacy

/// Structure-aware: the input is not a string but the choices that build a value (`RandomModels`), so every
/// value the formats can hold is reachable. The value must encode, decode to the same meaning, and then hold
/// everything a decoded value must.
enum RoundTripInvariants {
    static func check(_ input: FuzzInput) -> FuzzViolation? {
        var source = FuzzByteSource(input.payload)
        return check(format: Int(source.nextByte()), using: &source)
    }

    /// Builds a value of format `format % 4` (TC string v2, v1.1, US Privacy, GPP) and checks its round trip.
    static func check(format: Int, using generator: inout some RandomNumberGenerator) -> FuzzViolation? {
        switch format % 4 {
        case 0: CodecInvariants.checkRoundTrip(TCFString.v2(RandomModels.tcString(using: &generator)), .roundTrip)
        case 1:
            CodecInvariants.checkRoundTrip(TCFString.legacy(RandomModels.tcStringV1(using: &generator)), .roundTrip)
        case 2: CodecInvariants.checkRoundTrip(RandomModels.usPrivacy(using: &generator), .roundTrip)
        default: CodecInvariants.checkRoundTrip(RandomModels.gpp(using: &generator), .roundTrip)
        }
    }
}

extension FuzzTarget {
    /// The round trip of a value built from scratch (what ``roundTrip`` checks): it encodes, decodes to the
    /// same meaning, and the result holds every invariant of a decoded value. Nil when all hold.
    public static func roundTripViolation(of value: some FuzzCodec) -> FuzzViolation? {
        CodecInvariants.checkRoundTrip(value, .roundTrip)
    }

    /// The invariants of decoding `text` as `type` with `options` (what the format's target checks).
    public static func decodeViolation<V: FuzzCodec>(
        _ type: V.Type,
        text: String,
        options: DecodingOptions = DecodingOptions()
    ) -> FuzzViolation? {
        let target: FuzzTarget =
            switch type {
            case is TCFString.Type: .tcString
            case is GPPString.Type: .gpp
            default: .usPrivacy
            }
        return CodecInvariants.check(type, target, FuzzInput(text: text, decoding: options))
    }
}
