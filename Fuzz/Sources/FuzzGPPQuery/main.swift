import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.gppQuery`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPPQuery(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.gppQuery.run(start, count)
}
