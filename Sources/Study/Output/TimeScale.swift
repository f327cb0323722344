// The unit a time axis or a time value is written in: s, min or h, chosen by the
// largest value (docs/output.md, "Units").
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds shown in s, min or h.
struct TimeScale: Equatable {
    /// The unit's name: `s`, `min` or `h`.
    let unit: String
    /// Seconds per unit.
    let seconds: Double

    /// The scale for values up to the largest of `values` (in seconds): h from two
    /// hours, min from two minutes, s below.
    init(covering values: [Double]) {
        let largest = values.filter(\.isFinite).map(abs).max() ?? 0
        if largest >= 7_200 { (unit, seconds) = ("h", 3_600) } else if largest >= 120 { (unit, seconds) = ("min", 60) } else { (unit, seconds) = ("s", 1) }
    }

    /// `x` seconds in this unit, up to three significant digits, with ` unit` if asked.
    func format(_ x: Double, withUnit: Bool) -> String {
        let v = x / seconds
        let text: String
        if v == v.rounded() && abs(v) < 1e15 { text = String(Int64(v)) } else {
            text = Self.threeSignificantDigits(v)
        }
        return withUnit ? text + " " + unit : text
    }

    /// `v` as C's `%.3g` writes it in the C locale (`12.3`, `0.00123`, `1.23e+04`), whatever
    /// locale a program using the library has set (a decimal comma would change a chart).
    static func threeSignificantDigits(_ v: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        let c = newlocale(LC_NUMERIC_MASK, "C", nil)
        let previous = uselocale(c)
        defer {
            uselocale(previous)
            freelocale(c)
        }
        _ = withVaList([v]) { vsnprintf(&buffer, buffer.count, "%.3g", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension TimeScale {
    /// The scale for the y values (or, if `x`, the x values) of `series`, bands included.
    init(series: [PlotSeries], x: Bool = false) {
        self.init(covering: series.flatMap { one in
            x ? one.points.map(\.x) : one.points.map(\.y) + (one.bandHigh ?? [])
        })
    }

    /// `series` with its y values (or, if `x`, its x values) in this unit.
    func scaled(_ series: [PlotSeries], x: Bool = false) -> [PlotSeries] {
        series.map { one in
            var s = one
            s.points = one.points.map { x ? ($0.x / seconds, $0.y) : ($0.x, $0.y / seconds) }
            if !x {
                s.bandLow = one.bandLow?.map { $0 / seconds }
                s.bandHigh = one.bandHigh?.map { $0 / seconds }
            }
            return s
        }
    }
}
