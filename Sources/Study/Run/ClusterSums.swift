// The sums over replications that the ratio estimator's interval needs (docs/statistics.md):
// a sampled metric pooled over replications is Σ values / Σ samples, with the replications as
// clusters. Exact and order-independent, like ExactMoments, so shards merge byte-identically.
import SimKernel
import Statistics

/// For one sampled metric at one point: the number of replications m, and over them Σyᵢ, Σnᵢ,
/// Σyᵢ², Σyᵢnᵢ and Σnᵢ², where yᵢ is replication i's sum of samples and nᵢ its number of samples.
///
/// yᵢ is kept in units of 1e-3 (a replication's sum rounded to a thousandth of its unit: the
/// interval's width moves by far less than its last printed digit), so the second-order sums
/// fit 128-bit integers for any study SurfaceSim can run (m·(Σy)² overflows only past about
/// 10²⁵ summed seconds); they are added as integers, so any split of the replications merges to
/// the same sums.
public struct ClusterSums: Sendable, Equatable {
    /// Replications (clusters), including those without samples.
    public private(set) var replications = 0
    private(set) var sumY: Int128 = 0, sumN: Int128 = 0
    private(set) var sumYY: Int128 = 0, sumYN: Int128 = 0, sumNN: Int128 = 0
    /// Set if a sum overflowed: the interval is then not given.
    private(set) var overflowed = false
    /// Σyᵢ³, Σyᵢ²nᵢ, Σyᵢnᵢ², Σnᵢ³ in milli-units of y, for the skewness of the residuals
    /// (`residualSkewness`): added in wrapping 128-bit integers, so they are exact modulo 2¹²⁸
    /// and merge to the same sums in any split; read only once centred, where they fit.
    private(set) var sumYYY: Int128 = 0, sumYYN: Int128 = 0, sumYNN: Int128 = 0, sumNNN: Int128 = 0
    /// Set when some replications came from a state written before these sums were kept (a
    /// checkpoint or shard of release 0.2): the skewness is then not given.
    private(set) var cubesMissing = false

    public init() {}

    /// Adds one replication: its samples' exact moments (their count and sum).
    public mutating func add(_ replication: ExactMoments) {
        if let y = replication.sumInMilliIfSmall {
            add(small: y, count: Int64(replication.count))
        } else {
            add(sumInMilli: replication.sumInMilli, count: Int128(replication.count))
        }
    }

    /// Adds one replication of a fraction: its `events` of `trials` (y = events, n = trials).
    public mutating func add(events: Int, trials: Int) {
        let (y, overflow) = Int64(events).multipliedReportingOverflow(by: 1000)
        if overflow {
            add(sumInMilli: Int128(events) * 1000, count: Int128(trials))
        } else {
            add(small: y, count: Int64(trials))
        }
    }

    /// Adds one replication's value of a per-replication metric, as a cluster of one sample
    /// (rounded to a thousandth of its unit, as every y here: the skewness of values below
    /// 0.0005 is that of their rounding).
    public mutating func add(value: Double) {
        let milli = value * 1000
        // Below 2⁶³ the clamp changes nothing, and the rounding is `Math.roundedToInt64`'s (the
        // same integer as `rounded()`), without the conversion of a double to 128 bits.
        if milli.magnitude < 9.0e18 {
            add(small: Math.roundedToInt64(milli), count: 1)
        } else {
            add(sumInMilli: Int128(Swift.min(Swift.max(milli.rounded(), -1e30), 1e30)), count: 1)
        }
    }

    /// `add(sumInMilli:count:)` for y and n of 64 bits, every study's replications: their
    /// products (|y·y|, |y·n|, n·n at most 2¹²⁶) cannot overflow 128 bits, so each is one
    /// full-width multiply without an overflow check; only the sums are checked, as there.
    /// The same sums, cubes and `overflowed` as the general path (tested on random and extreme
    /// inputs); with n = 1 (a cluster of one, inlined) the n-products fold away.
    @inline(__always)
    mutating func add(small y64: Int64, count n64: Int64) {
        let y = Int128(y64), n = Int128(n64)
        add(y: y, n: n, yy: y &* y, yn: y &* n, nn: n &* n, overflowed: false)
    }

    /// Adds one replication of y (in milli-units) and n of any size: its products checked for
    /// overflow too.
    mutating func add(sumInMilli y: Int128, count n: Int128) {
        let (yy, o1) = y.multipliedReportingOverflow(by: y)
        let (yn, o2) = y.multipliedReportingOverflow(by: n)
        let (nn, o3) = n.multipliedReportingOverflow(by: n)
        add(y: y, n: n, yy: yy, yn: yn, nn: nn, overflowed: o1 || o2 || o3)
    }

    /// Adds one replication's y, n and their products (`overflowed`: a product did not fit),
    /// whichever path made them: the sums checked for overflow, the cubes in milli-units of y
    /// exactly modulo 2¹²⁸ (wrapping; read only centred, where they fit).
    @inline(__always)
    private mutating func add(y: Int128, n: Int128, yy: Int128, yn: Int128, nn: Int128, overflowed productOverflowed: Bool) {
        replications += 1
        var o = productOverflowed
        (sumY, o) = Self.add(sumY, y, o)
        (sumN, o) = Self.add(sumN, n, o)
        (sumYY, o) = Self.add(sumYY, yy, o)
        (sumYN, o) = Self.add(sumYN, yn, o)
        (sumNN, o) = Self.add(sumNN, nn, o)
        overflowed = overflowed || o
        sumYYY &+= yy &* y; sumYYN &+= yy &* n; sumYNN &+= yn &* n; sumNNN &+= nn &* n
    }

    /// Adds every replication of `other`.
    public mutating func merge(_ other: ClusterSums) {
        replications += other.replications
        var o = other.overflowed
        (sumY, o) = Self.add(sumY, other.sumY, o)
        (sumN, o) = Self.add(sumN, other.sumN, o)
        (sumYY, o) = Self.add(sumYY, other.sumYY, o)
        (sumYN, o) = Self.add(sumYN, other.sumYN, o)
        (sumNN, o) = Self.add(sumNN, other.sumNN, o)
        overflowed = overflowed || o
        sumYYY &+= other.sumYYY; sumYYN &+= other.sumYYN; sumYNN &+= other.sumYNN; sumNNN &+= other.sumNNN
        cubesMissing = cubesMissing || other.cubesMissing
    }

    private static func add(_ a: Int128, _ b: Int128, _ overflow: Bool) -> (Int128, Bool) {
        let (s, o) = a.addingReportingOverflow(b)
        return (s, overflow || o)
    }

    /// The pooled mean R = Σy/Σn (`ratio`, from the exact moments, to the last digit) with its
    /// interval: the replications as clusters (`RatioEstimator`), not yet clamped to the metric's
    /// range. No interval with fewer than two replications or after an overflow.
    public func estimate(ratio: Double, confidence: Double = 0.95) -> Estimate {
        let m = replications
        guard m > 1, !overflowed, sumN > 0, ratio.isFinite else {
            return Estimate(value: ratio, low: .nan, high: .nan, method: .none)
        }
        let residuals = residualSumOfSquares(ratio: ratio)
        return RatioEstimator.estimate(ratio: ratio, residualSumOfSquares: residuals, meanCount: Double(sumN) / Double(m),
                                       replications: m, confidence: confidence)
    }

    /// Σ(yᵢ − R·nᵢ)² in the metric's unit, from centred sums m·S = m·Σab − Σa·Σb, exact where
    /// they fit (y in milli-units).
    private func residualSumOfSquares(ratio: Double) -> Double {
        let m = replications
        func centred(_ ab: Int128, _ a: Int128, _ b: Int128) -> Double {
            let (x, o1) = ab.multipliedReportingOverflow(by: Int128(m))
            let (y, o2) = a.multipliedReportingOverflow(by: b)
            if o1 || o2 { return (Double(ab) - Double(a) * Double(b) / Double(m)) }
            return Double(x - y) / Double(m)
        }
        let syy = centred(sumYY, sumY, sumY) / 1e6, syn = centred(sumYN, sumY, sumN) / 1e3, snn = centred(sumNN, sumN, sumN)
        return RatioEstimator.residualSumOfSquares(ratio: ratio, syy: syy, syn: syn, snn: snn)
    }

    /// The skewness g₁ of the replications' residuals yᵢ − R·nᵢ, R = Σy/Σn (`ResidualSkewness`):
    /// how far the ratio interval's normal approximation is from holding. NaN with fewer than
    /// three replications, no spread, or a sum past its bounds.
    public var residualSkewness: Double {
        let m = replications
        guard m >= 3, !overflowed, !cubesMissing, sumN > 0 else { return .nan }
        let r = Double(sumY) / 1e3 / Double(sumN)
        let squares = residualSumOfSquares(ratio: r)
        // Raw cubic sums cancel to the residuals' cubes; below this share of the raw squares'
        // scale the residuals are rounding, not spread.
        let scale = Double(sumYY) / 1e6 + r * r * Double(sumNN)
        guard squares > scale * 1e-12 else { return .nan }
        // Σ(y − R·n)³ about c = Σy / Σn (whole milli-units), exactly in wrapping integers: the
        // sums of w = y − c·n fit when (‖w‖₂ + ‖n‖₂)³ does (Hölder); only R's rest d ∈ (−1, 1) is
        // applied in floating point, so nothing cancels.
        guard ((squares * 1e6).squareRoot() + 2 * Double(sumNN).squareRoot()).magnitude < 1e12 else { return .nan }
        let c = sumY / sumN, d = Double(sumY - c * sumN) / Double(sumN)
        let w3 = sumYYY &- 3 &* c &* sumYYN &+ 3 &* c &* c &* sumYNN &- c &* c &* c &* sumNNN
        let w2n = sumYYN &- 2 &* c &* sumYNN &+ c &* c &* sumNNN, wn2 = sumYNN &- c &* sumNNN
        let cubes = (Double(w3) - 3 * d * Double(w2n) + 3 * d * d * Double(wn2) - d * d * d * Double(sumNNN)) / 1e9
        return ResidualSkewness.skewness(replications: m, sumOfSquares: squares, sumOfCubes: cubes)
    }

    /// A fraction's pooled estimate Σ events / Σ trials (`add(events:trials:)`) with its
    /// interval by `PooledFraction`'s rule: the ratio estimator over the replications as
    /// clusters, Wilson's interval on the effective number of trials with fewer than
    /// `PooledFraction.fewEvents` events or non-events, the exact one-sided upper bound with
    /// none; always within [0, 1].
    public func fractionEstimate(confidence: Double = 0.95) -> Estimate {
        let events = Double(sumY / 1000), trials = Double(sumN)
        guard !overflowed else { return Estimate(value: trials > 0 ? events / trials : .nan, low: .nan, high: .nan, method: .none) }
        return PooledFraction.estimate(events: events, trials: trials, replications: replications, confidence: confidence) {
            estimate(ratio: events / trials, confidence: confidence)
        }
    }

    /// `m:Σy:Σn:Σyy:Σyn:Σnn:overflowed:Σyyy:Σyyn:Σynn:Σnnn:cubesMissing`, exact.
    public func encode() -> String {
        var line = EncodedLine(capacity: 128)
        line.append(replications)
        for sum in [sumY, sumN, sumYY, sumYN, sumNN] {
            line.append(ascii: ":")
            line.append(sum)
        }
        line.append(ascii: ":")
        line.append(overflowed ? 1 : 0)
        for sum in [sumYYY, sumYYN, sumYNN, sumNNN] {
            line.append(ascii: ":")
            line.append(sum)
        }
        line.append(ascii: ":")
        line.append(cubesMissing ? 1 : 0)
        return line.text
    }

    /// Reads `encode()`'s text, or the seven fields release 0.2 wrote (without the cubic sums:
    /// its skewness is then not given); nil if malformed.
    public static func decode(_ text: String) -> ClusterSums? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 12 || parts.count == 7, let m = Int(parts[0]), m >= 0,
              let y = Int128(parts[1]), let n = Int128(parts[2]), let yy = Int128(parts[3]),
              let yn = Int128(parts[4]), let nn = Int128(parts[5]), parts[6] == "0" || parts[6] == "1",
              n >= 0, yy >= 0, nn >= 0 else { return nil }
        let cubes = parts.count == 7 ? [0, 0, 0, 0] : parts[7..<11].map { Int128($0) }
        guard !cubes.contains(nil), parts.count == 7 || parts[11] == "0" || parts[11] == "1" else { return nil }
        var c = ClusterSums()
        (c.replications, c.sumY, c.sumN, c.sumYY, c.sumYN, c.sumNN, c.overflowed) = (m, y, n, yy, yn, nn, parts[6] == "1")
        (c.sumYYY, c.sumYYN, c.sumYNN, c.sumNNN) = (cubes[0]!, cubes[1]!, cubes[2]!, cubes[3]!)
        c.cubesMissing = parts.count == 7 || parts[11] == "1"
        return c
    }
}

extension ExactMoments {
    /// Σx in units of 1e-3, rounded half away from zero (from the exact sum in units of 1e-9).
    var sumInMilli: Int128 { Self.inMilli(sum) }

    /// `sumInMilli` when the sum fits 64 bits (every replication's samples but a huge sum's),
    /// by a 64-bit division rather than a 128-bit one; nil otherwise.
    var sumInMilliIfSmall: Int64? {
        guard sum >= Int128(Int64.min) && sum <= Int128(Int64.max) else { return nil }
        return Self.inMilli(Int64(truncatingIfNeeded: sum))
    }

    /// `nano` units of 1e-9 in units of 1e-3, rounded half away from zero (at either width).
    @inline(__always)
    private static func inMilli<T: FixedWidthInteger & SignedInteger>(_ nano: T) -> T {
        let (q, r) = nano.quotientAndRemainder(dividingBy: 1_000_000)
        if r >= 500_000 { return q + 1 }
        if r <= -500_000 { return q - 1 }
        return q
    }
}
