import XCTest
@testable import Statistics

final class SelectionTests: XCTestCase {
    /// Runs the procedure on normal designs with the given means (replication j of every design
    /// shares a common draw, as common random numbers give), returning the selection and the
    /// replications spent.
    private func select(means: [Double], sd: Double = 1, shared: Double = 0.5, goal: SelectionGoal, delta: Double,
                        constraintMeans: [Double]? = nil, bound: Double = 0, tolerance: Double = 0.1,
                        random: inout TestRandom, n0: Int = 10, cap: Int = 10_000) -> (Int?, Int, SequentialSelection) {
        let k = means.count
        func stage() -> ([Double], [[Double]]) {
            let common = random.normal()
            let values = means.map { $0 + sd * (shared * common + (1 - shared * shared).squareRoot() * random.normal()) }
            let constrained = (constraintMeans ?? []).map { [$0 + 0.3 * random.normal()] }
            return (values, constrained)
        }
        var first = Array(repeating: [Double](), count: k)
        var firstConstrained = Array(repeating: [[Double]](repeating: [], count: 1), count: k)
        for _ in 0..<n0 {
            let (v, c) = stage()
            for i in 0..<k {
                first[i].append(v[i])
                if constraintMeans != nil { firstConstrained[i][0].append(c[i][0]) }
            }
        }
        let constraints = constraintMeans == nil ? [] : [SelectionConstraint(.atMost, bound, tolerance: tolerance)]
        var selection = SequentialSelection(firstStage: first, constrained: constraintMeans == nil ? [] : firstConstrained,
                                            constraints: constraints, goal: goal, indifference: delta, confidence: 0.95,
                                            maxReplications: cap)
        var spent = n0 * k
        while !selection.isFinished {
            let (v, c) = stage()
            let active = selection.active
            selection.add(active.map { v[$0] }, constrained: constraintMeans == nil ? [] : active.map { c[$0] })
            spent += active.count
        }
        return (selection.selected, spent, selection)
    }

    /// The slippage configuration (the best exactly δ ahead of nine others, the hardest case
    /// the guarantee covers): over 300 macro-replications the best is picked at least 1 − α of
    /// the time less the binomial floor, exactly one design is selected every time, and the
    /// procedure spends fewer replications than Rinott's fixed-sample procedure would.
    func testKNPicksTheBestAtLeastOneMinusAlphaOfTheTime() {
        var random = TestRandom(seed: 1_001)
        let macro = 300
        var correct = 0, sequential = 0
        for _ in 0..<macro {
            let means = [0.5] + Array(repeating: 0.0, count: 9)
            let (selected, spent, selection) = select(means: means, goal: .maximize, delta: 0.5, random: &random)
            XCTAssertNotNil(selected)
            XCTAssertEqual(selection.exits.filter { if case .selected = $0 { true } else { false } }.count, 1)
            if selected == 0 { correct += 1 }
            sequential += spent
        }
        XCTAssertGreaterThanOrEqual(Double(correct) / Double(macro), coverageFloor(nominal: 0.95, studies: macro))
        // Rinott's total for the same designs at their known sd 1: 10 · ⌈(h/δ)²⌉.
        let h = Rinott.constant(designs: 10, firstStage: 10, confidence: 0.95)
        let rinott = 10 * Int((h * h / 0.25).rounded(.up))
        XCTAssertLessThan(sequential / macro, rinott)
    }

    /// Minimising works the same way: the design with the smallest mean wins.
    func testMinimisingPicksTheSmallestMean() {
        var random = TestRandom(seed: 4)
        var correct = 0
        for _ in 0..<200 {
            let (selected, _, _) = select(means: [3, 2, 2.4, 3.5], goal: .minimize, delta: 0.4, random: &random)
            if selected == 1 { correct += 1 }
        }
        XCTAssertGreaterThanOrEqual(Double(correct) / 200, coverageFloor(nominal: 0.95, studies: 200))
    }

    /// With a constraint: design 0 has the best mean but breaks its bound by 2ε; design 1 is
    /// feasible and exactly δ ahead of the feasible rest. Design 0 is never selected, and design
    /// 1 is at least 1 − α of the time.
    func testAnInfeasibleDesignIsNeverPicked() {
        var random = TestRandom(seed: 31)
        var correct = 0, infeasiblePicked = 0
        for _ in 0..<200 {
            let (selected, _, selection) = select(means: [1.5, 0.5, 0, 0], goal: .maximize, delta: 0.5,
                                                  constraintMeans: [2.2, 1.8, 1.8, 1.8], bound: 2, tolerance: 0.1,
                                                  random: &random)
            if selected == 0 { infeasiblePicked += 1 }
            if selected == 1 { correct += 1 }
            if let s = selected { XCTAssertTrue(selection.isFeasible(s)) }
        }
        XCTAssertEqual(infeasiblePicked, 0)
        XCTAssertGreaterThanOrEqual(Double(correct) / 200, coverageFloor(nominal: 0.95, studies: 200))
    }

    /// Designs that cannot be separated stop at the cap, saying the guarantee does not hold.
    func testTheCapStopsIdenticalDesigns() {
        var random = TestRandom(seed: 2)
        let (selected, _, selection) = select(means: [0, 0], sd: 5, goal: .maximize, delta: 0.01, random: &random, cap: 50)
        XCTAssertNotNil(selected)
        XCTAssertFalse(selection.guaranteeHolds)
    }

    /// The feasibility check alone: a mean 2ε inside the bound is declared feasible, 2ε outside
    /// infeasible, at least 1 − β of the time (β = 0.05).
    func testTheFeasibilityCheckDecidesClearCases() {
        var random = TestRandom(seed: 17)
        for (mean, expected) in [(1.8, FeasibilityCheck.Decision.feasible), (2.2, .infeasible)] {
            var right = 0
            for _ in 0..<300 {
                var check = FeasibilityCheck(firstStage: (0..<10).map { _ in mean + 0.3 * random.normal() }, bound: 2,
                                             tolerance: 0.1, beta: 0.05)
                while check.decision == .undecided { check.add(mean + 0.3 * random.normal()) }
                if check.decision == expected { right += 1 }
            }
            XCTAssertGreaterThanOrEqual(Double(right) / 300, coverageFloor(nominal: 0.95, studies: 300))
        }
    }

    /// Rinott's h: the equation it solves holds (checked by simulating its probability), and
    /// for a large first stage it tends to √2·z₀.₉₅ = 2.326 for two designs.
    func testRinottsConstant() {
        let h = Rinott.constant(designs: 3, firstStage: 10, confidence: 0.95)
        var random = TestRandom(seed: 64)
        func chiSquare9() -> Double { (0..<9).reduce(0.0) { acc, _ in let z = random.normal(); return acc + z * z } }
        let trials = 40_000
        var hits = 0.0
        // P(correct) = E over Y of [P over X, Z of Z ≤ h/√(9(1/X + 1/Y))]²: simulate it directly.
        for _ in 0..<trials {
            let y = chiSquare9()
            let x1 = chiSquare9(), x2 = chiSquare9()
            let z1 = random.normal(), z2 = random.normal()
            if z1 <= h / (9 * (1 / x1 + 1 / y)).squareRoot() && z2 <= h / (9 * (1 / x2 + 1 / y)).squareRoot() { hits += 1 }
        }
        XCTAssertEqual(hits / Double(trials), 0.95, accuracy: 4 * (0.95 * 0.05 / Double(trials)).squareRoot())
        XCTAssertEqual(Rinott.constant(designs: 2, firstStage: 300, confidence: 0.95), 2.0.squareRoot() * 1.6448536269514722, accuracy: 0.01)
    }
}
