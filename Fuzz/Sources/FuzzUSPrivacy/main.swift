import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.usPrivacy`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUSPrivacy(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.usPrivacy.run(start, count)
}
