import SimKernel
import Surfaces

/// How often each reading of each probe shows on each joint design of each teardown surface,
/// from simulated runs of the probes (docs/inference.md#likelihoods): the model `infer`
/// weighs a worksheet's readings against. Nothing here is written by hand: change a model
/// (`--set push.wakeRefusal=0.9`) and the tallies move.
public struct DesignLikelihoods: Sendable {
    /// One surface: its joint designs and, per design and probe, the reading tallies.
    public struct Surface: Sendable {
        public let surface: TeardownSurface
        public let designs: [JointDesign]
        /// `tallies[design][probe]`: runs per reading, in the order of the probe's readings.
        public let tallies: [[[Int]]]
    }

    /// Runs per (design, probe).
    public let runs: Int
    public let surfaces: [Surface]

    /// Simulates `runs` runs of every probe of every surface on each of its joint designs.
    /// The probe world is `base` (the platform's quiet probe world); `adjust` is applied after
    /// each design's settings (`--set`). Run r of a probe has the seed `probes` gives its run r,
    /// whatever the design, so every design meets the same worlds (common random numbers)
    /// and a surface with one probe gets the tallies of probes.csv.
    public static func simulate(_ surfaces: [TeardownSurface], base: Parameters, runs: Int, seed: UInt64, jobs: Int,
                                adjust: (inout Parameters) -> Void = { _ in }) -> DesignLikelihoods {
        struct Task: Sendable { let surface: Int, design: Int, probe: Int; let parameters: Parameters }
        var tasks: [Task] = []
        var designs: [[JointDesign]] = []
        for (si, s) in surfaces.enumerated() {
            let joint = JointDesign.all(of: s, base: base)
            designs.append(joint)
            for (di, d) in joint.enumerated() {
                var p = d.parameters(base: base)
                adjust(&p)
                for pi in s.probes.indices { tasks.append(Task(surface: si, design: di, probe: pi, parameters: p)) }
            }
        }
        var tallies = designs.enumerated().map { si, joint in
            joint.map { _ in surfaces[si].probes.map { [Int](repeating: 0, count: $0.readings.count) } }
        }
        let frozen = tasks
        let probes = surfaces.map(\.probes)
        OrderedWorkPool.run(count: frozen.count * runs, jobs: jobs, work: { i in
            let task = frozen[i / runs]
            let probe = probes[task.surface][task.probe]
            let point = UInt64(ChapterProbes.index(of: probe.id)!)
            let reading = probe.run(on: task.parameters,
                                    seed: SeedMixer.replicationSeed(scenarioSeed: seed, point: point, replication: UInt64(i % runs)))
            return probe.readings.firstIndex { $0.id == reading }!
        }, consume: { i, reading in
            let task = frozen[i / runs]
            tallies[task.surface][task.design][task.probe][reading] += 1
            return true
        })
        return DesignLikelihoods(runs: runs, surfaces: surfaces.indices.map {
            Surface(surface: surfaces[$0], designs: designs[$0], tallies: tallies[$0])
        })
    }

    /// The chance of a reading of a probe on a design, from its tallies with add-½ smoothing:
    /// (n + ½) / (runs + ½·k) for k readings, so a reading no run gave is unlikely, never impossible.
    public static func probability(_ tally: [Int], reading: Int) -> Double {
        let runs = tally.reduce(0, +)
        return (Double(tally[reading]) + 0.5) / (Double(runs) + 0.5 * Double(tally.count))
    }
}
