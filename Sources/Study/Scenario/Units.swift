// Durations and sizes written with units in scenario files (docs/scenarios.md):
// "250ms", "30s", "15m", "2h", "1d", "120MB".

/// Parsing and formatting of durations (in microseconds) and sizes (in bytes).
///
/// Parsing is exact: the number is read as a decimal, never through a
/// floating-point multiply, so `"1.5h"` is exactly 5 400 000 000 µs.
public enum Units {
    /// Microseconds per duration unit, largest first.
    static let durationUnits: [(suffix: String, microseconds: Int64)] = [
        ("d", 86_400_000_000), ("h", 3_600_000_000), ("m", 60_000_000),
        ("s", 1_000_000), ("ms", 1_000), ("us", 1),
    ]

    /// Bytes per size unit (binary: 1 KB = 1024 B).
    static let sizeUnits: [(suffix: String, bytes: Int64)] = [
        ("B", 1),
        ("KB", 1_024), ("MB", 1_048_576), ("GB", 1_073_741_824), ("TB", 1_099_511_627_776),
        ("KiB", 1_024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("TiB", 1_099_511_627_776),
    ]

    /// Microseconds in a duration such as `"250ms"`, `"1.5h"` or `"0s"`.
    ///
    /// The form is `digits[.digits]unit` with unit `us`, `ms`, `s`, `m`, `h`
    /// or `d`; the unit is required, signs, spaces and exponents are not
    /// accepted. A fraction finer than a microsecond rounds to the nearest one.
    /// - Returns: `nil` for anything else, or if the value overflows `Int64`.
    public static func parseDuration(_ text: String) -> Int64? {
        parse(text, units: durationUnits.map { ($0.suffix, $0.microseconds) })
    }

    /// Bytes in a size such as `"120MB"`, `"512KB"`, `"1GB"` or `"10B"`.
    ///
    /// Units are binary (`KB` = 1024 B, `MB` = 1024², `GB` = 1024³,
    /// `TB` = 1024⁴; `KiB`…`TiB` are accepted as synonyms). A fraction
    /// (`"1.5GB"`) rounds to the nearest byte.
    /// - Returns: `nil` for anything else, or if the value overflows `Int64`.
    public static func parseSize(_ text: String) -> Int64? {
        parse(text, units: sizeUnits.map { ($0.suffix, $0.bytes) })
    }

    /// The shortest exact form of a duration: `"15m"`, `"1d"`, `"1500ms"`, `"90s"`.
    ///
    /// Uses the largest unit that divides the value exactly; zero is `"0s"`
    /// and negative values get a leading `-`. `parseDuration` reads it back.
    public static func formatDuration(_ microseconds: Int64) -> String {
        if microseconds == 0 { return "0s" }
        let magnitude = microseconds.magnitude
        let sign = microseconds < 0 ? "-" : ""
        for unit in durationUnits where magnitude % UInt64(unit.microseconds) == 0 {
            return sign + String(magnitude / UInt64(unit.microseconds)) + unit.suffix
        }
        return sign + String(magnitude) + "us"
    }

    /// A duration in seconds for reading in a table: `"4.2s"`, `"13m"`, `"2.1h"`.
    ///
    /// Picks the largest unit (us, ms, s, m, h, d) in which the value shows as
    /// at least 1, and shows one decimal below 10 and none above (`"850ms"`,
    /// `"4.2s"`, `"13m"`). Not exact: use `formatDuration` to write scenarios.
    public static func formatSeconds(_ seconds: Double) -> String {
        if seconds.isNaN { return "nan" }
        if seconds < 0 { return "-" + formatSeconds(-seconds) }
        if seconds.isInfinite { return "inf" }
        if seconds == 0 { return "0s" }
        let scales: [(suffix: String, seconds: Double)] = [
            ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1), ("ms", 1e-3), ("us", 1e-6),
        ]
        for scale in scales where (seconds / scale.seconds * 10).rounded() >= 10 {
            return humanNumber(seconds / scale.seconds) + scale.suffix
        }
        return humanNumber(seconds * 1e6) + "us"
    }

    /// One decimal below 10 (without a trailing `.0`), a whole number above.
    private static func humanNumber(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths < 100 {
            let whole = Int64(tenths) / 10
            let fraction = Int64(tenths) % 10
            return fraction == 0 ? String(whole) : "\(whole).\(fraction)"
        }
        return String(Int64(value.rounded()))
    }

    // MARK: Parsing

    /// `digits[.digits]` followed by exactly one of `units`, scaled exactly.
    private static func parse(_ text: String, units: [(String, Int64)]) -> Int64? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        let integerDigits = String(String.UnicodeScalarView(scalars[0..<index]))
        var fractionDigits = ""
        if index < scalars.count, scalars[index] == "." {
            let start = index + 1
            index = start
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            fractionDigits = String(String.UnicodeScalarView(scalars[start..<index]))
            if fractionDigits.isEmpty { return nil }
        }
        let suffix = String(String.UnicodeScalarView(scalars[index...]))
        guard !integerDigits.isEmpty,
              let unit = units.first(where: { $0.0 == suffix })?.1 else { return nil }
        return scale(integer: integerDigits, fraction: fractionDigits, by: unit)
    }

    /// `integer.fraction × unit`, rounded to the nearest whole unit of 1.
    private static func scale(integer: String, fraction: String, by unit: Int64) -> Int64? {
        guard fraction.count <= 18, let whole = Int64(integer) else { return nil }
        let (product, overflow) = whole.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        guard !fraction.isEmpty, let numerator = UInt64(fraction) else { return product }
        var denominator: UInt64 = 1
        for _ in 0..<fraction.count { denominator *= 10 }
        let wide = numerator.multipliedFullWidth(by: UInt64(unit))
        let (quotient, remainder) = denominator.dividingFullWidth(wide)
        let rounded = quotient + (remainder >= denominator - remainder ? 1 : 0)
        let (total, carry) = product.addingReportingOverflow(Int64(rounded))
        return carry ? nil : total
    }

    /// Whether `scalar` is an ASCII digit.
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }
}
