/// What the decoder and encoder walk for one segment of a layout: the declared fields reduced to trivial steps
/// with their storage, made once per layout. A class, so that reaching it copies nothing but a reference.
final class GPPSegmentPlan: Sendable {
    /// One step per declared field, in order.
    let steps: [GPPFieldStep]
    /// True when the segment has a vendor-range field or publisher restrictions (two encodings exist).
    let hasVendorEncodings: Bool
    /// When every field is an integer, boolean or list stored in wire order: where the run starts in the store and its
    /// width, so that decoding copies the bits in a few reads.
    let storedRun: GPPScalarSlot?
    /// Width of the leading type field (0 when none) and the value it must hold.
    let typeBits: Int
    let typeValue: Int
    /// The name errors give the type field.
    let typeFieldName: StaticString

    init(_ declaration: GPPSegmentDeclaration, slots: [GPPFieldSlot]) {
        let steps = zip(declaration.fields, slots).map { field, slot in GPPFieldStep(field, slot) }
        self.steps = steps
        hasVendorEncodings = steps.contains { $0.kind == .vendorRange || $0.kind == .restrictions }
        typeBits = declaration.typeBits
        typeValue = declaration.typeValue
        typeFieldName = declaration.typeKey.utf8CodeUnitCount > 0 ? declaration.typeKey : "subsectionType"
        var next: Int?
        var total = 0
        var run = true
        for step in steps {
            guard step.kind == .integer || step.kind == .boolean || step.kind == .list,
                case .scalar(let slot) = step.slot,
                next == nil || next == slot.offset
            else {
                run = false
                break
            }
            next = slot.offset + slot.width
            total += slot.width
        }
        if run, let next, total > 0 {
            storedRun = GPPScalarSlot(offset: next - total, width: total)
        } else {
            storedRun = nil
        }
    }
}
