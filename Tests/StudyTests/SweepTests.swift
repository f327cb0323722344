import SimKernel
import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// Sweep blocks expand to the full grid (first key slowest) or to named points (docs/scenarios.md).
final class SweepTests: XCTestCase {
    func testGridVariesTheFirstKeySlowest() throws {
        let s = try ScenarioLoader.decode(#"{sweep: {"widget.budgetPerDay": [40, 55, 70], "push.wakeRefusal": [0, 0.5]}}"#, file: "t")
        XCTAssertEqual(s.sweep.columns, ["widget.budgetPerDay", "push.wakeRefusal"])
        XCTAssertEqual(s.sweep.points.map(\.name), ["0", "1", "2", "3", "4", "5"])
        let grid = s.sweep.points.indices.map { i -> [Double] in
            let p = s.parameters(ofPoint: i)
            return [Double(p.widget.budgetPerDay), p.push.wakeRefusal]
        }
        XCTAssertEqual(grid, [[40, 0], [40, 0.5], [55, 0], [55, 0.5], [70, 0], [70, 0.5]])
    }

    func testNestedSweepKeysAndTypedValues() throws {
        let s = try ScenarioLoader.decode(#"{sweep: {widget: {maxAge: ["5m", "1h"]}, watch: {level: ["companion", "standalone"]}}}"#, file: "t")
        XCTAssertEqual(s.sweep.columns, ["widget.maxAge", "watch.level"])
        XCTAssertEqual(s.parameters(ofPoint: 3).widget.maxAge, Time.hour)
        XCTAssertEqual(s.parameters(ofPoint: 3).watch.level, .standalone)
        XCTAssertEqual(StudyLayout(s).points[3].fields, ["3600", "standalone"])
    }

    /// Swept distributions and profiled rates are written in CSV in seconds, without JSON quoting.
    func testSweptDistributionsAreWrittenInSeconds() throws {
        let s = try ScenarioLoader.decode(#"""
            {sweep: {"network.latency": ["100ms", {exponential: {mean: "1m"}}, {lognormal: {median: "150ms", sigma: 0.5}}],
                     "share.itemSize": [{uniform: {low: "1KB", high: "2KB"}}],
                     "user.appOpens": [{perHour: 1, profile: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]}]}}
            """#, file: "s.json5")
        // The profile is kept normalized to a mean weight of 1 (23 weights of 1 and one of 2).
        let profile = "perHour=1 profile=" + Array(repeating: "0.96", count: 23).joined(separator: " ") + " 1.92"
        XCTAssertEqual(StudyLayout(s).points.map(\.fields), [
            ["0.1", "uniform low=1024 high=2048", profile],
            ["exponential mean=60", "uniform low=1024 high=2048", profile],
            ["lognormal median=0.15 sigma=0.5", "uniform low=1024 high=2048", profile],
        ])
    }

    /// Legends show swept distributions with their units; other values as runs.csv has them.
    func testLegendsShowDistributionsWithUnits() {
        XCTAssertEqual(StudyPlots.readable("lognormal median=1 sigma=0.6", column: "push.delay"), "lognormal median 1s")
        XCTAssertEqual(StudyPlots.readable("lognormal median=0.15 sigma=0.5", column: "network.latency"), "lognormal median 150ms sigma 0.5")
        XCTAssertEqual(StudyPlots.readable("exponential mean=60", column: "network.latency"), "exponential mean 1m")
        XCTAssertEqual(StudyPlots.readable("0.1", column: "network.latency"), "100ms")
        XCTAssertEqual(StudyPlots.readable("uniform low=1024 high=2048", column: "share.itemSize"), "uniform low 1KB high 2KB")
        XCTAssertEqual(StudyPlots.readable("900", column: "widget.reloadAfter"), "900")
    }

    func testNamedPoints() throws {
        let s = try ScenarioLoader.decode(#"""
        {push: {wakeRefusal: 0.3}, sweep: {points: [
            {name: "push", set: {"push.onChange": true}},
            {name: "no push", set: {push: {onChange: false}, "widget.budgetPerDay": 40}},
        ]}}
        """#, file: "t")
        XCTAssertEqual(s.sweep.points.map(\.name), ["push", "no push"])
        XCTAssertEqual(s.sweep.columns, ["push.onChange", "widget.budgetPerDay"])
        XCTAssertTrue(s.parameters(ofPoint: 0).push.onChange)
        XCTAssertFalse(s.parameters(ofPoint: 1).push.onChange)
        XCTAssertEqual(s.parameters(ofPoint: 0).widget.budgetPerDay, 55)
        XCTAssertEqual(s.parameters(ofPoint: 1).widget.budgetPerDay, 40)
        XCTAssertEqual(s.parameters(ofPoint: 1).push.wakeRefusal, 0.3)
        XCTAssertEqual(StudyLayout(s).points.map(\.fields), [["true", "55"], ["false", "40"]])
        XCTAssertEqual(s.pointIndex("no push"), 1)
        XCTAssertEqual(s.pointIndex("1"), 1)
        XCTAssertNil(s.pointIndex("7"))
    }

    func testOverridesApplyBeforeTheSweep() throws {
        let s = try ScenarioLoader.decode(#"{sweep: {"push.wakeRefusal": [0, 1]}}"#, file: "t", overrides: ["widget.budgetPerDay=42"])
        XCTAssertEqual(s.parameters(ofPoint: 0).widget.budgetPerDay, 42)
        XCTAssertEqual(s.parameters(ofPoint: 1).push.wakeRefusal, 1)
    }
}
