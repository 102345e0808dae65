import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.additionalConsent`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAdditionalConsent(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.additionalConsent.run(start, count)
}
