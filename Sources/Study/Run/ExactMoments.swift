import Statistics
// Exact, order-independent moments (count, Σx, Σx²) so that shards merge to
// byte-identical summaries whatever the split (docs/model.md#randomness).
import SimKernel

/// Count, sum and sum of squares of values, each value rounded once to a
/// multiple of 1e-9 and then added as a 128-bit integer.
///
/// Integer addition is associative, so merging partial moments in any order
/// gives equal moments, and the mean and standard deviation computed from
/// them are byte-identical.
public struct ExactMoments: Sendable, Equatable {
    /// Units of 1e-9 per unit.
    static let scale = 1e9
    /// The largest scaled term added (larger terms are clamped; ~1e21 units).
    static let largestTerm = 1e30

    /// Values added.
    public private(set) var count = 0
    /// Σ round(x·1e9).
    private(set) var sum: Int128 = 0
    /// Σ round(x²·1e9).
    private(set) var sumOfSquares: Int128 = 0

    /// No values.
    public init() {}

    /// Adds one finite value.
    public mutating func add(_ x: Double) {
        precondition(x.isFinite, "ExactMoments adds finite values, got \(x)")
        count += 1
        // A zero adds two zero terms: added like any value, without a branch on it (in the
        // order sampled, zeros and others alternate unpredictably).
        sum += Self.scaled(x)
        sumOfSquares += Self.scaled(x * x)
    }

    /// Adds one value already checked to be finite and non-negative (a replication's sample,
    /// `ReplicationFigures.sumAndMoments`): the same terms as `add`, without its check of the
    /// value, and rounded as a non-negative term is (`scaled(nonNegative:)`).
    @inline(__always)
    mutating func add(nonNegativeFinite x: Double) {
        count += 1
        sum += Self.scaled(nonNegative: x)
        sumOfSquares += Self.scaled(nonNegative: x * x)
    }

    /// Adds every value of `other`.
    public mutating func merge(_ other: ExactMoments) {
        count += other.count
        sum += other.sum
        sumOfSquares += other.sumOfSquares
    }

    /// Σx (each value rounded to 1e-9, as added).
    public var total: Double { Double(nearest: sum) / Self.scale }

    /// The mean; NaN when empty.
    public var mean: Double {
        count == 0 ? .nan : Double(nearest: sum) / Self.scale / Double(count)
    }

    /// The sample standard deviation (divisor n − 1); NaN when n < 2.
    ///
    /// Uses the exact integer numerator n·Σx² − (Σx)² when it fits in 128 bits, else Σx² − n·x̄²
    /// in doubles; the formula is the Statistics module's `SampleDeviation`.
    public var sd: Double {
        guard count >= 2 else { return .nan }
        let (nq, overflow1) = sumOfSquares.multipliedReportingOverflow(by: Int128(count))
        let (nqScaled, overflow2) = nq.multipliedReportingOverflow(by: 1_000_000_000)
        let (s2, overflow3) = sum.multipliedReportingOverflow(by: sum)
        if !(overflow1 || overflow2 || overflow3) {
            let numerator = nqScaled - s2
            return SampleDeviation.standardDeviation(countTimesSumOfSquaredDeviations: Double(nearest: max(0, numerator)) / 1e18, count: count)
        }
        let n = Double(count)
        let m = Double(nearest: sum) / Self.scale / n
        return SampleDeviation.standardDeviation(sumOfSquaredDeviations: Double(nearest: sumOfSquares) / Self.scale - n * m * m, count: count)
    }

    /// The 95 % Student-t confidence interval of the mean; NaNs when n < 2.
    public var ci95: (low: Double, high: Double) {
        guard count >= 2 else { return (.nan, .nan) }
        let interval = ReplicationMean.estimate(mean: mean, sd: sd, count: count)
        return (interval.low, interval.high)
    }

    /// `round(v·1e9)` as an integer, clamped to ±`largestTerm`.
    private static func scaled(_ v: Double) -> Int128 {
        let y = v * scale
        // Most terms fit 64 bits, where the clamp changes nothing: rounded without a call
        // into the C library (`Math.roundedToInt64`, the same value as `y.rounded()`).
        if abs(y) < 9.0e18 { return Int128(Math.roundedToInt64(y)) }
        return Int128(min(max(y.rounded(), -largestTerm), largestTerm))
    }

    /// `scaled(v)` for v ≥ 0 (or −0): below 2⁶³ `Math.roundedToInt64(y)` without its second
    /// comparison (the rest of a non-negative value is never below −½), which every sample of
    /// every replication passes through: calling it costs 4 K instructions a widget-path day
    /// (callgrind); above 2⁶³, clamped at `largestTerm` out of line.
    @inline(__always)
    private static func scaled(nonNegative v: Double) -> Int128 {
        let y = v * scale
        guard y < 9.0e18 else { return scaled(large: y) }
        let t = Int64(y)
        return Int128(t &+ (y - Double(t) >= 0.5 ? 1 : 0))
    }

    /// A term of 2⁶³ nanounits or more, rounded and clamped at `largestTerm`: out of line, so
    /// that the loop adding a replication's samples keeps its sums in registers.
    @inline(never)
    private static func scaled(large y: Double) -> Int128 { Int128(min(y.rounded(), largestTerm)) }

    /// `count:sum:sumOfSquares`, exact.
    public func encode() -> String {
        var line = EncodedLine(capacity: 48)
        line.append(count)
        line.append(ascii: ":")
        line.append(sum)
        line.append(ascii: ":")
        line.append(sumOfSquares)
        return line.text
    }

    /// Reads `encode()`'s text; nil if malformed.
    public static func decode(_ text: String) -> ExactMoments? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let n = Int(parts[0]), n >= 0,
              let s = Int128(parts[1]), let q = Int128(parts[2]), q >= 0 else { return nil }
        var m = ExactMoments()
        (m.count, m.sum, m.sumOfSquares) = (n, s, q)
        return m
    }
}
