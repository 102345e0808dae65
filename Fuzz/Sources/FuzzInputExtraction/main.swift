import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.inputExtraction`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputExtraction(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.inputExtraction.run(start, count)
}
