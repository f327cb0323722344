import XCTest
import SimKernel
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

/// Switching one built-in surface on leaves the other surfaces as they were: every program
/// draws from streams seeded by its own name (docs/model.md#randomness), so a surface's
/// programs reseed no one else, and a surface that changes nothing and keeps nothing alive
/// leaves every other surface's metrics unchanged, replication by replication. (The speaker of
/// Examples/CustomSurface has the same test from outside.) Each comparison is checked not to be
/// vacuous: switched on, the surface's programs handle events. A surface that makes changes or
/// keeps the app alive is compared with its changes and grants off (issue 42): the watch's
/// writes, the shared items, the car's projection; the live status with no order placed (an
/// order opens the app, and an app-driven status keeps it alive: with none, the live status
/// still hears every run of the app), and the actions with a user who signed out at the start
/// (the automations they left still run, and find no session to make a change with).
final class SurfaceIsolationTests: XCTestCase {
    /// The metrics of surfaces other than `surface`, the platform's mechanism diagnostics and
    /// the lost changes included: neither its own nor the backend's counts (which count every
    /// surface's requests).
    private func othersMetrics(than surface: String) -> [Metric] {
        Metric.allCases.filter { m in
            let owner = MetricCatalog.surfaces[m.rawValue]
            return owner != surface && owner != "backend"
        }
    }

    /// The metrics that differ between two runs of the same seed, by name.
    private func differing(_ a: ReplicationResult, _ b: ReplicationResult, among metrics: [Metric]) -> [String] {
        metrics.filter { m in
            let i = m.rawValue
            let same = a.samples[i] == b.samples[i] && (a.values[i] == b.values[i] || (a.values[i].isNaN && b.values[i].isNaN))
            return !same
        }.map(\.spec.name)
    }

    /// `handledBy`: a program of the surface that must itself handle events switched on (a
    /// trace of the first seed shows its deliveries), where other programs' events differ too.
    private func check(_ surface: String, enabled path: String, base: Parameters, seeds: ClosedRange<UInt64> = 1...4,
                       handledBy program: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        var on = base, off = base
        ParameterCatalog.spec(path)!.set(&on, .bool(true))
        ParameterCatalog.spec(path)!.set(&off, .bool(false))
        let others = othersMetrics(than: surface)
        var active = false
        for seed in seeds {
            let a = Replication.run(on, seed: seed), b = Replication.run(off, seed: seed)
            XCTAssertEqual(differing(a, b, among: others), [], "\(surface) on against off, seed \(seed)", file: file, line: line)
            active = active || a.events != b.events
        }
        // Not a vacuous comparison: switched on, the surface's programs handled events.
        XCTAssertTrue(active, "\(surface) did nothing in any seed: the comparison says nothing", file: file, line: line)
        if let program {
            let log = TraceLog()
            _ = Replication.run(on, seed: seeds.lowerBound, trace: log)
            let handled = log.records.filter { $0.process == program && $0.event == "receive" }.count
            XCTAssertGreaterThan(handled, 0, "\(program) handled no event: the comparison says nothing", file: file, line: line)
        }
    }

    /// The default parameters with `settings` set (catalogue paths and values as a scenario writes them).
    private func parameters(_ settings: [(String, ParameterValue)]) -> Parameters {
        var p = Parameters()
        for (path, value) in settings { ParameterCatalog.spec(path)!.set(&p, value) }
        return p
    }

    /// The television's playbacks open the app on the phone (the user starts them there): with
    /// none, it only checks in with the backend.
    func testTheTelevisionLeavesTheOtherSurfacesAsTheyWere() {
        check("tv", enabled: "tv.enabled", base: parameters([("tv.playbacks.perDay", .number(0))]))
    }

    /// The widget makes no change and keeps nothing alive; the app asking for its reloads is
    /// the app's own doing either way.
    func testTheWidgetLeavesTheOtherSurfacesAsTheyWere() {
        check("widget", enabled: "widget.enabled", base: Parameters())
    }

    func testTheInstantVersionLeavesTheOtherSurfacesAsTheyWere() {
        check("instant", enabled: "instant.enabled", base: parameters([("instant.uses.perDay", .number(4))]))
    }

    /// A projected car keeps the app running through each drive: the car's own client does not.
    func testTheCarLeavesTheOtherSurfacesAsTheyWere() {
        check("car", enabled: "car.enabled", base: parameters([("car.mode", .choice("onCar"))]))
    }

    /// The watch's writes are changes of the account's data, and a companion watch's reads
    /// wake the phone's app: a standalone watch that only reads touches neither.
    func testTheWatchLeavesTheOtherSurfacesAsTheyWere() {
        check("watch", enabled: "watch.enabled", base: parameters([("watch.writes.perHour", .rate(Rate(perHour: 0))),
                                                                   ("watch.level", .choice("standalone"))]))
    }

    /// Shared items are changes: with none, the share sheet still hears the device's notices.
    func testTheShareSheetLeavesTheOtherSurfacesAsTheyWere() {
        check("share", enabled: "share.enabled", base: parameters([("share.perDay", .number(0))]))
    }

    /// No order placed: the live status asks for no keep-alive and opens no app, and still hears
    /// each run of the app (which brings its statuses up to date) and the sign-out's end of them.
    func testTheLiveStatusWithNoOrderLeavesTheOtherSurfacesAsTheyWere() {
        check("live", enabled: "live.enabled", base: parameters([("live.activities.perDay", .number(0))]),
              handledBy: "liveStatus")
    }

    /// The user signs out at the start (every step: the shared session cleared): the actions an
    /// automation still runs find no session, so none makes a change or opens the app.
    func testTheActionsWithoutAChangeLeaveTheOtherSurfacesAsTheyWere() {
        var base = parameters([("action.perDay", .number(6)), ("action.background", .bool(true))])
        base.signout.at = 0
        check("action", enabled: "action.enabled", base: base, handledBy: "automations")
    }
}
