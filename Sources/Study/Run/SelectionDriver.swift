// The stages of a selection (docs/statistics.md#selection): a first stage of every point,
// then one more replication of every surviving point per round, until Kim & Nelson's
// procedure (with Andradóttir & Kim's feasibility checks) has one design left, or the cap.
// Where the values come from is the caller's: `SelectionRun` simulates replications, a test
// draws from a world with known means. Replication r of every point is asked for together,
// so with common random numbers the pairs the procedure differences share a seed.
import Statistics

/// One replication a selection asks for.
struct SelectionTask: Sendable, Equatable {
    /// The point's index and the replication's.
    var point: Int, replication: Int
}

/// Runs a selection over `points` points from a first stage of `firstStage` replications.
struct SelectionDriver {
    let settings: SelectionSettings
    let points: Int
    let firstStage: Int
    /// Rinott's constant h for these points, first stage and ranking confidence, if already known
    /// (it takes a double integral to find; a macro-replication study finds it once).
    var rinottConstant: Double? = nil

    /// The cap per point.
    var cap: Int { settings.cap(firstStage: firstStage) }

    /// Asks `observe` for the values of each batch of tasks — first every point's first stage,
    /// in (point, replication) order, then replication r of each surviving point, in point
    /// order — each task's `[ranked, constraint 1, …]`; `observe` returns nil to stop (Ctrl-C),
    /// and the driver then returns nil too.
    func run(_ observe: ([SelectionTask]) throws(StudyError) -> [[Double]]?) throws(StudyError) -> SelectionResult? {
        let n0 = firstStage
        let tasks = (0..<points).flatMap { p in (0..<n0).map { SelectionTask(point: p, replication: $0) } }
        guard let first = try observe(tasks) else { return nil }
        var values = Array(repeating: [Double](), count: points)
        var constrained = Array(repeating: Array(repeating: [Double](), count: settings.constraints.count), count: points)
        for (task, v) in zip(tasks, first) { record(v, point: task.point, values: &values, constrained: &constrained) }
        var selection = SequentialSelection(firstStage: values, constrained: constrained,
                                            constraints: settings.constraints.map(\.constraint), goal: settings.goal,
                                            indifference: settings.within, confidence: settings.confidence, maxReplications: cap)
        var r = n0
        while !selection.isFinished {
            let active = selection.active
            let round = active.map { SelectionTask(point: $0, replication: r) }
            guard let observed = try observe(round) else { return nil }
            for (p, v) in zip(active, observed) { record(v, point: p, values: &values, constrained: &constrained) }
            selection.add(observed.map { $0[0] }, constrained: observed.map { Array($0.dropFirst()) })
            r += 1
        }
        let fixed = fixedSample(values.map { Array($0.prefix(n0)) }, constrained: constrained.map { $0.map { Array($0.prefix(n0)) } })
        return SelectionResult(settings: settings, firstStage: n0, cap: cap, values: values, selection: selection, fixedSample: fixed)
    }

    /// The confidence of the ranking alone: 1 − α, or 1 − α/2 when constraints take the other α/2
    /// (`SequentialSelection`'s split).
    static func rankingConfidence(_ settings: SelectionSettings) -> Double {
        settings.constraints.isEmpty ? settings.confidence : 1 - (1 - settings.confidence) / 2
    }

    /// What a fixed-sample procedure with the same guarantee spends from the same first stage:
    /// for each point, the larger of Rinott's count for the ranking, max{n₀, ⌈(h·Sᵢ/δ)²⌉} at the
    /// ranking's confidence (`Rinott`, with h given when known), and for each constraint Stein's
    /// two-stage count ⌈(t·Sᵢ꜀/ε)²⌉, t the one-sided Student quantile at the feasibility error
    /// β = (α/2)/(k·c) on n₀ − 1 degrees of freedom (a mean ε or more from its bound is then on
    /// the right side of it with probability ≥ 1 − β). The counts are the Statistics module's
    /// `TwoStageCount` from each first stage's `SampleDeviation.variance`.
    /// - Precondition: every first stage holds `firstStage` values.
    func fixedSample(_ first: [[Double]], constrained: [[[Double]]] = []) -> Int {
        func count(critical c: Double, _ v: [Double], halfWidth: Double) -> Int {
            TwoStageCount.replications(critical: c, variance: SampleDeviation.variance(v), halfWidth: halfWidth,
                                       firstStage: firstStage, ceiling: Int.max / (4 * points))
        }
        let ranking: [Int]
        if points >= 2 {
            let h = rinottConstant ?? Rinott.constant(designs: points, firstStage: firstStage,
                                                      confidence: Self.rankingConfidence(settings))
            ranking = first.map { count(critical: h, $0, halfWidth: settings.within) }
        } else {
            ranking = first.map { _ in firstStage }
        }
        let c = settings.constraints.count
        guard c > 0, constrained.count == points else { return ranking.reduce(0, +) }
        let beta = (1 - settings.confidence) / 2 / Double(points * c)
        let t = TwoStageCount.steinCritical(error: beta, firstStage: firstStage)
        return ranking.indices.reduce(0) { total, i in
            let feasibility = settings.constraints.indices.map { j in
                count(critical: t, constrained[i][j], halfWidth: settings.constraints[j].constraint.tolerance)
            }
            return total + max(ranking[i], feasibility.max() ?? 0)
        }
    }

    private func record(_ v: [Double], point p: Int, values: inout [[Double]], constrained: inout [[[Double]]]) {
        values[p].append(v[0])
        for c in settings.constraints.indices { constrained[p][c].append(v[c + 1]) }
    }
}

/// What a selection found: per point its mean and interval, how it left, its feasibility; the
/// design selected; the replications used and what Rinott's fixed-sample procedure would use.
public struct SelectionResult: Sendable {
    /// How a point left the procedure.
    public enum Outcome: String, Sendable, Equatable {
        /// The design selected.
        case selected
        /// Eliminated by a design whose mean was better by more than the continuation region.
        case eliminated
        /// Declared infeasible for a constraint.
        case infeasible
        /// Still in the running when the cap stopped the procedure.
        case remained
    }

    /// One point's row of selection.csv.
    public struct Row: Sendable, Equatable {
        /// The mean of the ranked figure over the point's replications, and its interval
        /// (Student's t at the selection's confidence).
        public var mean: Double, low: Double, high: Double
        /// The point's replications.
        public var replications: Int
        /// How it left, and after how many replications (its own count then).
        public var outcome: Outcome
        public var leftAfter: Int
        /// `feasible`, `infeasible` or `undecided` (a point eliminated before its checks ended).
        public var feasibility: String
    }

    public let settings: SelectionSettings
    /// The first stage and the cap per point.
    public let firstStage: Int, cap: Int
    /// One row per point.
    public let rows: [Row]
    /// The point selected (nil when every point was declared infeasible).
    public let selected: Int?
    /// False when the cap stopped the procedure before it separated the designs.
    public let guaranteeHolds: Bool
    /// Replications used, all points.
    public var used: Int { rows.reduce(0) { $0 + $1.replications } }
    /// Replications a fixed-sample procedure with the same guarantee would use from the same first
    /// stage (Rinott's for the ranking, Stein's for each constraint: `SelectionDriver.fixedSample`).
    public let fixedSample: Int

    init(settings: SelectionSettings, firstStage: Int, cap: Int, values: [[Double]], selection: SequentialSelection, fixedSample: Int) {
        (self.settings, self.firstStage, self.cap, self.fixedSample) = (settings, firstStage, cap, fixedSample)
        selected = selection.selected
        guaranteeHolds = selection.guaranteeHolds
        rows = values.indices.map { i in
            let estimate = ReplicationMean.estimate(values[i], confidence: settings.confidence)
            let (outcome, after): (Outcome, Int)
            switch selection.exits[i] {
            case .selected(let n): (outcome, after) = (.selected, n)
            case .eliminated(let n): (outcome, after) = (.eliminated, n)
            case .infeasible(let n): (outcome, after) = (.infeasible, n)
            case .remainedAtTheEnd(let n): (outcome, after) = (.remained, n)
            case .stillRunning: (outcome, after) = (.remained, values[i].count)
            }
            let decisions = selection.checks[i].map(\.decision)
            let feasibility = decisions.contains(.infeasible) ? "infeasible" : decisions.allSatisfy { $0 == .feasible } ? "feasible" : "undecided"
            return Row(mean: estimate.value, low: estimate.low, high: estimate.high, replications: values[i].count,
                       outcome: outcome, leftAfter: after, feasibility: feasibility)
        }
    }
}
