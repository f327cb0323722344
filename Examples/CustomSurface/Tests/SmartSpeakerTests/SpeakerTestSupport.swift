import SmartSpeaker
import SurfaceSimKit

/// Worlds with the speaker installed, and its samples read back by metric name.
enum SpeakerWorld {
    /// Adds the speaker (adding it again does nothing, so every test case may call it first).
    static func install() { SurfaceRegistry.add(.smartSpeaker) }

    /// A day of the widget path alone with the speaker, its design set by `speaker`.
    static func parameters(_ speaker: [String: ParameterValue]) -> Parameters {
        install()
        var p = Parameters()
        p.turnOffSurfacesBeyondTheWidget()
        p.duration = Time.day
        p.observe.warmup = Time.hour
        for (path, value) in speaker {
            guard let spec = ParameterCatalog.spec(path) else { preconditionFailure("no parameter \(path)") }
            spec.set(&p, value)
        }
        return p
    }

    /// The slot of a metric in a replication's result.
    static func slot(_ metric: String) -> Int {
        guard let i = MetricCatalog.specs.firstIndex(where: { $0.name == metric }) else { preconditionFailure("no metric \(metric)") }
        return i
    }

    /// The samples of `metric` over replications with seeds 1…`replications`.
    static func samples(_ metric: String, _ p: Parameters, replications: Int) -> [Double] {
        (1...UInt64(replications)).flatMap { Replication.run(p, seed: $0).samples[slot(metric)] }
    }
}
