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

/// The probes' second device (docs/model.md#probes-and-failure-modes): a program with its own
/// copy of the account, refreshed by a sync over its own network when a person looks at it;
/// a probe's reading comes from what it shows, never from the backend's counters. P25.6's
/// share step runs the share sheet after the sign-out.
final class SecondDeviceTests: XCTestCase {
    /// A change the backend has applied is not on the second device until a person looks at
    /// it and its sync's reply has come back; the look takes the network's time.
    func testTheSecondDeviceShowsAChangeOnlyAfterItsSyncsReplyArrives() {
        let probe = ChapterProbes.probe("P25.3")!
        let r = ProbeRun(probe.parameters(probe.designs[0]), seed: 5)
        r.wait(10 * Time.minute)
        r.openApp(stay: Time.minute)
        guard let change = r.editInApp() else { return XCTFail("the app made no change") }
        XCTAssertNotNil(r.watch(for: Time.minute) { r.world.truth.timesApplied(change) > 0 }, "the backend applies the change")
        r.wait(Time.minute)
        XCTAssertFalse(r.elsewhereShows(change), "nobody looked: the second device still shows its old copy")
        let before = r.assembly.elsewhere.refreshes
        let start = r.now
        r.lookElsewhere()
        XCTAssertEqual(r.assembly.elsewhere.refreshes, before + 1, "one look, one sync answered")
        XCTAssertGreaterThan(r.now, start, "the sync's reply takes the network's round trip")
        XCTAssertTrue(r.elsewhereShows(change), "after its sync the second device shows the change")
    }

    /// The second device shows the live activity's stage as the backend had it at its sync.
    func testTheSecondDeviceShowsTheActivitysStageFromTheBackend() {
        let probe = ChapterProbes.probe("P25.5")!
        let r = ProbeRun(probe.parameters(probe.designs[0]), seed: 7)
        r.wait(10 * Time.minute)
        XCTAssertTrue(r.startActivity())
        guard let a = r.lastActivity, let first = a.stageTimes.first else { return XCTFail("no activity") }
        r.lookElsewhere()
        XCTAssertEqual(r.elsewhereStage, 0, "before its first stage")
        r.wait(first - r.now + Time.minute)
        XCTAssertEqual(r.elsewhereStage, 0, "not refreshed since")
        r.lookElsewhere()
        XCTAssertEqual(r.elsewhereStage, r.lastActivity!.stage)
        XCTAssertGreaterThanOrEqual(r.elsewhereStage, 1)
    }

    /// A backend-internal parameter that changes no view (idempotency keys, in probe runs that
    /// send no write twice; the payload sizes, which only the cost figures read) leaves every
    /// probe's readings identical, run by run.
    func testAParameterThatChangesNoViewChangesNoReading() {
        let changes: [(String, (inout Parameters) -> Void)] = [
            ("backend.idempotencyKeys", { $0.backend.idempotencyKeys.toggle() }),
            ("backend payload sizes", { $0.backend.syncBytes *= 10; $0.backend.compactBytes *= 10; $0.backend.writeBytes *= 10 }),
        ]
        for probe in ChapterProbes.all {
            for design in probe.designs {
                for seed in UInt64(1)...6 {
                    let p = probe.parameters(design)
                    let reading = probe.run(on: p, seed: seed)
                    for (name, change) in changes {
                        var q = p
                        change(&q)
                        XCTAssertEqual(probe.run(on: q, seed: seed), reading, "\(probe.id) \(design.name) seed \(seed): \(name)")
                    }
                }
            }
        }
    }

    /// P25.6's share step is a share: after a full sign-out the extension finds no session and
    /// makes no change; a sign-out that leaves the shared session entry (no `clearSession`
    /// step) leaves it acting signed in: the item becomes a change.
    func testAfterTheSignOutTheShareSheetActsSignedInOnlyWhereTheSessionStays() {
        let probe = ChapterProbes.probe("P25.6")!
        let full = probe.parameters(probe.designs.first { $0.name == "fullSignOut" }!)
        var keeps = full
        keeps.signout.steps.remove(.clearSession)
        for (design, p, signedIn) in [("fullSignOut", full, false), ("noClearSession", keeps, true)] {
            let r = ProbeRun(p, seed: 3)
            r.wait(10 * Time.minute)
            r.openApp(stay: Time.minute)
            r.signOut()
            r.goHome()
            r.wait(Time.minute)
            guard let item = r.share() else { return XCTFail("\(design): not in the share sheet") }
            XCTAssertEqual(r.shareActedSignedIn(item), signedIn, design)
            XCTAssertEqual(r.world.measure.signals(ShareSignals.self).items[item].change != nil, signedIn, "\(design): the item became a change")
        }
    }
}
