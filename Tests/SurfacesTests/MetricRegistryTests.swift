import XCTest
import SimKernel
@testable import Surfaces

/// The built-in metric catalogue is a registry each surface's folder contributes to
/// (`MetricCatalog.contributions`): every metric states its place, the places are exactly
/// 0, 1, … with none taken twice (the columns of runs.csv never move), each surface declares
/// only its own metrics, and the names are the ones docs/metrics.md lists, in that order.
final class MetricRegistryTests: XCTestCase {
    func testThePlacesAreDenseAndUnique() {
        let problems = MetricCatalog.placementProblems(MetricCatalog.contributions)
        XCTAssertEqual(problems, [])
        guard problems.isEmpty else { return }  // the catalogue itself would stop the program
        let places = MetricCatalog.contributions.flatMap { $0.metrics.map(\.metric.rawValue) }
        XCTAssertEqual(places.sorted(), Array(0..<places.count))
        XCTAssertEqual(Metric.allCases.map(\.rawValue), Array(0..<places.count))
        for c in MetricCatalog.contributions {
            for (metric, spec) in c.metrics { XCTAssertEqual(metric.spec, spec, "\(c.surface): \(spec.name) is not at its place") }
        }
    }

    /// The check finds a place taken twice, a gap and a place past the end.
    func testAMisplacedMetricIsFound() {
        func spec(_ name: String) -> MetricSpec { MetricSpec(name: name, unit: "s", shape: .sampled, doc: "") }
        func surface(_ metrics: [(Int, String)]) -> SurfaceMetrics {
            SurfaceMetrics(surface: "test", role: .notReported, metrics: metrics.map { (Metric($0.0), spec($0.1)) }, report: { _, _, _ in })
        }
        XCTAssertEqual(MetricCatalog.placementProblems([surface([(0, "a"), (1, "b")]), surface([(2, "c")])]), [])
        XCTAssertEqual(MetricCatalog.placementProblems([surface([(0, "a"), (1, "b")]), surface([(1, "c")])]),
                       ["test's c and b are both at 1"])
        XCTAssertEqual(MetricCatalog.placementProblems([surface([(0, "a"), (2, "b")])]), ["test's b is at 2, outside 0…1"])
        XCTAssertEqual(MetricCatalog.placementProblems([surface([(0, "a"), (-1, "b")])]), ["test's b is at -1, outside 0…1"])
    }

    /// A surface's contribution holds its own metrics: named after it, or its sign-out leak.
    func testEachSurfaceDeclaresItsOwnMetrics() {
        for c in MetricCatalog.contributions {
            XCTAssertFalse(c.metrics.isEmpty, c.surface)
            for (_, spec) in c.metrics {
                XCTAssertTrue(spec.name.hasPrefix(c.surface + ".") || spec.name.hasPrefix("signout." + c.surface),
                              "\(c.surface) declares \(spec.name)")
            }
        }
    }

    /// Each folder says how a study's default report treats its surface: the glanced ones have
    /// the staleness and blank share the standard report shows; a judged one is judged by its
    /// own metrics; every surface but the always-on app has the switch the default reads.
    func testEachSurfaceDeclaresHowItIsReported() {
        XCTAssertEqual(MetricCatalog.glancedSurfaces, ["widget", "app", "watch", "live", "car"])
        XCTAssertEqual(MetricCatalog.judgedSurfaces.map(\.surface), ["share", "action", "instant", "tv"])
        let names = Set(MetricCatalog.builtIn.map(\.name))
        for s in MetricCatalog.glancedSurfaces {
            XCTAssertTrue(names.isSuperset(of: [s + ".staleness", s + ".blank"]), "\(s) is glanced but has no staleness or blank share")
        }
        for (s, metrics) in MetricCatalog.judgedSurfaces {
            XCTAssertFalse(metrics.isEmpty, s)
            for m in metrics { XCTAssertTrue(m.spec.name.hasPrefix(s + "."), "\(s) is judged by \(m)") }
        }
        let reported = MetricCatalog.glancedSurfaces + MetricCatalog.judgedSurfaces.map(\.surface)
        XCTAssertEqual(reported.filter { !MetricCatalog.isSwitchable($0) }, ["app"])
    }

    /// Whether a surface is on is read from its own switch, at each point.
    func testASurfaceIsOnWhenItsSwitchIs() {
        var p = Parameters()
        for s in MetricCatalog.glancedSurfaces + MetricCatalog.judgedSurfaces.map(\.surface) where MetricCatalog.isSwitchable(s) {
            let isOn = MetricCatalog.isOn(s)
            for enabled in [false, true] {
                ParameterCatalog.spec(s + ".enabled")!.set(&p, .bool(enabled))
                XCTAssertEqual(isOn(p), enabled, "\(s).enabled = \(enabled)")
            }
        }
        XCTAssertTrue(MetricCatalog.isOn("app")(p), "the app has no switch: always on")
    }

    /// docs/metrics.md's table of all metrics lists every metric of the catalogue, then the
    /// point metrics, in the column order of runs.csv, with its unit, kind and estimator.
    func testTheNamesAreTheDocsNamesInColumnOrder() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/metrics.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let table = try XCTUnwrap(text.components(separatedBy: "## All metrics").last)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        func kind(_ s: MetricShape) -> String { s == .sampled ? "sampled" : "per replication" }
        // The estimator summary.csv's mean is, with the methods its interval may have.
        func estimator(_ s: MetricSpec) -> String {
            s.shape == .sampled ? "pooled mean [ratio]"
                : s.isCountedFraction ? "pooled fraction [ratio, wilson or upper-bound]"
                : s.unit == "count" ? "replications' mean [t or upper-bound]" : "replications' mean [t]"
        }
        let catalogue = MetricCatalog.builtIn.map { ["`\($0.name)`", $0.unit, kind($0.shape), estimator($0)] }
            + MetricCatalog.pointMetrics.map { ["`\($0.name)`", $0.unit, "per point", "point figure [none]"] }
        XCTAssertEqual(rows.count, catalogue.count, "the table's rows against the catalogue's metrics")
        if let k = rows.indices.first(where: { $0 < catalogue.count && Array(rows[$0].prefix(4)) != catalogue[$0] }) {
            XCTFail("row \(k + 1) of the table is \(rows[k].prefix(4)) where the catalogue has \(catalogue[k])")
        }
    }
}
