// Deterministic, locale-free number formatting for CSV (SPEC §6: a dot as
// decimal separator; byte-identical output for the same scenario and seed).

/// Formats numbers for CSV fields the same way on every machine.
public enum CSVNumber {
    /// Exact powers of ten, 10⁰ through 10²².
    private static let powersOfTen: [Double] = (0...22).reduce(into: []) { powers, k in
        powers.append(k == 0 ? 1 : powers[k - 1] * 10)
    }

    /// A number as a CSV field.
    ///
    /// - NaN is the empty field; ±∞ is `inf` / `-inf`.
    /// - Integral values print as integers (`3`, `-2`, `0`), up to 1e18.
    /// - Other values are rounded to at most 6 digits after the point and at
    ///   most 10 significant digits, then trailing zeros are stripped
    ///   (`0.333333`, `1234.567891`, `0.000001`); a value that rounds to zero
    ///   prints `0`. No exponent, no locale.
    /// - Magnitudes of 1e18 and above use Swift's shortest round-trip form
    ///   (`1e+18`).
    public static func format(_ x: Double) -> String {
        if x.isNaN { return "" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        let magnitude = abs(x)
        if magnitude >= 1e18 { return x.description }
        if magnitude == magnitude.rounded(.towardZero) { return String(Int64(x)) }
        let sign = x < 0 ? "-" : ""
        let digits = integerDigits(magnitude)
        if digits > 10 {
            let unit = powersOfTen[digits - 10]
            let rounded = Int64((magnitude / unit).rounded() * unit)
            return sign + String(rounded)
        }
        let decimals = min(6, 10 - digits)
        let scaled = Int64((magnitude * powersOfTen[decimals]).rounded())
        if scaled == 0 { return "0" }
        return sign + fixedPoint(scaled, decimals: decimals)
    }

    /// The number of digits before the point of `magnitude` (0 below 1).
    private static func integerDigits(_ magnitude: Double) -> Int {
        var digits = 0
        while digits < powersOfTen.count - 1, magnitude >= powersOfTen[digits] { digits += 1 }
        return digits
    }

    /// `scaled / 10^decimals` written out with trailing zeros stripped.
    private static func fixedPoint(_ scaled: Int64, decimals: Int) -> String {
        let divisor = Int64(powersOfTen[decimals])
        let whole = String(scaled / divisor)
        guard decimals > 0 else { return whole }
        var fraction = String(scaled % divisor)
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? whole : whole + "." + fraction
    }
}
