// A decoded scenario (docs/scenarios.md): the parameters after the file and the
// command-line overrides, and the sweep points the study runs.
import Surfaces

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
    /// The swept parameters, in column order (for runs.csv and summary.csv).
    public var columns: [String] = []
    /// Every point, in run order. A study without a sweep has one point, "0".
    public var points: [SweepPoint] = [SweepPoint(name: "0", assignments: [])]

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

    /// Named points; the columns are every path any point sets, in first-use order.
    public init(named points: [SweepPoint]) {
        isNamed = true
        self.points = points
        for point in points {
            for a in point.assignments where !columns.contains(a.path) { columns.append(a.path) }
        }
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
    /// The point contrasts are taken against (`observe.baseline`; nil: not given, the first point).
    public var baseline: Int? = nil

    /// The parameters of point `index`: `base` with the point's assignments applied.
    public func parameters(ofPoint index: Int) -> Parameters {
        var p = base
        let catalog = ParameterIndex()
        for a in sweep.points[index].assignments { catalog[a.path]?.set(&p, a.value) }
        return p
    }

    /// The index of a point given by name or by 0-based index, if any.
    public func pointIndex(_ text: String) -> Int? {
        if let i = sweep.points.firstIndex(where: { $0.name == text }) { return i }
        if let i = Int(text), sweep.points.indices.contains(i) { return i }
        return nil
    }
}
