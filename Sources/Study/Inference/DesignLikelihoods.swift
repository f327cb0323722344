import SimKernel
import Surfaces
import SurfaceCore

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
        /// `timeTallies[design][probe][reading]`: for a probe with a stopwatch step, the runs of
        /// each reading per bin of the stopwatch's time (`TimeBins`); empty for other probes.
        public let timeTallies: [[[[Int]]]]
    }

    /// The bins a stopwatch time falls in for the likelihood of a timed reading: edges at 2, 4,
    /// 8, 15 and 30 s, 1, 2, 4 and 8 min; a censored time has a bin of its own (the last).
    public enum TimeBins {
        static let edges: [SimTime] = [2, 4, 8, 15, 30, 60, 120, 240, 480].map { $0 * Time.second }
        public static var count: Int { edges.count + 2 }
        public static func bin(_ timing: ProbeTiming) -> Int {
            timing.censored ? count - 1 : (edges.firstIndex { timing.time < $0 } ?? edges.count)
        }
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
        let timed = Set(ChapterProbes.stopwatchLimits.map(\.probe))
        var timeTallies = designs.enumerated().map { si, joint in
            joint.map { _ in surfaces[si].probes.map { probe in
                timed.contains(probe.id) ? probe.readings.map { _ in [Int](repeating: 0, count: TimeBins.count) } : []
            } }
        }
        let frozen = tasks
        let probes = surfaces.map(\.probes)
        OrderedWorkPool.run(count: frozen.count * runs, jobs: jobs, work: { i in
            let task = frozen[i / runs]
            let probe = probes[task.surface][task.probe]
            let point = UInt64(ChapterProbes.index(of: probe.id)!)
            let result = probe.timedRun(on: task.parameters,
                                        seed: SeedMixer.replicationSeed(scenarioSeed: seed, point: point, replication: UInt64(i % runs)))
            return (probe.readings.firstIndex { $0.id == result.reading }!, result.timing.map(TimeBins.bin))
        }, consume: { i, outcome in
            let task = frozen[i / runs]
            tallies[task.surface][task.design][task.probe][outcome.0] += 1
            if let bin = outcome.1, !timeTallies[task.surface][task.design][task.probe].isEmpty {
                timeTallies[task.surface][task.design][task.probe][outcome.0][bin] += 1
            }
            return true
        })
        return DesignLikelihoods(runs: runs, surfaces: surfaces.indices.map {
            Surface(surface: surfaces[$0], designs: designs[$0], tallies: tallies[$0], timeTallies: timeTallies[$0])
        })
    }

    /// The chance of a reading of a probe on a design, from its tallies with add-½ smoothing:
    /// (n + ½) / (runs + ½·k) for k readings, so a reading no run gave is unlikely, never impossible.
    public static func probability(_ tally: [Int], reading: Int) -> Double {
        let runs = tally.reduce(0, +)
        return (Double(tally[reading]) + 0.5) / (Double(runs) + 0.5 * Double(tally.count))
    }
}
