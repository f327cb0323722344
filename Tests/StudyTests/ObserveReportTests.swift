import Foundation
import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// `observe.report` chooses what the summary table and the charts show, never what the
/// CSV files hold (docs/scenarios.md#what-the-summary-and-the-charts-show, docs/output.md).
final class ObserveReportTests: XCTestCase {
    static func names(_ metrics: [ReportedMetric]?) -> [String]? { metrics?.map(\.spec.name) }

    func testTheReportIsAListOfMetricNamesNestedDottedOrSet() throws {
        let nested = try ScenarioLoader.decode(#"{observe: {warmup: "30m", report: ["share.lost", "widget.staleness"]}}"#, file: "s")
        XCTAssertEqual(Self.names(nested.report), ["share.lost", "widget.staleness"])
        XCTAssertEqual(nested.base.observe.warmup, 30 * 60 * 1_000_000, "the other observe keys are still parameters")
        let dotted = try ScenarioLoader.decode(#"{"observe.report": ["backend.requests.peakToMean"]}"#, file: "s")
        XCTAssertEqual(Self.names(dotted.report), ["backend.requests.peakToMean"], "a per-point metric is a metric too")
        XCTAssertNil(try ScenarioLoader.decode("{}", file: "s").report)
        // --set replaces the file's list: a comma list, as signout.steps takes, or a JSON5 list.
        let set = try ScenarioLoader.decode(#"{observe: {report: ["share.lost"]}}"#, file: "s",
                                            overrides: ["observe.report=share.latency,app.blank"])
        XCTAssertEqual(Self.names(set.report), ["share.latency", "app.blank"])
        let json = try ScenarioLoader.decode("{}", file: "s", overrides: [#"observe.report=["watch.write.lost"]"#])
        XCTAssertEqual(Self.names(json.report), ["watch.write.lost"])
    }

    /// The manifest's scenario has the list after overrides, and decoding it gives it back.
    func testTheRenderedScenarioKeepsTheList() throws {
        let scenario = try ScenarioLoader.decode(#"{sweep: {"push.wakeRefusal": [0, 0.5]}}"#, file: "s",
                                                 overrides: ["observe.report=share.lost,widget.staleness"])
        let rendered = ParameterRendering.node(scenario.renderedJSON()).render()
        XCTAssertTrue(rendered.contains(#""observe.report":["share.lost","widget.staleness"]"#), rendered)
        XCTAssertEqual(Self.names(try ScenarioLoader.decode(rendered, file: "r").report), ["share.lost", "widget.staleness"])
        let plain = ParameterRendering.node(try ScenarioLoader.decode("{}", file: "s").renderedJSON()).render()
        XCTAssertFalse(plain.contains("observe.report"), "a default is not written, as observe.baseline's is not")
    }

    func testTheDefaultFollowsTheSurfacesThatAreOn() throws {
        func report(_ text: String) throws -> MetricReport { StudyLayout(try ScenarioLoader.decode(text, file: "s")).report }
        XCTAssertEqual(try report("{}"), .standard)
        XCTAssertEqual(Self.names(MetricReport.standard.table),
                       ["widget", "app", "watch", "live", "car"].flatMap { [$0 + ".staleness", $0 + ".blank"] })
        XCTAssertEqual(Self.names(MetricReport.standard.charts),
                       ["widget", "app", "watch", "live", "car"].map { $0 + ".staleness" } + ["share.latency"])
        let share = try report(#"{surfaces: ["share"]}"#)
        XCTAssertEqual(Self.names(share.table), ["share.latency", "share.lost", "share.duplicated"])
        XCTAssertEqual(share.charts, share.table)
        XCTAssertEqual(try report(#"{surfaces: ["share", "widget"]}"#), .standard)
        XCTAssertEqual(try report(#"{surfaces: ["app"]}"#), .standard, "the always-on app alone keeps its staleness")
        // A glanced surface on at one point is enough for the staleness default.
        let off = #"action: {enabled: false}, instant: {enabled: false}, tv: {enabled: false}, watch: {enabled: false}, live: {enabled: false}, car: {enabled: false}"#
        XCTAssertEqual(try report("{\(off), sweep: {\"widget.enabled\": [false, true]}}"), .standard)
        XCTAssertEqual(Self.names(try report("{\(off), widget: {enabled: false}}").table), ["share.latency", "share.lost", "share.duplicated"])
        XCTAssertEqual(Self.names(try report(#"{surfaces: ["share"], observe: {report: ["app.staleness"]}}"#).charts), ["app.staleness"])
    }

    func testShardStateKeepsTheReport() throws {
        let scenario = try ScenarioLoader.decode(#"{duration: "2h", replications: 2, observe: {report: ["share.lost", "share.latency"]}}"#, file: "t")
        let state = StudyState(layout: StudyLayout(scenario), shard: Shard(index: 1, count: 2))
        let decoded = try StudyState(json: try JSON5.parse(PrettyJSON.render(state.json())))
        XCTAssertEqual(Self.names(decoded.layout.report.table), ["share.lost", "share.latency"])
        XCTAssertEqual(decoded, state)
        // The default's table and charts differ: each is kept.
        let standard = StudyState(layout: StudyLayout(try ScenarioLoader.decode(#"{duration: "2h"}"#, file: "t")), shard: nil)
        XCTAssertEqual(try StudyState(json: try JSON5.parse(PrettyJSON.render(standard.json()))).layout.report, .standard)
    }

    /// A state with share and widget values at two points, reporting `names`.
    static func state(reporting names: [String]?) -> StudyState {
        var scenario = try! ScenarioLoader.decode(#"{duration: "2h", replications: 4, sweep: {"push.wakeRefusal": [0, 0.5]}}"#, file: "t")
        scenario.report = names?.map { ReportedMetric.named($0)! }
        var state = StudyState(layout: StudyLayout(scenario), shard: nil)
        for p in 0..<2 {
            for r in 0..<4 {
                var result = ReplicationResult(minutes: 120)
                result.samples[Metric.widgetStaleness.rawValue] = [0, 30, Double(r + 1) * 60]
                result.samples[Metric.shareLatency.rawValue] = [Double(p + 1) * 90, Double(r) * 10]
                result.values[Metric.widgetBlank.rawValue] = 0.25
                result.values[Metric.shareLost.rawValue] = Double(r) / 8
                state.points[p].add(ReplicationFigures(result, seed: UInt64(r)))
            }
        }
        return state
    }

    func testTheTableShowsTheReportedMetrics() {
        XCTAssertEqual(ReportTable.rows(Self.state(reporting: nil)), [
            ["point", "surface", "p50 staleness", "p90 staleness", "blank"],
            ["0", "widget", "30s", "3m", "25.0%"], ["1", "widget", "30s", "3m", "25.0%"],
        ])
        XCTAssertEqual(ReportTable.rows(Self.state(reporting: ["share.lost", "share.latency", "widget.staleness"])), [
            ["point", "surface", "lost", "p50 latency", "p90 latency", "p50 staleness", "p90 staleness"],
            ["0", "share", "18.8%", "30s", "1.5m", "", ""], ["0", "widget", "", "", "", "30s", "3m"],
            ["1", "share", "18.8%", "30s", "3m", "", ""], ["1", "widget", "", "", "", "30s", "3m"],
        ])
    }

    func testTheChartsAreThoseOfTheReportedMetrics() {
        let files = StudyPlots.render(Self.state(reporting: ["share.lost", "share.latency"])).map(\.name)
        XCTAssertEqual(files, ["latency-ecdf-share.svg", "sweep-push.wakeRefusal-lost.svg", "sweep-push.wakeRefusal-latency.svg"])
        XCTAssertEqual(StudyPlots.render(Self.state(reporting: nil)).map(\.name),
                       ["staleness-ecdf-widget.svg", "latency-ecdf-share.svg", "sweep-push.wakeRefusal.svg",
                        "sweep-push.wakeRefusal-latency.svg"])
        let lost = StudyPlots.render(Self.state(reporting: ["share.lost"]))[0].svg
        XCTAssertTrue(lost.contains("share.lost vs push.wakeRefusal") && lost.contains("share mean"), lost)
        XCTAssertFalse(lost.contains("p50"), "a per-replication metric has its mean only")
    }

    /// A study of the share extension that reports `share.lost` gets its chart and no staleness
    /// chart, and the same CSV files, byte for byte, as without the key.
    func testAReportOfShareLossesDrawsThemAndLeavesTheCSVsAsTheyWere() throws {
        let study = """
        {name: "shares", duration: "6h", replications: 5, seed: 4, observe: {warmup: "30m"%@},
         share: {perDay: 48}, sweep: {"user.appOpens.perHour": [0.5, 2]}}
        """
        let fixture = try StudyFixture(study.replacingOccurrences(of: "%@", with: ""))
        let reporting = fixture.path("reporting.json5")
        try study.replacingOccurrences(of: "%@", with: #", report: ["share.lost"]"#).write(toFile: reporting, atomically: true, encoding: .utf8)
        fixture.cli(["run", fixture.scenario, "--out", fixture.path("plain"), "--quiet"])
        let console = fixture.cli(["run", reporting, "--out", fixture.path("lost")])
        XCTAssertTrue(console.output.contains("\npoint  surface  lost\n0      share    "), console.output)
        let plain = try fixture.results("plain"), lost = try fixture.results("lost")
        XCTAssertEqual(lost.keys.filter { $0.hasSuffix(".svg") }.sorted(),
                       ["contrasts-forest-lost.svg", "sweep-user.appOpens.perHour-lost.svg"])
        XCTAssertTrue(lost["contrasts-forest-lost.svg"]?.contains("Mean share.lost: paired difference") == true)
        XCTAssertTrue(plain.keys.contains("staleness-ecdf-app.svg") && plain.keys.contains("sweep-user.appOpens.perHour.svg"))
        for name in ["runs.csv", "summary.csv", "distributions.csv", "contrasts.csv"] {
            XCTAssertNotNil(plain[name], name)
            XCTAssertTrue(plain[name] == lost[name], "\(name) changed with observe.report")
        }
        let manifest = try String(contentsOfFile: fixture.path("lost/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#""observe.report": ["share.lost"]"#), manifest)
    }

    /// Every measure has one unit across surfaces, so one sweep chart's axis serves all its metrics.
    func testEachMeasureHasOneUnit() {
        for group in SweepChart.groups(ReportedMetric.all) {
            XCTAssertEqual(Set(group.metrics.map(\.spec.unit)).count, 1, group.measure)
        }
    }
}
