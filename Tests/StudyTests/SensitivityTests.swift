import Foundation
import SimKernel
import Surfaces
import SurfaceCore
import XCTest
@testable import Study
import Statistics

/// sensitivity.csv (docs/output.md#sensitivitycsv): effects against closed forms, a sampled
/// study ranking the parameter that bounds a metric above one that cannot touch it, and
/// the same bytes whatever the jobs and shards.
final class SensitivityTests: XCTestCase {
    /// The widget fetches its own data at every reload, and reloads only at its hint
    /// (every 10 minutes) while its budget lasts: the budget bounds its staleness. A
    /// standalone watch's background refreshes are the watch's own (its own session and
    /// network), so they cannot touch the widget.
    static func widgetStudy(_ method: String, points: Int) -> String {
        #"""
        {name: "sens", duration: "1d", replications: 3, seed: 4, observe: {warmup: "2h"},
         surfaces: ["widget", "watch"], watch: {level: "standalone"}, app: {requestsWidgetReload: false}, push: {onChange: false},
         widget: {fetchesOwnData: true, maxAge: "1m", reloadAfter: "10m"},
         sweep: {sample: {method: "\#(method)", points: \#(points), seed: 8, ranges: {
           "widget.budgetPerDay": [2, 48], "watch.refreshPerHour": [1, 10]}}}}
        """#
    }

    /// The rows of sensitivity.csv for `metric`, in file order.
    static func rows(_ csv: String, metric: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0[0] == metric }
    }

    func testALatinHypercubeRanksTheBudgetAboveTheWatchsRefreshesForWidgetStaleness() throws {
        let n = 16
        let f = try StudyFixture(Self.widgetStudy("lhs", points: n))
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let csv = try String(contentsOfFile: f.path("out/sensitivity.csv"), encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("metric,parameter,effect,effect_ci95_low,effect_ci95_high,rank,overlaps\n"))
        let rows = Self.rows(csv, metric: "widget.staleness")
        XCTAssertEqual(rows.map { $0[1] }, ["widget.budgetPerDay", "watch.refreshPerHour"])
        XCTAssertEqual(rows.map { $0[5] }, ["1", "2"])
        let budget = try XCTUnwrap(Double(rows[0][2])), refreshes = try XCTUnwrap(Double(rows[1][2]))
        // A parameter that cannot touch the metric has ρ = 0: |ρ| beyond 3 of its standard errors would be a model leak.
        let nullBound = 3 * FisherZ.spearmanFactor / Double(n - 3).squareRoot()
        XCTAssertLessThan(refreshes, nullBound)
        XCTAssertGreaterThan(try XCTUnwrap(Double(rows[0][3])), refreshes, "the budget's interval lies above the refreshes' effect")
        XCTAssertGreaterThan(budget, 0.8)
        // The chart draws it.
        let svg = try String(contentsOfFile: f.path("out/sensitivity.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains(">widget.budgetPerDay</text>") && svg.contains("Spearman"), svg)
    }

    func testMorrisRanksTheBudgetAboveTheWatchsRefreshesAndReportsSigma() throws {
        let r = 4, k = 2
        let f = try StudyFixture(Self.widgetStudy("morris", points: r))
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let runs = try String(contentsOfFile: f.path("out/runs.csv"), encoding: .utf8)
        XCTAssertEqual(Set(runs.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } }).count, r * (k + 1))
        let csv = try String(contentsOfFile: f.path("out/sensitivity.csv"), encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("metric,parameter,effect,effect_ci95_low,effect_ci95_high,rank,sigma,overlaps\n"))
        let rows = Self.rows(csv, metric: "widget.staleness")
        XCTAssertEqual(rows.map { $0[1] }, ["widget.budgetPerDay", "watch.refreshPerHour"])
        // With common random numbers, a step of the watch's refresh rate leaves the widget's world as it was: μ* = 0.
        XCTAssertEqual(rows[1][2], "0")
        XCTAssertGreaterThan(try XCTUnwrap(Double(rows[0][3])), 0)
        XCTAssertNotNil(Double(rows[0][6]), "sigma")
        try Self.assertOverlapsMatchTheIntervals(csv, overlapsColumn: 7)
    }

    /// Every row's `overlaps` names exactly the other parameters of its metric whose printed
    /// interval shares a point with its own, in rank order.
    static func assertOverlapsMatchTheIntervals(_ csv: String, overlapsColumn: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        var checked = 0
        for metric in Set(rows.map { $0[0] }) {
            let mine = rows.filter { $0[0] == metric }
            for row in mine {
                let expected = mine.filter { other in
                    guard other[1] != row[1], let a = Double(row[3]), let b = Double(row[4]),
                          let c = Double(other[3]), let d = Double(other[4]) else { return false }
                    return a <= d && c <= b
                }.map { $0[1] }
                XCTAssertEqual(row[overlapsColumn], expected.joined(separator: ";"), "\(metric) \(row[1])", file: file, line: line)
                checked += expected.isEmpty ? 0 : 1
            }
        }
        XCTAssertGreaterThan(checked, 0, "some intervals overlap", file: file, line: line)
    }

    func testEveryMetricOfSummaryHasARowPerParameter() throws {
        let f = try StudyFixture(Self.widgetStudy("lhs", points: 5))
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let csv = try String(contentsOfFile: f.path("out/sensitivity.csv"), encoding: .utf8)
        let summary = try String(contentsOfFile: f.path("out/summary.csv"), encoding: .utf8)
        let metricColumn = SummaryTable.header(columns: ["widget.budgetPerDay", "watch.refreshPerHour"]).firstIndex(of: "metric")!
        var metrics: [String] = []
        for line in summary.split(separator: "\n").dropFirst() {
            let m = String(line.split(separator: ",", omittingEmptySubsequences: false)[metricColumn])
            if !metrics.contains(m) { metrics.append(m) }
        }
        let lines = csv.split(separator: "\n").dropFirst()
        XCTAssertEqual(lines.count, metrics.count * 2)
        var seen: [String] = []
        for line in lines where !seen.contains(String(line.prefix { $0 != "," })) { seen.append(String(line.prefix { $0 != "," })) }
        XCTAssertEqual(seen, metrics, "summary.csv's metrics, in its order")
    }

    func testSensitivityIsTheSameBytesWhateverTheJobsShardsAndResumes() throws {
        let f = try StudyFixture(Self.widgetStudy("morris", points: 3))
        f.cli(["run", f.scenario, "--out", f.path("one"), "--jobs", "1", "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("two"), "--jobs", "2", "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("s1"), "--shard", "1/2", "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("s2"), "--shard", "2/2", "--quiet"])
        f.cli(["merge", f.path("s2"), f.path("s1"), "--out", f.path("merged"), "--quiet"])
        // Stopped after 5 replications (checkpointed), then resumed.
        f.cli(["run", f.scenario, "--out", f.path("resumed"), "--stop-after", "5", "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("resumed"), "--resume", "--quiet"])
        try f.assertSameResults("one", "two")
        try f.assertSameResults("one", "merged")
        try f.assertSameResults("one", "resumed")
        XCTAssertNotNil(try f.results("merged")["sensitivity.csv"])
        // A later study that samples nothing leaves no sensitivity files behind.
        try #"{duration: "3h", replications: 2, observe: {warmup: "30m"}}"#.write(toFile: f.scenario, atomically: true, encoding: .utf8)
        f.cli(["run", f.scenario, "--out", f.path("one"), "--quiet"])
        XCTAssertNil(try f.results("one")["sensitivity.csv"])
        XCTAssertNil(try f.results("one")["sensitivity.svg"])
    }

    // MARK: Closed forms

    /// Morris on y = 3·x₀ (x₀ scaled to [0, 1]): every elementary effect of x₀ is 3 and
    /// of x₁ is 0, so μ* = 3 with σ = 0 and a degenerate interval, and μ* = 0 for x₁.
    func testMorrisEffectsOfALinearFunction() throws {
        let design = SampleDesign(method: .morris, count: 5, seed: 3, ranges: [
            SampleRange(path: "a", kind: .probability, lowValue: .number(0), highValue: .number(1), low: 0, high: 1),
            SampleRange(path: "b", kind: .probability, lowValue: .number(0), highValue: .number(1), low: 0, high: 1),
        ])
        let y = design.realizedPoints().map { 3 * $0[0] }
        let effects = MorrisEffects(design).effects(y, parameters: ["a", "b"])
        XCTAssertEqual(effects[0].effect, 3, accuracy: 1e-12)
        XCTAssertEqual(effects[0].sigma, 0, accuracy: 1e-12)
        XCTAssertEqual(effects[0].low, 3, accuracy: 1e-12)
        XCTAssertEqual(effects[0].high, 3, accuracy: 1e-12)
        XCTAssertEqual(effects[0].direction, 1)
        XCTAssertEqual(effects[1].effect, 0)
        // y = −|x₀ − ½|·6 is not monotone: μ (signed) cancels, μ* does not, σ shows it.
        let vee = design.realizedPoints().map { -6 * abs($0[0] - 0.5) }
        let bent = MorrisEffects(design).effects(vee, parameters: ["a", "b"])[0]
        XCTAssertGreaterThan(bent.effect, 0)
        XCTAssertGreaterThan(bent.sigma, 0)
    }

    /// Whole-number parameters are rounded, and the effect is per unit of the scaled step
    /// actually taken: y = budget gives μ* = the range, 31, exactly (the grid 40, 50, 61, 71).
    func testMorrisDividesByTheRoundedStep() throws {
        let s = try ScenarioLoader.decode(SampledSweepTests.sample("morris", points: 4, ranges: #""widget.budgetPerDay": [40, 71]"#), file: "m.json5")
        let design = try XCTUnwrap(s.sweep.sample)
        let y = s.sweep.points.indices.map { Double(s.parameters(ofPoint: $0).widget.budgetPerDay) }
        XCTAssertEqual(MorrisEffects(design).effects(y, parameters: ["widget.budgetPerDay"])[0].effect, 31, accuracy: 1e-9)
    }

    /// A monotone function has |ρ| = 1; an independent one's |ρ| shrinks as 1/√n and its
    /// Fisher interval covers 0 (n = 400: three standard errors are 0.16).
    func testRankCorrelationOfMonotoneAndIndependentSamples() {
        let n = 400
        let u = LatinHypercube.points(n, dimensions: 2, seed: 11)
        let x = u.map { $0[0] }
        let monotone = RankCorrelation.effect(parameter: "a", x: x, y: x.map { exp(5 * $0) })
        XCTAssertEqual(monotone.effect, 1, accuracy: 1e-12)
        XCTAssertEqual(monotone.direction, 1)
        let falling = RankCorrelation.effect(parameter: "a", x: x, y: x.map { -$0 })
        XCTAssertEqual(falling.effect, 1, accuracy: 1e-12)
        XCTAssertEqual(falling.direction, -1)
        let independent = RankCorrelation.effect(parameter: "b", x: u.map { $0[1] }, y: x)
        let standardError = FisherZ.spearmanFactor / Double(n - 3).squareRoot()
        XCTAssertLessThan(independent.effect, 3 * standardError)
        XCTAssertEqual(independent.low, 0, "the interval of |ρ| reaches 0 when ρ's covers it")
        let constant = RankCorrelation.effect(parameter: "c", x: x, y: x.map { _ in 2 })
        XCTAssertEqual([constant.effect, constant.low, constant.high], [0, 0, 0])
    }

    /// Intervals built to overlap or not: [10, 20] and [15, 30] share [15, 20]; [20, 25]
    /// touches [10, 20] at 20 (closed intervals); [40, 50] meets none; an interval that
    /// differs from another's only beyond the printed digits is compared as printed; an
    /// effect without an interval overlaps nothing.
    func testOverlapsNameTheParametersWhoseIntervalsShareAPoint() {
        let effects = [SensitivityEffect(parameter: "far", effect: 45, low: 40, high: 50),
                       SensitivityEffect(parameter: "wide", effect: 22, low: 15, high: 30),
                       SensitivityEffect(parameter: "touching", effect: 21, low: 20, high: 25),
                       SensitivityEffect(parameter: "low", effect: 15, low: 10, high: 20 - 1e-12),
                       SensitivityEffect(parameter: "none", effect: .nan, low: .nan, high: .nan)]
        XCTAssertEqual(SensitivityOverlap.overlapping(effects), [
            [], ["touching", "low"], ["wide", "low"], ["wide", "touching"], [],
        ])
        let apart = [SensitivityEffect(parameter: "a", effect: 3, low: 2.5, high: 3.5),
                     SensitivityEffect(parameter: "b", effect: 1, low: 0.5, high: 2.499999)]
        XCTAssertEqual(SensitivityOverlap.overlapping(apart), [[], []])
    }

    /// The column in sensitivity.csv: names joined by ';' in rank order, empty when none.
    func testTheOverlapsColumnJoinsTheNamesInRankOrder() {
        let effects = [SensitivityAnalysis.MetricEffects(metric: "m", effects: [
            SensitivityEffect(parameter: "c", effect: 5, low: 4, high: 6),
            SensitivityEffect(parameter: "a", effect: 4.5, low: 3, high: 5),
            SensitivityEffect(parameter: "b", effect: 4, low: 3.5, high: 4.5),
            SensitivityEffect(parameter: "d", effect: 1, low: 0, high: 2),
        ])]
        XCTAssertEqual(SensitivityAnalysis.render(effects, method: .lhs), """
            metric,parameter,effect,effect_ci95_low,effect_ci95_high,rank,overlaps
            m,c,5,4,6,1,a;b
            m,a,4.5,3,5,2,c;b
            m,b,4,3.5,4.5,3,c;a
            m,d,1,0,2,4,

            """)
    }

    func testRanksAreByPrintedEffectThenName() {
        let effects = [SensitivityEffect(parameter: "b", effect: 0.5, low: 0, high: 1),
                       SensitivityEffect(parameter: "z", effect: .nan, low: .nan, high: .nan),
                       SensitivityEffect(parameter: "a", effect: 0.5 + 1e-12, low: 0, high: 1),
                       SensitivityEffect(parameter: "c", effect: 0.7, low: 0, high: 1)]
        XCTAssertEqual(SensitivityRanking.ranked(effects).map(\.parameter), ["c", "a", "b", "z"])
    }
}
