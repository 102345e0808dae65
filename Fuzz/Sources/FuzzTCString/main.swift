import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.tcString`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTCString(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.tcString.run(start, count)
}
