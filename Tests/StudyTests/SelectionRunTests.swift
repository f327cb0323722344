import Foundation
import XCTest
@testable import Study
import Statistics

/// `observe.select` (docs/scenarios.md#selecting-the-best-design): `run` picks the best point
/// with Kim & Nelson's procedure, writes selection.csv and selection.svg beside the usual files
/// (each point with the replications it got), the same bytes for any --jobs; bad settings are
/// one error, exit 2, nothing written.
final class SelectionRunTests: XCTestCase {
    /// The push-wake world of `ContrastsTests.pushStudy` (a widget reloaded only by a push wake,
    /// refused with probability q): mean staleness q/((1 − q)·3)·3600 s, so the design with the
    /// smallest refusal is the best by a wide margin.
    static func study(replications: Int = 10, select: String? = nil, points: [Double] = [0.1, 0.3, 0.5]) -> String {
        let block = select ?? """
            {metric: "widget.staleness", goal: "min", within: "60s", confidence: 0.95,
             constraints: ["backend.requests >= 0 ± 1"], maxReplications: 200}
            """
        let named = points.map { "{name: \"refused\(Int(($0 * 100).rounded()))\", set: {\"push.wakeRefusal\": \($0)}}" }
        return """
        {
          name: "push-select", duration: "3d", seed: 5, replications: \(replications),
          observe: {warmup: "1d", glances: {widget: 4}, select: \(block)},
          "network.latency": "0s", "push.delay": "0s", "widget.reloadDelay": "0s", "storage.ioTime": "0s",
          "backend.processingTime": "0s", "device.restarts.perDay": 0, "network.offline.perDay": 0,
          "device.appUpdates.perDay": 0, "widget.dataProtection": "always", "session.protection": "always",
          "live.enabled": false, "watch.enabled": false, "share.enabled": false, "action.enabled": false,
          "instant.enabled": false, "car.enabled": false, "tv.enabled": false,
          "user.inAppChanges.perHour": 0, "app.backgroundRefresh.perHour": 0, "push.loss": 0, "push.wakesPerHour": 1000,
          "widget.budgetPerDay": 100000, "user.forceQuit": 0, "user.sessionLength": "1ms", "user.appOpens.perHour": 0,
          "push.onChange": true, "widget.fetchesOwnData": false, "widget.reloadAfter": "1000d",
          "elsewhere.edits.perHour": 3,
          sweep: {points: [\(named.joined(separator: ", "))]},
        }
        """
    }

    /// CSV records of a file, as dictionaries keyed by the header.
    func table(_ path: String) throws -> [[String: String]] {
        let records = try CSVParser.parse(try String(contentsOfFile: path, encoding: .utf8))
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) }
    }

    func testASelectionWritesOneRowPerPointAndPicksExactlyOneTheSameForAnyJobs() throws {
        let f = try StudyFixture(Self.study())
        let console = f.cli(["run", f.scenario, "--jobs", "1", "--out", f.path("one")])
        f.cli(["run", f.scenario, "--jobs", "2", "--out", f.path("two"), "--quiet"])
        try f.assertSameResults("one", "two")
        let header = try CSVParser.parse(try String(contentsOfFile: f.path("one/selection.csv"), encoding: .utf8))[0]
        for column in ["point", "mean", "ci_low", "ci_high", "replications", "eliminated_at", "feasible", "selected"] {
            XCTAssertTrue(header.contains(column), "selection.csv has \(column): \(header)")
        }
        let rows = try table(f.path("one/selection.csv"))
        XCTAssertEqual(rows.map { $0["point"]! }, ["refused10", "refused30", "refused50"])
        XCTAssertEqual(rows.filter { $0["selected"] == "true" }.count, 1)
        XCTAssertEqual(rows[0]["selected"], "true", "q = 0.1 has by far the least staleness")
        XCTAssertTrue(rows.allSatisfy { $0["feasible"] == "true" || $0["feasibility"] == "undecided" })
        // Each point's replications: at least the first stage, the same in summary.csv and runs.csv,
        // and an eliminated point's count is where it left.
        let summary = try table(f.path("one/summary.csv")).filter { $0["metric"] == "widget.staleness" }
        let runs = try table(f.path("one/runs.csv"))
        for row in rows {
            let n = Int(row["replications"]!)!
            XCTAssertGreaterThanOrEqual(n, 10)
            XCTAssertEqual(summary.first { $0["point"] == row["point"] }?["replications"], row["replications"])
            let own = runs.filter { $0["point"] == row["point"] }
            XCTAssertEqual(own.map { Int($0["replication"]!)! }, Array(0..<n), "rows in replication order")
            // The mean ranked is the mean of the point's runs.csv values.
            let mean = own.map { Double($0["widget.staleness.mean"]!)! }.reduce(0, +) / Double(n)
            XCTAssertEqual(Double(row["mean"]!)!, mean, accuracy: 1e-6 * mean)
            if row["outcome"] == "eliminated" { XCTAssertEqual(row["eliminated_at"], row["replications"]) }
        }
        // Replication r of every point has the same seed (common random numbers).
        let seeds = Dictionary(grouping: runs, by: { $0["replication"]! }).mapValues { Set($0.map { $0["seed"]! }).count }
        XCTAssertTrue(seeds.values.allSatisfy { $0 == 1 })
        XCTAssertTrue(console.output.contains("`refused10` meets backend.requests >= 0 ± 1 and is within 1 min of the best of the 3 designs that do, with probability ≥ 95%, using "),
                      console.output)
        XCTAssertTrue(console.output.contains("(a fixed-sample procedure needs "), console.output)
        let svg = try String(contentsOfFile: f.path("one/selection.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("★ selected"))
        let manifest = try String(contentsOfFile: f.path("one/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"selection.csv\"") && manifest.contains("\"fixedSampleReplications\""), manifest)
    }

    /// Every bad setting is one error naming the key path, exit 2, nothing written.
    func testBadSettingsAreRefusedWithTheNearestName() throws {
        let cases: [(String, Int, String)] = [
            (#"{metric: "widget.stalenes", goal: "min", within: "60s"}"#, 10, "Did you mean 'widget.staleness'?"),
            (#"{metric: "widget.staleness", goal: "minimum", within: "60s"}"#, 10, "observe.select.goal: expected \"min\" or \"max\""),
            (#"{metric: "widget.staleness", goal: "min", within: "60s", confidence: 1}"#, 10, "observe.select.confidence: expected a probability above 0 and below 1"),
            (#"{metric: "widget.staleness", goal: "min", within: "60s", confidence: 0}"#, 10, "observe.select.confidence"),
            (#"{metric: "widget.staleness", goal: "min", within: "60s", constraints: ["backend.requests < 10"]}"#, 10, "observe.select.constraints[0]: expected a constraint"),
            (#"{metric: "widget.staleness", goal: "min", within: "60s", constraints: ["backend.request <= 10"]}"#, 10, "Did you mean 'backend.requests'?"),
            (#"{metric: "widget.staleness", goal: "min", within: "60s", constraints: ["backend.requests <= lots"]}"#, 10, "observe.select.constraints[0]: expected a bound"),
            (#"{metric: "widget.staleness", goal: "min", within: "-5s"}"#, 10, "observe.select.within: expected an indifference zone above 0"),
            (#"{metric: "widget.staleness", goal: "min", within: "60s", maxReplications: 5}"#, 10, "observe.select.maxReplications: expected at least the first stage"),
            (#"{metric: "widget.staleness", goal: "min", within: "60s", maxReplication: 30}"#, 10, "Did you mean 'maxReplications'?"),
            (#"{metric: "widget.staleness", goal: "min", within: "60s"}"#, 9, "replications: expected at least 10 replications, the first stage of observe.select, found 9"),
        ]
        for (block, replications, message) in cases {
            let f = try StudyFixture(Self.study(replications: replications, select: block))
            let console = f.cli(["run", f.scenario, "--out", f.path("out")], expect: 2)
            XCTAssertTrue(console.errors.contains(message), "\(block): \(console.errors)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("out")), "nothing written for \(block)")
        }
        let f = try StudyFixture(Self.study())
        XCTAssertTrue(f.cli(["run", f.scenario, "--shard", "1/2", "--out", f.path("out")], expect: 2).errors.contains("--shard"))
        XCTAssertTrue(f.cli(["run", f.scenario, "--precision", "widget.staleness=5%", "--out", f.path("out")], expect: 2)
            .errors.contains("observe.select"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("out")))
    }

    // MARK: Macro-replications of a world with known means, through the same driver

    /// A world of normal designs with known means: replication r of point p is
    /// mean[p] + sd·(ρ·Z_r + √(1 − ρ²)·E_{p,r}), Z_r drawn from replication r's seed alone (common
    /// random numbers) and E from (p, r); constraint values likewise around their means.
    struct NormalWorld {
        var means: [Double]
        var constraintMeans: [Double] = []
        var sd = 1.0, constraintSD = 0.3, shared = 0.5
        var seed: UInt64

        func values(_ task: SelectionTask) -> [Double] {
            let z = Self.normal(seed, 0, UInt64(task.replication))
            let e = Self.normal(seed, UInt64(task.point) + 1, UInt64(task.replication))
            let ranked = means[task.point] + sd * (shared * z + (1 - shared * shared).squareRoot() * e)
            guard !constraintMeans.isEmpty else { return [ranked] }
            return [ranked, constraintMeans[task.point] + constraintSD * Self.normal(seed ^ 0xC0FFEE, UInt64(task.point) + 1, UInt64(task.replication))]
        }

        /// A standard normal from a hashed (seed, stream, index), by Box–Muller.
        static func normal(_ seed: UInt64, _ stream: UInt64, _ index: UInt64) -> Double {
            func mix(_ x: UInt64) -> UInt64 {
                var z = x &+ 0x9E37_79B9_7F4A_7C15
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            let a = mix(seed &* 0x1000_0000_01B3 ^ mix(stream &* 0x51 ^ mix(index)))
            let b = mix(a)
            let u1 = (Double(a >> 11) + 0.5) / 9_007_199_254_740_992, u2 = Double(b >> 11) / 9_007_199_254_740_992
            return (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Double.pi * u2)
        }
    }

    /// Rinott's h by (designs, confidence) for a first stage of 10: found once, not per macro-replication.
    nonisolated(unsafe) static var rinott: [[Double]: Double] = [:]

    func settings(goal: SelectionGoal, within: Double, constraints: [SelectionBound] = []) -> SelectionSettings {
        SelectionSettings(metric: SelectionFigure.named("widget.staleness")!, goal: goal, within: within, confidence: 0.95,
                          constraints: constraints)
    }

    func select(_ world: NormalWorld, _ settings: SelectionSettings, firstStage: Int = 10) throws -> SelectionResult {
        let k = world.means.count
        let confidence = SelectionDriver.rankingConfidence(settings)
        let h = Self.rinott[[Double(k), confidence]] ?? Rinott.constant(designs: k, firstStage: firstStage, confidence: confidence)
        Self.rinott[[Double(k), confidence]] = h
        let driver = SelectionDriver(settings: settings, points: k, firstStage: firstStage, rinottConstant: h)
        return try XCTUnwrap(try driver.run { tasks in tasks.map(world.values) })
    }

    /// The slippage configuration (the best exactly δ below eleven others, the hardest case the
    /// guarantee covers), over 300 macro-replications with seeds apart: the true best is picked
    /// at least 1 − α of the time less the binomial floor, exactly one point every time, with
    /// fewer replications on average than Rinott's fixed-sample procedure.
    func testTheDriverPicksTheTrueBestAtLeastOneMinusAlphaOfTheTime() throws {
        let macro = 300
        var correct = 0, used = 0, fixed = 0
        for m in 0..<macro {
            let world = NormalWorld(means: [10] + Array(repeating: 10.5, count: 11), seed: UInt64(m) * 7_919 + 1)
            let result = try select(world, settings(goal: .minimize, within: 0.5))
            XCTAssertEqual(result.rows.filter { $0.outcome == .selected }.count, 1)
            XCTAssertTrue(result.guaranteeHolds)
            if result.selected == 0 { correct += 1 }
            used += result.used
            fixed += result.fixedSample
        }
        let floor = 0.95 - 3.09 * (0.95 * 0.05 / Double(macro)).squareRoot()
        XCTAssertGreaterThanOrEqual(Double(correct) / Double(macro), floor, "correct \(correct) of \(macro)")
        XCTAssertLessThan(used, fixed, "the sequential procedure spends less than Rinott's")
        // The constant given equals the one Rinott.totalReplications finds itself.
        let world = NormalWorld(means: [10, 10.5, 10.5], seed: 99)
        let first = (0..<3).map { p in (0..<10).map { world.values(SelectionTask(point: p, replication: $0))[0] } }
        let driver = SelectionDriver(settings: settings(goal: .minimize, within: 0.5), points: 3, firstStage: 10,
                                     rinottConstant: Rinott.constant(designs: 3, firstStage: 10, confidence: 0.95))
        XCTAssertEqual(driver.fixedSample(first), Rinott.totalReplications(firstStage: first, indifference: 0.5, confidence: 0.95))
    }

    /// With a constraint: point 0 has the best mean but breaks its bound by 2ε; point 1 is
    /// feasible and within δ of it (and δ ahead of the feasible rest). Over 200 macro-replications
    /// point 0 is never picked, and point 1 at least 1 − α of the time less the binomial floor.
    func testAnInfeasibleDesignIsNeverPickedWhenAFeasibleOneIsWithinDelta() throws {
        let bound = SelectionBound(figure: SelectionFigure.named("backend.requests")!,
                                   constraint: SelectionConstraint(.atMost, 100, tolerance: 1), text: "backend.requests <= 100 ± 1")
        let macro = 200
        var correct = 0, infeasible = 0
        for m in 0..<macro {
            let world = NormalWorld(means: [9.6, 10, 10.5, 10.5], constraintMeans: [102, 98, 98, 98], constraintSD: 3,
                                    seed: UInt64(m) * 104_729 + 3)
            let result = try select(world, settings(goal: .minimize, within: 0.5, constraints: [bound]))
            if result.selected == 0 { infeasible += 1 }
            if result.selected == 1 { correct += 1 }
            if let s = result.selected { XCTAssertEqual(result.rows[s].feasibility, "feasible") }
        }
        XCTAssertEqual(infeasible, 0)
        let floor = 0.95 - 3.09 * (0.95 * 0.05 / Double(macro)).squareRoot()
        XCTAssertGreaterThanOrEqual(Double(correct) / Double(macro), floor, "correct \(correct) of \(macro)")
    }

    /// The sentence and its numbers, as the issue writes it.
    func testTheSentence() {
        XCTAssertEqual(StudyPlots.grouped(4210), "4,210")
        XCTAssertEqual(StudyPlots.grouped(11400), "11,400")
        XCTAssertEqual(StudyPlots.grouped(999), "999")
        XCTAssertEqual(SelectionResult.quantity(30, unit: "s"), "30 s")
        XCTAssertEqual(SelectionResult.quantity(90, unit: "s"), "1.5 min")
        XCTAssertEqual(SelectionResult.quantity(0.005, unit: "fraction"), "0.5 percentage points")
        XCTAssertEqual(SelectionResult.percent(0.95), "95%")
        XCTAssertEqual(SelectionResult.percent(0.975), "97.5%")
    }
}
