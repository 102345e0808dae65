import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.tcfQuery`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTCFQuery(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.tcfQuery.run(start, count)
}
