import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.bitReader`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBitReader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.bitReader.run(start, count)
}
