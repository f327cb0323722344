// The effects of a Morris study (docs/output.md#sensitivitycsv): each step of a trajectory
// moves one parameter, and (change of the metric's mean) / (change of the scaled
// parameter) is one elementary effect. μ* is the mean of their absolute values, σ their
// standard deviation; μ*'s 95 % interval comes from a seeded bootstrap over trajectories.
import SimKernel
import Statistics

/// Elementary effects and their summaries.
struct MorrisEffects {
    /// Bootstrap resamples of the trajectories.
    static let resamples = 1000
    /// Above this many trajectories the interval is the normal one, μ* ± 1.96·sd/√r
    /// (the bootstrap's cost grows with r; its distribution is then close to normal).
    static let bootstrapUpTo = 200

    /// Trajectories.
    let r: Int
    /// Parameters.
    let k: Int
    /// The parameter each step moves: `moved[t][j]` for step j of trajectory t.
    let moved: [[Int]]
    /// The change of the scaled parameter at each step (after rounding).
    let deltas: [[Double]]
    /// The trajectory indices of each resample (nil above `bootstrapUpTo`).
    let draws: [[Int]]?

    /// The structure of `design`'s trajectories.
    init(_ design: SampleDesign) {
        r = design.count
        k = design.ranges.count
        let nominal = design.unitPoints()
        let realized = design.realizedPoints()
        var moved: [[Int]] = [], deltas: [[Double]] = []
        for t in 0..<r {
            let base = t * (k + 1)
            var m: [Int] = [], d: [Double] = []
            for j in 0..<k {
                let i = MorrisDesign.movedParameter(nominal[base + j], nominal[base + j + 1]) ?? j
                m.append(i)
                d.append(realized[base + j + 1][i] - realized[base + j][i])
            }
            moved.append(m)
            deltas.append(d)
        }
        (self.moved, self.deltas) = (moved, deltas)
        if r <= Self.bootstrapUpTo {
            var random = RandomStream(seed: SeedMixer.streamSeed(replicationSeed: design.seed, name: "sensitivity.morris.bootstrap"))
            draws = (0..<Self.resamples).map { _ in (0..<design.count).map { _ in random.index(design.count) } }
        } else {
            draws = nil
        }
    }

    /// Every parameter's effect on a metric whose means at the points are `y`.
    func effects(_ y: [Double], parameters: [String]) -> [SensitivityEffect] {
        // elementary[i][t]: parameter i's elementary effect in trajectory t (NaN if missing).
        var elementary = Array(repeating: [Double](repeating: .nan, count: r), count: k)
        for t in 0..<r {
            let base = t * (k + 1)
            for j in 0..<k {
                let (a, b, d) = (y[base + j], y[base + j + 1], deltas[t][j])
                if a.isFinite && b.isFinite && d != 0 { elementary[moved[t][j]][t] = (b - a) / d }
            }
        }
        return parameters.indices.map { i in summary(parameters[i], elementary[i]) }
    }

    /// μ*, σ, the sign of μ, and μ*'s interval of one parameter.
    private func summary(_ parameter: String, _ ee: [Double]) -> SensitivityEffect {
        var result = SensitivityEffect(parameter: parameter, effect: .nan, low: .nan, high: .nan)
        let present = ee.filter(\.isFinite)
        guard !present.isEmpty else { return result }
        let n = Double(present.count)
        let mu = present.reduce(0, +) / n
        let muStar = present.reduce(0) { $0 + abs($1) } / n
        result.effect = muStar
        result.direction = mu > 0 ? 1 : mu < 0 ? -1 : 0
        if present.count >= 2 {
            result.sigma = SampleDeviation.standardDeviation(present, about: mu)
        }
        (result.low, result.high) = interval(ee, muStar: muStar, count: present.count)
        return result
    }

    /// The 95 % interval of μ*: percentile bootstrap over trajectories (`BootstrapPercentile`),
    /// or the normal one for many trajectories (`LargeSampleMean`, clamped at 0); μ* itself for one.
    private func interval(_ ee: [Double], muStar: Double, count: Int) -> (Double, Double) {
        guard count >= 2 else { return (muStar, muStar) }
        guard let draws else {
            let absolute = ee.filter(\.isFinite).map(abs)
            let sd = SampleDeviation.standardDeviation(absolute, about: muStar)
            let (low, high) = LargeSampleMean.interval(mean: muStar, sd: sd, count: count)
            return (Swift.max(0, low), high)
        }
        var estimates: [Double] = []
        estimates.reserveCapacity(draws.count)
        for draw in draws {
            var (total, n) = (0.0, 0)
            for t in draw where ee[t].isFinite {
                total += abs(ee[t])
                n += 1
            }
            if n > 0 { estimates.append(total / Double(n)) }
        }
        estimates.sort()
        return BootstrapPercentile.interval(sorted: estimates).map { ($0.low, $0.high) } ?? (.nan, .nan)
    }
}
