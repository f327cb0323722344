// The standard normal distribution: its CDF and its quantile function.

/// The standard normal distribution N(0, 1): its CDF, density and quantile (the kernel's
/// `StandardNormal` draws from it).
public enum NormalDistribution {
    /// Φ⁻¹(0.975), the 95 % two-sided critical value, to the double nearest 1.959963984540054.
    public static let quantile975 = 1.959963984540054

    /// P(Z ≤ z), from the C library's complementary error function (full double precision in
    /// both tails).
    public static func cdf(_ z: Double) -> Double {
        0.5 * CMath.erfc(-z / 2.0.squareRoot())
    }

    /// The density φ(z).
    public static func density(_ z: Double) -> Double {
        CMath.exp(-0.5 * z * z) / (2 * Double.pi).squareRoot()
    }

    /// The quantile Φ⁻¹(p) for 0 < p < 1 (−∞ at 0, +∞ at 1, NaN outside [0, 1]).
    ///
    /// Wichura's algorithm AS 241 (PPND16, Applied Statistics 37, 1988), accurate to about
    /// 1 part in 10¹⁶.
    public static func quantile(_ p: Double) -> Double {
        guard p >= 0, p <= 1 else { return .nan }
        if p == 0 { return -.infinity }
        if p == 1 { return .infinity }
        let q = p - 0.5
        if abs(q) <= 0.425 {
            let r = 0.180625 - q * q
            return q * polynomial(r, a) / polynomial(r, b)
        }
        var r = q < 0 ? p : 1 - p
        r = (-CMath.log(r)).squareRoot()
        let value: Double
        if r <= 5 {
            r -= 1.6
            value = polynomial(r, c) / polynomial(r, d)
        } else {
            r -= 5
            value = polynomial(r, e) / polynomial(r, f)
        }
        return q < 0 ? -value : value
    }

    /// Σ coefficients[i]·x^i by Horner's rule.
    private static func polynomial(_ x: Double, _ coefficients: [Double]) -> Double {
        coefficients.reversed().reduce(0) { $0 * x + $1 }
    }

    private static let a: [Double] = [
        3.3871328727963666080e0, 1.3314166789178437745e2, 1.9715909503065514427e3,
        1.3731693765509461125e4, 4.5921953931549871457e4, 6.7265770927008700853e4,
        3.3430575583588128105e4, 2.5090809287301226727e3,
    ]
    private static let b: [Double] = [
        1.0, 4.2313330701600911252e1, 6.8718700749205790830e2, 5.3941960214247511077e3,
        2.1213794301586595867e4, 3.9307895800092710610e4, 2.8729085735721942674e4,
        5.2264952788528545610e3,
    ]
    private static let c: [Double] = [
        1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0,
        3.64784832476320460504e0, 1.27045825245236838258e0, 2.41780725177450611770e-1,
        2.27238449892691845833e-2, 7.74545014278341407640e-4,
    ]
    private static let d: [Double] = [
        1.0, 2.05319162663775882187e0, 1.67638483018380384940e0, 6.89767334985100004550e-1,
        1.48103976427480074590e-1, 1.51986665636164571966e-2, 5.47593808499534494600e-4,
        1.05075007164441684324e-9,
    ]
    private static let e: [Double] = [
        6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0,
        2.96560571828504891230e-1, 2.65321895265761230930e-2, 1.24266094738807843860e-3,
        2.71155556874348757815e-5, 2.01033439929228813265e-7,
    ]
    private static let f: [Double] = [
        1.0, 5.99832206555887937690e-1, 1.36929880922735805310e-1, 1.48753612908506148525e-2,
        7.86869131145613259100e-4, 1.84631831751005468180e-5, 1.42151175831644588870e-7,
        2.04426310338993978564e-15,
    ]
}
