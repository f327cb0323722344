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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestField) { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[..<write(x, to: buffer.baseAddress!)]), as: UTF8.self)
        }
    }

    /// The most bytes `write` writes for one number (`-1.7976931348623157e+308` is 24).
    static let longestField = 32

    /// As `format`, except that a value too small to show in six decimals keeps three significant
    /// digits in plain decimals (`0.000000326`, never `0`): an upper bound on a rare event's
    /// share over millions of trials must not print as 0.
    public static func formatKeepingDigits(_ x: Double) -> String {
        let text = format(x)
        guard text == "0", x != 0, x.isFinite else { return text }
        var decimals = 6
        var scaled = abs(x) * 1e6
        while scaled < 99.5 && decimals < 18 {
            scaled *= 10
            decimals += 1
        }
        var digits = String(Int64(scaled.rounded()))
        while digits.count < decimals { digits = "0" + digits }
        while digits.hasSuffix("0") { digits.removeLast() }
        return (x < 0 ? "-" : "") + "0." + digits
    }

    /// Writes `format(x)` at `out`, which has room for `longestField` bytes, and returns how
    /// many it wrote: what a record written in place (`CSVRecords`) calls for each number.
    static func write(_ x: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if x.isNaN { return 0 }
        if x.isInfinite {
            var n = 0
            if x < 0 { out[0] = UInt8(ascii: "-"); n = 1 }
            (out[n], out[n + 1], out[n + 2]) = (UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "f"))
            return n + 3
        }
        let magnitude = abs(x)
        if magnitude >= 1e18 {
            var n = 0
            for byte in x.description.utf8 { out[n] = byte; n += 1 }
            return n
        }
        // Whole (below 1e18 < 2⁶³ the conversion is exact for a whole number, and truncates
        // any other: tested without a call into the C library's `trunc`).
        if Double(Int64(magnitude)) == magnitude { return writeInteger(Int64(x), to: out) }
        // Up to four digits before the point, six after it; from five on, ten digits in all.
        let decimals: Int
        if magnitude < 10_000 {
            decimals = 6
        } else {
            let digits = integerDigits(magnitude)
            if digits > 10 {
                let unit = powerOfTen(digits - 10)      // digits ≤ 18 below 1e18
                let rounded = Math.roundedToInt64(magnitude / unit) * Int64(unit)
                return writeInteger(x < 0 ? -rounded : rounded, to: out)
            }
            decimals = 10 - digits
        }
        let scaled = Math.roundedToInt64(magnitude * powerOfTen(decimals))   // at most 1e10
        if scaled == 0 { out[0] = UInt8(ascii: "0"); return 1 }
        if x < 0 {
            out[0] = UInt8(ascii: "-")
            return 1 + writeFixedPoint(scaled, decimals: decimals, to: out + 1)
        }
        return writeFixedPoint(scaled, decimals: decimals, to: out)
    }

    /// Writes the decimal digits of `value`, with a minus sign if negative; returns their count.
    @inline(__always)
    static func writeInteger(_ value: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value < 0 else { return writeUnsigned(value.magnitude, to: out) }
        out[0] = UInt8(ascii: "-")
        return 1 + writeUnsigned(value.magnitude, to: out + 1)
    }

    /// Writes the decimal digits of `value` (at most 20); returns their count.
    static func writeUnsigned(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1
        var bound: UInt64 = 10
        while count < 20 && value >= bound {
            count += 1
            bound = bound &* 10
        }
        writeDigits(value, count: count, endingAt: out + count)
        return count
    }

    /// "00", "01", … "99": the two digits of each number below 100 (a constant in the binary).
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes the last `count` decimal digits of `value` just before `end`, two at a time (one
    /// division by 100 and a copy from `digitPairs` for each pair, where a digit at a time
    /// divided by 10 for each).
    @inline(__always)
    private static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var rest = value
        var i = 0
        while i + 2 <= count {
            let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
            i += 2
            (end - i).update(from: pairs + Int(truncatingIfNeeded: pair) * 2, count: 2)
            rest = quotient
        }
        if i < count { (end - count).pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }
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

    /// Writes `scaled / 10^decimals` with trailing zeros stripped (`scaled` positive, at most
    /// 10¹⁰: at most 12 characters); returns how many. The fraction's trailing zeros are
    /// dropped first; then the integer part, the point and the fraction's digits (from its
    /// last) are written straight into place.
    @inline(__always)
    private static func writeFixedPoint(_ scaled: Int64, decimals: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var rest = scaled.magnitude
        var width = decimals
        while width > 0 && rest % 10 == 0 {      // trailing zeros of the fraction
            rest /= 10
            width -= 1
        }
        var integerPart = rest
        for _ in 0..<width { integerPart /= 10 }
        let whole = writeUnsigned(integerPart, to: out)   // at least one digit
        guard width > 0 else { return whole }
        out[whole] = UInt8(ascii: ".")
        let length = whole + 1 + width
        writeDigits(rest, count: width, endingAt: out + length)
        return length
    }
}
