import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.consentKit`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConsentKit(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.consentKit.run(start, count)
}
