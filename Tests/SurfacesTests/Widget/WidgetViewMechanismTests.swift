import XCTest
import SimKernel
import Surfaces
@_spi(AppDesign) import SurfaceCore
import TestSupport

/// What the widget shows, and why (§25.3–25.4, §25.9; docs/model.md#app-group-refused and 003): a stored view is
/// a picture; storage protected until first unlock is closed after a restart; a refused App
/// Group leaves the widget on "Nothing yet"; an app update with a new projection schema;
/// a configured target deleted elsewhere; a printed data age.
final class WidgetViewMechanismTests: XCTestCase {

    /// Blank share and staleness samples of `p` over `seeds` replications.
    private func run(_ p: Parameters, seeds: Int, base: UInt64) -> (blank: [Double], staleness: Pooled) {
        let pooled = Pooled(p, seeds: seeds, base: base, samples: .widgetStaleness, value: .widgetBlank)
        return (pooled.values, pooled)
    }

    // MARK: A stored view is a picture (§25.9)

    /// With the projection readable only while the phone is unlocked, the phone locked 80% of
    /// the time and the widget reloaded only at app opens (which unlock the phone), the widget
    /// still shows data at every glance: the host keeps the picture, whatever happens to the
    /// data it was made from. Reloads on the timeline's hint, most of which run while the
    /// phone is locked, replace the picture with a placeholder.
    /// (The chapter's own case, a sign-out that clears the shared data but skips
    /// `reloadWidgets`, is in `WidgetSignOutTests`.)
    func testStoredViewOutlivesTheDataItWasMadeFrom() {
        var p = WidgetSetUp.appFed(opensPerHour: 1, editsPerHour: 1, days: 5)
        p.widget.dataProtection = .whenUnlocked
        p.device.locked = 0.8
        let pictures = run(p, seeds: 3, base: 100)
        for b in pictures.blank { XCTAssertEqual(b, 0, "the stored picture must stay while the projection is closed") }
        XCTAssertGreaterThan(pictures.staleness.n, 500)

        p.widget.reloadAfter = 30 * Time.minute
        let rebuilt = run(p, seeds: 3, base: 100)
        XCTAssertGreaterThan(Stat.mean(rebuilt.blank), 0.2, "reloads while locked must show the placeholder")
    }

    // MARK: Restarts and first unlock (§25.3, docs/model.md#device)

    /// Restarts at rate r close storage protected until first unlock; the phone is unlocked
    /// only by app opens at rate λ (no lock cycle). The widget is blank from each restart to the
    /// next open: a two-state process, blank a share r/(r+λ) of the time.
    func testWidgetIsBlankAfterRestartUntilFirstUnlock() {
        let r = 0.25, lambda = 0.5, g = 1.0                                  // per hour
        var p = WidgetSetUp.appFed(opensPerHour: lambda, editsPerHour: 0.5, days: 20)
        p.device.locked = 0                                                  // unlocked only by opens
        p.device.restartsPerDay = r * 24
        p.widget.dataProtection = .afterFirstUnlock
        p.observe.widgetGlances = Rate(perHour: g)
        let pooled = Pooled(p, seeds: 12, base: 200, value: .widgetBlank)
        // Each replication has ~456 glances; the blank state renews at rate r + λ.
        let glances = 12 * Int(19 * 24 * g)
        let nEff = Stat.effective(glances, inflation: Stat.inflation(glances: g, renewals: r + lambda))
        let expected = r / (r + lambda)
        let tol = Stat.binomial(expected, n: nEff)
        assertClose(pooled.meanValue, expected, tolerance: tol, "widget.blank with restarts")
        assertDetects(2 * r / (2 * r + lambda), from: expected, tolerance: tol, "restart rate doubled")

        // Readable always: the archive rebuilt at boot shows data at once.
        p.widget.dataProtection = .always
        for (i, b) in Pooled(p, seeds: 3, base: 200, value: .widgetBlank).values.enumerated() {
            XCTAssertEqual(b, 0, "seed \(WidgetSeeds.offset + 200 + UInt64(i)): blank glances with storage readable always")
        }
        // After first unlock but no restarts: never closed.
        p.widget.dataProtection = .afterFirstUnlock
        p.device.restartsPerDay = 0
        for b in Pooled(p, seeds: 3, base: 200, value: .widgetBlank).values { XCTAssertEqual(b, 0) }
    }

    // MARK: App Group refused at signing (docs/model.md#app-group-refused)

    /// Without the shared container every widget glance shows its empty state, while the
    /// main app works and shows data.
    func testRefusedAppGroupLeavesEveryWidgetGlanceBlank() {
        var p = WidgetSetUp.appFed(opensPerHour: 1, editsPerHour: 1, days: 3)
        p.storage.appGroupGranted = false
        p.widget.reloadAfter = 30 * Time.minute
        for seed in WidgetSeeds.range(300..<303) {
            let r = Replication.run(p, seed: seed)
            XCTAssertEqual(r[value: .widgetBlank], 1, "seed \(seed): a widget glance showed data without the App Group")
            XCTAssertEqual(r[samples: .widgetStaleness].count, 0)
            XCTAssertGreaterThan(r[samples: .appStaleness].count, 20, "seed \(seed): the app must still work")
            XCTAssertEqual(r[value: .appBlank], 0, "seed \(seed): the app shows data at every open")
        }
    }

    // MARK: Projection schema after an app update (docs/model.md#the-widgets-projection, F3)

    /// Updates at rate u each change the schema. With `versionedAppMigrates` the widget shows
    /// its empty state from each update until the app runs and migrates the projection
    /// (blank share u/(u+λ), as for restarts); with `versionedReadsOld` it never does.
    func testWidgetAfterAppUpdateDependsOnProjectionSchema() {
        let u = 0.25, lambda = 0.5, g = 1.0
        var p = WidgetSetUp.appFed(opensPerHour: lambda, editsPerHour: 0.5, days: 20)
        p.device.locked = 0
        p.device.appUpdatesPerDay = u * 24
        p.app.updateChangesSchema = 1
        p.observe.widgetGlances = Rate(perHour: g)
        p.widget.projectionSchema = .versionedAppMigrates
        let migrates = Pooled(p, seeds: 12, base: 400, value: .widgetBlank)
        let nEff = Stat.effective(12 * Int(19 * 24 * g), inflation: Stat.inflation(glances: g, renewals: u + lambda))
        let expected = u / (u + lambda)
        assertClose(migrates.meanValue, expected, tolerance: Stat.binomial(expected, n: nEff), "widget.blank, versionedAppMigrates")

        p.widget.projectionSchema = .versionedReadsOld
        for (i, b) in Pooled(p, seeds: 3, base: 400, value: .widgetBlank).values.enumerated() {
            XCTAssertEqual(b, 0, "seed \(WidgetSeeds.offset + 400 + UInt64(i)): versionedReadsOld must keep showing data after updates")
        }
        XCTAssertTrue(Pooled(p, seeds: 3, base: 400, value: .widgetProviderCrashed).values.allSatisfy { $0 == 0 })

        // Unversioned, the widget cannot tell an old projection from its own shape: decoding
        // fails and the provider dies, keeping the old picture. Here (no reload hints) a provider
        // runs at each update, when the projection on disk is the old version's, and at the app's
        // requests after it has migrated: so the runs that crash are the updates' runs, one each
        // (a few fewer when the user opens the app between an update and its run), and the
        // widget is never blank for it.
        p.widget.projectionSchema = .unversioned
        var crashed = 0.0, updates = 0
        for seed in WidgetSeeds.range(400..<406) {
            let trace = TraceLog()
            let r = Replication.run(p, seed: seed, trace: trace)
            XCTAssertEqual(r[value: .widgetBlank], 0, "seed \(seed): an unversioned widget keeps its old picture")
            crashed += (r[value: .widgetProviderCrashed] * r[value: .widgetReloads]).rounded()
            updates += trace.receiveTimes("widgetHost", "deviceNotice(appUpdated)")
                .filter { $0 >= p.observe.warmup }.count
        }
        XCTAssertGreaterThan(updates, 300)
        XCTAssertLessThanOrEqual(crashed, Double(updates), "only runs that read another version's projection crash")
        XCTAssertGreaterThan(crashed, 0.95 * Double(updates), "each update's run crashes")
    }

    // MARK: Configured target deleted elsewhere (docs/model.md#configured-targets)

    /// Objects are deleted on another device. A widget that remembers its target by position
    /// silently shows another object; one that remembers a stable identifier never does, and
    /// says its target is gone (a blank view) instead.
    func testConfiguredWidgetNeverSilentlySwitchesTarget() {
        var p = WidgetSetUp.appFed(opensPerHour: 1, editsPerHour: 0, days: 5)
        p.elsewhere.deletesPerDay = 2
        p.widget.configuration = .position
        let byPosition = Pooled(p, seeds: 6, base: 500, value: .widgetWrongTarget)
        XCTAssertGreaterThan(byPosition.meanValue, 0.2, "a position-configured widget must show the wrong object")

        p.widget.configuration = .stableIdentifier
        var dataShown = 0, goneShown = 0
        for seed in WidgetSeeds.range(500..<506) {
            let r = Replication.run(p, seed: seed)
            let wrong = r[value: .widgetWrongTarget]           // NaN: no glance showed data
            if !wrong.isNaN { dataShown += 1 }
            XCTAssert(wrong.isNaN || wrong == 0, "seed \(seed): a stable identifier showed another object (\(wrong))")
            if r[value: .widgetBlank] > 0 { goneShown += 1 }
        }
        XCTAssertGreaterThan(dataShown, 0, "no replication showed the configured object")
        XCTAssertGreaterThan(goneShown, 0, "no replication showed that the target is gone")
    }

    // MARK: Data age (§25.4 "One further detail is visible")

    /// Without a printed data age every glance staler than `observe.staleAfter` is unlabeled;
    /// with it none is. (All glances show data here, so the share is exactly the share of
    /// staleness samples above 15 minutes.)
    func testUnlabeledStaleGlancesNeedAPrintedAge() {
        var p = WidgetSetUp.appFed(opensPerHour: 0.5, editsPerHour: 1, days: 4)
        p.widget.showsDataAge = false
        for seed in WidgetSeeds.range(600..<603) {
            let r = Replication.run(p, seed: seed)
            let s = r[samples: .widgetStaleness]
            XCTAssertEqual(r[value: .widgetBlank], 0)
            let staleShare = Double(s.filter { $0 > 900 }.count) / Double(s.count)
            XCTAssertGreaterThan(staleShare, 0.2)
            XCTAssertEqual(r[value: .widgetUnlabeledStale], staleShare, accuracy: 1e-12, "seed \(seed)")
        }
        p.widget.showsDataAge = true
        for seed in WidgetSeeds.range(600..<603) {
            XCTAssertEqual(Replication.run(p, seed: seed)[value: .widgetUnlabeledStale], 0, "seed \(seed)")
        }
    }
}

/// The session entry in shared secure storage is closed after a restart, like storage
/// protected until first unlock (§25.3: "A lock-screen widget that shows a placeholder after
/// a restart, and data after the first unlock, depends on such an entry or on a storage area
/// protected in the same way").
final class WidgetFirstUnlockTests: XCTestCase {
    /// A self-fetching widget with no app opens and no timeline reloads of its own: after the
    /// boot reload, only the first unlock after a restart can reload it. With the lock cycle of
    /// the defaults (unlocked periods Exp(6 min), locked share 0.8, so locked periods Exp(24 min)),
    /// the time D from a restart to the first unlock has mean 0.8·24 + 0.2·(6 + 24) = 25.2 min,
    /// and the widget is blank a share E[D] / (1/r + E[D]) of the time.
    private func blankShare(projection: Protection, session: Protection) -> (observed: Double, expected: Double, tolerance: Double) {
        let r = 1.0, g = 2.0                                                    // per hour
        var p = WidgetSetUp.closedForm(days: 25)
        p.widget.fetchesOwnData = true
        p.widget.reloadAfter = WidgetSetUp.noHints
        p.push.onChange = false
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 1)
        p.device.locked = 0.8
        p.device.unlockedPeriod = .exponential(mean: 360)
        p.device.restartsPerDay = r * 24
        p.widget.dataProtection = projection
        p.session.protection = session
        p.observe.widgetGlances = Rate(perHour: g)
        let pooled = Pooled(p, seeds: 10, base: 1_100, value: .widgetBlank)
        let meanD = (0.8 * 24 + 0.2 * 30) / 60                                 // hours
        let expected = meanD / (1 / r + meanD)
        // A restart in a locked period (probability 0.8) starts a closed period independent of
        // the past: the state renews at rate at least 0.8·r.
        let nEff = Stat.effective(10 * 24 * 24 * Int(g), inflation: Stat.inflation(glances: g, renewals: 0.8 * r))
        return (pooled.meanValue, expected, Stat.binomial(expected, n: nEff))
    }

    func testWidgetDataClosedUntilFirstUnlockReturnsAtFirstUnlock() {
        let s = blankShare(projection: .afterFirstUnlock, session: .afterFirstUnlock)
        assertClose(s.observed, s.expected, tolerance: s.tolerance, "widget.blank, projection and session after first unlock")
    }

    /// The same widget whose projection is readable always but whose session entry (which it
    /// needs to fetch) is protected until first unlock must come back at the first unlock too.
    func testWidgetSessionClosedUntilFirstUnlockReturnsAtFirstUnlock() {
        let s = blankShare(projection: .always, session: .afterFirstUnlock)
        assertClose(s.observed, s.expected, tolerance: s.tolerance, "widget.blank, session entry after first unlock")
    }
}
