import XCTest
import Platform
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// Sign-out across surfaces (§25.9, P25.6; docs/model.md#sign-out): the six steps, each a parameter, and
/// each missing step's own visible leak.
final class SignOutTests: XCTestCase {
    static let signOutAt = 20 * Time.hour + 5 * Time.minute
    /// A leak this short is "at once" (P25.6: "every surface shows a signed-out state at once").
    static let small = 60.0
    /// A leak this long is a leak a person sees.
    static let large = 10 * 60.0

    static let leaks: [(String, Metric)] = [
        ("widget", .signoutWidgetLeak), ("live", .signoutLiveLeak), ("watch", .signoutWatchLeak),
        ("share", .signoutShareLeak), ("shareData", .signoutShareDataLeak), ("actions", .signoutActionsLeak),
        ("tv", .signoutTVLeak), ("car", .signoutCarLeak),
    ]

    /// The default world, signed out at 20:05 of a one-day run, with every surface holding the
    /// account then: activities of six hours started every hour (one is live), a companion watch
    /// whose phone stays in reach, the television signed in. Widget reloads run 0.2 s after they
    /// are granted, so the reload the sign-out's own app open requests is over before the
    /// sign-out; no offline periods, restarts or in-app edits (each could end a leak by accident).
    /// Sessions last five minutes, so the app the user opens to sign out is still in the
    /// foreground, its sync long answered, when the user signs out (the other case, a session
    /// ended on the way to the button, is `testSignedOutAppShowsNoAccountData`).
    static func world(steps: Set<SignoutStep> = Set(SignoutStep.allCases)) -> Parameters {
        var p = Parameters()
        p.duration = Time.day
        p.signout.at = signOutAt
        p.signout.steps = steps
        p.live.activitiesPerDay = 24
        p.live.activityLength = .constant(6 * 3_600)
        p.watch.level = .companion
        p.watch.phoneUnreachablePerDay = 0
        p.network.offlinePerDay = 0
        p.device.restartsPerDay = 0
        p.user.inAppChanges = Rate(perHour: 0)
        p.widget.reloadDelay = .constant(0.2)
        p.user.sessionLength = .constant(300)
        return p
    }

    static let seeds = 3

    /// What the user knows is theirs (docs/model.md#what-a-program-knows): once signed out they
    /// place no order (no activity begins), tap no widget button and ask for no action; the
    /// automation they set up still fires, and with the session cleared it runs nothing.
    func testASignedOutUserStartsNothingAndTheirAutomationFindsNoSession() {
        var p = Self.world()
        p.widget.buttonTapsPerDay = 24
        p.action.enabled = true
        p.action.perDay = 24
        for seed in UInt64(11_902)..<11_904 {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            guard let signOut = trace.receiveTimes("app", "signOut").first else { return XCTFail("seed \(seed): no sign-out") }
            func received(_ process: String, _ prefix: String) -> [SimTime] {
                trace.records.filter { $0.process == process && $0.event == "receive" && $0.details.hasPrefix(prefix) }.map(\.time)
            }
            for (process, prefix, what) in [("liveStatus", "begin", "activities begun"), ("automations", "buttonTap", "button taps"),
                                            ("automations", "run(attended: true)", "actions asked for"),
                                            ("actionRunner", "run", "actions run")] {
                let times = received(process, prefix)
                XCTAssertGreaterThan(times.filter { $0 < signOut }.count, 0, "seed \(seed): \(what) before the sign-out")
                XCTAssertEqual(times.filter { $0 >= signOut }, [], "seed \(seed): \(what) after the sign-out")
            }
            XCTAssertGreaterThan(received("automations", "run(attended: false)").filter { $0 > signOut }.count, 0,
                                 "seed \(seed): the automation still fires after the sign-out")
        }
    }

    /// Signed out, the app holds no session (docs/model.md#sign-out): while it still runs (the
    /// rest of the session it signed out in, a car's drives) its sync timer asks the backend for
    /// nothing, where it used to sync every minute with no credential and be refused each time.
    func testASignedOutAppAsksTheBackendNothing() {
        var p = Self.world()
        p.user.sessionLength = .constant(1_800)       // half an hour in the app after the sign-out
        for seed in UInt64(11_950)..<11_953 {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            guard let signOut = trace.receiveTimes("app", "signOut").first else { return XCTFail("seed \(seed): no sign-out") }
            let syncs = trace.records.filter {
                $0.process == "backend" && $0.event == "receive" && $0.details.contains("kind: sync")
            }
            XCTAssertGreaterThan(syncs.filter { $0.time < signOut }.count, 10, "seed \(seed): the app syncs while signed in")
            XCTAssertEqual(syncs.filter { $0.details.contains("credential: none") }.map(\.time), [],
                           "seed \(seed): syncs without a session after the sign-out at \(Time.seconds(signOut)) s")
            XCTAssertFalse(trace.receiveTimes("app", "syncTimer").filter { $0 > signOut + 120 * Time.second }.isEmpty,
                           "seed \(seed): the signed-out app still runs its sync timer")
        }
    }

    /// All six steps: the phone's surfaces and the watch show a signed-out state at once.
    func testAllSixStepsEndEveryPhoneAndWatchLeakAtOnce() {
        let runs = SurfaceRuns(Self.world(), seeds: Self.seeds, base: 11_100)
        for (name, m) in Self.leaks where m != .signoutTVLeak {
            for (i, v) in runs.values(m).enumerated() {
                XCTAssertLessThanOrEqual(v, Self.small, "all steps, seed \(11_100 + i): signout.\(name).leak")
            }
        }
    }

    /// All six steps: step 6 revokes the television's session, so it plays as signed in no longer
    /// than the other surfaces (P25.6: "every surface shows a signed-out state at once").
    func testAllSixStepsSignTheTelevisionOutAtOnce() {
        let runs = SurfaceRuns(Self.world(), seeds: Self.seeds, base: 11_100)
        for (i, v) in runs.values(.signoutTVLeak).enumerated() {
            XCTAssertLessThanOrEqual(v, Self.small, "all steps, seed \(11_100 + i): signout.tv.leak")
        }
    }

    /// Each step left out alone produces its own leak, and only that one. (The television is
    /// checked here only for its own step; see the test above.)
    func testEachMissingStepLeaksOnlyItsOwnSurface() {
        let own: [SignoutStep: Set<Metric>] = [
            .reloadWidgets: [.signoutWidgetLeak],
            .endLiveStatus: [.signoutLiveLeak],
            .notifyWatch: [.signoutWatchLeak],
            .clearSession: [.signoutShareLeak, .signoutActionsLeak],
            .clearSharedData: [.signoutShareDataLeak],
            .revokeCredentials: [.signoutTVLeak],
        ]
        let toEnd = Time.seconds(Time.day - Self.signOutAt) - 60      // at least this when never ended
        for step in SignoutStep.allCases {
            let runs = SurfaceRuns(Self.world(steps: Set(SignoutStep.allCases).subtracting([step])),
                                   seeds: Self.seeds, base: 11_200)
            for (name, m) in Self.leaks {
                for (i, v) in runs.values(m).enumerated() {
                    let what = "without \(step), seed \(11_200 + i): signout.\(name).leak"
                    if own[step]!.contains(m) {
                        XCTAssertGreaterThan(v, Self.large, what)
                        if m == .signoutTVLeak { XCTAssertGreaterThan(v, toEnd, "\(what): nothing else revokes it") }
                    } else if m != .signoutTVLeak {
                        XCTAssertLessThanOrEqual(v, Self.small, what)
                    }
                }
            }
        }
    }

    /// Step 5 fails silently when the watch is away (§25.9): with all six steps, a watch out of
    /// reach at the sign-out keeps showing the account until the phone is back in reach, and
    /// the other surfaces are not delayed. The trace gives the sign-out and the return times.
    func testWatchOutOfReachAtSignOutLeaksUntilThePhoneIsBack() {
        var p = Self.world()
        p.watch.phoneUnreachablePerDay = 12
        p.watch.phoneUnreachableDuration = .constant(3 * 3_600)
        var awayCases = 0, nearCases = 0, longest = 0.0
        for seed in UInt64(11_300)..<11_310 {
            let trace = TraceLog()
            let res = Replication.run(p, seed: seed, trace: trace)
            guard let signOut = trace.receiveTimes("app", "signOut").first else {
                XCTFail("seed \(seed): the app never got the sign-out"); continue
            }
            let link = trace.records.filter { $0.process == "watchLink" && $0.event == "receive"
                && ($0.details == "goAway" || $0.details == "comeBack") }
            let away = link.last { $0.time <= signOut }?.details == "goAway"
            let leak = res[value: .signoutWatchLeak]
            if away {
                awayCases += 1
                let back = link.first { $0.time > signOut && $0.details == "comeBack" }!.time
                assertClose(leak, Time.seconds(back - signOut), tolerance: 5, "seed \(seed): watch leak = time until the phone is back in reach")
                longest = max(longest, leak)
            } else {
                nearCases += 1
                XCTAssertLessThanOrEqual(leak, Self.small, "seed \(seed): watch in reach")
            }
            for (name, m) in Self.leaks where m != .signoutWatchLeak && m != .signoutTVLeak {
                XCTAssertLessThanOrEqual(res[value: m], Self.small, "seed \(seed): signout.\(name).leak")
            }
        }
        XCTAssertGreaterThan(awayCases, 0, "some seed has the watch away at the sign-out")
        XCTAssertGreaterThan(nearCases, 0, "some seed has the watch in reach at the sign-out")
        XCTAssertGreaterThan(longest, Self.large, "the missed notice is visible: some watch leaks for long")
    }

    /// Step 6 asked while the phone is offline must still reach the backend once it is back
    /// online; the television, which learns of the revocation at its next hourly check-in, must
    /// then stop within an hour of that. Offline periods of three hours, twelve a day (the phone
    /// is offline most of the time); the run lasts 16 hours past the sign-out.
    func testRevocationAskedOfflineReachesTheBackendWhenBackOnline() {
        var p = Self.world()
        p.duration = 36 * Time.hour
        p.network.offlinePerDay = 12
        p.network.offlineDuration = .constant(3 * 3_600)
        var offlineCases = 0
        for seed in UInt64(11_600)..<11_604 {
            let trace = TraceLog()
            let res = Replication.run(p, seed: seed, trace: trace)
            guard let signOut = trace.receiveTimes("app", "signOut").first else {
                XCTFail("seed \(seed): the app never got the sign-out"); continue
            }
            let network = trace.records.filter { $0.process == "device" && $0.event == "receive"
                && ($0.details == "offline" || $0.details == "online") }
            guard network.last(where: { $0.time <= signOut })?.details == "offline",
                  let online = network.first(where: { $0.time > signOut && $0.details == "online" })?.time else { continue }
            offlineCases += 1
            let bound = Time.seconds(online - signOut) + 3_600 + Self.small
            XCTAssertLessThanOrEqual(res[value: .signoutTVLeak], bound,
                                     "seed \(seed): signout.tv.leak with the revocation asked offline (back online after \(Time.seconds(online - signOut)) s)")
        }
        XCTAssertGreaterThan(offlineCases, 0, "some seed signs out while offline")
    }

    /// The car's own client (`car.mode = onCar`) has its own session: only step 6 ends it, and
    /// the client finds out at its next fetch — within a sync interval during a drive, else at
    /// the next drive (48 a day here: no drive for four hours has probability e⁻⁸). Without step 6 it stays signed in to the
    /// end and its screen shows the signed-out account at glances. A projected car shows the
    /// phone app's signed-out state at once (the loops above, with the default projected car).
    func testTheCarsOwnClientIsSignedOutOnlyByTheRevocation() {
        var p = Self.world()
        p.car.mode = .onCar
        p.car.drivesPerDay = 48
        p.duration = 2 * Time.day                       // 28 hours after the sign-out
        p.observe.warmup = Self.signOutAt
        let toEnd = Time.seconds(p.duration - Self.signOutAt) - 60
        let all = SurfaceRuns(p, seeds: Self.seeds, base: 11_700)
        for (i, res) in all.results.enumerated() {
            XCTAssertLessThan(res[value: .signoutCarLeak], 4 * 3_600, "all steps, seed \(11_700 + i): the next drive's fetch")
            // Only glances within a sync interval of the sign-out can still show the account.
            XCTAssertLessThan(res[value: .carWrongAccount], 0.05, "all steps, seed \(11_700 + i)")
        }
        p.signout.steps = Set(SignoutStep.allCases).subtracting([.revokeCredentials])
        let without = SurfaceRuns(p, seeds: Self.seeds, base: 11_700)
        for (i, res) in without.results.enumerated() {
            XCTAssertGreaterThan(res[value: .signoutCarLeak], toEnd, "without step 6, seed \(11_700 + i): nothing else signs it out")
            XCTAssertGreaterThan(res[value: .carWrongAccount], 0.5, "without step 6, seed \(11_700 + i): it keeps showing the account")
        }
    }

    // MARK: The main app itself after a sign-out

    /// After the sign-out, the app shows no account data: every glance at it is blank. The warm-up
    /// ends just after the sign-out, so only glances after it count. Sessions of ten seconds mean
    /// the sign-out's own session ends while the user is still on the way to the button, so the
    /// app is opened again right when the user signs out, and its sync is then in flight.
    func testSignedOutAppShowsNoAccountData() {
        var p = SurfaceSetUp.quiet(days: 1, warmup: 2 * Time.hour + 2 * Time.minute)
        p.signout.at = 2 * Time.hour
        p.user.appOpens = Rate(perHour: 2)
        p.user.sessionLength = .constant(10)
        p.elsewhere.edits = Rate(perHour: 2)
        let runs = SurfaceRuns(p, seeds: 4, base: 11_400)
        for (i, v) in runs.values(.appBlank).enumerated() {
            XCTAssertEqual(v, 1, "seed \(11_400 + i): app.blank after the sign-out")
        }
        XCTAssertEqual(runs.samples(.appStaleness).count, 0, "no glance after the sign-out shows data")
    }

    /// A signed-out app makes no changes to the account: in-app edits need a signed-in app.
    /// Long sessions with frequent edits: the sign-out happens in the middle of a session.
    func testSignedOutAppMakesNoChanges() {
        var p = SurfaceSetUp.quiet(days: 1, warmup: 2 * Time.hour + 2 * Time.minute)
        p.signout.at = 2 * Time.hour
        p.user.appOpens = Rate(perHour: 2)
        p.user.sessionLength = .constant(600)
        p.user.inAppChanges = Rate(perHour: 60)
        for seed in UInt64(11_500)..<11_503 {
            let trace = TraceLog()
            let res = Replication.run(p, seed: seed, trace: trace)
            guard let signOut = trace.receiveTimes("app", "signOut").first else {
                XCTFail("seed \(seed): the app never got the sign-out"); continue
            }
            let writes = trace.records.filter { $0.process == "backend" && $0.event == "receive" && $0.time > signOut
                && $0.details.contains("RequestKind.write") }
            XCTAssertEqual(writes.count, 0, "seed \(seed): writes sent to the backend after the sign-out")
            XCTAssertEqual(res[value: .appBlank], 1, "seed \(seed): app.blank after the sign-out")
        }
    }
}
