import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// Android's light Doze (docs/model.md#power): a minute after the screen goes off, background
/// refreshes wait for 1-minute maintenance windows between idle windows of 5, 10, then 15
/// minutes; a still phone's deep Doze takes over an hour after the screen went off, a moving
/// phone's never does.
final class LightDozeTests: XCTestCase {
    /// A phone locked from time 0 and never unlocked, nobody opening the app, background refresh
    /// at four an hour, Doze and light Doze on; `moving`: the phone moves whenever it is locked.
    private func locked(moving: Bool, days: Int = 2) -> Parameters {
        var p = WidgetSetUp.closedForm(days: days)
        p.observe.warmup = 0
        p.device.locked = 0
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 0)
        p.push.onChange = false
        p.app.backgroundRefresh = Rate(perHour: 4)
        p.device.doze = true
        p.device.lightDoze = true
        p.device.movingWhenLocked = moving ? 1 : 0
        return p
    }

    /// The refreshes that woke the app, and those that fell due.
    private func refreshes(_ p: Parameters, seed: UInt64) -> (ran: [SimTime], due: [SimTime], trace: TraceLog) {
        let trace = TraceLog()
        _ = Replication.run(p, seed: seed, trace: trace)
        return (trace.receiveTimes("app", "backgroundWake(backgroundScheduler)"),
                trace.receiveTimes("device", "backgroundRefresh"), trace)
    }

    /// A moving phone never dozes deeply; its refreshes run only in light maintenance windows
    /// (or in the minute before light Doze begins), and a refresh due in an idle window runs at
    /// the start of the next maintenance window exactly.
    func testAMovingPhonesRefreshesWaitForLightMaintenanceWindows() {
        let p = locked(moving: true)
        let windows = DozeSchedule.lightMaintenanceStarts(until: p.duration)
        var held = 0
        for seed in WidgetSeeds.range(1..<4) {
            let (ran, due, trace) = refreshes(p, seed: seed)
            XCTAssertEqual(trace.records.filter { $0.process == "device" && $0.details.hasPrefix("dozeIdle") }.count, 0,
                           "seed \(seed): a moving phone went into deep Doze")
            XCTAssertGreaterThan(ran.count, 100, "seed \(seed)")
            for t in ran {
                XCTAssertTrue(t < Time.minute || windows.contains { t >= $0 && t < $0 + Time.minute },
                              "seed \(seed): a refresh ran at \(t) µs, inside a light idle window")
            }
            for t in due where t >= Time.minute && !windows.contains(where: { t >= $0 && t < $0 + Time.minute }) {
                guard let next = windows.first(where: { $0 > t }), next < p.duration else { continue }
                XCTAssertTrue(ran.contains(next), "seed \(seed): the refresh due at \(t) µs did not run at \(next) µs")
                held += 1
            }
        }
        XCTAssertGreaterThan(held, 100)
    }

    /// A still phone is lightly idle from a minute after the screen goes off until deep Doze
    /// begins at an hour: refreshes run in light maintenance windows before it, in deep ones
    /// (1 h idle, then 2 h, 4 h, 6 h, 5 minutes of maintenance) after it, each held one at the
    /// start of the next deep maintenance window.
    func testAStillPhoneGoesFromLightToDeepDoze() {
        let p = locked(moving: false)
        let light = DozeSchedule.lightMaintenanceStarts(until: Time.hour)
        let deep = DozeSchedule.maintenanceStarts(until: p.duration)
        var early = 0
        var heldByDeep = 0
        for seed in WidgetSeeds.range(1..<6) {
            let (ran, due, _) = refreshes(p, seed: seed)
            XCTAssertGreaterThan(ran.count, 5, "seed \(seed)")
            // A refresh due in a deep idle window runs when its maintenance window starts: light
            // Doze, over once deep Doze began, holds it no longer.
            for t in due where t >= Time.hour && !deep.contains(where: { t >= $0 && t < $0 + 5 * Time.minute }) {
                guard let next = deep.first(where: { $0 > t }), next < p.duration else { continue }
                XCTAssertTrue(ran.contains(next), "seed \(seed): the refresh due at \(t) µs did not run at \(next) µs")
                heldByDeep += 1
            }
            for t in ran {
                if t < Time.minute { continue }
                if t < Time.hour {
                    early += 1
                    XCTAssertTrue(light.contains { t >= $0 && t < $0 + Time.minute }, "seed \(seed): a refresh at \(t) µs before deep Doze, outside light maintenance")
                } else {
                    XCTAssertTrue(deep.contains { t >= $0 && t < $0 + 5 * Time.minute }, "seed \(seed): a refresh at \(t) µs in deep Doze, outside its maintenance")
                }
            }
        }
        XCTAssertGreaterThan(early, 3)
        XCTAssertGreaterThan(heldByDeep, 100)
    }

    /// Motion keeps a phone out of deep Doze with light Doze off too: locked for two days with
    /// Doze on and light Doze off, a still phone goes idle (deep) at its schedule; a moving one
    /// never does, so every refresh runs when it falls due.
    func testAMovingPhoneNeverDozesDeeplyWithoutLightDoze() {
        var still = locked(moving: false)
        still.device.lightDoze = false
        var moving = still
        moving.device.movingWhenLocked = 1
        for seed in UInt64(16_500)..<16_502 {
            let s = refreshes(still, seed: seed), m = refreshes(moving, seed: seed)
            XCTAssertGreaterThan(s.trace.receiveTimes("device", "dozeIdle(generation: 1)").count, 3, "seed \(seed)")
            XCTAssertTrue(m.trace.receiveTimes("device", "dozeIdle(generation: 1)").isEmpty, "seed \(seed)")
            XCTAssertEqual(m.ran, m.due, "seed \(seed): a moving phone's refreshes run when due")
            XCTAssertNotEqual(s.ran, s.due, "seed \(seed): a still phone's deep Doze holds some refreshes")
        }
    }
}
