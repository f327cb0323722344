import SimKernel
import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// `sweep: {sample: ...}` (docs/scenarios.md#sampled-sweeps): the Latin hypercube and Morris
/// designs, values in each parameter's own units, and the rendered scenario.
final class SampledSweepTests: XCTestCase {
    static func sample(_ method: String, points: Int, ranges: String, seed: Int = 5) -> String {
        #"{duration: "2h", observe: {warmup: "10m"}, sweep: {sample: {method: "\#(method)", points: \#(points), seed: \#(seed), ranges: {\#(ranges)}}}}"#
    }

    static let threeRanges = #""widget.budgetPerDay": [40, 70], "push.wakeRefusal": [0, 0.9], widget: {reloadAfter: ["5m", "2h"]}"#

    func testMorrisRunsRTimesKPlusOnePointsOnTheFourLevelGrid() throws {
        let r = 6, k = 3
        let s = try ScenarioLoader.decode(Self.sample("morris", points: r, ranges: Self.threeRanges), file: "m.json5")
        let design = try XCTUnwrap(s.sweep.sample)
        XCTAssertEqual(s.sweep.points.count, r * (k + 1))
        XCTAssertEqual(s.sweep.columns, ["widget.budgetPerDay", "push.wakeRefusal", "widget.reloadAfter"])
        let u = design.unitPoints()
        XCTAssertEqual(u.count, r * (k + 1))
        for point in u {
            for x in point { XCTAssertTrue([0.0, 1.0 / 3, 2.0 / 3, 1.0].contains { abs($0 - x) < 1e-12 }, "\(x) is on the grid") }
        }
        for t in 0..<r {
            var moved: [Int] = []
            for j in 0..<k {
                let (a, b) = (u[t * (k + 1) + j], u[t * (k + 1) + j + 1])
                let changed = a.indices.filter { a[$0] != b[$0] }
                XCTAssertEqual(changed.count, 1, "one parameter moves per step")
                XCTAssertEqual(abs(b[changed[0]] - a[changed[0]]), 2.0 / 3, accuracy: 1e-12, "the step is Δ = 2/3")
                moved += changed
            }
            XCTAssertEqual(moved.sorted(), Array(0..<k), "every parameter moves once in trajectory \(t)")
        }
    }

    func testALatinHypercubeHasOnePointInEachStratumOfEveryParameter() throws {
        let n = 17
        let s = try ScenarioLoader.decode(Self.sample("lhs", points: n, ranges: Self.threeRanges), file: "l.json5")
        let u = try XCTUnwrap(s.sweep.sample).unitPoints()
        XCTAssertEqual(s.sweep.points.count, n)
        for d in 0..<3 {
            XCTAssertEqual(u.map { Int($0[d] * Double(n)) }.sorted(), Array(0..<n), "parameter \(d): one point per stratum")
        }
    }

    func testValuesAreInTheParametersOwnUnitsWholeNumbersRounded() throws {
        let s = try ScenarioLoader.decode(Self.sample("lhs", points: 20, ranges: Self.threeRanges), file: "l.json5")
        var budgets = Set<Int>()
        for i in s.sweep.points.indices {
            let p = s.parameters(ofPoint: i)
            XCTAssertTrue((40...70).contains(p.widget.budgetPerDay))
            XCTAssertTrue((0...0.9).contains(p.push.wakeRefusal))
            XCTAssertTrue((5 * Time.minute...2 * Time.hour).contains(p.widget.reloadAfter))
            budgets.insert(p.widget.budgetPerDay)
        }
        XCTAssertGreaterThan(budgets.count, 10, "the budget is spread over its range")
        // runs.csv's columns: the budget a whole number, the reload hint in seconds.
        let fields = StudyLayout(s).points[0].fields
        XCTAssertNotNil(Int(fields[0]), fields[0])
        XCTAssertNotNil(Double(fields[2]), fields[2])
    }

    /// Whole numbers are rounded to the nearest, durations to whole microseconds.
    func testRoundingOfWholeNumbersAndDurations() {
        let budget = SampleRange(path: "widget.budgetPerDay", kind: .count, lowValue: .integer(40), highValue: .integer(71), low: 40, high: 71)
        XCTAssertEqual([0, 1.0 / 3, 2.0 / 3, 1].map { budget.value(at: $0) }, [.integer(40), .integer(50), .integer(61), .integer(71)])
        let hint = SampleRange(path: "widget.reloadAfter", kind: .time, lowValue: .time(Time.second), highValue: .time(2 * Time.second), low: 1, high: 2)
        XCTAssertEqual(hint.value(at: 1.0 / 3), .time(1_333_333))
        XCTAssertEqual(budget.fraction(of: .integer(61)), 21.0 / 31, accuracy: 1e-15)
    }

    /// A sampled rate is a number per hour and keeps the hourly profile the file gives it.
    func testASampledRateKeepsItsProfile() throws {
        let weights = (0..<24).map { $0 < 12 ? "1" : "3" }.joined(separator: ", ")
        let s = try ScenarioLoader.decode(#"{user: {appOpens: {perHour: 1, profile: [\#(weights)]}}, "# + String(Self.sample("lhs", points: 4, ranges: #""user.appOpens": [0.1, 2]"#).dropFirst()), file: "r.json5")
        let profile = s.base.user.appOpens.profile
        XCTAssertEqual(profile.count, 24)
        for i in s.sweep.points.indices {
            let rate = s.parameters(ofPoint: i).user.appOpens
            XCTAssertTrue((0.1...2).contains(rate.perHour))
            XCTAssertEqual(rate.profile, profile)
        }
        XCTAssertThrowsError(try ScenarioLoader.decode(Self.sample("lhs", points: 4, ranges: #""user.appOpens": [{perHour: 1}, 2]"#), file: "r.json5"))
    }

    func testTheDesignDependsOnItsSeedOnly() throws {
        let a = try ScenarioLoader.decode(Self.sample("lhs", points: 8, ranges: Self.threeRanges, seed: 1), file: "a.json5")
        let b = try ScenarioLoader.decode(Self.sample("lhs", points: 8, ranges: Self.threeRanges, seed: 1), file: "b.json5", overrides: ["seed=99"])
        let c = try ScenarioLoader.decode(Self.sample("lhs", points: 8, ranges: Self.threeRanges, seed: 2), file: "c.json5")
        XCTAssertEqual(a.sweep.points, b.sweep.points)
        XCTAssertNotEqual(a.sweep.points, c.sweep.points)
    }

    func testTheRenderedScenarioDecodesToTheSameDesign() throws {
        let first = try ScenarioLoader.decode(Self.sample("morris", points: 3, ranges: Self.threeRanges + #", "user.appOpens": [0.1, 2], "share.memoryLimit": ["60MB", "200MB"]"#), file: "m.json5")
        let rendered = ParameterRendering.node(first.renderedJSON()).render()
        let second = try ScenarioLoader.decode(rendered, file: "manifest")
        XCTAssertEqual(second.sweep.points, first.sweep.points)
        XCTAssertEqual(second.sweep.sample, first.sweep.sample)
        XCTAssertEqual(SampleDesign.inRenderedScenario(rendered), first.sweep.sample)
        XCTAssertEqual(StudyLayout(first).sample, first.sweep.sample)
    }

    /// Each bad sample gets one error naming the file, the path, what was expected and what was found.
    func testBadSamplesAreRefusedWithTheirPathAndExpectation() {
        let cases: [(String, [String])] = [
            (Self.sample("sobol", points: 4, ranges: Self.threeRanges), ["sweep.sample.method", "\"lhs\" or \"morris\"", "found \"sobol\""]),
            (Self.sample("lhss", points: 4, ranges: Self.threeRanges), ["Did you mean 'lhs'?"]),
            (Self.sample("lhs", points: 0, ranges: Self.threeRanges), ["sweep.sample.points", "from 1 to 100000", "found 0"]),
            (Self.sample("lhs", points: 1_000_000_000, ranges: Self.threeRanges), ["sweep.sample.points", "found 1000000000"]),
            (Self.sample("morris", points: 50_000, ranges: Self.threeRanges), ["sweep.sample.points", "trajectories", "25000"]),
            (Self.sample("lhs", points: 4, ranges: #""widget.budgetPerDya": [1, 2]"#), ["widget.budgetPerDya", "Did you mean 'widget.budgetPerDay'?"]),
            (Self.sample("lhs", points: 4, ranges: #""widget.budgetPerDay": [70, 40]"#), ["widget.budgetPerDay", "a high end above the low end 70", "found 40"]),
            (Self.sample("lhs", points: 4, ranges: #""widget.budgetPerDay": [40, 40]"#), ["widget.budgetPerDay", "high end above"]),
            (Self.sample("lhs", points: 4, ranges: #""push.wakeRefusal": [0, 2]"#), ["push.wakeRefusal", "between 0 and 1", "found 2"]),
            (Self.sample("lhs", points: 4, ranges: #""widget.reloadAfter": ["0s", "1h"]"#), ["widget.reloadAfter", "1s"]),
            (Self.sample("lhs", points: 4, ranges: #""widget.reloadAfter": [5, 60]"#), ["widget.reloadAfter", "unit"]),
            (Self.sample("lhs", points: 4, ranges: #""widget.budgetPerDay": [40.5, 70]"#), ["widget.budgetPerDay", "whole number"]),
            (Self.sample("lhs", points: 4, ranges: #""watch.level": ["companion", "standalone"]"#), ["watch.level", "cannot be sampled"]),
            (Self.sample("lhs", points: 4, ranges: #""seed": [1, 9]"#), ["seed", "cannot be sampled"]),
            (Self.sample("lhs", points: 4, ranges: #""widget.budgetPerDay": [40]"#), ["widget.budgetPerDay", "[low, high]"]),
            (Self.sample("lhs", points: 4, ranges: ""), ["sweep.sample.ranges"]),
            (#"{sweep: {sample: {method: "lhs", points: 4, ranges: {"push.loss": [0, 1]}}, "push.wakeRefusal": [0, 1]}}"#, ["'sample' cannot be combined", "push.wakeRefusal"]),
            (#"{sweep: {sample: {method: "lhs", points: 4, ranges: {"push.loss": [0, 1]}}, points: [{name: "a", set: {}}]}}"#, ["'sample' cannot be combined", "named points"]),
            (#"{sweep: {sample: {method: "lhs", points: 4, rangse: {"push.loss": [0, 1]}}}}"#, ["sweep.sample", "Did you mean 'ranges'?"]),
            (#"{sweep: {sample: {method: "lhs", ranges: {"push.loss": [0, 1]}}}}"#, ["sweep.sample", "no 'points'"]),
            (#"{sweep: {sampel: {method: "lhs", points: 4, ranges: {"push.loss": [0, 1]}}}}"#, ["Did you mean 'sample'?"]),
            (#"{sweep: {sample: "lhs"}}"#, ["sweep.sample", "found \"lhs\""]),
        ]
        for (text, words) in cases {
            XCTAssertThrowsError(try ScenarioLoader.decode(text, file: "bad.json5"), text) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.hasPrefix("bad.json5:"), message)
                for w in words { XCTAssertTrue(message.contains(w), "'\(w)' in: \(message)") }
            }
        }
    }
}
