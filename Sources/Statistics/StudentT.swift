// Student's t distribution: the critical values of every interval over replications.

/// Student's t distribution with ν degrees of freedom.
public enum StudentT {
    /// P(T ≤ t) for ν > 0 degrees of freedom, from the regularized incomplete beta function:
    /// P(|T| > |t|) = I_{ν/(ν+t²)}(ν/2, 1/2).
    public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(nu > 0, "degrees of freedom must be above 0, got \(nu)")
        if t.isNaN { return .nan }
        if t == .infinity { return 1 }
        if t == -.infinity { return 0 }
        let tail = 0.5 * Incomplete.beta(nu / (nu + t * t), a: nu / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The density at t.
    public static func density(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        let logC = CMath.logGamma((nu + 1) / 2) - CMath.logGamma(nu / 2) - 0.5 * CMath.log(nu * Double.pi)
        return CMath.exp(logC - (nu + 1) / 2 * CMath.log1p(t * t / nu))
    }

    /// The quantile: the t with P(T ≤ t) = p, for 0 < p < 1.
    ///
    /// Exact in closed form for ν = 1 and 2; otherwise Newton's method on `cdf`, started from
    /// the normal quantile and kept inside a bracket, to a relative 1e-14.
    public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(nu > 0, "degrees of freedom must be above 0, got \(nu)")
        guard p > 0, p < 1 else { return p == 0 ? -.infinity : p == 1 ? .infinity : .nan }
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p, degreesOfFreedom: nu) }
        if nu == 1 { return tanPi(p - 0.5) }
        if nu == 2 { return (2 * p - 1) / (2 * p * (1 - p)).squareRoot() }
        var x = NormalDistribution.quantile(p)
        var low = 0.0, high = Swift.max(2 * x, 1)
        while cdf(high, degreesOfFreedom: nu) < p { low = high; high *= 2 }
        x = Swift.min(Swift.max(x, low), high)
        for _ in 0..<200 {
            let f = cdf(x, degreesOfFreedom: nu) - p
            if f < 0 { low = x } else { high = x }
            var next = x - f / density(x, degreesOfFreedom: nu)
            if !(next > low && next < high) { next = (low + high) / 2 }
            if abs(next - x) <= 1e-14 * abs(next) { return next }
            x = next
        }
        return x
    }

    /// The 0.975 quantile (the 95 % two-sided critical value), as the study layer has always
    /// computed it, so that moving its intervals here changes no printed figure: exact to
    /// double precision for 1…30 degrees of freedom (a table); above, the Cornish–Fisher
    /// expansion in 1/ν to the fourth order, whose error is below 1e-7 at ν = 31 and shrinks
    /// as ν⁻⁵.
    /// - Precondition: `degreesOfFreedom >= 1`.
    public static func quantile975(degreesOfFreedom: Int) -> Double {
        precondition(degreesOfFreedom >= 1, "degrees of freedom must be at least 1, got \(degreesOfFreedom)")
        if degreesOfFreedom <= t975Table.count { return t975Table[degreesOfFreedom - 1] }
        let z = 1.959963984540054
        let nu = Double(degreesOfFreedom)
        let z2 = z * z
        let g1 = (z2 + 1) * z / 4
        let g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
        let g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
        let g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
        return z + (g1 + (g2 + (g3 + g4 / nu) / nu) / nu) / nu
    }

    /// The two-sided critical value of a `confidence` interval on ν degrees of freedom
    /// (`quantile975` at 95 %, so a 95 % interval prints as it always has).
    public static func critical(confidence: Double, degreesOfFreedom nu: Int) -> Double {
        if confidence == 0.95 { return quantile975(degreesOfFreedom: nu) }
        return quantile(0.5 + confidence / 2, degreesOfFreedom: Double(nu))
    }

    /// tan(πx) for |x| < 1/2, without Foundation.
    private static func tanPi(_ x: Double) -> Double {
        // tan = sin/cos by their Taylor series would lose accuracy near ±1/2; use the identity
        // tan(πx) = 1/tan(π(1/2 − x)) to keep the argument within [0, 1/4].
        let a = abs(x)
        let value: Double
        if a <= 0.25 { value = tanSmall(Double.pi * a) } else { value = 1 / tanSmall(Double.pi * (0.5 - a)) }
        return x < 0 ? -value : value
    }

    /// tan(y) for 0 ≤ y ≤ π/4 by sin/cos series to double precision.
    private static func tanSmall(_ y: Double) -> Double {
        var sin = 0.0, cos = 0.0, term = y, k = 1.0
        for _ in 0..<20 { sin += term; term *= -y * y / ((k + 1) * (k + 2)); k += 2 }
        term = 1; k = 0
        for _ in 0..<20 { cos += term; term *= -y * y / ((k + 1) * (k + 2)); k += 2 }
        return sin / cos
    }

    /// t₀.₉₇₅ for 1…30 degrees of freedom.
    private static let t975Table: [Double] = [
        12.706204736174694, 4.302652729749462, 3.1824463052837078, 2.7764451051977934,
        2.5705818356363146, 2.4469118511449786, 2.364624251592784, 2.306004135204166,
        2.262157162798205, 2.228138851986274, 2.200985160091639, 2.1788128296672284,
        2.1603686564627913, 2.144786687917804, 2.131449545559776, 2.1199052992212546,
        2.1098155778333156, 2.1009220402410382, 2.0930240544083087, 2.085963447265864,
        2.0796138447276795, 2.0738730679040254, 2.0686576104190486, 2.0638985616280245,
        2.0595385527532972, 2.0555294386428735, 2.0518305164802846, 2.0484071417952454,
        2.045229642132703, 2.0422724563012378,
    ]
}
