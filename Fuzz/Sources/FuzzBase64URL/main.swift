import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.base64URL`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBase64URL(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.base64URL.run(start, count)
}
