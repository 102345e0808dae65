import _ConsentFuzzSupport

/// libFuzzer's entry point: the invariants of `FuzzTarget.gpp`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPP(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.gpp.run(start, count)
}
