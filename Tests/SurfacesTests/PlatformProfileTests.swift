import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The `android` profile's defaults reach the mechanisms (docs/model.md; docs/platform-facts.md#android):
/// periodic work at WorkManager's 15-minute floor grants four background refreshes an hour,
/// and the widget host refuses no update the app asks for (no daily budget is documented).
final class PlatformProfileTests: XCTestCase {
    static let days = 2.0

    /// Background refreshes granted (the device's scheduler timer) and widget reloads refused,
    /// over `days` of the profile's defaults.
    func counts(_ profile: PlatformProfile, seed: UInt64, editsPerHour: Double = 1) -> (refreshes: Int, refused: Int) {
        var p = Parameters.defaults(for: profile)
        p.duration = SimTime(Self.days * Double(Time.day))
        p.elsewhere.edits = Rate(perHour: editsPerHour)
        let trace = TraceLog()
        _ = Replication.run(p, seed: seed, trace: trace)
        return (trace.receiveTimes("device", "backgroundRefresh").count, trace.times("widgetHost", "reloadRefused").count)
    }

    /// Refreshes are a Poisson count with mean rate × time: 4/h on android, 0.5/h on ios,
    /// over enough days that half either rate would fail.
    func testAndroidRefreshesAtTheWorkManagerFloor() {
        let seeds = 20
        for (profile, perHour) in [(PlatformProfile.android, 4.0), (.ios, 0.5)] {
            var total = 0
            for seed in UInt64(13_000)..<UInt64(13_000 + seeds) { total += counts(profile, seed: seed).refreshes }
            let expected = perHour * 24 * Self.days * Double(seeds)
            let tol = 5 * expected.squareRoot()
            assertClose(Double(total), expected, tolerance: tol, "\(profile) background refreshes in \(seeds) × \(Self.days) days")
            assertDetects(expected / 2, from: expected, tolerance: tol, "\(profile) refresh rate halved")
        }
    }

    /// Android refuses no widget update; iOS, with the default budget of 55 a rolling day, does
    /// when pushes wake the app more often than that (a change every ten minutes).
    func testAndroidHasNoWidgetBudget() {
        for seed in UInt64(13_100)..<13_103 {
            XCTAssertEqual(counts(.android, seed: seed, editsPerHour: 6).refused, 0, "seed \(seed): android refuses no reload")
            XCTAssertGreaterThan(counts(.ios, seed: seed, editsPerHour: 6).refused, 0, "seed \(seed): ios does (the test's power)")
        }
    }
}

/// docs/model.md#randomness: each source of randomness draws from its own stream, so turning one surface on
/// or off, or changing one design, does not change the draws of the others.
final class RandomStreamSeparationTests: XCTestCase {
    /// What one replication of `p` shows of the other device and the user: when the other
    /// device's writes were applied (its replies); when the pushes its writes made reached the
    /// phone, and, by arrival time, whether each woke the app (a push carries its writer's
    /// process index; the other device is process 4 in the fixed registration order of
    /// `Assembly`, and the tests check that such pushes exist); and, by start time, the end and
    /// the edits of each session the user opened.
    struct Observed {
        var edits: [SimTime] = [], pushes: [SimTime] = []
        var wakes: [SimTime: String] = [:]
        var ownSessions: [SimTime: (end: SimTime, edits: [SimTime])] = [:]
    }

    func world(_ p: Parameters, seed: UInt64) -> Observed {
        let trace = TraceLog()
        _ = Replication.run(p, seed: seed, trace: trace)
        var o = Observed()
        // The user process's sessions, as it sees them: a start while one is on is ignored.
        var current: (start: SimTime, own: Bool)? = nil
        for r in trace.records {
            switch (r.process, r.event) {
            case ("elsewhere", "receive") where r.details.hasPrefix("reply"): o.edits.append(r.time)
            case ("pushService", "receive") where r.details == "silentArrives(writer: 4)": o.pushes.append(r.time)
            case ("pushService", _) where r.details.hasSuffix("writer 4"): o.wakes[r.time] = r.event
            case ("user", "receive") where r.details.hasPrefix("sessionStarted("):
                guard current == nil else { break }
                let own = r.details == "sessionStarted(surfaceSeed: nil)"
                current = (r.time, own)
                if own { o.ownSessions[r.time] = (-1, []) }
            case ("user", "receive") where r.details == "edit":
                if let c = current, c.own { o.ownSessions[c.start]!.edits.append(r.time) }
            case ("user", "receive") where r.details == "end":
                if let c = current, c.own { o.ownSessions[c.start]!.end = r.time }
                current = nil
            default: break
            }
        }
        return o
    }

    /// The refusal of each push's wake is drawn from its writer's stream: with nothing else
    /// deciding (no wake budget, the app never in front), actions' pushes do not change which of
    /// the other device's pushes wake the app (of those that reach the phone in both runs).
    func testAnotherWritersPushesDoNotShiftWakeRefusals() {
        for seed in UInt64(13_300)..<13_303 {
            var p = Parameters()
            p.push.wakesPerHour = 1_000
            p.user.appOpens = Rate(perHour: 0)
            p.live.enabled = false; p.tv.enabled = false; p.car.enabled = false; p.instant.enabled = false
            p.share.design = .inExtension
            p.action.perDay = 24
            p.network.offlinePerDay = 0                  // no push held (only the newest would be)
            var off = p
            off.action.enabled = false
            let with = world(p, seed: seed).wakes, without = world(off, seed: seed).wakes
            let both = Set(with.keys).intersection(without.keys)
            XCTAssertGreaterThan(both.count, 5)
            for t in both.sorted() {
                XCTAssertEqual(with[t], without[t], "seed \(seed): the other device's push at \(t) µs, woken or refused")
            }
        }
    }

    func testTurningASurfaceOffOrChangingADesignLeavesTheOthersDrawsAlone() {
        for seed in UInt64(13_200)..<13_203 {
            var base = Parameters()
            base.tv.playbacksPerDay = 8
            let reference = world(base, seed: seed)
            XCTAssertGreaterThan(reference.edits.count, 5)
            XCTAssertGreaterThan(reference.pushes.count, 5)
            var changes: [(String, Parameters)] = []
            var p = base; p.tv.enabled = false; changes.append(("television off", p))
            p = base; p.widget.fetchesOwnData = true; changes.append(("widget fetches its own data", p))
            p = base; p.push.wakeRefusal = 0.9; changes.append(("wake refusal 0.9", p))
            p = base; p.observe.carGlances = Rate(perHour: 20); changes.append(("car glanced at more often", p))
            p = base; p.share.design = .inExtension; changes.append(("shares uploaded by the extension", p))
            p = base; p.action.enabled = false; changes.append(("actions off", p))
            for (what, changed) in changes {
                let other = world(changed, seed: seed)
                XCTAssertEqual(other.edits, reference.edits, "seed \(seed), \(what): the other device's writes")
                XCTAssertEqual(other.pushes, reference.pushes, "seed \(seed), \(what): pushes reaching the phone")
                // Whether a push is refused is the writer's own draw; other surfaces decide only
                // whether it gets that far (the app in front, the hourly budget). Where both runs
                // drew it, the outcome agrees.
                let compared = what == "wake refusal 0.9" ? [] : Set(other.wakes.keys).intersection(reference.wakes.keys)
                for t in compared.sorted() where "wakeRefused" == other.wakes[t] || "wakeRefused" == reference.wakes[t] {
                    XCTAssertEqual(other.wakes[t], reference.wakes[t], "seed \(seed), \(what): the push at \(t) µs")
                }
                // A session the user opened in both runs lasts as long and has the same edits
                // (another surface's session may keep one of them out, but never changes one).
                let both = Set(other.ownSessions.keys).intersection(reference.ownSessions.keys)
                XCTAssertGreaterThan(both.count, 3, "seed \(seed), \(what): sessions to compare")
                for t in both.sorted() {
                    XCTAssertEqual(other.ownSessions[t]!.end, reference.ownSessions[t]!.end, "seed \(seed), \(what): the session at \(t) µs")
                    XCTAssertEqual(other.ownSessions[t]!.edits, reference.ownSessions[t]!.edits, "seed \(seed), \(what): its edits")
                }
            }
        }
    }
}
