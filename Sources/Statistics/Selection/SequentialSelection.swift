// Picking the best design with a guarantee: Kim & Nelson's fully sequential procedure, with
// Andradóttir & Kim's feasibility checks for constraints on other metrics.

/// A constraint on another metric's mean: `E[Y] ≤ bound` (or ≥), with a tolerance ε.
public struct SelectionConstraint: Sendable, Equatable {
    public enum Direction: String, Sendable, Equatable { case atMost = "<=", atLeast = ">=" }
    public var direction: Direction
    public var bound: Double
    public var tolerance: Double
    public init(_ direction: Direction, _ bound: Double, tolerance: Double) {
        precondition(tolerance > 0, "a constraint's tolerance must be above 0")
        self.direction = direction
        self.bound = bound
        self.tolerance = tolerance
    }
    /// The value as a ≤ check sees it.
    func oriented(_ y: Double) -> Double { direction == .atMost ? y : -y }
}

/// Selection of the design with the best mean among k designs whose replications share
/// seeds (common random numbers), fully sequentially:
/// - **Ranking** (Kim & Nelson 2001, "A fully sequential procedure for indifference-zone
///   selection in simulation", ACM TOMACS 11(3), procedure KN): after a first stage of n₀
///   replications of every design, S²ᵢₗ is the variance of the paired differences of designs i
///   and l; at every further replication r, design i is eliminated when its mean trails a
///   surviving design l's by more than Wᵢₗ(r) = max{0, δ/(2r)·(h²S²ᵢₗ/δ² − r)}, with
///   h² = 2η(n₀ − 1), η = ½[(2α₂/(k − 1))^{−2/(n₀−1)} − 1]. If the best mean exceeds every
///   other by at least δ (the indifference zone), it is selected with probability ≥ 1 − α₂;
///   otherwise the design selected is within δ of the best with that probability. It assumes
///   normally distributed replication values (averages of many samples are close to it),
///   and allows unequal, unknown variances and the positive correlation common random numbers
///   give.
/// - **Constraints** (Andradóttir & Kim 2010): every design's mean of each constrained metric
///   is checked by a `FeasibilityCheck` with β = α₁/(k·c) (Bonferroni over k designs and c
///   constraints); a design declared infeasible leaves; only a design declared feasible may
///   eliminate others. With α₁ = α₂ = α/2, the design selected is feasible and within δ of the
///   best feasible design with probability ≥ 1 − α (designs within a constraint's tolerance
///   of its bound may count as either).
/// - **A cap**: `maxReplications` stops a design that never separates; the selection is then
///   the best mean among the designs left, and `guaranteeHolds` is false.
public struct SequentialSelection: Sendable {
    /// Why a design left.
    public enum Exit: Sendable, Equatable {
        case stillRunning
        case eliminated(afterReplications: Int)
        case infeasible(afterReplications: Int)
        case selected(afterReplications: Int)
        case remainedAtTheEnd(afterReplications: Int)
    }

    public let goal: SelectionGoal
    public let indifference: Double
    public let confidence: Double
    public let firstStage: Int
    public let maxReplications: Int
    public let constraints: [SelectionConstraint]
    /// How each design left (or that it is still sampled).
    public private(set) var exits: [Exit]
    /// Each design's feasibility check per constraint.
    public private(set) var checks: [[FeasibilityCheck]]
    /// Each design's running sum and number of values of the ranked metric.
    private var sums: [Double]
    public private(set) var replications: [Int]
    /// h²S²ᵢₗ/δ², for the continuation region of each pair.
    private let pairScale: [[Double]]
    /// Designs still sampled, in index order.
    public private(set) var active: [Int]
    /// The design selected, once finished (nil when every design was infeasible).
    public private(set) var selected: Int?
    public private(set) var isFinished = false
    /// False when the cap stopped the procedure before it could separate the designs.
    public private(set) var guaranteeHolds = true

    /// Starts from the first stage: `values[i]` holds design i's n₀ ≥ 2 values of the ranked
    /// metric, `constrained[i][c]` its n₀ values of constraint c's metric (replication j of
    /// every design on the same seed).
    public init(firstStage values: [[Double]], constrained: [[[Double]]] = [], constraints: [SelectionConstraint] = [],
                goal: SelectionGoal, indifference delta: Double, confidence: Double, maxReplications: Int) {
        let k = values.count
        let n0 = values.first?.count ?? 0
        precondition(k >= 1 && n0 >= 2 && values.allSatisfy { $0.count == n0 }, "selection needs a first stage of at least two replications of every design")
        precondition(delta > 0 && confidence > 0 && confidence < 1 && maxReplications >= n0)
        precondition(constraints.isEmpty || (constrained.count == k && constrained.allSatisfy { $0.count == constraints.count }))
        self.goal = goal
        indifference = delta
        self.confidence = confidence
        firstStage = n0
        self.maxReplications = maxReplications
        self.constraints = constraints
        let alpha = 1 - confidence
        let (alphaFeasibility, alphaRanking) = constraints.isEmpty ? (0, alpha) : (alpha / 2, alpha / 2)
        let oriented = values.map { $0.map(goal.oriented) }
        sums = oriented.map { $0.reduce(0, +) }
        replications = Array(repeating: n0, count: k)
        let h2 = k > 1 ? triangularRegionH2(alpha: alphaRanking, comparisons: k - 1, firstStage: n0) : 0
        var scale = Array(repeating: Array(repeating: 0.0, count: k), count: k)
        for i in 0..<k {
            for l in 0..<k where l != i {
                let d = zip(oriented[i], oriented[l]).map { $0 - $1 }
                let mean = d.reduce(0, +) / Double(n0)
                let s2 = d.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n0 - 1)
                scale[i][l] = h2 * s2 / (delta * delta)
            }
        }
        pairScale = scale
        let beta = constraints.isEmpty ? 0 : alphaFeasibility / Double(k * constraints.count)
        checks = (0..<k).map { i in
            constraints.enumerated().map { c, constraint in
                FeasibilityCheck(firstStage: constrained[i][c].map(constraint.oriented),
                                 bound: constraint.oriented(constraint.bound), tolerance: constraint.tolerance, beta: beta)
            }
        }
        exits = Array(repeating: .stillRunning, count: k)
        active = Array(0..<k)
        screen()
    }

    /// Adds one more replication of every active design, in `active`'s order: the ranked
    /// metric's values and, per design, its constrained metrics' values.
    public mutating func add(_ values: [Double], constrained: [[Double]] = []) {
        precondition(!isFinished, "the selection has finished")
        precondition(values.count == active.count && (constraints.isEmpty || constrained.count == active.count))
        for (position, i) in active.enumerated() {
            sums[i] += goal.oriented(values[position])
            replications[i] += 1
            for c in constraints.indices { checks[i][c].add(constraints[c].oriented(constrained[position][c])) }
        }
        screen()
    }

    /// The mean of design i's ranked metric so far, in the metric's own direction.
    public func mean(_ i: Int) -> Double { goal.oriented(sums[i] / Double(replications[i])) }

    /// Whether design i has been declared feasible for every constraint (true with none).
    public func isFeasible(_ i: Int) -> Bool { checks[i].allSatisfy { $0.decision == .feasible } }

    /// One screening step at the current number of replications r.
    private mutating func screen() {
        let r = replications[active[0]]
        // Designs found infeasible leave first.
        for i in active where checks[i].contains(where: { $0.decision == .infeasible }) {
            exits[i] = .infeasible(afterReplications: r)
        }
        let old = active.filter { exits[$0] == .stillRunning }
        var open = false
        var survivors: [Int] = []
        for i in old {
            let xi = sums[i] / Double(r)
            var beaten = false
            for l in old where l != i {
                let w = Swift.max(0, indifference / (2 * Double(r)) * (pairScale[i][l] - Double(r)))
                if w > 0 { open = true }
                if isFeasible(l) && xi < sums[l] / Double(r) - w { beaten = true; break }
            }
            if beaten { exits[i] = .eliminated(afterReplications: r) } else { survivors.append(i) }
        }
        active = survivors
        let undecided = survivors.contains { !isFeasible($0) }
        if survivors.isEmpty {
            finish(nil, r)
        } else if survivors.count == 1 && !undecided {
            finish(survivors[0], r)
        } else if !open && !undecided {
            // The ranking region has closed: the best mean left wins (ties: the first design).
            finish(best(survivors), r)
        } else if r >= maxReplications {
            guaranteeHolds = false
            let feasible = survivors.filter(isFeasible)
            finish(best(feasible.isEmpty ? survivors : feasible), r)
        }
    }

    private func best(_ designs: [Int]) -> Int {
        designs.max { (sums[$0], -$0) < (sums[$1], -$1) }!
    }

    private mutating func finish(_ winner: Int?, _ r: Int) {
        for i in active { exits[i] = i == winner ? .selected(afterReplications: r) : .remainedAtTheEnd(afterReplications: r) }
        selected = winner
        active = []
        isFinished = true
    }
}
