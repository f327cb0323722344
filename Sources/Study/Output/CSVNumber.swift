// Deterministic, locale-free number formatting for CSV (docs/output.md: a dot as
// decimal separator; byte-identical output for the same scenario and seed).

import SimKernel

/// Formats numbers for CSV fields the same way on every machine.
public enum CSVNumber {
    /// 10^k for 0 ≤ k ≤ 8 (the scales `append` rounds at), exact: a table of constants
    /// read without the once-check and bounds check a static array costs on every number.
    @inline(__always)
    private static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(x, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `format(x)` as UTF-8 to `bytes`, building no string on the way.
    public static func append(_ x: Double, to bytes: inout [UInt8]) {
        if x.isNaN { return }
        if x.isInfinite {
            if x < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: [UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "f")])
            return
        }
        let magnitude = abs(x)
        if magnitude >= 1e18 { bytes.append(contentsOf: x.description.utf8); return }
        if magnitude == magnitude.rounded(.towardZero) { appendInteger(Int64(x), to: &bytes); return }
        let digits = integerDigits(magnitude)
        if digits > 10 {
            let unit = powerOfTen(digits - 10)      // digits ≤ 18 below 1e18
            let rounded = Math.roundedToInt64(magnitude / unit) * Int64(unit)
            if x < 0 { bytes.append(UInt8(ascii: "-")) }
            appendInteger(rounded, to: &bytes)
            return
        }
        let decimals = min(6, 10 - digits)
        let scaled = Math.roundedToInt64(magnitude * powerOfTen(decimals))   // below 1e16
        if scaled == 0 { bytes.append(UInt8(ascii: "0")); return }
        if x < 0 { bytes.append(UInt8(ascii: "-")) }
        appendFixedPoint(scaled, decimals: decimals, to: &bytes)
    }

    /// The decimal digits of `value`, with a minus sign if negative.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendUnsigned(value.magnitude, to: &bytes)
    }

    /// The decimal digits of `value` (what `String(value)` writes: a seed of runs.csv).
    public static func appendUnsigned(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        var reversed: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                       UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &reversed) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            while count > 0 {
                count -= 1
                bytes.append(buffer[count])
            }
        }
    }

    /// The number of digits before the point of `magnitude` (0 below 1), for `magnitude`
    /// below 1e18. Each power is exact (10^k is a double for k ≤ 22, and ten times an exact
    /// 10^(k−1) rounds to it).
    @inline(__always)
    private static func integerDigits(_ magnitude: Double) -> Int {
        var digits = 0
        var power = 1.0
        while magnitude >= power {
            digits += 1
            power *= 10
        }
        return digits
    }

    /// `scaled / 10^decimals` written out with trailing zeros stripped (`scaled` positive).
    /// The characters are written from the last into a buffer on the stack (room for 32; with
    /// `scaled` at most 10¹⁰ a number here has at most 11, and any Int64 at most 20) and appended
    /// at once: one capacity check, not one a digit. (`appendInteger` appends digit by digit:
    /// most integers here are one digit, where the buffer measured slower.)
    private static func appendFixedPoint(_ scaled: Int64, decimals: Int, to bytes: inout [UInt8]) {
        var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &storage) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            var start = buffer.count
            func put(_ character: UInt8) {
                start -= 1
                buffer[start] = character
            }
            var rest = scaled.magnitude
            var width = decimals
            while width > 0 && rest % 10 == 0 {      // trailing zeros of the fraction
                rest /= 10
                width -= 1
            }
            if width > 0 {
                for _ in 0..<width {
                    put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
                    rest /= 10
                }
                put(UInt8(ascii: "."))
            }
            repeat {                                   // the integer part, at least one digit
                put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }
}
