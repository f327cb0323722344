// Is a design's mean of a constrained metric within its bound? A fully sequential test that
// stops as soon as the answer is clear.

/// The sequential feasibility check of one design against one constraint E[Y] ≤ q with a
/// tolerance ε (Andradóttir & Kim 2010, "Fully sequential procedures for comparing
/// constrained systems via simulation", Naval Research Logistics 57; Batur & Kim 2010):
/// after r replications, with R(r) = Σⱼ (Yⱼ − q) and the first stage's variance S²,
/// the design is declared feasible once R(r) ≤ −max{0, h²S²/(2ε) − εr/2} and infeasible once
/// R(r) ≥ +max{0, h²S²/(2ε) − εr/2}. If the true mean is at most q − ε it is declared
/// infeasible with probability at most β, and if at least q + ε, feasible with probability at
/// most β (means within ε of q may go either way: the tolerance is the constraint's
/// indifference zone). The region closes by r = h²S²/ε², so every check ends.
public struct FeasibilityCheck: Sendable {
    public enum Decision: String, Sendable, Equatable { case undecided, feasible, infeasible }

    /// The bound q (the check is E[Y] ≤ q; write a ≥ constraint by negating Y and q).
    public let bound: Double
    /// The tolerance ε > 0.
    public let tolerance: Double
    /// h²S² of the region.
    private let h2S2: Double
    /// R(r) and r.
    private var runningSum = 0.0
    public private(set) var replications = 0
    /// The decision so far.
    public private(set) var decision = Decision.undecided

    /// Starts from the first stage's n₀ ≥ 2 values, each design's error `beta`.
    public init(firstStage values: [Double], bound: Double, tolerance: Double, beta: Double) {
        precondition(values.count >= 2 && tolerance > 0, "a feasibility check needs two values and a tolerance above 0")
        self.bound = bound
        self.tolerance = tolerance
        let n0 = values.count
        let mean = values.reduce(0, +) / Double(n0)
        let s2 = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n0 - 1)
        h2S2 = triangularRegionH2(alpha: beta, comparisons: 1, firstStage: n0) * s2
        runningSum = values.reduce(0) { $0 + ($1 - bound) }
        replications = n0
        decide()
    }

    /// Adds the next replication's value and decides if the sum has left the region.
    public mutating func add(_ y: Double) {
        runningSum += y - bound
        replications += 1
        decide()
    }

    /// Leaves `undecided` once R(r) is outside the region (at the apex, where the region has
    /// closed, a sum of exactly 0 counts as feasible: q lies within the tolerance either way).
    private mutating func decide() {
        guard decision == .undecided else { return }
        let half = Swift.max(0, h2S2 / (2 * tolerance) - tolerance * Double(replications) / 2)
        if runningSum <= -half { decision = .feasible } else if runningSum >= half { decision = .infeasible }
    }
}
