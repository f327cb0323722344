// An exact, order-independent sum of non-negative values, so that merging
// histogram shards in any order gives byte-identical means (docs/output.md).
import SimKernel

/// A sum of non-negative reals kept as a 128-bit count of nanounits.
///
/// Each value is rounded once to a multiple of 1e-9 (`(v * 1e9).rounded()`)
/// and then added as an integer, so the total does not depend on the order
/// of additions. Two 64-bit words keep it portable to platforms without
/// `UInt128`. Supports totals up to 2¹²⁸ nanounits (about 3.4e20 units).
struct FixedPointSum: Sendable, Equatable {
    /// Units of 1e-9 in one unit.
    static let scale = 1e9
    /// 2⁶⁴ as a `Double`.
    private static let twoTo64 = 18_446_744_073_709_551_616.0

    /// The upper 64 bits of the total in nanounits.
    private(set) var high: UInt64 = 0
    /// The lower 64 bits of the total in nanounits.
    private(set) var low: UInt64 = 0

    /// An empty sum.
    init() {}

    /// A sum with the given words (used when decoding).
    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The sum whose total is `nanounits` (a non-negative 128-bit count of nanounits, as
    /// `ExactMoments` keeps its sum).
    init(nanounits: Int128) {
        precondition(nanounits >= 0, "a FixedPointSum is non-negative")
        self.init(high: UInt64(truncatingIfNeeded: nanounits >> 64), low: UInt64(truncatingIfNeeded: nanounits))
    }

    /// Whether a value can be added: finite, non-negative, and below 2¹²⁸ nanounits.
    static func canRepresent(_ value: Double) -> Bool {
        value >= 0 && (value * scale).rounded() < twoTo64 * twoTo64
    }

    /// Adds `value` (rounded to nanounits) `count` times.
    /// - Precondition: `canRepresent(value)`, `count >= 0`, and no overflow.
    mutating func add(_ value: Double, count: Int) {
        precondition(Self.canRepresent(value), "value \(value) out of range for an exact sum")
        precondition(count >= 0, "negative count \(count)")
        let (valueHigh, valueLow) = Self.words(of: (value * Self.scale).rounded())
        let lowProduct = valueLow.multipliedFullWidth(by: UInt64(count))
        let (highProduct, overflow) = valueHigh.multipliedReportingOverflow(by: UInt64(count))
        precondition(!overflow, "exact sum overflow")
        add(high: highProduct, carry: lowProduct.high, low: lowProduct.low)
    }

    /// Adds `value` (rounded to nanounits) once: `add(value, count: 1)` without the multiplications.
    /// - Precondition: `canRepresent(value)`, and no overflow.
    mutating func add(_ value: Double) {
        let y = value * Self.scale
        // Most values are below 2⁶³ nanounits: rounded without a call into the C library
        // (`Math.roundedToInt64`, the same integer as `y.rounded()`).
        if y >= 0 && y < 9.0e18 {
            add(high: 0, carry: 0, low: UInt64(Math.roundedToInt64(y)))
            return
        }
        precondition(Self.canRepresent(value), "value \(value) out of range for an exact sum")
        let (valueHigh, valueLow) = Self.words(of: y.rounded())
        add(high: valueHigh, carry: 0, low: valueLow)
    }

    /// Adds another sum.
    mutating func add(_ other: FixedPointSum) {
        add(high: other.high, carry: 0, low: other.low)
    }

    /// Adds `high·2⁶⁴ + carry·2⁶⁴ + low`, trapping on overflow.
    private mutating func add(high addedHigh: UInt64, carry: UInt64, low addedLow: UInt64) {
        let (newLow, lowCarry) = low.addingReportingOverflow(addedLow)
        low = newLow
        high = high + addedHigh + carry + (lowCarry ? 1 : 0)
    }

    /// The total in units, as the nearest-ish `Double` (deterministic).
    var value: Double {
        (Double(high) * Self.twoTo64 + Double(low)) / Self.scale
    }

    /// An integral `Double` in [0, 2¹²⁸) split exactly into two words.
    private static func words(of integral: Double) -> (UInt64, UInt64) {
        if integral < twoTo64 { return (0, UInt64(integral)) }
        let high = (integral / twoTo64).rounded(.down)
        return (UInt64(high), UInt64(integral - high * twoTo64))
    }
}
