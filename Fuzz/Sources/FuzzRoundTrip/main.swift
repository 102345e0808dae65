import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.roundTrip`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.roundTrip.run(start, count)
}
