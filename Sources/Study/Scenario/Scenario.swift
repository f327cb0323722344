// A decoded scenario (docs/scenarios.md): the parameters after the file and the
// command-line overrides, and the sweep points the study runs.
import Surfaces
import SurfaceCore

/// One parameter set to a value by a sweep point.
public struct Assignment: Sendable, Equatable {
    /// The parameter path.
    public var path: String
    /// The decoded value.
    public var value: ParameterValue

    /// Creates an assignment.
    public init(path: String, value: ParameterValue) {
        self.path = path
        self.value = value
    }
}

/// One point of a sweep: a name and the parameters it sets.
public struct SweepPoint: Sendable, Equatable {
    /// The point's name: its 0-based index for a grid, the given name for named points.
    public var name: String
    /// The values this point gives to swept parameters.
    public var assignments: [Assignment]
}

/// The `sweep` block: a full grid over some parameters, or a list of named points.
public struct Sweep: Sendable, Equatable {
    /// One axis of a grid: a parameter and the values to try, in file order.
    public struct Axis: Sendable, Equatable {
        /// The swept parameter.
        public var path: String
        /// The values to try, in file order.
        public var values: [ParameterValue]
    }

    /// The most points a sweep may have (a grid is checked before it is expanded).
    public static let maxPoints = 100_000
    /// The most replications a study may run in all (points × replications).
    public static let maxReplications = 100_000_000

    /// The grid's axes (empty for named points or no sweep).
    public var axes: [Axis] = []
    /// Whether the points were given by name.
    public var isNamed = false
    /// The sampled region, for a sampled sweep (docs/scenarios.md#sampled-sweeps).
    public var sample: SampleDesign?
    /// The swept parameters, in column order (for runs.csv and summary.csv).
    public var columns: [String] = []
    /// Every point, in run order. A study without a sweep has one point, "0".
    public var points: [SweepPoint] = [SweepPoint(name: "0", assignments: [])]
    /// The outer draws of an uncertain study (docs/scenarios.md#platform-uncertainty; nil
    /// otherwise): each point of the sweep runs once per draw, `points` holding draw d of
    /// sweep point i at i × draws + d.
    public var uncertain: PlatformUncertainty?
    /// The sweep's own points' names, before the draws multiplied them.
    public var basePointNames: [String] = []

    /// No sweep: one point that changes nothing.
    public init() {}

    /// The full grid over `axes`; the first axis varies slowest.
    public init(grid axes: [Axis]) {
        self.axes = axes
        columns = axes.map(\.path)
        var combos: [[Assignment]] = [[]]
        for axis in axes {
            combos = combos.flatMap { prefix in axis.values.map { prefix + [Assignment(path: axis.path, value: $0)] } }
        }
        points = combos.enumerated().map { SweepPoint(name: String($0.offset), assignments: $0.element) }
    }

    /// The points of a sampled region, named by index; the columns are the sampled paths.
    public init(sample: SampleDesign, base: Parameters) {
        self.sample = sample
        columns = sample.ranges.map(\.path)
        points = sample.assignments(base: base).enumerated().map { SweepPoint(name: String($0.offset), assignments: $0.element) }
    }

    /// Named points; the columns are every path any point sets, in first-use order.
    public init(named points: [SweepPoint]) {
        isNamed = true
        self.points = points
        for point in points {
            for a in point.assignments where !columns.contains(a.path) { columns.append(a.path) }
        }
    }
}

extension Sweep {
    /// Outer draws per sweep point: 1 unless the study is uncertain.
    public var drawsPerPoint: Int { uncertain?.draws ?? 1 }

    /// The sweep's own points (before the draws multiplied them), their assignments without the
    /// uncertain figures.
    public var unexpandedPoints: [SweepPoint] {
        guard let uncertain else { return points }
        let paths = Set(uncertain.figures.map(\.path))
        return basePointNames.indices.map { i in
            SweepPoint(name: basePointNames[i], assignments: points[i * uncertain.draws].assignments.filter { !paths.contains($0.path) })
        }
    }

    /// Each point run once per outer draw of `uncertainty`, draw d of point i named `i@d` (its
    /// name, `@`, the draw), with the drawn figures as extra columns.
    func expanded(by uncertainty: PlatformUncertainty, base: Parameters) -> Sweep {
        var sweep = self
        sweep.uncertain = uncertainty
        sweep.basePointNames = points.map(\.name)
        sweep.columns = columns + uncertainty.figures.map(\.path)
        let draws = uncertainty.assignments(base: base)
        sweep.points = points.flatMap { point in
            draws.enumerated().map { d, drawn in SweepPoint(name: "\(point.name)@\(d)", assignments: point.assignments + drawn) }
        }
        return sweep
    }
}

/// A scenario after decoding, overrides included.
public struct Scenario: Sendable {
    /// The study's name (the file's base name unless the file says otherwise).
    public var name: String
    /// Free text from the file.
    public var description: String
    /// The file it came from, as given.
    public var file: String
    /// Every parameter after the file and `--set` overrides, before the sweep.
    public var base: Parameters
    /// The sweep points.
    public var sweep: Sweep
    /// The values the file and `--set` gave (the `surfaces` shorthand's first), in the
    /// order applied: a point that sets `platform` starts from that profile's defaults
    /// and applies these again.
    public var explicit: [Assignment] = []
    /// The point contrasts are taken against (`observe.baseline`; nil: not given, the first point).
    public var baseline: Int? = nil
    /// The metrics the summary table and the charts show (`observe.report`; nil: not given,
    /// the default for the study's surfaces, `MetricReport.defaultReport(for:)`).
    public var report: [ReportedMetric]? = nil
    /// The time series `run` writes into series.csv (`observe.series`; nil: none).
    public var series: SeriesRequest? = nil
    /// How contrasts.csv pairs the points (`observe.contrasts`; nil: every point against the baseline).
    public var contrasts: ContrastDesign? = nil
    /// The selection of the best point (`observe.select`; nil: none, every point runs `replications` times).
    public var selection: SelectionSettings? = nil

    /// Creates a scenario.
    public init(name: String, description: String, file: String, base: Parameters, sweep: Sweep, explicit: [Assignment] = []) {
        (self.name, self.description, self.file, self.base, self.sweep, self.explicit) = (name, description, file, base, sweep, explicit)
    }

    /// Whether some sweep point sets `platform` (so points start from different profiles' defaults).
    public var sweepsPlatform: Bool {
        sweep.points.contains { $0.assignments.contains { $0.path == "platform" } }
    }

    /// The parameters of point `index`: `base` with the point's assignments applied; for a
    /// point that sets `platform`, that profile's defaults with the file's and `--set`'s
    /// values, then the point's.
    public func parameters(ofPoint index: Int) -> Parameters {
        var p = base
        let catalog = ParameterIndex.shared
        let assignments = sweep.points[index].assignments
        if let platform = assignments.last(where: { $0.path == "platform" }), case .choice(let name) = platform.value,
           let profile = PlatformProfile(rawValue: name) {
            p = Parameters.defaults(for: profile)
            for a in explicit where a.path != "platform" { catalog[a.path]?.set(&p, a.value) }
        }
        for a in assignments { catalog[a.path]?.set(&p, a.value) }
        return p
    }

    /// The index of a point given by name or by 0-based index, if any.
    public func pointIndex(_ text: String) -> Int? {
        if let i = sweep.points.firstIndex(where: { $0.name == text }) { return i }
        if let i = Int(text), sweep.points.indices.contains(i) { return i }
        return nil
    }
}
