// Plot axes: mapping data to pixels (linear or logarithmic) and choosing
// "nice" tick values in 1-2-5 steps with deterministic labels.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One axis: its data domain, its pixel range, and its ticks.
struct PlotAxis {
    /// Whether positions are proportional to the value or to its logarithm.
    enum Kind {
        /// Linear in the value.
        case linear
        /// Linear in log₁₀ of the value; values ≤ 0 sit at the low end.
        case log
    }

    /// Linear or logarithmic.
    let kind: Kind
    /// The data value at the low end of the axis (positive for `.log`).
    let low: Double
    /// The data value at the high end of the axis.
    let high: Double
    /// Tick values with their labels, ascending.
    let ticks: [(value: Double, label: String)]
    /// Pixel coordinate of `low`.
    var pixelLow: Double = 0
    /// Pixel coordinate of `high`.
    var pixelHigh: Double = 1

    /// The pixel coordinate of `value`, clamped to the axis.
    func position(_ value: Double) -> Double {
        let fraction: Double
        switch kind {
        case .linear:
            fraction = (value - low) / (high - low)
        case .log:
            fraction = value <= 0 ? 0 : (log10(value) - log10(low)) / (log10(high) - log10(low))
        }
        let clamped = fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
        return pixelLow + clamped * (pixelHigh - pixelLow)
    }

    /// The fraction of the axis length at `value` (0 at `low`, 1 at `high`).
    func fraction(_ value: Double) -> Double {
        (position(value) - pixelLow) / (pixelHigh - pixelLow)
    }

    // MARK: Construction

    /// A linear axis covering `values` (finite ones), extended to nice ticks.
    /// An empty set gives [0, 1]; a single value gets a margin around it.
    static func linear(covering values: [Double], includingZero: Bool = false, targetTicks: Int = 6) -> PlotAxis {
        let finite = values.filter(\.isFinite) + (includingZero ? [0] : [])
        var low = finite.min() ?? 0
        var high = finite.max() ?? 1
        if high <= low {
            let margin = low == 0 ? 1 : abs(low) * 0.1
            (low, high) = (low - margin, high + margin)
        }
        let (mantissa, exponent) = niceStep(for: (high - low) / Double(targetTicks - 1))
        let first = Int64((low / scaled(mantissa, exponent)).rounded(.down))
        let last = Int64((high / scaled(mantissa, exponent)).rounded(.up))
        let decimals = Swift.max(0, -exponent)
        let ticks = (first...last).map { index -> (value: Double, label: String) in
            let value = scaled(index * mantissa, exponent)
            return (value, PlotNumber.fixed(value, decimals: decimals))
        }
        return PlotAxis(kind: .linear, low: ticks[0].value, high: ticks[ticks.count - 1].value, ticks: ticks)
    }

    /// A log axis from the decade below the smallest positive value to the
    /// decade above the largest, ignoring overshoots below 1/128 (histogram
    /// bucket edges just past a power of ten; such values sit at the edge). Ticks at decades (every k-th if there are
    /// more than 8), plus 2 and 5 multiples when it spans at most 2 decades.
    static func logarithmic(covering values: [Double]) -> PlotAxis {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        let slack = 1 + 1.0 / 128
        let lowExponent = decadeBelow((positive.min() ?? 1) * slack)
        var highExponent = decadeAbove((positive.max() ?? 10) / slack)
        if highExponent <= lowExponent { highExponent = lowExponent + 1 }
        let decades = highExponent - lowExponent
        let stride = (decades + 7) / 8
        var ticks: [(value: Double, label: String)] = []
        for exponent in lowExponent...highExponent where (exponent - lowExponent) % stride == 0 {
            ticks.append((scaled(1, exponent), PlotNumber.power(1, exponent)))
            if decades <= 2, exponent < highExponent {
                ticks.append((scaled(2, exponent), PlotNumber.power(2, exponent)))
                ticks.append((scaled(5, exponent), PlotNumber.power(5, exponent)))
            }
        }
        return PlotAxis(kind: .log, low: scaled(1, lowExponent), high: scaled(1, highExponent), ticks: ticks)
    }

    /// A log axis of times in seconds, from the round time at or below the smallest positive
    /// value to the one at or above the largest (`TimeScale.roundTimes`), ticked at round times
    /// each written with its unit (`1 s`, `10 min`, `6 h`): all of them when at most eight fall
    /// in range, else the decades and their clock equivalents (`TimeScale.majorTimes`).
    static func logarithmicTime(covering values: [Double]) -> PlotAxis {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        let times = TimeScale.roundTimes
        let slack = 1 + 1.0 / 128
        let smallest = (positive.min() ?? 1) * slack, largest = (positive.max() ?? 60) / slack
        let low = times.last { $0 <= smallest } ?? times[0]
        var high = times.first { $0 >= largest } ?? times[times.count - 1]
        if high <= low { high = times.first { $0 > low } ?? low * 10 }
        let inRange = times.filter { $0 >= low && $0 <= high }
        let ticked = inRange.count <= 8 ? inRange : inRange.filter { TimeScale.majorTimes.contains($0) || $0 == low || $0 == high }
        // A tick that is not major is dropped when a major one sits within a tenth of the axis, so labels never collide.
        let close = log10(high / low) * 0.1
        var ticks: [Double] = []
        for t in ticked {
            if let last = ticks.last, log10(t / last) < close, !(TimeScale.majorTimes.contains(t) && !TimeScale.majorTimes.contains(last)) {
                continue
            }
            if let last = ticks.last, log10(t / last) < close { ticks.removeLast() }
            ticks.append(t)
        }
        // The axis ends are always labelled: the high end replaces a tick close below it.
        if let last = ticks.last, last != high {
            if log10(high / last) < close, ticks.count > 1 { ticks.removeLast() }
            ticks.append(high)
        }
        return PlotAxis(kind: .log, low: low, high: high, ticks: ticks.map { ($0, TimeScale.label(roundTime: $0)) })
    }

    /// The nice step (mantissa 1, 2 or 5 times a power of ten) at least `rough`.
    static func niceStep(for rough: Double) -> (mantissa: Int64, exponent: Int) {
        guard rough.isFinite, rough > 0 else { return (1, 0) }
        var exponent = decadeBelow(rough)
        let residual = rough / scaled(1, exponent)
        let mantissa: Int64
        if residual <= 1 {
            mantissa = 1
        } else if residual <= 2 {
            mantissa = 2
        } else if residual <= 5 {
            mantissa = 5
        } else {
            mantissa = 1
            exponent += 1
        }
        return (mantissa, exponent)
    }

    /// `mantissa × 10^exponent`, correctly rounded (divides for negative exponents).
    static func scaled(_ mantissa: Int64, _ exponent: Int) -> Double {
        exponent >= 0 ? Double(mantissa) * PlotNumber.powerOfTen(exponent)
                      : Double(mantissa) / PlotNumber.powerOfTen(-exponent)
    }

    /// The largest k with 10^k ≤ value (value > 0), by exact comparisons.
    static func decadeBelow(_ value: Double) -> Int {
        var exponent = 0
        while exponent < 300, scaled(1, exponent + 1) <= value { exponent += 1 }
        while exponent > -300, scaled(1, exponent) > value { exponent -= 1 }
        return exponent
    }

    /// The smallest k with value ≤ 10^k (value > 0).
    static func decadeAbove(_ value: Double) -> Int {
        let below = decadeBelow(value)
        return scaled(1, below) == value ? below : below + 1
    }
}

/// Deterministic number labels for ticks and legends (no locale, no libc).
enum PlotNumber {
    /// 10^k for 0 ≤ k ≤ 308, exact up to 10²².
    static func powerOfTen(_ k: Int) -> Double {
        var result = 1.0
        for _ in 0..<Swift.min(k, 308) { result *= 10 }
        return result
    }

    /// `value` with exactly `decimals` digits after the point (`-0` prints `0`).
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let factor = powerOfTen(decimals)
        guard abs(value * factor) < 9e15 else { return value.description }
        let scaledValue = Int64((value * factor).rounded())
        if scaledValue == 0 { return decimals == 0 ? "0" : "0." + String(repeating: "0", count: decimals) }
        let sign = scaledValue < 0 ? "-" : ""
        let magnitude = scaledValue.magnitude
        let divisor = UInt64(factor)
        guard decimals > 0 else { return sign + String(magnitude) }
        let fraction = String(magnitude % divisor)
        return sign + String(magnitude / divisor) + "."
            + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `mantissa × 10^exponent` as plain decimal for exponents in [-4, 6],
    /// else as `2e-5` / `1e9`.
    static func power(_ mantissa: Int64, _ exponent: Int) -> String {
        if exponent >= 0 && exponent <= 6 {
            return String(mantissa) + String(repeating: "0", count: exponent)
        }
        if exponent < 0 && exponent >= -4 {
            return "0." + String(repeating: "0", count: -exponent - 1) + String(mantissa)
        }
        return "\(mantissa)e\(exponent)"
    }
}
