// The nearest double to a 128-bit integer, without the standard library's generic path.

extension Double {
    /// The double nearest to `value` (ties to even): what `Double(value)` gives, through a
    /// 64-bit integer when `value` fits in one (every sum a replication's moments hold), else
    /// by the standard conversion. The standard library converts an `Int128` by its generic
    /// `BinaryFloatingPoint._convert(from:)`, some 2,500 instructions a call: runs.csv asks it
    /// for every sampled metric's total in every row. Both conversions round to nearest,
    /// ties to even, so the figures are the same.
    @inline(__always)
    init(nearest value: Int128) {
        if value >= Int128(Int64.min) && value <= Int128(Int64.max) {
            self.init(Int64(truncatingIfNeeded: value))
        } else {
            self.init(value)
        }
    }
}
