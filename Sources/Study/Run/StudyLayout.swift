// What a study's outputs need to know besides the accumulated numbers: the
// points, their swept values, and the scenario. Kept in shard state so that
// `merge` writes exactly what an unsplit run writes.
import SimKernel
import Surfaces
import SurfaceCore

/// One sweep point as the outputs show it.
public struct PointLayout: Sendable, Equatable {
    /// The `point` column: the point's name (its index for a grid).
    public var name: String
    /// The swept parameters' values as CSV fields, in `StudyLayout.columns` order.
    public var fields: [String]
    /// Whole minutes excluded as warm-up (for `backend.requests.peakToMean`).
    public var warmupMinutes: Int
}

/// The shape of a study's results.
public struct StudyLayout: Sendable, Equatable {
    /// The scenario's name.
    public var name: String
    /// Swept parameter paths, in column order.
    public var columns: [String]
    /// The points, in run order.
    public var points: [PointLayout]
    /// Replications per point.
    public var replications: Int
    /// The scenario seed.
    public var seed: UInt64
    /// Whether every point uses the same replication seeds.
    public var commonRandomNumbers: Bool
    /// The scenario after overrides, as compact JSON (see `Scenario.renderedJSON()`).
    public var scenarioJSON: String
    /// The sampled region of a sampled sweep (nil otherwise): what sensitivity.csv needs.
    public var sample: SampleDesign?
    /// The outer draws of an uncertain study (nil otherwise): what uncertainty.csv needs. Point
    /// i × draws + d is draw d of the sweep's point i.
    public var uncertain: PlatformUncertainty?
    /// The point contrasts.csv takes every other point against (`observe.baseline`, default 0).
    public var baseline = 0
    /// What the summary table and the charts show (`observe.report`, or the default for the study's surfaces).
    public var report = MetricReport.standard
    /// The time series each replication records (`observe.series`; nil: none).
    public var series: SeriesRequest?
    /// How contrasts.csv pairs the points (`observe.contrasts`; nil: against the baseline).
    public var contrasts: ContrastDesign?

    /// The layout of `scenario`.
    public init(_ scenario: Scenario) {
        let index = ParameterIndex.shared
        name = scenario.name
        columns = scenario.sweep.columns
        let parameters = scenario.sweep.points.indices.map(scenario.parameters(ofPoint:))
        points = scenario.sweep.points.indices.map { i in
            let p = parameters[i]
            let fields = scenario.sweep.columns.map { path in
                let spec = index[path]!
                return ParameterRendering.csvField(spec.get(p), kind: spec.kind)
            }
            let warmup = Int((p.observe.warmup + Time.minute - 1) / Time.minute)
            return PointLayout(name: scenario.sweep.points[i].name, fields: fields, warmupMinutes: warmup)
        }
        replications = scenario.base.replications
        seed = scenario.base.seed
        commonRandomNumbers = scenario.base.commonRandomNumbers
        scenarioJSON = ParameterRendering.node(scenario.renderedJSON()).render()
        sample = scenario.sweep.sample
        uncertain = scenario.sweep.uncertain
        baseline = (scenario.baseline ?? 0) * scenario.sweep.drawsPerPoint
        contrasts = scenario.contrasts
        report = scenario.report.map(MetricReport.init(given:)) ?? MetricReport.defaultReport(for: parameters)
        series = scenario.series
    }

    /// A layout from its parts (used when decoding shard state).
    public init(name: String, columns: [String], points: [PointLayout], replications: Int,
                seed: UInt64, commonRandomNumbers: Bool, scenarioJSON: String, baseline: Int = 0,
                report: MetricReport = .standard, contrasts: ContrastDesign? = nil) {
        self.baseline = baseline
        self.contrasts = contrasts
        self.report = report
        (self.name, self.columns, self.points, self.replications) = (name, columns, points, replications)
        (self.seed, self.commonRandomNumbers, self.scenarioJSON) = (seed, commonRandomNumbers, scenarioJSON)
        sample = SampleDesign.inRenderedScenario(scenarioJSON)
        uncertain = PlatformUncertainty.inRenderedScenario(scenarioJSON)
        series = SeriesDecoder.inRenderedScenario(scenarioJSON)
    }

    /// The sweep's own points' names (before an uncertain study's draws multiplied them).
    public var basePointNames: [String] {
        guard let draws = uncertain?.draws else { return points.map(\.name) }
        return stride(from: 0, to: points.count, by: draws).map { i in
            let name = points[i].name
            return name.hasSuffix("@0") ? String(name.dropLast(2)) : name
        }
    }

    /// The seed of replication `r` of point `p` (docs/model.md#randomness): with common random
    /// numbers every point uses point index 0.
    public func seed(point p: Int, replication r: Int) -> UInt64 {
        SeedMixer.replicationSeed(scenarioSeed: seed, point: commonRandomNumbers ? 0 : UInt64(p), replication: UInt64(r))
    }
}
