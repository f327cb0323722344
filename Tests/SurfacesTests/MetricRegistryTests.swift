import XCTest
import SimKernel
import Platform
@testable import Surfaces
@_spi(Assembly) @_spi(AppDesign) @testable import SurfaceCore
@testable import SystemPrograms
@testable import WidgetPrograms
@testable import AppPrograms
@testable import LiveStatusPrograms
@testable import WatchPrograms
@testable import SharePrograms
@testable import ActionsPrograms
@testable import InstantVersionPrograms
@testable import CarPrograms
@testable import TelevisionPrograms

/// The built-in metric catalogue is a registry each surface's folder contributes to
/// (`MetricCatalog.contributions`), ordered by the append-only published order
/// (`MetricCatalog.publishedOrder`): no name is registered twice, every published name is
/// registered and every built-in metric published, each `Metric` member names a registered
/// metric, the columns of a committed runs.csv are in the published order, each surface
/// declares only its own metrics, and the names are the ones docs/metrics.md lists, in that order.
final class MetricRegistryTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheRegistryFitsThePublishedOrder() {
        let problems = MetricOrder.problems(MetricCatalog.contributions, published: MetricCatalog.publishedOrder)
        XCTAssertEqual(problems, [])
        guard problems.isEmpty else { return }  // the catalogue itself would stop the program
        XCTAssertEqual(MetricCatalog.builtIn.map(\.name), Array(MetricCatalog.publishedOrder.joined()),
                       "every built-in metric is published (appended to MetricCatalog.publishedOrder), in that order")
        XCTAssertEqual(Metric.allCases.map(\.rawValue), Array(MetricCatalog.builtIn.indices))
        for c in MetricCatalog.contributions {
            for spec in c.metrics { XCTAssertEqual(Metric.named(spec.name).spec, spec, "\(c.surface): \(spec.name)") }
        }
        let groups = MetricCatalog.publishedOrder.map(\.count)
        XCTAssertEqual(MetricCatalog.runsColumnGroups, groups.indices.map { groups[..<$0].reduce(0, +) })
    }

    /// The check finds a name registered twice, a name published twice or by no surface, and
    /// an empty group.
    func testAProblemWithTheOrderIsFound() {
        func surface(_ name: String, _ metrics: [String]) -> SurfaceMetrics {
            SurfaceMetrics(surface: name, role: .notReported, metrics: metrics.map(toySpec), report: { _, _, _ in })
        }
        let fine = [surface("a", ["a.x", "a.y"]), surface("b", ["b.z"])]
        XCTAssertEqual(MetricOrder.problems(fine, published: [["a.y", "b.z"], ["a.x"]]), [])
        XCTAssertEqual(MetricOrder.problems(fine, published: [["a.y"]]), [], "a registered metric may be unpublished")
        XCTAssertEqual(MetricOrder.problems(fine + [surface("c", ["b.z"])], published: [["a.x"]]),
                       ["b.z is registered by b and by c"])
        XCTAssertEqual(MetricOrder.problems([surface("a", ["a.x", "a.x"])], published: []),
                       ["a.x is registered by a and by a"])
        XCTAssertEqual(MetricOrder.problems(fine, published: [["a.x", "b.z"], ["a.x"]]), ["a.x is published twice"])
        XCTAssertEqual(MetricOrder.problems(fine, published: [["a.x", "a.w"]]), ["a.w is published but no surface registers it"])
        XCTAssertEqual(MetricOrder.problems(fine, published: [["a.x"], []]), ["published group 1 is empty"])
    }

    /// The order is the published one, group by group, whatever the registration order; then
    /// the registered metrics not published yet, in registration order, as a group of their own.
    func testTheOrderIsThePublishedOneThenTheUnpublished() {
        let contributions = [
            SurfaceMetrics(surface: "a", role: .notReported, metrics: ["a.x", "a.y", "a.z"].map(toySpec), report: { _, _, _ in }),
            SurfaceMetrics(surface: "b", role: .notReported, metrics: ["b.w", "b.v"].map(toySpec), report: { _, _, _ in }),
        ]
        let order = MetricOrder(contributions, published: [["a.y", "b.w"], ["a.x"]])
        XCTAssertEqual(order.specs.map(\.name), ["a.y", "b.w", "a.x", "a.z", "b.v"])
        XCTAssertEqual(order.groupStarts, [0, 2, 3])
        XCTAssertEqual(order.slots, ["a.y": 0, "b.w": 1, "a.x": 2, "a.z": 3, "b.v": 4])
        let published = MetricOrder(contributions, published: [["b.v", "b.w", "a.z", "a.y", "a.x"]])
        XCTAssertEqual(published.specs.map(\.name), ["b.v", "b.w", "a.z", "a.y", "a.x"])
        XCTAssertEqual(published.groupStarts, [0], "no group for unpublished metrics when there are none")
    }

    /// Every `Metric.named("…")` in the surfaces' sources names a registered metric (a member
    /// naming none would stop the program when first used), and the members resolved from
    /// names made up in code (the standby buckets', the backend's) are the metrics so named.
    func testEveryMemberNamesARegisteredMetric() throws {
        let folder = Self.root.appendingPathComponent("Sources/Surfaces")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var named: [String] = []
        for file in files {
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            for line in code {
                for part in line.components(separatedBy: "Metric.named(\"").dropFirst() {
                    named.append(String(part.prefix { $0 != "\"" }))
                }
            }
        }
        XCTAssertGreaterThan(named.count, 100, "the members found in \(folder.path)")
        XCTAssertEqual(Set(named).count, named.count, "a name two members declare")
        let registered = Set(MetricCatalog.contributions.flatMap(\.metrics).map(\.name))
        for name in named { XCTAssertTrue(registered.contains(name), "a member names \(name), which no surface registers") }
        XCTAssertEqual(Metric.appBucketTimes.map(\.spec.name), StandbyBucket.allCases.map { "app.bucket.\($0.rawValue).time" })
        XCTAssertEqual(MetricCatalog.backendBySurface.map(\.requests.spec.name), CostSurface.allCases.map { "backend.requests.\($0.name)" })
        XCTAssertEqual(MetricCatalog.backendBySurface.map(\.bytes.spec.name), CostSurface.allCases.map { "backend.bytes.\($0.name)" })
        XCTAssertEqual(MetricCatalog.backendByEndpoint.map(\.requests.spec.name), ["sync", "compactFetch", "write", "revoke"].map { "backend.requests." + $0 })
        XCTAssertEqual(MetricCatalog.backendByEndpoint.map { $0.bytes?.spec.name }, ["sync", "compactFetch", "write"].map { "backend.bytes." + $0 } + [nil])
    }

    /// The committed default study's runs.csv has its metric columns in the published order and
    /// groups: each group's figures (a sampled metric's `.mean`, `.p50`, `.p90`, `.p99`), then
    /// its count columns. Appending a metric means regenerating Results/ (`make results`).
    func testACommittedRunsFileHasThePublishedColumnOrder() throws {
        let runs = Self.root.appendingPathComponent("Results/default/runs.csv")
        let text = try String(contentsOf: runs, encoding: .utf8)
        let header = try XCTUnwrap(text.split(separator: "\n", maxSplits: 1).first).split(separator: ",").map(String.init)
        let columns = header.drop(while: { $0 != "seed" }).dropFirst()
        let published = Set(MetricCatalog.publishedOrder.joined())
        func metric(_ column: String, suffixes: [String]) -> String? {
            suffixes.lazy.filter { column.hasSuffix($0) }.map { String(column.dropLast($0.count)) }.first(where: published.contains)
        }
        var order: [String] = [], starts: [Int] = [], inCounts = true
        for column in columns {
            if let name = metric(column, suffixes: [".numerator", ".denominator"]) {
                XCTAssertTrue(order.contains(name), "\(column) before \(name)'s figures")
                inCounts = true
                continue
            }
            let name = published.contains(column) ? column : metric(column, suffixes: [".mean", ".p50", ".p90", ".p99"])
            guard let name else { return XCTFail("\(column) is no published metric's column") }
            if inCounts { starts.append(order.count) }
            inCounts = false
            if order.last != name { order.append(name) }
        }
        let expected = Array(MetricCatalog.publishedOrder.joined())
        XCTAssertEqual(order.count, expected.count, "the metrics in \(runs.path)")
        if let k = order.indices.first(where: { $0 < expected.count && order[$0] != expected[$0] }) {
            XCTFail("metric \(k) of runs.csv's columns is \(order[k]) where the published order has \(expected[k])")
        }
        XCTAssertEqual(starts, MetricCatalog.runsColumnGroups)
    }

    /// A surface's contribution holds its own metrics: named after it, or its sign-out leak.
    func testEachSurfaceDeclaresItsOwnMetrics() {
        for c in MetricCatalog.contributions {
            XCTAssertFalse(c.metrics.isEmpty, c.surface)
            for spec in c.metrics {
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

/// A metric of the registry's tests, named `name`.
private func toySpec(_ name: String) -> MetricSpec { MetricSpec(name: name, unit: "s", shape: .sampled, doc: "") }
