import Foundation
import SimKernel
import Statistics
import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// A two-level study (docs/scenarios.md#platform-uncertainty): the variance split against
/// known answers, a figure that cannot touch a metric getting no share, a metric that only the
/// figure moves getting all of it, the same seeds in every draw, and bad blocks refused.
final class PlatformUncertaintyTests: XCTestCase {
    /// The widget reloads only at its own hint (no app, no pushes, no budget to run out): its
    /// reload count is fixed by `widget.reloadAfter` alone, so the draws' spread is all the
    /// platform's. The television is off, so its approval delay cannot touch anything.
    static let hintOnly = #"""
    {name: "unc", duration: "12h", replications: 6, seed: 5, observe: {warmup: "1h"},
     surfaces: ["widget"], app: {requestsWidgetReload: false}, push: {onChange: false},
     "user.appOpens.perHour": 0, "user.inAppChanges.perHour": 0, "elsewhere.edits.perHour": 0, "network.offline.perDay": 0, "device.restarts.perDay": 0,
     widget: {budgetPerDay: 10000},
     uncertain: {draws: 32, parameters: {"widget.reloadAfter": {uniform: {low: "10m", high: "1h"}},
                                         "tv.approvalDelay": {uniform: {low: "10s", high: "10m"}}}}}
    """#

    func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    func testAMetricOnlyTheFigureMovesIsAllPlatformAndAFigureThatCannotTouchItHasNoShare() throws {
        let f = try StudyFixture(Self.hintOnly)
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let csv = try String(contentsOfFile: f.path("out/uncertainty.csv"), encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("point,metric,mean,low,high,platform_share,noise_share\n"), csv)
        let reloads = try XCTUnwrap(rows(csv).first { $0[1] == "widget.reloads" })
        let share = try XCTUnwrap(Double(reloads[5]))
        XCTAssertGreaterThan(share, 0.98, "reloads are fixed by the hint: the spread is the platform's")
        XCTAssertEqual(share + Double(reloads[6])!, 1, accuracy: 1e-9)
        // Twelve hours less the warm-up at one reload per 10 min to 1 h: between 11 and 66.
        let (low, high) = (Double(reloads[3])!, Double(reloads[4])!)
        XCTAssertTrue(low >= 10 && high <= 67 && low < high, "\(reloads)")
        let drivers = rows(try String(contentsOfFile: f.path("out/uncertainty-drivers.csv"), encoding: .utf8))
        let hint = try XCTUnwrap(drivers.first { $0[1] == "widget.reloads" && $0[2] == "widget.reloadAfter" })
        let tv = try XCTUnwrap(drivers.first { $0[1] == "widget.reloads" && $0[2] == "tv.approvalDelay" })
        XCTAssertGreaterThan(Double(hint[3])!, 0.8)
        // The approval delay changes nothing: with the same seeds in every draw, the draws that
        // share a hint stratum agree, so its index is the binning's noise on a monotone response.
        XCTAssertLessThan(Double(tv[3])!, Double(hint[3])!)
        // The chart is written and names the metric.
        let svg = try String(contentsOfFile: f.path("out/uncertainty.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("widget.staleness"), svg)
    }

    /// A figure of a switched-off surface alone: every draw runs the same world on the same
    /// seeds, so the inner means are equal and the platform's share is exactly 0.
    func testAFigureThatChangesNothingGetsNoShareAndTheDrawsAgreeExactly() throws {
        let text = Self.hintOnly.replacingOccurrences(of: #""widget.reloadAfter": {uniform: {low: "10m", high: "1h"}},"#, with: "")
        let f = try StudyFixture(text)
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let csv = rows(try String(contentsOfFile: f.path("out/uncertainty.csv"), encoding: .utf8))
        let staleness = try XCTUnwrap(csv.first { $0[1] == "widget.staleness" })
        XCTAssertEqual(staleness[2], staleness[3])
        XCTAssertEqual(staleness[3], staleness[4])
        XCTAssertEqual(staleness[5], "0")
        // The draws' runs.csv rows match, replication by replication (the same seeds).
        let runs = try String(contentsOfFile: f.path("out/runs.csv"), encoding: .utf8).split(separator: "\n").dropFirst()
        let byDraw = Dictionary(grouping: runs) { $0.prefix { $0 != "," } }
        XCTAssertEqual(byDraw.count, 32)
        func tail(_ line: Substring) -> String {
            // Drop the point name and the drawn value: what the replication measured must agree.
            line.split(separator: ",", omittingEmptySubsequences: false).dropFirst(2).joined(separator: ",")
        }
        XCTAssertEqual(byDraw["0@0"]!.map(tail), byDraw["0@31"]!.map(tail))
    }

    /// The estimator of the split recovers a known one. With common random numbers replication k
    /// carries the same noise in every draw: value = θ_d + ε_k + η_dk, θ ~ N(0, σ_b²), ε ~ N(0, σ_w²),
    /// η a small draw-by-replication interaction. The platform's share of an inner mean's variance is
    /// (σ_b² + σ_η²/r) / (σ_b² + σ_η²/r + (σ_w² + σ_η²)/r).
    func testTheVarianceSplitRecoversAKnownOneWithinItsSamplingTolerance() {
        var rng = RandomStream(seed: 17)
        let (sigmaB, sigmaW, sigmaEta, r, draws) = (2.0, 30.0, 3.0, 100, 400)
        let noise = (0..<r).map { _ in sigmaW * rng.standardNormal() }
        let platform = sigmaB * sigmaB + sigmaEta * sigmaEta / Double(r)
        let truth = platform / (platform + (sigmaW * sigmaW + sigmaEta * sigmaEta) / Double(r))   // 0.31
        var means: [Double] = [], variances: [Double] = [], inputs: [[Double]] = []
        for _ in 0..<draws {
            let u = rng.uniform()
            let theta = sigmaB * NormalDistribution.quantile(u)
            let values = noise.map { theta + $0 + sigmaEta * rng.standardNormal() }
            let mean = values.reduce(0, +) / Double(r)
            let s2 = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(r - 1)
            means.append(mean)
            variances.append(s2 / Double(r))
            inputs.append([u, rng.uniform()])
        }
        let row = UncertaintyAnalysis.row(point: "0", metric: "m", means: means, variances: variances, inputs: inputs,
                                          figures: ["theta", "noise"])
        // Between: a variance over 400 draws (relative sd √(2/399) ≈ 7%); within: an average of 400
        // variances of 100 values each (well under 1%). The share B/(B + W) moves by share·(1 − share)
        // ≈ 0.21 per relative change of B: its sd is about 0.015; four of them.
        XCTAssertEqual(row.platformShare, truth, accuracy: 0.06)
        // θ explains all of the draws' spread but the small interaction.
        XCTAssertGreaterThan(row.drivers[0].share, 0.8, "θ's first-order index")
        XCTAssertLessThan(row.drivers[1].share, 0.1, "an input unrelated to the means")
    }

    /// The scenario rendered into the manifest decodes to the same study (merge and resume
    /// rebuild it from there), and the study runs alike on two shards merged.
    func testTheRenderedScenarioKeepsTheUncertaintyAndShardsMergeToTheSameBytes() throws {
        let f = try StudyFixture(Self.hintOnly)
        let scenario = try ScenarioLoader.load(path: f.scenario)
        let rendered = ParameterRendering.node(scenario.renderedJSON()).render()
        XCTAssertEqual(PlatformUncertainty.inRenderedScenario(rendered), scenario.sweep.uncertain)
        let again = try ScenarioLoader.decode(rendered, file: "rendered")
        XCTAssertEqual(again.sweep.points, scenario.sweep.points)
        f.cli(["run", f.scenario, "--out", f.path("whole"), "--quiet", "--runs", "4"])
        f.cli(["run", f.scenario, "--out", f.path("s1"), "--quiet", "--runs", "4", "--shard", "1/2"])
        f.cli(["run", f.scenario, "--out", f.path("s2"), "--quiet", "--runs", "4", "--shard", "2/2"])
        f.cli(["merge", f.path("s1"), f.path("s2"), "--out", f.path("merged"), "--quiet"])
        try f.assertSameResults("whole", "merged")
        XCTAssertEqual(try String(contentsOfFile: f.path("whole/uncertainty.csv"), encoding: .utf8),
                       try String(contentsOfFile: f.path("merged/uncertainty.csv"), encoding: .utf8))
    }

    /// `--platform-uncertainty` takes the assumed figures of the surfaces the study has on.
    func testPlatformUncertaintyTakesTheAssumedFiguresOfTheSurfacesThatAreOn() throws {
        let base = try ScenarioLoader.decode(#"{surfaces: ["widget"], replications: 2}"#, file: "s",
                                             uncertainty: UncertaintyRequest(draws: 8))
        let paths = try XCTUnwrap(base.sweep.uncertain).figures.map(\.path)
        XCTAssertTrue(paths.contains("widget.providerTimeBudget") && paths.contains("push.wakeRefusal"), "\(paths)")
        XCTAssertFalse(paths.contains { $0.hasPrefix("tv.") || $0.hasPrefix("share.") || $0.hasPrefix("live.") }, "\(paths)")
        XCTAssertEqual(base.sweep.points.count, 8)
        let plain = try ScenarioLoader.decode(#"{surfaces: ["widget"], replications: 2}"#, file: "s")
        XCTAssertNil(plain.sweep.uncertain)
        XCTAssertEqual(plain.sweep.points.count, 1)
    }

    /// Each design is contrasted with its baseline in the same draw, and each contrast says in
    /// how many draws it keeps its sign: a 1-hour reload hint against a 10-minute one with the
    /// budget uncertain between 20 and 70 a day (a 10-minute hint asks for 144 a day, so it
    /// runs out of budget early; the hourly one never does).
    func testContrastsPairEachDesignWithItsBaselineInTheSameDrawAndSayHowOftenTheyKeepTheirSign() throws {
        let f = try StudyFixture(#"""
        {name: "unc2", duration: "12h", replications: 4, seed: 5, observe: {warmup: "1h"}, surfaces: ["widget"],
         sweep: {"widget.reloadAfter": ["10m", "1h"]},
         uncertain: {draws: 8, parameters: {"widget.budgetPerDay": {uniform: {low: 20, high: 70}}}}}
        """#)
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let csv = try String(contentsOfFile: f.path("out/contrasts.csv"), encoding: .utf8)
        let header = csv.prefix { $0 != "\n" }.split(separator: ",").map(String.init)
        XCTAssertEqual(Array(header.suffix(4)), ["baseline_point", "within", "p_value", "sign_share"])
        let rows = rows(csv).filter { $0[header.firstIndex(of: "metric")!] == "widget.staleness" && $0[header.firstIndex(of: "statistic")!] == "mean" }
        XCTAssertEqual(rows.count, 8, "one contrast per draw")
        let base = header.firstIndex(of: "baseline_point")!, share = header.firstIndex(of: "sign_share")!
        let difference = header.firstIndex(of: "difference")!
        for (d, row) in rows.enumerated() {
            XCTAssertEqual(row[0], "1@\(d)")
            XCTAssertEqual(row[base], "0@\(d)", "paired with the baseline in the same draw")
        }
        let differences = rows.map { Double($0[difference])! }
        let mean = differences.reduce(0, +) / Double(differences.count)
        let kept = Double(differences.filter { ($0 > 0) == (mean > 0) && $0 != 0 }.count) / Double(differences.count)
        XCTAssertEqual(Double(rows[0][share])!, kept, accuracy: 1e-9)
        XCTAssertTrue(Set(rows.map { $0[share] }).count == 1, "one share per contrast")
    }

    /// With no uncertain figure the study is a plain one: the same files, byte for byte.
    func testNoUncertainFigureLeavesThePlainStudy() throws {
        let f = try StudyFixture()
        let plain = StudyFixture.smallSweep
        let empty = plain.replacingOccurrences(of: "observe: {warmup: \"30m\"},", with: "observe: {warmup: \"30m\"}, uncertain: {draws: 8, parameters: {}},")
        XCTAssertNotEqual(plain, empty)
        try empty.write(toFile: f.path("empty.json5"), atomically: true, encoding: .utf8)
        f.cli(["run", f.scenario, "--out", f.path("plain"), "--quiet"])
        f.cli(["run", f.path("empty.json5"), "--out", f.path("empty"), "--quiet"])
        try f.assertSameResults("plain", "empty")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("empty/uncertainty.csv")))
    }

    func testBadBlocksAreOneClearError() {
        let cases: [(String, String)] = [
            (#"{uncertain: {draws: 40, parameters: {"widget.budgetPerDy": {uniform: {low: 20, high: 70}}}}}"#, "widget.budgetPerDay"),
            (#"{uncertain: {draws: 3, parameters: {"widget.budgetPerDay": {uniform: {low: 20, high: 70}}}}}"#, "from 8 to 10000"),
            (#"{uncertain: {parameters: {"widget.budgetPerDay": {uniform: {low: 70, high: 20}}}}}"#, "above the low end"),
            (#"{uncertain: {parameters: {"widget.budgetPerDay": {unifrom: {low: 20, high: 70}}}}}"#, "uniform"),
            (#"{uncertain: {parameters: {"platform": {uniform: {low: 0, high: 1}}}}}"#, "cannot be uncertain"),
            (#"{uncertain: {parameters: {"push.wakeRefusal": {uniform: {low: 0.1, high: 1.5}}}}}"#, "probability"),
            (#"{sweep: {"widget.budgetPerDay": [20, 70]}, uncertain: {parameters: {"widget.budgetPerDay": {uniform: {low: 20, high: 70}}}}}"#, "swept"),
            (#"{uncertain: {drawz: 8, parameters: {"widget.budgetPerDay": {uniform: {low: 20, high: 70}}}}}"#, "draws"),
        ]
        for (text, expected) in cases {
            do {
                _ = try ScenarioLoader.decode(text, file: "bad.json5")
                XCTFail("accepted \(text)")
            } catch {
                XCTAssertTrue("\(error)".contains(expected), "\(text): \(error)")
                XCTAssertTrue("\(error)".contains("bad.json5:1:"), "\(error)")
            }
        }
    }
}
