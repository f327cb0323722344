import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The live status's view metrics (docs/metrics.md for `S` = `live`): `live.age`, `live.lag`,
/// `live.lag.censored`, `live.unlabeledStale`, `live.wrongAccount`, `live.staleness.timeAvg`.
/// The stages of an activity play the part of the changes; a stage is shown when the status
/// draws it or a later one, as `live.staleness` counts it.
final class LiveStatusViewMetricsTests: XCTestCase {
    static let newMetrics: [Metric] = [.liveAge, .liveLag, .liveLagCensored, .liveUnlabeledStale, .liveWrongAccount, .liveStalenessTimeAvg]

    /// Push-driven statuses whose every update arrives after exactly `delay`: no push or final
    /// update lost, a push budget that never binds, 24 activities a day.
    static func pushed(delay: Double, days: Double = 3) -> Parameters {
        var p = LiveStatusTests.live(.push, days: days, perDay: 24)
        p.push.loss = 0
        p.live.finalUpdateLoss = 0
        p.live.pushBudgetPerHour = 1_000
        p.push.delay = .constant(delay)
        return p
    }

    // MARK: Lag and its censoring

    /// Every stage's push arrives half a second after the stage begins, so every stage is drawn
    /// after the push delay (or, rarely, sooner, by the app's catch-up when it opens for the
    /// next activity): `live.lag` ≤ 0.5 s, almost always exactly 0.5 s, nothing censored,
    /// never stale past `observe.staleAfter`, and the time-average staleness is positive but
    /// tiny (each stage stale for 0.5 s, with staleness growing to 0.5 s).
    func testPushWithATinyDelayDrawsEveryStageAfterThatDelay() {
        let delay = 0.5
        let runs = SurfaceRuns(Self.pushed(delay: delay), seeds: 4, base: 14_100)
        let lag = runs.samples(.liveLag)
        XCTAssertGreaterThan(lag.count, 600)
        XCTAssertTrue(lag.allSatisfy { $0 >= 0 && $0 <= delay + 1e-6 }, "live.lag within the push delay: max \(lag.max() ?? .nan)")
        XCTAssertGreaterThan(Double(lag.filter { abs($0 - delay) < 1e-6 }.count) / Double(lag.count), 0.95,
                             "almost every stage is drawn by its own push")
        for (i, r) in runs.results.enumerated() {
            let what = "seed \(14_100 + i)"
            XCTAssertEqual(r[value: .liveLagCensored], 0, "\(what): every stage is drawn")
            XCTAssertEqual(r[value: .liveUnlabeledStale], 0, what)
            let avg = r[value: .liveStalenessTimeAvg]
            XCTAssertGreaterThan(avg, 0, "\(what): each stage is stale for the push delay")
            // Each of the 4 stages is stale for a triangle of δ²/2 = 0.125 s·s, over a status
            // shown for tens of minutes: about 1e-4 s. A unit slip (ms for s) or staleness
            // that did not end at the draw would be far above 1e-3.
            XCTAssertLessThan(avg, 1e-3, "\(what): stale for half a second now and then")
        }
    }

    /// With a push delay of 0 every stage is drawn as it begins: every lag is 0 and the
    /// time-weighted staleness is exactly 0.
    func testStagesDrawnAsTheyBeginGiveZeroLagAndZeroTimeAverage() {
        let runs = SurfaceRuns(Self.pushed(delay: 0), seeds: 3, base: 14_200)
        XCTAssertGreaterThan(runs.samples(.liveLag).count, 500)
        assertAllZero(runs.samples(.liveLag), "live.lag with updates drawn as stages begin")
        assertAllZero(runs.values(.liveStalenessTimeAvg), "live.staleness.timeAvg with updates drawn as stages begin")
        assertAllZero(runs.values(.liveLagCensored), "live.lag.censored with updates drawn as stages begin")
    }

    /// No stage push can be drawn (a push budget of 0), every final update is lost, the user
    /// never opens the app, and the platform removes a status after two hours. Then a stage is
    /// drawn only by the app's catch-up when it opens for the next activity while the status is
    /// still on the lock screen, which happens for a share 1 − e^(−2h · 0.5/day) ≈ 4% of
    /// activities: nearly every stage is censored, and glances see ever older statuses that
    /// print no age. With every update drawn (budget restored, no final update lost, the
    /// platform's usual limit) nothing is censored and nothing is stale for long.
    func testStagesThatCannotArriveAreCensoredAndLeaveStatusesUnlabeledStale() {
        func world(budget: Int) -> Parameters {
            var p = LiveStatusTests.live(.push, days: 60, perDay: 0.5)
            p.live.pushBudgetPerHour = budget
            p.live.finalUpdateLoss = 1
            p.push.loss = 0
            p.live.maxActive = 2 * Time.hour
            p.live.lingerAfterEnd = 0
            return p
        }
        let runs = SurfaceRuns(world(budget: 0), seeds: 4, base: 14_300)
        let activities = Double(runs.samples(.liveStuck).count)
        XCTAssertGreaterThan(activities, 80)
        let overlap = 1 - Math.exp(-2.0 * 0.5 / 24)
        let censored = Stat.mean(runs.applicable(.liveLagCensored))
        XCTAssertGreaterThan(censored, 1 - overlap - Tolerance.proportion(overlap, n: Int(activities)),
                             "live.lag.censored with no update able to arrive")
        XCTAssertGreaterThan(Stat.mean(runs.values(.liveUnlabeledStale)), 0.5, "live.unlabeledStale with no update arriving")
        XCTAssertGreaterThan(Stat.mean(runs.values(.liveStalenessTimeAvg)), 15 * 60)

        var every = world(budget: 1_000)
        every.live.finalUpdateLoss = 0
        every.live.maxActive = Parameters().live.maxActive
        let drawn = SurfaceRuns(every, seeds: 4, base: 14_300)
        XCTAssertLessThan(Stat.mean(drawn.applicable(.liveLagCensored)), 0.01, "every update drawn: only a stage begun seconds before the end")
        assertAllZero(drawn.values(.liveUnlabeledStale), "live.unlabeledStale with every update drawn within seconds")
    }

    // MARK: Data age

    /// What each status draws, replayed from the event log. Every push arrives after exactly
    /// `delay`, so the status of activity i at a glance draws the stage of the last push that
    /// reached it, whose data the backend produced `delay` earlier; before the first push it
    /// draws the start (the app starts it with the activity). A clock-driven status draws the
    /// plan made at the start (non-final pushes are not sent). The app never runs here except
    /// to start each activity, which catches up only the earlier statuses, never the one a
    /// glance looks at. So `live.age` at each glance is exactly that.
    func testAgeIsTheTimeSinceTheDataTheStatusDrawsWasProduced() {
        let delay = 300.0
        for updates in [LiveUpdates.push, .clock] {
            var p = Self.pushed(delay: delay, days: 2)
            p.live.updates = updates
            for seed in UInt64(14_400)..<14_403 {
                let trace = TraceLog()
                let r = Replication.run(p, seed: seed, trace: trace)
                let begins = trace.receiveTimes("user", "placesOrder")     // no sign-out: each order begins an activity
                // The measurement layer's glances at a status on the lock screen (each in the log
                // at its own time, after the warm-up only).
                let glances = trace.records.filter { $0.process == "glances" && $0.event == "looks at live" }.map(\.time).sorted()
                // Push arrivals per activity: (time, stage).
                var pushes: [[(SimTime, Int)]] = Array(repeating: [], count: begins.count)
                for rec in trace.records where rec.process == "liveStatus" && rec.event == "receive"
                    && rec.details.hasPrefix("activityKit(pushed(activity: ") {
                    // activityKit(pushed(activity: A, drew S)) (every push here draws a later stage)
                    let fields = rec.details.split(whereSeparator: { !$0.isNumber }).map { Int($0)! }
                    pushes[fields[0]].append((rec.time, fields[1]))
                }
                let n = p.live.stages
                var expected: [Double] = []
                for g in glances {
                    guard let i = begins.lastIndex(where: { $0 <= g }) else { continue }
                    let arrived = pushes[i].filter { $0.0 <= g }
                    if arrived.contains(where: { $0.1 == n }) { continue }      // ended: no status, no glance
                    let readAt = arrived.last.map { $0.0 - Time.fromSeconds(delay) } ?? begins[i]
                    expected.append(Time.seconds(g - readAt))
                }
                let age = r[samples: .liveAge]
                let what = "\(updates), seed \(seed)"
                XCTAssertGreaterThan(expected.count, 100, what)
                XCTAssertEqual(age.count, expected.count, "\(what): glances at a status")
                if let k = age.indices.first(where: { k in k < expected.count && abs(age[k] - expected[k]) > 1e-5 }) {
                    XCTFail("\(what): glance #\(k) live.age \(age[k]), expected \(expected[k])")
                }
            }
        }
    }

    // MARK: Wrong account

    /// The sign-out world of `SignOutTests` (six-hour activities started every hour, signed out
    /// at 20:05 of a one-day run): there is always a status on the lock screen, so without step
    /// 4 every glance after the sign-out sees the signed-out account's status — a share
    /// (24 h − 20:05) / (24 h − warm-up) of the glances. With step 4 no status survives the
    /// sign-out, and with no sign-out no glance shows a signed-out account. (Glances at ten
    /// times the default rate, from their own stream: the same world, a tighter tolerance.)
    func testStatusesOfASignedOutAccountAreWrongAccountGlancesUnlessStepFourEndsThem() {
        func world(_ steps: Set<SignoutStep> = Set(SignoutStep.allCases)) -> Parameters {
            var p = SignOutTests.world(steps: steps)
            p.observe.liveGlances = Rate(perHour: 60)
            return p
        }
        let runs = SurfaceRuns(world(Set(SignoutStep.allCases).subtracting([.endLiveStatus])), seeds: 3, base: 14_500)
        let share = Time.seconds(Time.day - SignOutTests.signOutAt) / Time.seconds(Time.day - Time.hour)
        for (i, r) in runs.results.enumerated() {
            XCTAssertGreaterThan(r[value: .liveWrongAccount], 0, "without endLiveStatus, seed \(14_500 + i)")
            let glances = Double(r[samples: .liveStaleness].count) / (1 - r[value: .liveBlank])
            assertClose(r[value: .liveWrongAccount], share, tolerance: Stat.binomial(share, n: Int(glances)),
                        "without endLiveStatus, seed \(14_500 + i): live.wrongAccount")
        }
        assertAllZero(SurfaceRuns(world(), seeds: 3, base: 14_500).values(.liveWrongAccount),
                      "live.wrongAccount with all six steps")
        var noSignOut = world()
        noSignOut.signout.at = nil
        assertAllZero(SurfaceRuns(noSignOut, seeds: 3, base: 14_500).values(.liveWrongAccount),
                      "live.wrongAccount with no sign-out")
    }

    // MARK: Time-weighted staleness

    /// Glances at a live status come from a stream of their own, independent of what the status
    /// shows, so the time-weighted mean staleness while a status is shown is what they see on
    /// average: per replication, within five standard errors of the glances' mean staleness
    /// (the standard error of a Poisson sample of a fixed path is sd / √n). A clock-driven
    /// status changes stage with no event, so this checks the closed-form integral of each
    /// design. The push budget is small so that a push-driven status falls behind.
    func testTimeAverageStalenessIsWhatGlancesSeeOnAverage() {
        for updates in [LiveUpdates.push, .app, .clock] {
            var p = LiveStatusTests.live(updates, days: 3, perDay: 12)
            p.observe.liveGlances = Rate(perHour: 300)
            p.live.pushBudgetPerHour = 2
            p.user.forceQuit = 0.5
            p.user.appOpens = Rate(perHour: 0.5)
            let runs = SurfaceRuns(p, seeds: 3, base: 14_600)
            for (i, r) in runs.results.enumerated() {
                let s = r[samples: .liveStaleness]
                let what = "\(updates), seed \(14_600 + i)"
                XCTAssertGreaterThan(s.count, 2_000, what)
                XCTAssertGreaterThan(Stat.mean(s), 10, "\(what): the statuses fall behind")
                assertClose(r[value: .liveStalenessTimeAvg], Stat.mean(s), tolerance: Tolerance.mean(sd: Stat.sd(s), n: s.count),
                            "\(what): live.staleness.timeAvg against the glances' mean staleness")
            }
        }
    }

    // MARK: Invariants

    /// The default parameters, with every update design, over a few seeds: each new metric is
    /// reported, finite and non-negative, fractions within [0, 1]; age and staleness are
    /// sampled at the same glances; no sign-out means no wrong account. And at each glance
    /// `live.age` ≥ `live.staleness`: whatever the status draws for stage d was produced no
    /// later than stage d + 1 began (a push as its stage began, the app's read while the
    /// activity was still at that stage, the plan at the start), and staleness counts from
    /// that beginning. (No such order holds for the surfaces that show changes: a change made
    /// before a read can still be missing from it.)
    func testNewMetricsAreInRangeForTheDefaultParameters() {
        for updates in [LiveUpdates.push, .app, .clock] {
            var p = Parameters()
            p.live.updates = updates
            p.live.activitiesPerDay = 6
            for seed in UInt64(14_700)..<14_703 {
                let r = Replication.run(p, seed: seed)
                let what = "\(updates), seed \(seed)"
                let age = r[samples: .liveAge], staleness = r[samples: .liveStaleness]
                XCTAssertGreaterThan(age.count, 10, what)
                XCTAssertEqual(age.count, staleness.count, what)
                XCTAssertGreaterThan(r[samples: .liveLag].count, 5, what)
                assertMetricsInRange(r, what, metrics: Self.newMetrics, notApplicableAllowed: false)
                XCTAssertEqual(r[value: .liveWrongAccount], 0, what)
                if let k = age.indices.first(where: { age[$0] < staleness[$0] }) {
                    XCTFail("\(what): glance #\(k): live.age \(age[k]) < live.staleness \(staleness[k])")
                }
            }
        }
    }
}
