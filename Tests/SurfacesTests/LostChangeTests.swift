import XCTest
import SimKernel
import Platform
import Surfaces
import SurfaceCore
import TestSupport

/// Changes lost for good leave the truth at the moment they are lost (docs/model.md#lost-changes):
/// no surface is stale for them from then on, and they leave every lag population.
final class LostChangeTests: XCTestCase {

    /// The default world with a companion watch on an immediate relay whose phone is out of
    /// reach all the time (periods begin within a fraction of a second and last ~100 days):
    /// every watch write is refused and lost at the moment it is made.
    static func everyWatchWriteRefused(writesPerHour: Double) -> Parameters {
        var p = Parameters()
        p.duration = 2 * Time.day
        p.watch.level = .companion
        p.watch.relay = .immediate
        p.watch.phoneUnreachablePerDay = 1_000_000
        p.watch.phoneUnreachableDuration = .constant(100 * 86_400)
        p.watch.writes = Rate(perHour: writesPerHour)
        return p
    }

    /// The invariant itself: under a design that loses changes, every surface's staleness is,
    /// glance for glance, what it is in the same replication with those changes never made.
    /// (Every watch write is lost here, so "never made" is a watch that writes nothing; the
    /// writes draw from the watch's own stream, so nothing else moves.) Before lost changes
    /// left the truth, each refused write made every other surface stale to the end.
    func testEverySurfaceIsAsStaleAsIfTheLostChangesWereNeverMade() {
        let losing = Self.everyWatchWriteRefused(writesPerHour: 2)
        let never = Self.everyWatchWriteRefused(writesPerHour: 0)
        let compared: [Metric] = [.widgetStaleness, .appStaleness, .watchStaleness, .carStaleness,
                                  .widgetLag, .appLag, .carLag, .watchLag]
        let averaged: [Metric] = [.widgetStalenessTimeAvg, .appStalenessTimeAvg, .watchStalenessTimeAvg, .carStalenessTimeAvg,
                                  .widgetLagCensored, .appLagCensored, .carLagCensored]
        var lostSomething = 0
        for seed in UInt64(0)..<8 {
            let a = Replication.run(losing, seed: 4_400 + seed)
            let b = Replication.run(never, seed: 4_400 + seed)
            XCTAssertEqual(a[value: .watchWriteLost], 1, "seed \(seed): every write is refused")
            if a[value: .changesLost] > 0 { lostSomething += 1 }
            XCTAssertEqual(b[value: .changesLost], 0, "seed \(seed): nothing to lose")
            for m in compared {
                XCTAssertEqual(a[samples: m], b[samples: m], "seed \(seed): \(m.spec.name)")
            }
            for m in averaged {
                // The same integral, cut at more points (each write and its loss), so only the
                // last bits of the floating-point sum may differ.
                let x = a[value: m], y = b[value: m]
                XCTAssertEqual(x, y, accuracy: 1e-12 * max(1, abs(y)), "seed \(seed): \(m.spec.name)")
            }
        }
        XCTAssertEqual(lostSomething, 8, "the design lost changes in every replication")
    }

    /// A write still on its way stays in the truth: a queued watch write made while the phone
    /// is away makes the app stale until the write reaches the backend and the app syncs it.
    func testAWriteOnItsWayStaysInTheTruth() {
        var p = Self.everyWatchWriteRefused(writesPerHour: 2)
        p.watch.relay = .queued
        let r = Replication.run(p, seed: 4_500)
        XCTAssertEqual(r[value: .changesLost], 0, "queued writes are never lost")
        XCTAssertEqual(r[value: .watchWriteLost], 0)
        XCTAssertEqual(r[value: .watchWriteLatencyCensored], 1, "the phone is never reached: every write waits")
        let never = Replication.run(Self.everyWatchWriteRefused(writesPerHour: 0), seed: 4_500)
        let stale = r[samples: .appStaleness].reduce(0, +), baseline = never[samples: .appStaleness].reduce(0, +)
        XCTAssertGreaterThan(stale, baseline, "the writes waiting in the queue make the app stale")
    }

    /// An outbox nobody drains (the app is never opened, never woken): every share is on its
    /// way at the end, none is lost, and the latency leaves all of them out.
    func testAnUndrainedOutboxCensorsEveryShare() {
        var p = SurfaceSetUp.quiet(days: 3)
        p.share.enabled = true
        p.share.design = .outbox
        p.share.perDay = 6
        let runs = SurfaceRuns(p, seeds: 5, base: 4_600)
        for r in runs.results {
            XCTAssertEqual(r[value: .shareLatencyCensored], 1)
            XCTAssertEqual(r[value: .shareLost], 0)
            XCTAssertEqual(r[value: .changesLost], 0)
            XCTAssertTrue(r[samples: .shareLatency].isEmpty)
        }
    }

    /// An action whose every attempt fails (the phone is offline all the time) is lost when
    /// the automation gives up, and counted once, in `action.lost`.
    func testAnActionWhoseEveryAttemptFailsIsLost() {
        var p = SurfaceSetUp.quiet(days: 2)
        p.action.enabled = true
        p.action.background = true
        p.action.perDay = 8
        p.network.offlinePerDay = 1_000_000
        p.network.offlineDuration = .constant(100 * 86_400)
        let runs = SurfaceRuns(p, seeds: 5, base: 4_700)
        for r in runs.results {
            XCTAssertEqual(r[value: .actionLost], 1)
            XCTAssertEqual(r[value: .changesLost], 1, "the actions' changes are the only changes")
        }
    }
}

/// The change set's bookkeeping of lost changes.
final class ChangeSetLossTests: XCTestCase {
    /// A lost change absorbed into the prefix: later changes stay a plain prefix instead of
    /// piling up as extras (the quadratic memory of long replications).
    func testALostChangeDoesNotStopThePrefix() {
        let lost = LostChanges()
        var s = ChangeSet()
        for id in Int32(0)..<5 { s.insert(ChangeID(id), lost: lost) }
        lost.insert(5)
        for id in Int32(6)..<1_000 { s.insert(ChangeID(id), lost: lost) }
        XCTAssertEqual(s.prefix, 1_000)
        XCTAssertTrue(s.extras.isEmpty)
        // Without the register every later change is an extra.
        var t = ChangeSet()
        for id in Int32(0)..<5 { t.insert(ChangeID(id)) }
        for id in Int32(6)..<1_000 { t.insert(ChangeID(id)) }
        XCTAssertEqual(t.extras.count, 994)
        XCTAssertTrue(s.sameChanges(as: t, lost: lost))
        XCTAssertFalse(s.sameChanges(as: t))
    }

    /// A loss learnt after the later changes arrived is absorbed at the next update.
    func testALossIsAbsorbedAtTheNextUpdate() {
        let lost = LostChanges()
        var s = ChangeSet()
        for id: Int32 in [0, 1, 3, 4] { s.insert(ChangeID(id), lost: lost) }
        XCTAssertEqual(s.extras, [3, 4])
        lost.insert(2)
        s.insert(ChangeID(5), lost: lost)
        XCTAssertEqual(s.prefix, 6)
        XCTAssertTrue(s.extras.isEmpty)
        var u = ChangeSet()
        u.formUnion(s, lost: lost)
        XCTAssertEqual(u.prefix, 6)
    }

    /// `hasChange(notIn:)` ignores lost changes: absorbing a loss is no new data.
    func testAbsorbingALossIsNoNewData() {
        let lost = LostChanges()
        var old = ChangeSet()
        for id: Int32 in [0, 1, 3] { old.insert(ChangeID(id)) }
        lost.insert(2)
        var new = old
        new.insert(ChangeID(3), lost: lost)          // absorbs 2: prefix 4
        XCTAssertEqual(new.prefix, 4)
        XCTAssertFalse(new.hasChange(notIn: old, lost: lost))
        new.insert(ChangeID(4), lost: lost)
        XCTAssertTrue(new.hasChange(notIn: old, lost: lost))
    }

    /// The truth passes over changes lost by the glance's time, and only those.
    func testStalenessPassesOverChangesLostByThen() {
        let truth = Truth()
        _ = truth.make(.elsewhere, at: 0)                 // 0, applied below
        let watch = truth.make(.watch, at: 10)            // 1, lost at 50
        _ = truth.make(.elsewhere, at: 20)                // 2
        var view = ChangeSet()
        view.insert(ChangeID(0))
        XCTAssertEqual(truth.staleness(of: view, at: 40), 30, "the watch write is on its way")
        XCTAssertTrue(truth.release(watch))
        truth.markLost(watch, at: 50)
        XCTAssertEqual(truth.staleness(of: view, at: 45), 35, "a glance before the loss")
        XCTAssertEqual(truth.staleness(of: view, at: 60), 40, "after the loss the earliest missing is change 2")
        view.insert(ChangeID(2), lost: truth.lost)
        XCTAssertEqual(view.prefix, 3)
        XCTAssertEqual(truth.staleness(of: view, at: 60), 0)
    }
}
