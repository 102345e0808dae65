import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.json.run(start, count)
}
