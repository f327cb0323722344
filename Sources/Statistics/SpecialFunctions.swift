// The regularized incomplete beta and gamma functions, behind Student's t and χ².

/// Regularized incomplete functions by their continued fractions (Lentz's method), as in
/// Press et al., Numerical Recipes (3rd ed.), section 6.2 and section 6.4.
enum Incomplete {
    /// I_x(a, b), the regularized incomplete beta function, for a, b > 0 and 0 ≤ x ≤ 1.
    static func beta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = CMath.logGamma(a + b) - CMath.logGamma(a) - CMath.logGamma(b)
            + a * CMath.log(x) + b * CMath.log1p(-x)
        let front = CMath.exp(logFront)
        // The fraction converges fast for x < (a + 1)/(a + b + 2); use the symmetry otherwise.
        if x < (a + 1) / (a + b + 2) {
            return front * betaFraction(x, a: a, b: b) / a
        }
        return 1 - front * betaFraction(1 - x, a: b, b: a) / b
    }

    private static func betaFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300, epsilon = 1e-16
        let qab = a + b, qap = a + 1, qam = a - 1
        var c = 1.0
        var d = 1 - qab * x / qap
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...10_000 {
            let m = Double(m), m2 = 2 * m
            var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1 + aa * d; if abs(d) < tiny { d = tiny }
            c = 1 + aa / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 + aa * d; if abs(d) < tiny { d = tiny }
            c = 1 + aa / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return h
    }

    /// P(a, x), the regularized lower incomplete gamma function, for a > 0 and x ≥ 0.
    static func gammaP(_ a: Double, _ x: Double) -> Double {
        if x <= 0 { return 0 }
        let logFront = a * CMath.log(x) - x - CMath.logGamma(a)
        if x < a + 1 {
            // The series Σ xⁿ/(a(a+1)…(a+n)).
            var term = 1 / a, sum = term, ap = a
            for _ in 0..<10_000 {
                ap += 1
                term *= x / ap
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return sum * CMath.exp(logFront)
        }
        // The continued fraction for Q(a, x) = 1 − P(a, x).
        let tiny = 1e-300
        var b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b; if abs(d) < tiny { d = tiny }
            c = b + an / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return 1 - CMath.exp(logFront) * h
    }
}
