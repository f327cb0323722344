// The unit a time axis or a time value is written in: s, min, h or d, chosen by the
// largest value (docs/output.md, "Units"); and the round times a log time axis ticks at.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds shown in s, min, h or d.
struct TimeScale: Equatable {
    /// The unit's name: `s`, `min`, `h` or `d`.
    let unit: String
    /// Seconds per unit.
    let seconds: Double

    /// The scale for values up to the largest of `values` (in seconds): d from two days,
    /// h from two hours, min from two minutes, s below.
    init(covering values: [Double]) {
        let largest = values.filter(\.isFinite).map(abs).max() ?? 0
        if largest >= 172_800 {
            (unit, seconds) = ("d", 86_400)
        } else if largest >= 7_200 {
            (unit, seconds) = ("h", 3_600)
        } else if largest >= 120 {
            (unit, seconds) = ("min", 60)
        } else {
            (unit, seconds) = ("s", 1)
        }
    }

    /// The round times (seconds) a log time axis may tick at, each labelled in its own unit.
    static let roundTimes: [Double] = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30,
                                       60, 120, 300, 600, 1_800, 3_600, 7_200, 21_600, 43_200, 86_400,
                                       172_800, 604_800, 2_592_000, 31_536_000]
    /// The round times ticked when an axis spans too many for all: a decade or its clock equivalent.
    static let majorTimes: Set<Double> = [0.001, 0.01, 0.1, 1, 10, 60, 600, 3_600, 21_600, 86_400, 604_800, 2_592_000, 31_536_000]

    /// A round time as a tick shows it: `100 ms`, `30 s`, `10 min`, `6 h`, `7 d`.
    static func label(roundTime t: Double) -> String {
        if t < 1 { return TimeScale.fixedUnit("ms", 0.001).format(t, withUnit: true) }
        if t < 60 { return TimeScale.fixedUnit("s", 1).format(t, withUnit: true) }
        if t < 3_600 { return TimeScale.fixedUnit("min", 60).format(t, withUnit: true) }
        if t < 86_400 { return TimeScale.fixedUnit("h", 3_600).format(t, withUnit: true) }
        return TimeScale.fixedUnit("d", 86_400).format(t, withUnit: true)
    }

    /// A scale in a given unit.
    static func fixedUnit(_ unit: String, _ seconds: Double) -> TimeScale { TimeScale(unit: unit, seconds: seconds) }

    private init(unit: String, seconds: Double) {
        (self.unit, self.seconds) = (unit, seconds)
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
