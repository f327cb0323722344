import SimKernel
import Surfaces
import SurfaceCore

/// A worksheet's readings weighed against simulated probes (docs/inference.md): the
/// likelihood and posterior of every joint design of each surface, and the probe whose
/// next run would tell the most.
public struct TeardownInference: Sendable {
    /// One surface's designs, each with its likelihood and posterior.
    public struct Surface: Sendable {
        public let surface: TeardownSurface
        public let designs: [JointDesign]
        /// The natural logarithm of the likelihood: the sum, over the readings recorded for the
        /// surface's probes, of the log of each reading's smoothed chance on the design (0 when
        /// nothing was recorded). Kept as a logarithm: a thousand readings underflow a double.
        public let logLikelihood: [Double]
        /// The likelihood itself (0 where it underflows a double; `logLikelihood` does not).
        public var likelihood: [Double] { logLikelihood.map(Math.exp) }
        /// Prior × likelihood, normalised to sum to 1 over the surface's designs.
        public let posterior: [Double]
        /// The number of readings recorded for the surface's probes.
        public let readings: Int

        /// The most likely design (ties: the first).
        public var best: Int { posterior.indices.max { posterior[$0] < posterior[$1] || (posterior[$0] == posterior[$1] && $0 > $1) }! }
    }

    /// A probe's expected information gain: how many bits a further run of it is expected
    /// to tell about its surface's design, given the posterior (the mutual information of
    /// the design and the reading).
    public struct Gain: Sendable, Equatable {
        public let probe: String
        public let surface: TeardownSurface
        public let bits: Double
    }

    public let surfaces: [Surface]
    /// Every probe of the inferred surfaces, the largest gain first (ties: the chapter's order).
    public let gains: [Gain]

    /// The probe to run next: the one with the largest expected information gain.
    public var next: Gain? { gains.first }

    /// Weighs the worksheet's readings against the simulated tallies.
    public init(_ worksheet: Worksheet, _ model: DesignLikelihoods) {
        var surfaces: [Surface] = []
        var gains: [Gain] = []
        for s in model.surfaces {
            let probes = s.surface.probes
            var logLikelihood = [Double](repeating: 0, count: s.designs.count)
            var count = 0
            for (pi, probe) in probes.enumerated() {
                let limit = ChapterProbes.stopwatchLimits.first { $0.probe == probe.id }?.limit
                for reading in worksheet.readings[probe.id] ?? [] {
                    let r = probe.readings.firstIndex { $0.id == reading.id }!
                    count += 1
                    for d in s.designs.indices {
                        logLikelihood[d] += Math.log(DesignLikelihoods.probability(s.tallies[d][pi], reading: r))
                    }
                    // A timed reading of a probe with a stopwatch step weighs its time too: the chance of
                    // its time's bin among the design's runs that gave the reading (a time at or past the
                    // step's limit was not seen at the step: censored there, as a simulated run's is).
                    guard let limit, let timing = reading.timing else { continue }
                    let seen = timing.time >= limit ? ProbeTiming(time: limit, censored: true) : timing
                    let bin = DesignLikelihoods.TimeBins.bin(seen)
                    for d in s.designs.indices where !s.timeTallies[d][pi].isEmpty {
                        logLikelihood[d] += Math.log(DesignLikelihoods.probability(s.timeTallies[d][pi][r], reading: bin))
                    }
                }
            }
            let weights = s.designs.map { worksheet.prior[s.surface]?[$0.name] ?? 1 }
            let top = zip(logLikelihood, weights).filter { $1 > 0 }.map(\.0).max() ?? 0
            let unnormalised = zip(logLikelihood, weights).map { $1 * Math.exp($0 - top) }
            let total = unnormalised.reduce(0, +)
            let posterior = unnormalised.map { $0 / total }
            surfaces.append(Surface(surface: s.surface, designs: s.designs, logLikelihood: logLikelihood,
                                    posterior: posterior, readings: count))
            for (pi, probe) in probes.enumerated() {
                gains.append(Gain(probe: probe.id, surface: s.surface,
                                  bits: Self.informationGain(posterior: posterior, tallies: s.tallies.map { $0[pi] })))
            }
        }
        let order = ChapterProbes.all.map(\.id)
        self.surfaces = surfaces
        self.gains = gains.sorted {
            $0.bits != $1.bits ? $0.bits > $1.bits : order.firstIndex(of: $0.probe)! < order.firstIndex(of: $1.probe)!
        }
    }

    /// The mutual information, in bits, of the design (distributed as `posterior`) and the
    /// reading of one more run of a probe (each design's reading chances from its tally).
    static func informationGain(posterior: [Double], tallies: [[Int]]) -> Double {
        guard let readings = tallies.first?.count else { return 0 }
        let chance = tallies.map { t in (0..<readings).map { DesignLikelihoods.probability(t, reading: $0) } }
        var marginal = [Double](repeating: 0, count: readings)
        for (d, w) in posterior.enumerated() { for r in 0..<readings { marginal[r] += w * chance[d][r] } }
        var bits = 0.0
        for (d, w) in posterior.enumerated() where w > 0 {
            for r in 0..<readings { bits += w * chance[d][r] * Math.log(chance[d][r] / marginal[r]) }
        }
        return max(0, bits / Math.log(2))
    }
}
