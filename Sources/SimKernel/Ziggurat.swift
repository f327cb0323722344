// The ziggurat method for the exponential and normal variates every model draws
// (docs/model.md#randomness): one 64-bit draw and a comparison almost always, a logarithm or
// an exponential only in the rare wedge and tail cases.

/// The tables of a 256-layer ziggurat (Marsaglia and Tsang, "The ziggurat method for generating
/// random variables", Journal of Statistical Software 5(8), 2000), built as Doornik describes
/// ("An improved ziggurat method to generate normal random samples", 2005): layer `i` spans
/// `[0, x[i])` between heights `f[i]` and `f[i + 1]`; the 256 layers have equal areas `v`, the
/// bottom one (`i = 0`) being the rectangle under `f(r)` up to `r` and the tail beyond it.
///
/// A draw picks a layer with 8 bits and a point across it with 53 more: below `x[i + 1]` it lies
/// under the curve and is the variate (more than 98% of draws); otherwise a wedge test against
/// the density, or a draw from the tail for the bottom layer, decides.
@usableFromInline
struct Ziggurat: @unchecked Sendable {
    /// The 257 layer edges, from `v / f(r)` (`x[0]`) and `r` (`x[1]`) down to 0 (`x[256]`).
    @usableFromInline let x: UnsafeMutablePointer<Double>
    /// The density (without its normalising constant) at each edge: `f[i] = f(x[i])`.
    @usableFromInline let f: UnsafeMutablePointer<Double>
    /// Where the tail begins.
    @usableFromInline let r: Double

    /// The tables for density `density` with inverse `inverse`, tail start `r` and layer area `v`.
    init(r: Double, v: Double, density: (Double) -> Double, inverse: (Double) -> Double) {
        x = .allocate(capacity: 257)
        f = .allocate(capacity: 257)
        self.r = r
        x[0] = v / density(r)
        x[1] = r
        for i in 2..<256 { x[i] = inverse(v / x[i - 1] + density(x[i - 1])) }
        x[256] = 0
        for i in 0...256 { f[i] = density(x[i]) }
    }

    /// The standard normal's tables: `f(x) = exp(−x²/2)`.
    @usableFromInline
    static let normal = Ziggurat(r: 3.6541528853610088, v: 0.00492867323399,
                                 density: { Math.exp(-$0 * $0 / 2) },
                                 inverse: { (-2 * Math.log($0)).squareRoot() })
    /// The standard exponential's tables: `f(x) = exp(−x)`.
    @usableFromInline
    static let exponential = Ziggurat(r: 7.69711747013104972, v: 0.0039496598225815571993,
                                      density: { Math.exp(-$0) },
                                      inverse: { -Math.log($0) })
}

extension RandomStream {
    /// One draw of a ziggurat: the layer from the low 8 bits, a point across it from the top 53
    /// (across `(−x[i], x[i])` for a symmetric density, `[0, x[i])` otherwise), and whether the
    /// point lies in the layer's part under the curve (then it is the variate).
    @inlinable @inline(__always)
    mutating func zigguratDraw(_ t: Ziggurat, signed: Bool) -> (layer: Int, point: Double, under: Bool) {
        let bits = next()
        let i = Int(truncatingIfNeeded: bits & 0xFF)
        let u = signed ? Double(bits >> 11) * 0x1.0p-52 - 1.0 : Double(bits >> 11) * 0x1.0p-53
        let x = u * t.x[i]
        return (i, x, abs(x) < t.x[i + 1])
    }

    /// The rest of a ziggurat draw whose point `point` of layer `layer` fell outside the layer's
    /// part under the curve: in the bottom layer a draw from the tail (`tail`, given the point,
    /// whose side it keeps); in the others the wedge test against `density`, and a new draw when
    /// the point lies above the curve.
    mutating func outsideLayer(_ t: Ziggurat, signed: Bool, _ layer: Int, _ point: Double,
                               density: (Double) -> Double,
                               tail: (inout RandomStream, Double) -> Double) -> Double {
        var (i, x) = (layer, point)
        while true {
            if i == 0 { return tail(&self, x) }
            if t.f[i + 1] + (t.f[i] - t.f[i + 1]) * uniform() < density(x) { return x }
            let d = zigguratDraw(t, signed: signed)
            if d.under { return d.point }
            (i, x) = (d.layer, d.point)
        }
    }

    /// A standard exponential variate (mean 1) by the ziggurat method.
    @inlinable @inline(__always)
    public mutating func standardExponential() -> Double {
        let d = zigguratDraw(Ziggurat.exponential, signed: false)
        return d.under ? d.point : exponentialOutsideLayer(d.layer, d.point)
    }

    /// `outsideLayer` for the exponential: its tail beyond `r` is `r` plus a fresh exponential
    /// (the density is memoryless).
    @usableFromInline @inline(never)
    mutating func exponentialOutsideLayer(_ layer: Int, _ point: Double) -> Double {
        let t = Ziggurat.exponential
        return outsideLayer(t, signed: false, layer, point, density: { Math.exp(-$0) }) { rng, _ in
            t.r - Math.log(1.0 - rng.uniform())
        }
    }

    /// A standard normal variate by the ziggurat method.
    @inlinable @inline(__always)
    public mutating func standardNormal() -> Double {
        let d = zigguratDraw(Ziggurat.normal, signed: true)
        return d.under ? d.point : normalOutsideLayer(d.layer, d.point)
    }

    /// `outsideLayer` for the normal: its tail beyond `r`, on the point's side, by Marsaglia's
    /// method.
    @usableFromInline @inline(never)
    mutating func normalOutsideLayer(_ layer: Int, _ point: Double) -> Double {
        let t = Ziggurat.normal
        return outsideLayer(t, signed: true, layer, point, density: { Math.exp(-$0 * $0 / 2) }) { rng, x in
            var excess = 0.0, y = 0.0
            repeat {
                excess = -Math.log(1.0 - rng.uniform()) / t.r
                y = -Math.log(1.0 - rng.uniform())
            } while 2 * y < excess * excess
            return x < 0 ? -(t.r + excess) : t.r + excess
        }
    }
}
